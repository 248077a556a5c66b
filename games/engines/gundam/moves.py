"""Every move: its validation (in the rulings' order) and its effect.

Validation order (rulings §1.2): GAME_OVER → INVALID_PHASE → NOT_YOUR_TURN →
INVALID_CARD / INVALID_TARGET / UNIT_CANNOT_ATTACK / ABILITY_UNAVAILABLE →
INSUFFICIENT_RESOURCES → INVALID_LEVEL → ZONE_FULL / RESOURCE_DECK_EMPTY.

Each ``check_*`` changes nothing and returns the move's first refusal, a ``(code, message)``
pair that ``apply`` raises as ``IllegalAction``, or None when the move is legal; each ``do_*``
is called only on a clone after its check passed. ``partial=True`` checks a move whose target
is not chosen yet (the "select" half of a composed move): the checks that need the target are
skipped. The checks return rather than raise because ``legal_actions`` runs them on every
candidate move and most candidates are refused: raising and catching an exception for each
cost more than the check itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import combat
from .cards import BASE, COMMAND, EFFECT_OPS, EX_BASE, PILOT, UNIT, card
from .decks import validate_deck
from .flow import default_discard, draw_cards, end_turn, is_over, start_match
from .state import (
    END_PHASE,
    MAIN_PHASE,
    MAX_RESOURCES,
    MAX_UNITS,
    RESOURCE_PHASE,
    STAGE_CHOOSE_DECK,
    STAGE_OVER,
    STAGE_PLAY,
    active_resources,
    add_log,
    find_unit,
    has_keyword,
    is_link,
    level,
    options,
    other,
    player,
    seat_name,
    unit_hp,
)

GAME_OVER = "GAME_OVER"
INVALID_PHASE = "INVALID_PHASE"
NOT_YOUR_TURN = "NOT_YOUR_TURN"
INVALID_CARD = "INVALID_CARD"
INVALID_TARGET = "INVALID_TARGET"
UNIT_CANNOT_ATTACK = "UNIT_CANNOT_ATTACK"
ABILITY_UNAVAILABLE = "ABILITY_UNAVAILABLE"
INSUFFICIENT_RESOURCES = "INSUFFICIENT_RESOURCES"
INVALID_LEVEL = "INVALID_LEVEL"
ZONE_FULL = "ZONE_FULL"
RESOURCE_DECK_EMPTY = "RESOURCE_DECK_EMPTY"
INVALID_ACTION = "INVALID_ACTION"  # malformed dict or unknown type (not a move at all)

PLAYER = combat.PLAYER

# Why a move is refused: the code and the sentence of the IllegalAction that apply raises.
Refusal = tuple[str, str]


def _name(no: str) -> str:
    return card(no)["name"]


# ---------------------------------------------------------------- shared guards


def guard(state: dict[str, Any], seat: int, phases: tuple[str, ...], what: str) -> Refusal | None:
    """Checks 1–3: the game is running, the phase fits, it is this seat's turn.

    While an attack waits at its block step, nothing but the defender's decision fits.
    """
    stage = state["stage"]
    if stage == STAGE_OVER:  # flow.is_over, read inline: every legal-action candidate asks
        return GAME_OVER, "The game is over."
    if stage != STAGE_PLAY:
        return INVALID_PHASE, "Both players must choose a deck first."
    if state["attack"] is not None:
        return INVALID_PHASE, "An attack is waiting for the defender's block decision."
    if state["phase"] not in phases:
        allowed = " or ".join(phases)
        return (
            INVALID_PHASE,
            f"{what} is only allowed in the {allowed} phase (now: {state['phase']}).",
        )
    if seat != state["current"]:
        return NOT_YOUR_TURN, "It is not your turn."
    return None


def _hand_card(
    state: dict[str, Any], seat: int, cid: Any, types: tuple[str, ...], what: str
) -> Refusal | None:
    """Refused unless ``cid`` is in the seat's hand with one of ``types``."""
    p = player(state, seat)
    if not isinstance(cid, str) or cid not in p["hand"]:
        return INVALID_CARD, f"That card is not in your hand ({what})."
    no = state["cards"][cid]
    if card(no)["type"] not in types:
        return INVALID_CARD, f"{_name(no)} is not a {' or '.join(types)} card."
    return None


def _pay_checks(p: dict[str, Any], info: dict[str, Any]) -> Refusal | None:
    """Checks 5–6: cost against active resources, then level against resources (GDR-1)."""
    if info["cost"] > active_resources(p):
        return (
            INSUFFICIENT_RESOURCES,
            f"{info['name']} costs {info['cost']}; you have {active_resources(p)} active resources.",
        )
    if info["level"] > level(p):
        return INVALID_LEVEL, f"{info['name']} needs Lv {info['level']}; your Lv is {level(p)}."
    return None


def pay(state: dict[str, Any], seat: int, cost: int) -> None:
    """GDR-16: rest regular resources first; an EX Resource is spent last and leaves the game."""
    p = player(state, seat)
    left = cost
    for res in p["resources"]:
        if left and not res["is_ex"] and not res["rested"]:
            res["rested"] = True
            left -= 1
    for res in list(p["resources"]):
        if left and res["is_ex"] and not res["rested"]:
            p["resources"].remove(res)
            left -= 1
            add_log(state, "resource", f"{seat_name(seat)} spends the EX Resource.", seat)


# ---------------------------------------------------------------- deck choice


def check_choose_deck(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    if is_over(state):
        return GAME_OVER, "The game is over."
    if state["stage"] != STAGE_CHOOSE_DECK:
        return INVALID_PHASE, "Decks are chosen before the game starts."
    if state["choices"][str(seat)] is not None:
        return INVALID_PHASE, "You have already chosen your deck."
    name = action.get("name", "")
    if not isinstance(name, str):
        return INVALID_CARD, "A deck name must be text."
    errors = validate_deck(action.get("deck"))
    if errors:
        return INVALID_CARD, " ".join(errors)
    return None


def do_choose_deck(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    deck = action["deck"]
    state["choices"][str(seat)] = {
        "name": action.get("name") or "Custom deck",
        "deck": {"main": list(deck["main"]), "resource": list(deck["resource"])},
    }
    if all(state["choices"][str(s)] is not None for s in (0, 1)):
        start_match(state)


# ---------------------------------------------------------------- resource phase


def check_play_resource(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    if refused := guard(state, seat, (RESOURCE_PHASE,), "Playing a resource"):
        return refused
    p = player(state, seat)
    if p["resource_played"]:
        return INVALID_PHASE, "You already played a resource this turn."
    if len(p["resources"]) >= MAX_RESOURCES:
        return ZONE_FULL, f"Your resource area holds at most {MAX_RESOURCES} cards."
    if not p["rdeck"]:
        return RESOURCE_DECK_EMPTY, "Your resource deck is empty."
    return None


def do_play_resource(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """GDR-2: the top of the resource deck enters active; the phase goes to main."""
    p = player(state, seat)
    rid = p["rdeck"].pop(0)
    p["resources"].append({"id": rid, "is_ex": False, "rested": False})
    p["resource_played"] = True
    add_log(state, "resource", f"{seat_name(seat)} places a resource (Lv {level(p)}).", seat)
    state["phase"] = MAIN_PHASE


def check_skip_resource(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    return guard(state, seat, (RESOURCE_PHASE,), "Skipping the resource")


def do_skip_resource(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    add_log(state, "resource", f"{seat_name(seat)} skips the resource.", seat)
    state["phase"] = MAIN_PHASE


# ---------------------------------------------------------------- deploy


def check_deploy(
    state: dict[str, Any], seat: int, action: dict[str, Any], partial: bool = False
) -> Refusal | None:
    if refused := guard(state, seat, (MAIN_PHASE,), "Deploying"):
        return refused
    p = player(state, seat)
    cid = action.get("card")
    if refused := _hand_card(state, seat, cid, (UNIT, BASE), "deploy"):
        return refused
    info = card(state["cards"][cid])
    trash = action.get("trash")
    if trash is not None and (info["type"] != UNIT or find_unit(p, trash) is None):
        return INVALID_TARGET, "Only one of your own Units can be trashed for room."
    if refused := _check_position(p, info, action) or _pay_checks(p, info):
        return refused
    if info["type"] == UNIT and len(p["battle"]) >= MAX_UNITS:
        if not options(state)["seventh_unit_trashes"]:
            return ZONE_FULL, f"Your battle area already holds {MAX_UNITS} Units."
        if trash is None:
            return INVALID_TARGET, "Choose one of your Units to trash for room."
    return None


def _check_position(
    p: dict[str, Any], info: dict[str, Any], action: dict[str, Any]
) -> Refusal | None:
    """The seed's optional ``position`` of a deploy: the Unit's place in the battle area,
    counted from 0, at most one past the last Unit (no gaps; 0-5 with six places)."""
    if "position" not in action or action["position"] is None:
        return None
    position = action["position"]
    if info["type"] != UNIT:
        return INVALID_TARGET, "A Base has no position in the battle area."
    last = min(len(p["battle"]), MAX_UNITS - 1)
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= last:
        return (
            INVALID_TARGET,
            f"position must be a whole number from 0 to {last} (the battle area's places).",
        )
    return None


def do_deploy(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    p = player(state, seat)
    cid = action["card"]
    no = state["cards"][cid]
    info = card(no)
    pay(state, seat, info["cost"])
    p["hand"].remove(cid)
    if info["type"] == BASE:
        # GDR-13: the new Base replaces the old one (a real Base is trashed, an EX Base is gone).
        old = p["base"]
        if old is not None and old["no"] != EX_BASE["no"]:
            p["trash"].append(old["id"])
        p["base"] = {"id": cid, "no": no, "damage": 0, "rested": False}
        add_log(state, "deploy", f"{seat_name(seat)} deploys the Base {info['name']}.", seat)
        return
    if len(p["battle"]) >= MAX_UNITS:
        victim = find_unit(p, action["trash"])
        p["battle"].remove(victim)
        p["trash"].append(victim["id"])
        if victim["pilot"]:
            p["trash"].append(victim["pilot"])
        add_log(
            state, "trash", f"{seat_name(seat)} trashes {_name(victim['no'])} to make room.", seat
        )
    # GDR-9: a deployed Unit enters active but cannot attack this turn.
    position = action.get("position")
    p["battle"].insert(
        len(p["battle"]) if position is None else position,
        {
            "id": cid,
            "no": no,
            "rested": False,
            "can_attack": False,
            "damage": 0,
            "pilot": None,
            "pilot_no": None,
            "ap_bonus": 0,
            "entered": state["turn"],
        },
    )
    add_log(state, "deploy", f"{seat_name(seat)} deploys {info['name']}.", seat)


# ---------------------------------------------------------------- pair


def check_pair(
    state: dict[str, Any], seat: int, action: dict[str, Any], partial: bool = False
) -> Refusal | None:
    if refused := guard(state, seat, (MAIN_PHASE,), "Pairing a Pilot"):
        return refused
    p = player(state, seat)
    pid = action.get("pilot")
    if refused := _hand_card(state, seat, pid, (PILOT,), "pair"):
        return refused
    unit = None
    if not partial:
        unit = find_unit(p, action.get("unit"))
        if unit is None:
            return _NO_UNIT_TO_PAIR
    if refused := _pay_checks(p, card(state["cards"][pid])):
        return refused
    return None if unit is None else _pair_room(unit)


_NO_UNIT_TO_PAIR = (INVALID_TARGET, "Pair the Pilot with one of your own Units.")


def _pair_target(state: dict[str, Any], seat: int, target: Any) -> Refusal | None:
    unit = find_unit(player(state, seat), target)
    return _NO_UNIT_TO_PAIR if unit is None else _pair_room(unit)


def _pair_room(unit: dict[str, Any]) -> Refusal | None:
    if unit["pilot"]:
        return ZONE_FULL, f"{_name(unit['no'])} already has a Pilot."
    return None


def do_pair(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    p = player(state, seat)
    pid = action["pilot"]
    no = state["cards"][pid]
    unit = find_unit(p, action["unit"])
    pay(state, seat, card(no)["cost"])
    p["hand"].remove(pid)
    unit["pilot"] = pid
    unit["pilot_no"] = no
    add_log(state, "pair", f"{seat_name(seat)} pairs {_name(no)} with {_name(unit['no'])}.", seat)
    if is_link(unit):
        add_log(state, "keyword", f"Link: {_name(unit['no'])} is a Link Unit.", seat)
        if unit["entered"] == state["turn"] and not unit["can_attack"]:
            unit["can_attack"] = True
            add_log(state, "keyword", f"Link: {_name(unit['no'])} may attack this turn.", seat)


# ---------------------------------------------------------------- attack


def attackers_of(action: dict[str, Any]) -> list[Any] | None:
    """The attacker list of an ATTACK: ``attackers`` (GDR-5's list) or one ``attacker``; None
    when ``attackers`` is not a non-empty list."""
    if "attackers" in action:
        listed = action["attackers"]
        return listed if isinstance(listed, list) and listed else None
    return [action.get("attacker")]


def check_attack(
    state: dict[str, Any], seat: int, action: dict[str, Any], partial: bool = False
) -> Refusal | None:
    """GDR-5: every attacker is checked before anything resolves; the first error refuses all."""
    if refused := guard(state, seat, (MAIN_PHASE,), "Attacking"):
        return refused
    p = player(state, seat)
    listed = attackers_of(action)
    if listed is None:
        return INVALID_CARD, "attackers must be a non-empty list of your Units."
    seen: set[str] = set()
    for attacker in listed:
        unit = find_unit(p, attacker)
        if unit is None:
            return INVALID_CARD, "Every attacker must be one of your Units."
        if unit["id"] in seen:
            return INVALID_CARD, f"{_name(unit['no'])} is listed twice."
        seen.add(unit["id"])
        if unit["rested"]:
            return UNIT_CANNOT_ATTACK, f"{_name(unit['no'])} is rested."
        if not unit["can_attack"]:
            return (
                UNIT_CANNOT_ATTACK,
                f"{_name(unit['no'])} entered this turn and cannot attack yet.",
            )
    if not partial:
        return _attack_target(state, seat, listed, action.get("target"))
    return None


def _attack_target(
    state: dict[str, Any], seat: int, listed: list[Any], target: Any
) -> Refusal | None:
    if target == PLAYER:
        return None
    enemy = find_unit(player(state, other(seat)), target)
    if enemy is None:
        return INVALID_TARGET, "Attack the opponent or one of their Units."
    if len(listed) > 1:
        return INVALID_TARGET, "Only one attacker may attack a Unit."
    if not enemy["rested"]:
        return (
            INVALID_TARGET,
            f"{_name(enemy['no'])} is active; only rested Units can be attacked.",
        )
    return None


def do_attack(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    combat.declare_attacks(state, seat, attackers_of(action), action["target"])


# ---------------------------------------------------------------- effects


def effect_target_error(
    state: dict[str, Any], seat: int, effect: dict[str, Any], target: Any, source: str | None = None
) -> str | None:
    """Why ``target`` is illegal for ``effect`` (None when legal)."""
    side = EFFECT_OPS[effect["op"]]
    if side is None:
        return None if target is None else "This effect takes no target."
    if side == "friendly_unit":
        unit = find_unit(player(state, seat), target)
        if unit is None:
            return "Choose one of your own Units."
        if source is not None and unit["id"] == source:
            return "Support cannot target its own Unit."
        return None
    unit = find_unit(player(state, other(seat)), target)
    if unit is None:
        return "Choose one of your opponent's Units."
    if effect["op"] == "rest":
        if unit["rested"]:
            return f"{_name(unit['no'])} is already rested."
        if unit_hp(unit) > effect["n"]:
            return f"{_name(unit['no'])} has more than {effect['n']} HP."
    return None


def _effect_target(
    state: dict[str, Any], seat: int, effect: dict[str, Any], target: Any, source: str | None = None
) -> Refusal | None:
    why = effect_target_error(state, seat, effect, target, source)
    return (INVALID_TARGET, why) if why else None


def resolve_effect(state: dict[str, Any], seat: int, effect: dict[str, Any], target: Any) -> None:
    op, n = effect["op"], effect.get("n", 0)
    if op == "draw":
        if draw_cards(state, seat, n):
            add_log(state, "draw", f"{seat_name(seat)} draws {n}.", seat)
        return
    if op in ("heal", "ap_this_turn"):
        unit = find_unit(player(state, seat), target)
        if op == "heal":
            healed = min(n, unit["damage"])  # recovery only removes existing damage
            unit["damage"] -= healed
            add_log(state, "heal", f"{_name(unit['no'])} recovers {healed} HP.", seat)
        else:
            unit["ap_bonus"] += n
            add_log(state, "effect", f"{_name(unit['no'])} gets AP+{n} this turn.", seat)
        return
    enemy = other(seat)
    unit = find_unit(player(state, enemy), target)
    if op == "damage":
        unit["damage"] += n
        add_log(state, "damage", f"{_name(unit['no'])} takes {n} damage.", seat)
        if unit_hp(unit) <= 0:
            combat.destroy_unit(state, enemy, unit)
    elif op == "rest":
        unit["rested"] = True
        add_log(state, "effect", f"{_name(unit['no'])} is rested.", seat)


# ---------------------------------------------------------------- commands (ACTIVATE_ABILITY a)


def check_command(
    state: dict[str, Any], seat: int, action: dict[str, Any], partial: bool = False
) -> Refusal | None:
    # GDR-12: the phase check uses the Command's timing when the card is known.
    cid = action.get("card")
    timing = ("main", "end")
    p = player(state, seat) if state["players"] else None
    if p is not None and isinstance(cid, str) and cid in p["hand"]:
        info = card(state["cards"][cid])
        if info["type"] == COMMAND:
            timing = tuple("main" if t == "main" else "end" for t in info["timing"])
    if refused := guard(state, seat, timing, "That Command"):
        return refused
    if refused := _hand_card(state, seat, cid, (COMMAND,), "command"):
        return refused
    info = card(state["cards"][cid])
    if not partial:
        refused = _effect_target(state, seat, info["effect"], action.get("target"))
        if refused:
            return refused
    return _pay_checks(p, info)


def do_command(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    p = player(state, seat)
    cid = action["card"]
    info = card(state["cards"][cid])
    pay(state, seat, info["cost"])
    p["hand"].remove(cid)
    add_log(state, "command", f"{seat_name(seat)} plays {info['name']}.", seat)
    # The card is trashed before its effect resolves so a draw effect cannot see it.
    p["trash"].append(cid)
    resolve_effect(state, seat, info["effect"], action.get("target"))


# ---------------------------------------------------------------- Support (ACTIVATE_ABILITY b)


def check_support(
    state: dict[str, Any], seat: int, action: dict[str, Any], partial: bool = False
) -> Refusal | None:
    if refused := guard(state, seat, (MAIN_PHASE,), "Support"):
        return refused
    p = player(state, seat)
    unit = find_unit(p, action.get("unit"))
    if unit is None:
        return INVALID_CARD, "Support needs one of your Units as its source."
    if not has_keyword(unit, "support"):
        return ABILITY_UNAVAILABLE, f"{_name(unit['no'])} has no <Support>."
    if unit["rested"]:
        return ABILITY_UNAVAILABLE, f"{_name(unit['no'])} is rested."
    if not partial:
        return _support_target(state, seat, unit, action.get("target"))
    return None


def _support_target(
    state: dict[str, Any], seat: int, unit: dict[str, Any], target: Any
) -> Refusal | None:
    effect = {"op": "ap_this_turn", "n": has_keyword(unit, "support")}
    return _effect_target(state, seat, effect, target, source=unit["id"])


def do_support(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    p = player(state, seat)
    unit = find_unit(p, action["unit"])
    unit["rested"] = True
    n = has_keyword(unit, "support")
    target = find_unit(p, action["target"])
    target["ap_bonus"] += n
    add_log(
        state,
        "keyword",
        f"Support {n}: {_name(unit['no'])} gives {_name(target['no'])} AP+{n} this turn.",
        seat,
    )


# ---------------------------------------------------------------- Base ability (ACTIVATE_ABILITY c)


def check_base_ability(
    state: dict[str, Any], seat: int, action: dict[str, Any], partial: bool = False
) -> Refusal | None:
    if refused := guard(state, seat, (MAIN_PHASE,), "A Base ability"):
        return refused
    p = player(state, seat)
    base = p["base"]
    if base is None or not card(base["no"]).get("ability"):
        return ABILITY_UNAVAILABLE, "Your Base has no ability to use."
    if base["rested"]:
        return ABILITY_UNAVAILABLE, "Your Base is rested."
    if not partial:
        return _effect_target(state, seat, card(base["no"])["ability"], action.get("target"))
    return None


def do_base_ability(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    base = player(state, seat)["base"]
    base["rested"] = True
    info = card(base["no"])
    add_log(state, "ability", f"{seat_name(seat)} rests {info['name']}.", seat)
    resolve_effect(state, seat, info["ability"], action["target"])


# ---------------------------------------------------------------- ending phases


def check_end_main(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    return guard(state, seat, (MAIN_PHASE,), "Ending the main phase")


def do_end_main(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    state["phase"] = END_PHASE


def check_end_turn(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    if refused := guard(state, seat, (END_PHASE,), "Ending the turn"):
        return refused
    discard = action.get("discard")
    if discard is None:
        return None
    hand = player(state, seat)["hand"]
    excess = max(0, len(hand) - options(state)["hand_limit"])
    if (
        not isinstance(discard, list)
        or len(discard) != excess
        or len(set(map(str, discard))) != len(discard)
        or any(c not in hand for c in discard)
    ):
        return INVALID_TARGET, f"Discard exactly {excess} different card(s) from your hand."
    return None


def do_end_turn(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    discard = action.get("discard")
    end_turn(state, list(discard) if discard is not None else default_discard(state, seat))


# ---------------------------------------------------------------- blocking


def _guard_block(state: dict[str, Any], seat: int) -> Refusal | None:
    if is_over(state):
        return GAME_OVER, "The game is over."
    attack = state["attack"]
    if attack is None or attack["step"] != "block":
        return INVALID_PHASE, "No attack is waiting for a block decision."
    if seat != other(attack["seat"]):
        return NOT_YOUR_TURN, "Only the defending player decides on blocks."
    return None


def check_block(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    if refused := _guard_block(state, seat):
        return refused
    unit = find_unit(player(state, seat), action.get("unit"))
    if unit is None:
        return INVALID_CARD, "Block with one of your own Units."
    if not has_keyword(unit, "blocker"):
        return ABILITY_UNAVAILABLE, f"{_name(unit['no'])} has no <Blocker>."
    if unit["rested"]:
        return ABILITY_UNAVAILABLE, f"{_name(unit['no'])} is rested."
    if unit["id"] == state["attack"]["target"]:
        return INVALID_TARGET, "The attacked Unit cannot block for itself."
    return None


def do_block(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    combat.block(state, action["unit"])


def check_pass_block(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    return _guard_block(state, seat)


def do_pass_block(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    combat.pass_block(state)


# ---------------------------------------------------------------- the move table

# type -> (check, do, takes partial). Composed moves: "select" names the source and mode,
# "target" completes it, "cancel" drops it (see engine.py).
MOVES = {
    "choose_deck": (check_choose_deck, do_choose_deck),
    "play_resource": (check_play_resource, do_play_resource),
    "skip_resource": (check_skip_resource, do_skip_resource),
    "deploy": (check_deploy, do_deploy),
    "pair": (check_pair, do_pair),
    "attack": (check_attack, do_attack),
    "command": (check_command, do_command),
    "support": (check_support, do_support),
    "base_ability": (check_base_ability, do_base_ability),
    "end_main": (check_end_main, do_end_main),
    "end_turn": (check_end_turn, do_end_turn),
    "block": (check_block, do_block),
    "pass_block": (check_pass_block, do_pass_block),
}

# select mode -> (move type, key of the source, key of the target); an attack's source key
# is "attackers" and takes the whole list (see compose).
SELECT_MODES = {
    "pair": ("pair", "pilot", "unit"),
    "attack": ("attack", "attackers", "target"),
    "command": ("command", "card", "target"),
    "support": ("support", "unit", "target"),
    "base": ("base_ability", None, "target"),
}


def compose(mode: str, source: Any, target: Any) -> dict[str, Any]:
    """The complete move that a select (mode, source) plus a target stands for. An attack's
    source is its list of attackers (GDR-5)."""
    kind, src_key, tgt_key = SELECT_MODES[mode]
    move: dict[str, Any] = {"type": kind, tgt_key: target}
    if mode == "attack":
        move["attackers"] = list(source)
    elif src_key:
        move[src_key] = source
    return move


def pending_source(pending: dict[str, Any]) -> Any:
    """What a half-built move has chosen so far: the attacker list, or the one source card."""
    if pending["mode"] == "attack":
        return pending["attackers"]
    return pending["card"]


def target_candidates(state: dict[str, Any]) -> Iterator[str]:
    """The opponent, then every Unit on the field, lazily: a select needs only its first
    legal target, which for an attack is nearly always the first candidate."""
    yield PLAYER
    for p in state["players"]:
        for unit in p["battle"]:
            yield unit["id"]


# select mode -> the checks of a complete move that read its target, as its check_* runs
# them: a move is legal exactly when its partial check and these pass.
TARGET_CHECKS = {
    "pair": lambda state, seat, source, target: _pair_target(state, seat, target),
    "attack": lambda state, seat, source, target: _attack_target(state, seat, source, target),
    "command": lambda state, seat, source, target: _effect_target(
        state, seat, card(state["cards"][source])["effect"], target
    ),
    "support": lambda state, seat, source, target: _support_target(
        state, seat, find_unit(player(state, seat), source), target
    ),
    "base": lambda state, seat, source, target: _effect_target(
        state, seat, card(player(state, seat)["base"]["no"])["ability"], target
    ),
}


def legal_targets(state: dict[str, Any], seat: int, mode: str, source: Any) -> list[str]:
    """Every target that completes (mode, source) into a legal move.

    The same as running the move's full check once per target, but the checks that do not
    read the target run once: this is behind every "select" in the list of legal actions."""
    if MOVES[SELECT_MODES[mode][0]][0](state, seat, compose(mode, source, None), partial=True):
        return []
    return list(_targets(state, seat, mode, source))


def _targets(state: dict[str, Any], seat: int, mode: str, source: Any) -> Iterator[str]:
    """The legal targets of a (mode, source) whose partial check has passed, lazily."""
    check_target = TARGET_CHECKS[mode]
    for target in target_candidates(state):
        if check_target(state, seat, source, target) is None:
            yield target


def check_select(state: dict[str, Any], seat: int, action: dict[str, Any]) -> Refusal | None:
    mode = action.get("mode")
    if not isinstance(mode, str) or mode not in SELECT_MODES:  # a list is not even hashable
        return INVALID_ACTION, "That selection is not understood."
    kind, src_key, _ = SELECT_MODES[mode]
    source = [action.get("card")] if mode == "attack" else action.get("card")
    partial_move = compose(mode, source, None)
    if mode == "command":
        cid = action.get("card")
        p = player(state, seat) if state["players"] else None
        if p is not None and cid in p.get("hand", []):
            effect = card(state["cards"][cid]).get("effect") or {}
            if effect and EFFECT_OPS[effect["op"]] is None:
                return INVALID_TARGET, "This Command takes no target; play it directly."
    if refused := MOVES[kind][0](state, seat, partial_move, partial=True):
        return refused
    if next(_targets(state, seat, mode, source), None) is None:  # one target is enough
        return INVALID_TARGET, "There is no legal target for that."
    return None


def check_toggle_attacker(
    state: dict[str, Any], seat: int, action: dict[str, Any]
) -> Refusal | None:
    """GDR-5 on the board: add a Unit to the attack being built, or take one out of it."""
    if is_over(state):
        return GAME_OVER, "The game is over."
    pending = state["pending"]
    if pending is None or pending["mode"] != "attack" or state["attack"] is not None:
        return INVALID_PHASE, "Choose a first attacker before adding others."
    if pending["seat"] != seat:
        return NOT_YOUR_TURN, "It is not your turn."
    listed = pending["attackers"]
    cid = action.get("card")
    if isinstance(cid, str) and cid in listed:
        if len(listed) == 1:
            return INVALID_TARGET, "The last attacker cannot be removed; cancel."
        return None
    return check_attack(state, seat, {"type": "attack", "attackers": [*listed, cid]}, partial=True)


def toggled_attackers(listed: list[str], cid: str) -> list[str]:
    return [a for a in listed if a != cid] if cid in listed else [*listed, cid]
