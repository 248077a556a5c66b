"""State shape, named steps, match options and the small accessors every module shares.

State (plain JSON)::

    {"seed", "config", "stage": Stage, "phase": Phase, "turn", "current",
     "cards": {instance id: card number}          # hidden as a whole; view exposes per zone
     "players": [player, player], "choices": {"0": deck|None, "1": deck|None},
     "attack": None | {...}, "pending": None | {...}, "counters": {...},   # flat records:
                                                    # scalars and lists of ids (work_copy)
     "log": [entry], "winner", "reason"}

player::

    {"deck": [ids, 0 = top], "rdeck": [ids], "hand": [ids], "shields": [ids, 0 = top],
     "resources": [{"id", "is_ex", "rested"}], "base": None | {"id", "no", "damage", "rested"},
     "battle": [unit], "trash": [ids], "removal": [ids], "resource_played": bool}

unit::

    {"id", "no", "rested", "can_attack", "damage", "pilot": id|None, "pilot_no": no|None,
     "ap_bonus": int (this turn), "entered": turn number}

Instance ids look like ``gd0-m17`` (seat 0, main-deck card 17 of the submitted list, numbered
before the shuffle so an id says nothing about deck order) and ``gd1-r04`` (resource card).
"""

from __future__ import annotations

from enum import StrEnum
from operator import itemgetter
from typing import Any

from .cards import card

SEATS = (0, 1)
HAND_START = 5
SHIELDS_START = 6
MAX_UNITS = 6
MAX_SHIELDS = 6
MAX_RESOURCES = 15
MAX_EX_RESOURCES = 5
BLOCK_SECONDS = 30
CHOOSE_DECK_SECONDS = 300
LOG_KEEP = 60  # routine lines kept; the lines below are kept for the whole match
LOG_ALWAYS = ("shield_destroyed", "base_destroyed", "unit_destroyed", "keyword", "game_over")


class Stage(StrEnum):
    """The match as a whole: seats pick decks, then play, then it is over."""

    CHOOSE_DECK = "choose_deck"
    PLAY = "play"
    OVER = "over"


class Phase(StrEnum):
    """The spec's five phases; start and draw run automatically."""

    START = "start"
    DRAW = "draw"
    RESOURCE = "resource"
    MAIN = "main"
    END = "end"


class AttackStep(StrEnum):
    """The pause inside an attack (blocking extension): the defender decides."""

    BLOCK = "block"


# The names above as plain strings, for the rules' many comparisons: reading an enum member's
# ``.value`` is a descriptor call, and the checks behind every list of legal actions made a
# quarter of a million of them per hundred matches.
START_PHASE, DRAW_PHASE, RESOURCE_PHASE, MAIN_PHASE, END_PHASE = (p.value for p in Phase)
STAGE_CHOOSE_DECK, STAGE_PLAY, STAGE_OVER = (s.value for s in Stage)
BLOCK_STEP = AttackStep.BLOCK.value


class Reason(StrEnum):
    BATTLE_DAMAGE = "BATTLE_DAMAGE"
    DECK_OUT = "DECK_OUT"
    ABANDONED = "abandoned"  # GUN-X-ABANDON: three timeouts in a row


# Match options (GDR-3, GDR-14, GDR-15): spec values are the defaults.
DEFAULT_OPTIONS: dict[str, Any] = {
    "first_player_draws": False,
    "hand_limit": 7,
    "seventh_unit_trashes": False,
}
HAND_LIMITS = (7, 10)


def options(state: dict[str, Any]) -> dict[str, Any]:
    return state["config"]


def other(seat: int) -> int:
    return 1 - seat


def player(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return state["players"][seat]


def no_of(state: dict[str, Any], card_id: str) -> str:
    return state["cards"][card_id]


def level(p: dict[str, Any]) -> int:
    """GDR-1: a player's level is the number of resources in their area (rested and EX too)."""
    return len(p["resources"])


def active_resources(p: dict[str, Any]) -> int:
    # A loop rather than sum() over a generator: asked once per candidate card in hand.
    count = 0
    for r in p["resources"]:
        if not r["rested"]:
            count += 1
    return count


def find_unit(p: dict[str, Any], unit_id: Any) -> dict[str, Any] | None:
    for unit in p["battle"]:
        if unit["id"] == unit_id:
            return unit
    return None


def unit_ap(unit: dict[str, Any]) -> int:
    """AP = card AP + pilot bonus + "this turn" bonuses."""
    ap = card(unit["no"])["ap"] + unit["ap_bonus"]
    if unit["pilot_no"]:
        ap += card(unit["pilot_no"])["ap"]
    return ap


def unit_max_hp(unit: dict[str, Any]) -> int:
    hp = card(unit["no"])["hp"]
    if unit["pilot_no"]:
        hp += card(unit["pilot_no"])["hp"]
    return hp


def unit_hp(unit: dict[str, Any]) -> int:
    """Current HP: damage reduces HP."""
    return unit_max_hp(unit) - unit["damage"]


def base_hp(base: dict[str, Any]) -> int:
    return card(base["no"])["hp"] - base["damage"]


def has_keyword(unit: dict[str, Any], name: str) -> int:
    """A unit's keyword value; pilots in this pool carry no keywords, so only the unit's."""
    return int(card(unit["no"])["keywords"].get(name, 0))


def is_link(unit: dict[str, Any]) -> bool:
    """A Link Unit (GDR-11): its link condition names the paired Pilot or the Pilot's trait."""
    link = card(unit["no"]).get("link")
    if not link or not unit["pilot_no"]:
        return False
    pilot = card(unit["pilot_no"])
    return link in (pilot["name"], pilot["trait"])


def add_log(state: dict[str, Any], kind: str, text: str, seat: int | None = None) -> None:
    """Append a public log line (never anything hidden): the board shows these."""
    state["counters"]["log"] += 1
    state["log"].append(
        {
            "n": state["counters"]["log"],
            "turn": state["turn"],
            "kind": kind,
            "seat": seat,
            "text": text,
        }
    )
    # Routine lines beyond the last LOG_KEEP are dropped (oldest first), so the state stays
    # small; every destruction and every keyword that fired stays for the whole match.
    log = state["log"]
    if len(log) > LOG_KEEP:  # a shorter log cannot hold too many routine lines
        _drop_oldest_routine_line(log)


_KIND = itemgetter("kind")
_LOG_ALWAYS = frozenset(LOG_ALWAYS)


def _drop_oldest_routine_line(log: list[dict[str, Any]]) -> None:
    """Drop the oldest routine line if there are more than LOG_KEEP. Called on every log line,
    so the kinds are read and counted by C loops (map) rather than a Python one per line."""
    kinds = list(map(_KIND, log))
    routine = len(kinds) - sum(map(_LOG_ALWAYS.__contains__, kinds))
    if routine > LOG_KEEP:
        del log[next(i for i, kind in enumerate(kinds) if kind not in _LOG_ALWAYS)]


def _copy_player(p: dict[str, Any]) -> dict[str, Any]:
    """A copy of every zone (see the layout above), named one by one: this runs twice per
    move, and testing each value's type in a loop cost a quarter more."""
    copied = dict(p)
    copied["deck"] = p["deck"][:]  # lists of ids
    copied["rdeck"] = p["rdeck"][:]
    copied["hand"] = p["hand"][:]
    copied["shields"] = p["shields"][:]
    copied["trash"] = p["trash"][:]
    copied["removal"] = p["removal"][:]
    copied["resources"] = list(map(dict, p["resources"]))  # lists of flat records
    copied["battle"] = list(map(dict, p["battle"]))
    if p["base"] is not None:
        copied["base"] = dict(p["base"])  # a flat record
    return copied


def work_copy(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``state`` that the rules may change, copying only what they change.

    Cloning the whole state (its log, the match's card table) was a third of every move. The
    players are copied zone by zone (see the layout above: zones hold ids or flat records);
    the log and the card table are new lists/dicts sharing their entries, which are never
    changed once written (a log line is appended, a card id is added); the small pieces the
    rules change in place (counters, the choices, a pending selection, an attack, the
    clock's timeout counts) are copied whole; the options are never changed and are shared.
    """
    new = dict(state)
    new["players"] = [_copy_player(p) for p in state["players"]]
    new["cards"] = dict(state["cards"])
    new["choices"] = dict(state["choices"])
    new["counters"] = dict(state["counters"])
    new["log"] = list(state["log"])
    for key in ("pending", "attack"):  # records whose lists hold ids
        record = state[key]
        if record is not None:
            new[key] = {k: list(v) if type(v) is list else v for k, v in record.items()}
    if "timeouts" in state:
        new["timeouts"] = list(state["timeouts"])
    return new


def composing_copy(state: dict[str, Any]) -> dict[str, Any]:
    """A copy for a move that only composes the seat's selection (select, toggle_attacker,
    toggle_discard, cancel): such a move changes the pending selection, the counters and the
    clock's timeout counts, and shares everything else (the players, the card table, the log)
    with ``state``. Sharing is safe because states are never changed once returned: every move
    that changes a player starts from work_copy. Four moves in ten are of this kind, and
    copying the players was most of their cost."""
    new = dict(state)
    new["counters"] = dict(state["counters"])
    pending = state["pending"]
    if pending is not None:  # a record whose lists hold ids, changed in place
        new["pending"] = {k: list(v) if type(v) is list else v for k, v in pending.items()}
    if "timeouts" in state:
        new["timeouts"] = list(state["timeouts"])
    return new


def seat_name(seat: int) -> str:
    # "Player N": the board puts the player's name in its place (the with_names filter).
    return f"Player {seat + 1}"
