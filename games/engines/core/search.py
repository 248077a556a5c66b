"""The searching bot (level 2): sample what the seat cannot see, play each move out with
the engine, keep the move that does best on average.

Determinized Monte Carlo: ``sample(state, seat, r)`` returns a copy of ``state`` in which
everything hidden from ``seat`` (the opponent's hand, deck orders, the seed that drives
future randomness) is redrawn at random from what the seat could know, so a search over
samples never uses the real hidden cards. Each legal move is applied in every sample and
the game is played on by level-1 bots for at most ``depth`` moves (timeouts where nobody
can act) or until ``until(state)`` says the horizon is reached, then scored by
``evaluate(state, seat)`` in 0..1 (a finished match is 1, 0.5 or 0). The budget is fixed (samples x moves x depth), never timed, so a decision is
reproducible: the same state always gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .contract import DRAW, Engine
from .errors import IllegalAction
from .rng import rng

Sampler = Callable[[dict[str, Any], int, random.Random], dict[str, Any]]
Evaluator = Callable[[dict[str, Any], int], float]


def result_score(engine: Engine, state: dict[str, Any], seat: int) -> float | None:
    """1 for a win of ``seat``, 0 for a loss, 0.5 for a draw; None while in play."""
    outcome = engine.outcome(state)
    if outcome is None:
        return None
    if outcome.result == DRAW or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == seat else 0.0


def playout(
    engine: Engine,
    state: dict[str, Any],
    depth: int,
    until: Callable[[dict[str, Any]], bool] | None = None,
) -> dict[str, Any]:
    """Level-1 bots play on for at most ``depth`` moves, or until ``until(state)``."""
    for _ in range(depth):
        if engine.outcome(state) is not None or (until is not None and until(state)):
            break
        waiting = sorted(engine.prompts(state).waiting)
        try:
            if not waiting:
                state, _ = engine.timeout(state)
                continue
            mover = waiting[0]
            state, _ = engine.apply(state, mover, engine.bot_action(state, mover, 1))
        except IllegalAction:
            break  # a sample the level-1 bot cannot continue: score it as it stands
    return state


def search_action(
    engine: Engine,
    state: dict[str, Any],
    seat: int,
    sample: Sampler,
    evaluate: Evaluator,
    *,
    samples: int = 4,
    depth: int = 12,
    key: object = "",
    then: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None,
    lines: list[list[dict[str, Any]]] | None = None,
    until: Callable[[dict[str, Any]], bool] | None = None,
) -> dict[str, Any]:
    """The legal move of ``seat`` with the best mean score over the samples. ``then(move)``
    lists the seat's own follow-up moves that complete a composed decision (Elemental
    Clash's lock after a select), so a move is judged as the player means it, not as the
    level-1 bot would go on to change it. ``lines`` replaces that with the candidates
    spelled out, each a sequence of the seat's moves (a select and each of its targets, a
    whole submission); the first move of the best line is played."""
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise IllegalAction("NOT_YOUR_TURN", "The bot has nothing to do now.")
    if lines is None:
        lines = [[action, *(then(action) if then else [])] for action in legal]
    if len(lines) == 1:
        return lines[0][0]
    r = rng(state["seed"], "bot2", seat, key)
    worlds = [sample(state, seat, r) for _ in range(samples)]
    best, best_score = lines[0][0], -float("inf")
    for line in lines:
        total = 0.0
        for world in worlds:
            try:
                after = world
                for move in line:
                    after, _ = engine.apply(after, seat, move)
            except IllegalAction:
                total -= 1.0  # impossible in this sample: the move depends on hidden luck
                continue
            after = playout(engine, after, depth, until)
            score = result_score(engine, after, seat)
            total += evaluate(after, seat) if score is None else score
        if total > best_score:  # ties keep the earlier line: legal_actions order decides
            best, best_score = line[0], total
    return best
