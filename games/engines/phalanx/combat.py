"""Column combat: one attack's damage chain, front card -> back card -> player LP.

Everything here works on *public* values only (card ids and current HP as the battlefield
shows them, and the defender's LP), so the same function resolves real attacks in the engine,
previews attacks in button labels, and lets the bot weigh its options from its view.

The result is a structured combat-log entry (PHX-COMBATLOG-001) whose every step carries
enough numbers to be re-checked on its own (PHX-COMBATLOG-002); ``check_entry`` does that.
"""

from __future__ import annotations

from .cards import (
    Bonus,
    Target,
    card_ref,
    is_ace,
    suit_of,
    value_of,
)

# The values an attack writes into its log, as plain strings read once: reading ``.value`` off
# an enum member is a Python-level descriptor call (Python 3.11), a dozen per attack.
FRONT_CARD = Target.FRONT_CARD.value
BACK_CARD = Target.BACK_CARD.value
PLAYER_LP = Target.PLAYER_LP.value
ACE_VS_ACE = Bonus.ACE_VS_ACE.value
ACE_INVULNERABLE = Bonus.ACE_INVULNERABLE.value
DIAMOND_DOUBLE_DEFENSE = Bonus.DIAMOND_DOUBLE_DEFENSE.value
CLUB_DOUBLE_OVERFLOW = Bonus.CLUB_DOUBLE_OVERFLOW.value
SPADE_DOUBLE_LP = Bonus.SPADE_DOUBLE_LP.value
HEART_HALVE_LP = Bonus.HEART_HALVE_LP.value


def _card_step(target: str, attacker: str, card: dict, incoming: int, bonuses: list) -> dict:
    """One card absorbs ``incoming`` damage (``bonuses`` may already hold the Club bonus).

    - PXR-6: an Ace absorbs exactly 1 and keeps its 1 HP, unless the attacker is an Ace, in
      which case it is destroyed by the hit. A Diamond Ace still absorbs only 1.
    - PXR-3: a Diamond in the front row has effective HP 2 x HP, absorbs min(incoming, 2 x HP),
      loses ceil(absorbed / 2) HP and is destroyed only when incoming >= 2 x HP. PXD-1: when it
      survives it keeps at least 1 HP (a card at 0 HP is always destroyed, PHX-CARDS-002).
    - Otherwise the card absorbs min(incoming, HP) and loses that much HP.
    """
    cid, hp = card["id"], card["hp"]
    bonuses = list(bonuses)
    if is_ace(cid):
        effective = 1
        absorbed = min(incoming, 1)
        if is_ace(attacker):
            bonuses.append(ACE_VS_ACE)
            damage = hp
        else:
            bonuses.append(ACE_INVULNERABLE)
            damage = 0
    elif target == FRONT_CARD and suit_of(cid) == "D":
        bonuses.append(DIAMOND_DOUBLE_DEFENSE)
        effective = 2 * hp
        absorbed = min(incoming, effective)
        damage = hp if incoming >= effective else min(-(-absorbed // 2), hp - 1)
    else:
        effective = hp
        absorbed = min(incoming, hp)
        damage = absorbed
    hp_after = hp - damage
    return {
        "target": target,
        "card": card_ref(cid),
        "incomingDamage": incoming,
        "effectiveHp": effective,
        "absorbed": absorbed,
        "overflow": incoming - absorbed,
        "damage": damage,
        "hpBefore": hp,
        "hpAfter": hp_after,
        "destroyed": hp_after == 0,
        "bonuses": bonuses,
    }


def resolve_column(attacker: str, front: dict | None, back: dict | None, lp: int) -> dict:
    """Resolve ``attacker`` striking a column whose slots hold ``front`` and ``back``.

    ``front``/``back`` are ``{"id", "hp"}`` dicts (or None for an empty slot); ``lp`` is the
    defender's LP. Returns ``{"baseDamage", "steps", "totalLpDamage", "lpAfter", "front",
    "back", "destroyed"}`` where ``front``/``back`` are the slots after the hit (None when
    destroyed; auto-advance is the caller's job) and ``destroyed`` lists destroyed card ids,
    front first. The inputs are not changed.

    PHX-OVERFLOW-001: each card absorbs up to its (effective) HP; the rest flows on (past an
    invulnerable Ace too, PHX-OVERFLOW-002). Once nothing is left, later cards take no step.
    PXR-12: the LP step is always written, even with 0 damage.
    """
    base = value_of(attacker)
    steps: list[dict] = []
    remaining = base
    last_hit: str | None = None  # PXR-4: the last card that took damage in this attack
    slots = {"front": front, "back": back}
    passed_front = False
    for key, target, slot in (("front", FRONT_CARD, front), ("back", BACK_CARD, back)):
        if slot is None or remaining <= 0:
            continue
        bonuses: list[str] = []
        incoming = remaining
        if target == BACK_CARD and passed_front and suit_of(attacker) == "C":
            # PHX-SUIT-003 / PXR-5: a Club doubles the overflow entering the back card.
            incoming *= 2
            bonuses.append(CLUB_DOUBLE_OVERFLOW)
        step = _card_step(target, attacker, slot, incoming, bonuses)
        steps.append(step)
        last_hit = slot["id"]
        remaining = step["overflow"]
        passed_front = passed_front or target == FRONT_CARD
        slots[key] = None if step["destroyed"] else {"id": slot["id"], "hp": step["hpAfter"]}

    lp_bonuses: list[str] = []
    damage = remaining
    if remaining > 0 and suit_of(attacker) == "S":
        damage *= 2  # PHX-SUIT-004: Spade doubles first...
        lp_bonuses.append(SPADE_DOUBLE_LP)
    if remaining > 0 and last_hit is not None and suit_of(last_hit) == "H":
        damage //= 2  # ...PHX-SUIT-002: then a Heart last card halves, rounded down.
        lp_bonuses.append(HEART_HALVE_LP)
    lp_after = max(0, lp - damage)  # PHX-LP-002: LP clamps at 0
    steps.append(
        {
            "target": PLAYER_LP,
            "incomingDamage": remaining,
            "damage": damage,
            "lpBefore": lp,
            "lpAfter": lp_after,
            "bonuses": lp_bonuses,
        }
    )
    return {
        "baseDamage": base,
        "steps": steps,
        "totalLpDamage": damage,
        "lpAfter": lp_after,
        "front": slots["front"],
        "back": slots["back"],
        "destroyed": [s["card"]["id"] for s in steps if s.get("destroyed")],
    }


def _check_card_step(step: dict, attacker: str) -> list[str]:
    problems = []
    card = step["card"]
    incoming, effective, absorbed = step["incomingDamage"], step["effectiveHp"], step["absorbed"]
    hp_before, hp_after, damage = step["hpBefore"], step["hpAfter"], step["damage"]
    bonuses = set(step["bonuses"])
    if absorbed != min(incoming, effective):
        problems.append("absorbed != min(incomingDamage, effectiveHp)")
    if step["overflow"] != incoming - absorbed:
        problems.append("overflow != incomingDamage - absorbed")
    if hp_after != hp_before - damage:
        problems.append("hpAfter != hpBefore - damage")
    if step["destroyed"] != (hp_after == 0):
        problems.append("destroyed does not match hpAfter == 0")
    if hp_after < 0:
        problems.append("hpAfter is negative")
    ace = card["rank"] == "A"
    if ace and Bonus.ACE_VS_ACE in bonuses:
        if not (is_ace(attacker) and step["destroyed"] and effective == 1):
            problems.append("aceVsAce needs an Ace attacker and destroys the Ace")
    elif ace:
        if Bonus.ACE_INVULNERABLE not in bonuses or damage != 0 or effective != 1:
            problems.append("an Ace hit by a non-Ace takes no damage and absorbs 1")
    elif Bonus.DIAMOND_DOUBLE_DEFENSE in bonuses:
        if card["suit"] != "D" or step["target"] != Target.FRONT_CARD:
            problems.append("diamondDoubleDefense only for a front-row Diamond")
        if effective != 2 * hp_before:
            problems.append("diamond effectiveHp != 2 x hpBefore")
        if step["destroyed"] != (incoming >= effective):
            problems.append("a Diamond is destroyed exactly when incoming >= effectiveHp")
        if not step["destroyed"] and damage != min(-(-absorbed // 2), hp_before - 1):
            problems.append("a surviving Diamond loses ceil(absorbed / 2) HP, keeping 1")
    elif effective != hp_before or damage != absorbed:
        problems.append("a plain card absorbs up to its HP and loses what it absorbs")
    return problems


def check_entry(entry: dict) -> list[str]:
    """Re-check one combat-log entry from its own numbers (PHX-COMBATLOG-002).

    Returns the list of problems (empty when every step adds up): each card step satisfies
    absorbed = min(incoming, effectiveHp), overflow = incoming - absorbed, hpAfter = hpBefore -
    damage; each step's incoming is the previous overflow (doubled by ``clubDoubleOverflow``);
    the LP step has lpAfter = max(0, lpBefore - damage) with damage = incoming, doubled by
    ``spadeDoubleLp`` and then halved by ``heartHalveLp``; bonuses are from the closed enum.
    """
    problems: list[str] = []
    attacker = entry["attackerCard"]["id"]
    allowed = {b.value for b in Bonus}
    expected_in = entry["baseDamage"]
    steps = entry["steps"]
    if not steps or steps[-1]["target"] != Target.PLAYER_LP:
        return ["the last step must be the LP step"]
    for index, step in enumerate(steps):
        where = f"step {index}"
        unknown = set(step["bonuses"]) - allowed
        if unknown:
            problems.append(f"{where}: bonus outside the closed enum: {sorted(unknown)}")
        if step["target"] == Target.PLAYER_LP:
            if step["incomingDamage"] != expected_in:
                problems.append(f"{where}: LP incoming != previous overflow")
            damage = step["incomingDamage"]
            if Bonus.SPADE_DOUBLE_LP in step["bonuses"]:
                damage *= 2
            if Bonus.HEART_HALVE_LP in step["bonuses"]:
                damage //= 2
            if step["damage"] != damage:
                problems.append(f"{where}: LP damage does not follow its bonuses")
            if step["lpAfter"] != max(0, step["lpBefore"] - step["damage"]):
                problems.append(f"{where}: lpAfter != max(0, lpBefore - damage)")
            if entry["totalLpDamage"] != step["damage"]:
                problems.append("totalLpDamage != LP step damage")
            continue
        factor = 2 if Bonus.CLUB_DOUBLE_OVERFLOW in step["bonuses"] else 1
        if step["incomingDamage"] != expected_in * factor:
            problems.append(f"{where}: incoming != previous overflow (x2 for clubs)")
        problems.extend(f"{where}: {p}" for p in _check_card_step(step, attacker))
        expected_in = step["overflow"]
    return problems
