"""A battle turn: the 13 phases of T2, in order, each logged even when nothing happens (T3).

``begin_turn`` runs phase 1 (ENERGY) and opens phase 2 (SELECTION). ``resolve_turn`` runs
once every selection is fixed and performs phases 2-13 (see ``phases.py``), then begins the
next turn unless the match ended. Everything works in place on the engine's private clone.
"""

from games.engines.core import DRAW, WIN

from .constants import ENERGY_PER_TURN, MAX_ENERGY, PHASE_ENERGY, STAGE_OVER, EndReason
from .phases import PHASES, seat_label

# The phases' names as plain strings (an enum member's .value is a descriptor call, 13 a turn).
_PHASE_RUNS = [(phase.value, run) for phase, run in PHASES]


def begin_turn(state: dict) -> None:
    """Phase 1 ENERGY (E3/ECR-5: +2, capped at 10, from turn 2), the ECR-6 exhaustion check,
    then phase 2 SELECTION opens with every selection cleared."""
    items = []
    for player in state["players"]:
        before = player["energy"]
        player["energy"] = min(MAX_ENERGY, before + ENERGY_PER_TURN)
        items.append(
            {
                "seat": player["seat"],
                "before": before,
                "after": player["energy"],
                "text": f"{seat_label(player['seat'])} energy {before} -> {player['energy']}.",
            }
        )
    state["energy_phase"] = {"phase": PHASE_ENERGY, "items": items}
    for player in state["players"]:
        player["selection"] = None
        player["locked"] = False
        player["auto"] = False
    if not any(p["hand"] for p in state["players"]):
        end_by_exhaustion(state)


def end_by_exhaustion(state: dict) -> None:
    """ECR-6: both hands empty at the start of a turn: higher HP wins, equal HP is a draw."""
    hp0, hp1 = (p["hp"] for p in state["players"])
    if hp0 == hp1:
        outcome = {"result": DRAW, "winner": None, "message": f"Both bases at {hp0} HP."}
    else:
        winner = 0 if hp0 > hp1 else 1
        outcome = {
            "result": WIN,
            "winner": winner,
            "message": f"{seat_label(winner)} wins with more base HP "
            f"({max(hp0, hp1)} to {min(hp0, hp1)}).",
        }
    outcome["reason"] = EndReason.EXHAUSTION.value
    outcome["turn"] = state["turn"]
    state["outcome"] = outcome
    state["stage"] = STAGE_OVER


def _selected_card(player: dict) -> dict | None:
    """The hand card ``player`` has selected; None for a seat with an empty hand."""
    for card in player["hand"]:
        if card["id"] == player["selection"]:
            return card
    return None


def resolve_turn(state: dict) -> list[dict]:
    """Phases 2-13 for the current turn; returns the admin events.

    Requires every seat with cards in hand to hold a selection (the engine applies S3 first).
    """
    turn = state["turn"]
    chosen = [_selected_card(player) for player in state["players"]]
    ctx = {"turn": turn, "chosen": chosen, "verdicts": [], "reveal": {"turn": turn, "cards": []}}
    log = [state["energy_phase"] or {"phase": PHASE_ENERGY, "items": []}]
    for phase, run in _PHASE_RUNS:
        log.append({"phase": phase, "items": run(state, ctx)})
    # A new list: the log is shared with the states before this move (state.work_copy).
    state["log"] = [*state["log"], {"turn": turn, "phases": log}]
    state["last_reveal"] = ctx["reveal"]
    if state["outcome"] is not None:
        state["stage"] = STAGE_OVER
        state["energy_phase"] = None
    else:
        begin_turn(state)
    return [{"type": "turn_resolved", "turn": turn, "outcome": state["outcome"]}]
