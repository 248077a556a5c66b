"""Match state: the deck-choice step, hidden picks and the resolved battle.

State (plain JSON)::

    {"game": "card-battle", "seed": str, "step": Step,
     "picks": {"0": Pick | None, "1": Pick | None},   # hidden until both are in (CB-MATCH-01)
     "battle": <battle record> | None,                 # public once resolved (CBR-10)
     "outcome": {"result", "winner", "reason", "message"} | None}

A Pick is ``{"pick_id": "CBPICK<seat>", "name": str, "deck": <normalised deck>}``; the
distinctive ``pick_id`` lets leak tests search rendered pages for a hidden commitment.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .battle import player, resolve

GAME = "card-battle"
SEATS = (0, 1)


class Step(StrEnum):
    CHOOSE_DECK = "choose_deck"  # both seats pick a deck, hidden and simultaneous
    OVER = "over"  # the battle is resolved; nothing is left to decide


def pick_id(seat: int) -> str:
    return f"CBPICK{seat}"


def initial_state(seed: str) -> dict[str, Any]:
    return {
        "game": GAME,
        "seed": str(seed),
        "step": str(Step.CHOOSE_DECK),
        "picks": {"0": None, "1": None},
        "battle": None,
        "outcome": None,
    }


def record_pick(state: dict[str, Any], seat: int, name: str, deck: dict[str, Any]) -> None:
    """Store ``seat``'s validated, normalised deck (in place) and resolve when both are in."""
    state["picks"][str(seat)] = {"pick_id": pick_id(seat), "name": name, "deck": deck}
    if all(state["picks"][str(s)] is not None for s in SEATS):
        resolve_match(state)


def resolve_match(state: dict[str, Any]) -> None:
    """Run the battle (the automatic rest of the match) and record the outcome, in place."""
    picks = [state["picks"][str(s)] for s in SEATS]
    battle = resolve([p["deck"] for p in picks], state["seed"], [p["name"] for p in picks])
    result = battle["result"]
    winner = result["winner"]
    if winner is None:
        message = f"Treaty: both players end with {result['hp'][0]} HP."
    elif result["reason"] == "hp_zero":
        message = f"{player(winner)} wins on turn {result['turn']}: {player(1 - winner)} fell."
    else:
        message = f"{player(winner)} wins on HP once both decks and fields were empty."
    state["battle"] = battle
    state["step"] = str(Step.OVER)
    state["outcome"] = {
        "result": result["result"],
        "winner": winner,
        "reason": result["reason"],
        "message": message,
    }
