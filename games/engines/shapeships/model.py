"""Named phases and steps (SSC-1, SSC-6, SSR-1), state construction and fleet queries.

State is plain JSON. Per-seat data lives in two-element lists indexed by seat (never int
dict keys). A ship instance is ``{"id", "code", "charges", "built_turn", "trigger",
"components", "used_charge"}``; ids look like ``SS0-FIG-007`` and are assigned only when a
fleet is revealed, so a pending build has no id to leak.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .ships import ENERGY_COLOURS, SHIPS, XENITE_FAMILY, Kind

START_HEALTH = 25
MAX_HEALTH = 35
START_LINES = 3
SAVED_LINE_CAP = 12
LOG_KEEP = 60


class Stage(StrEnum):
    """Match lifecycle around the turns: not a turn phase."""

    SPECIES_CHOICE = "species_choice"
    PLAYING = "playing"
    OVER = "over"


class MajorPhase(StrEnum):
    """Exactly three major phases (SSC-1). "Automatic" is a step property, not a phase."""

    BUILD_PHASE = "build_phase"
    BATTLE_PHASE = "battle_phase"
    END_OF_TURN_RESOLUTION = "end_of_turn_resolution"


class BuildStep(StrEnum):
    DICE_ROLL = "dice_roll"
    LINE_GENERATION = "line_generation"
    DRAWING = "drawing"


class BattleStep(StrEnum):
    REVEAL = "reveal"
    FIRST_STRIKE = "first_strike"
    DECLARATION = "declaration"
    RESPONSE = "response"


class EndStep(StrEnum):
    END_OF_TURN_RESOLUTION = "end_of_turn_resolution"


STEP_PHASE: dict[str, MajorPhase] = {
    **{s.value: MajorPhase.BUILD_PHASE for s in BuildStep},
    **{s.value: MajorPhase.BATTLE_PHASE for s in BattleStep},
    EndStep.END_OF_TURN_RESOLUTION.value: MajorPhase.END_OF_TURN_RESOLUTION,
}

# Whether a step is automatic is a property of the step (SSC-1); the dice roll is
# interactive only when a reroll power exists, first strike and the charges steps only when
# someone can act in them (SSR-1).
STEP_AUTOMATIC: dict[str, bool] = {
    BuildStep.DICE_ROLL: True,
    BuildStep.LINE_GENERATION: True,
    BuildStep.DRAWING: False,
    BattleStep.REVEAL: True,
    BattleStep.FIRST_STRIKE: False,
    BattleStep.DECLARATION: False,
    BattleStep.RESPONSE: False,
    EndStep.END_OF_TURN_RESOLUTION: True,
}


def other(seat: int) -> int:
    return 1 - seat


def new_player() -> dict[str, Any]:
    return {
        "species": None,
        "health": START_HEALTH,
        "lines": START_LINES,
        "joining": 0,
        "fleet": [],
        "convert": 0,  # lines Convert casts add at the next Line Generation
        "copies": [],  # Simulacrum copies arriving at the start of the next turn
    }


def new_turn() -> dict[str, Any]:
    """Turn-scoped data, reset at the end of every End of Turn Resolution."""
    return {
        "effects": [],  # queued effect records (once, charge, set_max)
        "made": [0, 0],  # ships made this turn (drawn, upgraded, made by powers)
        "queen_made": [0, 0],
        "lost": [],  # ships destroyed or consumed this turn: {seat, ship, how}
        "built": [[], []],  # codes built/made this turn, public after reveal
        "reveal_log": [],
        "strikes": [[], []],  # revealed first-strike choices
        "declared": [[], []],  # revealed declarations
        "responded": [[], []],  # revealed responses
        "family_types": [0, 0],
        "response_open": False,
        "energy": [no_energy(), no_energy()],  # generated at Reveal, lost at end of turn
        "cast": [[], []],  # revealed Solar Power casts
        "holes": [],  # Black Hole targets, destroyed at the start of End of Turn Resolution
    }


def no_energy() -> dict[str, int]:
    return {colour: 0 for colour in ENERGY_COLOURS}


def new_commit() -> list[dict[str, Any]]:
    """Hidden commitments of the current step: one dict per seat (SSR-8)."""
    return [{"locked": False, "data": {}}, {"locked": False, "data": {}}]


def count(fleet: list[dict], code: str) -> int:
    return sum(1 for ship in fleet if ship["code"] == code)


def distinct_types(fleet: list[dict]) -> int:
    """Distinct ship codes; Xenite, Oxite and Asterite are three types (SSR-6)."""
    return len({ship["code"] for ship in fleet})


def xenite_family(fleet: list[dict], include_inside: bool = False) -> int:
    total = sum(1 for ship in fleet if ship["code"] in XENITE_FAMILY)
    if include_inside:
        for ship in fleet:
            total += sum(1 for c in ship.get("components") or [] if c in XENITE_FAMILY)
    return total


def is_basic(code: str) -> bool:
    return SHIPS[code].kind == Kind.BASIC


def targetable(code: str) -> bool:
    """Whether a destroy or steal power may hit ``code``: Basic ships, never Cores."""
    return SHIPS[code].kind == Kind.BASIC and not SHIPS[code].core


def log(state: dict[str, Any], text: str) -> None:
    entries = state["log"]
    entries.append({"turn": state["turn"], "text": text})
    del entries[: max(0, len(entries) - LOG_KEEP)]


def new_ship(state: dict[str, Any], seat: int, code: str, built_turn: int) -> dict[str, Any]:
    """A new instance with a fresh id from the state's serial counter."""
    state["serial"] += 1
    return {
        "id": f"SS{seat}-{code}-{state['serial']:03d}",
        "code": code,
        "charges": SHIPS[code].charges,
        "built_turn": built_turn,
        "trigger": None,
        "components": [],
        "used_charge": False,
    }
