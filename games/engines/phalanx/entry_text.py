"""The canonical JSON of a combat-log entry, written for the layout ``rules.attack`` builds.

``hashing.game_hash`` writes each entry once (then keeps its bytes), but the general C encoder
took about 120 k instructions for one (~0.7 KB: eight small dicts, each with its keys sorted
and every key quoted again), a sixth of a move. An entry is always laid out as
``rules.attack`` and ``combat.resolve_column`` make it, so its text is written here from
that layout: card references from a table, the closed sets of targets and bonuses
(PHX-COMBATLOG-002) from tables, keys in sorted order, and the numbers checked to be exactly
ints (the encoder writes True as ``true`` and 1.0 as ``1.0``) and the flags exactly bools.

Anything else (a key missing or added, a value of another type, an unknown card, target or
bonus) raises one of ``tail.NOT_STANDARD`` and the caller uses the general encoder, so the
text is the same for every entry; ``tests/engines/phalanx/test_tail.py`` checks both ways
agree on played entries and on entries outside the layout.
"""

from __future__ import annotations

from games.engines.core import canonical_json

from .cards import Bonus, Target, card_ref
from .tail import CARD_IDS, NotStandard

# ``{"id":"PX0-QS","rank":"Q","suit":"S"}`` per card, beside the reference itself: a
# reference is written from the table only when it equals the one ``card_ref`` makes.
CARD_REFS = {cid: card_ref(cid) for cid in CARD_IDS}
CARD_REF_TEXTS = {cid: canonical_json(ref) for cid, ref in CARD_REFS.items()}
TARGET_TEXTS = {target.value: canonical_json(target.value) for target in Target}
BONUS_TEXTS = {bonus.value: canonical_json(bonus.value) for bonus in Bonus}
CARD_STEP_SIZE = 11
LP_STEP_SIZE = 6
ENTRY_SIZE = 11
# Every number of an entry is a plain int: the set of their types is exactly this.
ONLY_INT = {int}


def _ref(ref: object) -> str:
    if type(ref) is not dict or ref != CARD_REFS[ref["id"]]:
        raise NotStandard
    return CARD_REF_TEXTS[ref["id"]]


def _bonuses(bonuses: object) -> str:
    if type(bonuses) is not list:
        raise NotStandard
    if not bonuses:
        return "[]"
    return "[" + ",".join([BONUS_TEXTS[bonus] for bonus in bonuses]) + "]"


def _bool(value: object) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    raise NotStandard


def _step(step: object) -> str:
    # One set of the numbers' types rather than a helper per check: a Python call per
    # check cost more than the check.
    if type(step) is not dict:
        raise NotStandard
    bonuses, damage, incoming = step["bonuses"], step["damage"], step["incomingDamage"]
    target = TARGET_TEXTS[step["target"]]
    if len(step) == LP_STEP_SIZE:
        lp_after, lp_before = step["lpAfter"], step["lpBefore"]
        if set(map(type, (damage, incoming, lp_after, lp_before))) != ONLY_INT:
            raise NotStandard
        return (
            f'{{"bonuses":{_bonuses(bonuses)},"damage":{damage},"incomingDamage":{incoming},'
            f'"lpAfter":{lp_after},"lpBefore":{lp_before},"target":{target}}}'
        )
    if len(step) != CARD_STEP_SIZE:
        raise NotStandard
    absorbed, effective, overflow = step["absorbed"], step["effectiveHp"], step["overflow"]
    hp_after, hp_before = step["hpAfter"], step["hpBefore"]
    if (
        set(map(type, (damage, incoming, absorbed, effective, overflow, hp_after, hp_before)))
        != ONLY_INT
    ):
        raise NotStandard
    return (
        f'{{"absorbed":{absorbed},"bonuses":{_bonuses(bonuses)},"card":{_ref(step["card"])},'
        f'"damage":{damage},"destroyed":{_bool(step["destroyed"])},"effectiveHp":{effective},'
        f'"hpAfter":{hp_after},"hpBefore":{hp_before},"incomingDamage":{incoming},'
        f'"overflow":{overflow},"target":{target}}}'
    )


def _list(values: object, write) -> str:
    if type(values) is not list:
        raise NotStandard
    if not values:
        return "[]"
    return "[" + ",".join([write(value) for value in values]) + "]"


def entry_text(entry: object) -> str:
    """The canonical JSON of one combat-log entry; raises one of ``tail.NOT_STANDARD``
    unless it has exactly the layout ``rules.attack`` writes."""
    if type(entry) is not dict or len(entry) != ENTRY_SIZE:
        raise NotStandard
    advanced = entry["advanced"]
    attacker_seat, base, defender_seat = (
        entry["attackerSeat"],
        entry["baseDamage"],
        entry["defenderSeat"],
    )
    column, total, turn = entry["targetColumn"], entry["totalLpDamage"], entry["turnNumber"]
    if set(map(type, (attacker_seat, base, defender_seat, column, total, turn))) != ONLY_INT:
        raise NotStandard
    return (
        f'{{"advanced":{"null" if advanced is None else _ref(advanced)},'
        f'"attackerCard":{_ref(entry["attackerCard"])},"attackerSeat":{attacker_seat},'
        f'"baseDamage":{base},"defenderSeat":{defender_seat},'
        f'"destroyed":{_list(entry["destroyed"], _ref)},"hpReset":{_bool(entry["hpReset"])},'
        f'"steps":{_list(entry["steps"], _step)},"targetColumn":{column},'
        f'"totalLpDamage":{total},"turnNumber":{turn}}}'
    )
