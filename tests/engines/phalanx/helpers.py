"""Shared builders and invariant checks for the Phalanx tests."""

from __future__ import annotations

from games.engines.core import state_hash
from games.engines.phalanx import ENGINE, check_entry, first_broken_link
from games.engines.phalanx.cards import RANK_VALUES, STARTING_LP, deck, rank_of, value_of
from games.engines.phalanx.txlog import game_hash


def c(seat: int, short: str) -> str:
    """``c(0, "QS") == "PX0-QS"``."""
    return f"PX{seat}-{short}"


def slot(card: str | tuple | None) -> dict | None:
    """A grid slot from ``"PX0-QS"`` (full HP) or ``("PX0-QS", 8)``."""
    if card is None:
        return None
    if isinstance(card, tuple):
        return {"id": card[0], "hp": card[1]}
    return {"id": card, "hp": value_of(card)}


def combat_state(
    grids,
    *,
    hands=((), ()),
    drawpiles=((), ()),
    lp=(20, 20),
    active=0,
    mode="cumulative",
    turn=5,
    seed="phx-test",
    quiet=0,
) -> dict:
    """A combat-phase state with the given battlefields (``grids[seat] = [front4, back4]``).

    Every card of a seat that is not placed anywhere goes to that seat's discard pile, so the
    52-card conservation invariant holds for built states too.
    """
    state = ENGINE.setup({"damage_mode": mode}, seed)
    state["phase"] = "combat"
    state["turn"] = turn
    state["active"] = active
    state["deployed"] = 16
    state["quiet_turns"] = quiet
    for seat in (0, 1):
        player = state["players"][seat]
        player["grid"] = [[slot(x) for x in row] for row in grids[seat]]
        player["hand"] = list(hands[seat])
        player["drawpile"] = list(drawpiles[seat])
        player["lp"] = lp[seat]
        used = (
            {s["id"] for row in player["grid"] for s in row if s}
            | set(hands[seat])
            | set(drawpiles[seat])
        )
        player["discard"] = [x for x in deck(seat) if x not in used]
    return state


EMPTY = [None, None, None, None]


def check_invariants(state: dict, checked_log: int = 0, hashes: bool = True) -> None:
    """Assert the invariants that hold after every action of every match.

    ``checked_log`` skips combat-log entries already checked; ``hashes=False`` skips the
    transaction-log chain checks (for playouts that replay the whole chain at the end)."""
    in_deploy = state["phase"] == "deploy"
    for seat, player in enumerate(state["players"]):
        # Card conservation: the seat's 52 cards, each exactly once, across four zones.
        cards = [s["id"] for row in player["grid"] for s in row if s]
        cards += player["hand"] + player["drawpile"] + player["discard"]
        assert sorted(cards) == sorted(deck(seat)), f"seat {seat} does not hold its 52 cards"
        assert 0 <= player["lp"] <= STARTING_LP  # PHX-LP-002: LP never negative
        for row in player["grid"]:
            for s in row:
                if s is not None:
                    assert 1 <= s["hp"] <= RANK_VALUES[rank_of(s["id"])]
                    if rank_of(s["id"]) == "A":
                        assert s["hp"] == 1  # PHX-ACE-001
        if not in_deploy:
            front, back = player["grid"]
            for column in range(4):
                # auto-advance (PHX-REINFORCE-001) keeps no back card behind an empty front
                assert not (front[column] is None and back[column] is not None)
            assert len(player["hand"]) <= 4
            if state["phase"] == "combat" and not player["hand"]:
                assert not player["drawpile"]  # draw-to-4 empties the drawpile first
    for entry in state["combat_log"][checked_log:]:
        assert check_entry(entry) == []
    if hashes:
        assert first_broken_link(state["txlog"]) is None
        if state["txlog"]:
            # game_hash hashes prefixes once (phalanx/hashing.py): check it from scratch too.
            scratch = state_hash({k: v for k, v in state.items() if k != "txlog"})
            assert state["txlog"][-1]["stateHashAfter"] == game_hash(state) == scratch
    outcome = ENGINE.outcome(state)
    prompts = ENGINE.prompts(state)
    if outcome is None:
        assert len(prompts.waiting) == 1
        (seat,) = prompts.waiting
        assert ENGINE.legal_actions(state, seat)
        assert ENGINE.legal_actions(state, 1 - seat) == []
        assert prompts.time_limit in (30, 60)  # PXC-1
    else:
        assert prompts.step == "over"
        assert ENGINE.legal_actions(state, 0) == [] == ENGINE.legal_actions(state, 1)


def waiting_seat(state: dict) -> int:
    (seat,) = ENGINE.prompts(state).waiting
    return seat


def deploy_all(state: dict, pick=lambda legal: legal[0]) -> dict:
    """Play the whole deployment, each seat deploying ``pick(legal)``."""
    while state["phase"] == "deploy":
        seat = waiting_seat(state)
        state, _ = ENGINE.apply(state, seat, pick(ENGINE.legal_actions(state, seat)))
    return state
