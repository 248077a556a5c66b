"""Swiss scores and tie-breaks, computed from the results every time (nothing is stored,
so nothing can be counted twice).

A win or a bye scores 1, a draw 1/2, a loss 0. Ties are broken by, in order:
- Buchholz: the sum of the final scores of everyone the player met (a bye adds nothing);
- Sonneborn-Berger: the final scores of the opponents the player beat, plus half the
  scores of those they drew with (a bye adds nothing);
then by rating and the order of registration.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

WIN, DRAW, LOSS = "W", "D", "L"
POINTS = {WIN: Fraction(1), DRAW: Fraction(1, 2), LOSS: Fraction(0)}


@dataclass(frozen=True)
class Game:
    """One finished board: ``first`` scored ``result`` against ``second`` (None: a bye)."""

    first: int
    second: int | None
    result: str  # the first player's W, D or L (a bye is W)


@dataclass(frozen=True)
class Standing:
    player: int
    score: Fraction
    buchholz: Fraction
    sonneborn_berger: Fraction


def flipped(result: str) -> str:
    return {WIN: LOSS, LOSS: WIN, DRAW: DRAW}[result]


def standings(players: list[int], games: list[Game]) -> dict[int, Standing]:
    score = dict.fromkeys(players, Fraction(0))
    met: dict[int, list[tuple[int, str]]] = {p: [] for p in players}
    for game in games:
        score[game.first] += POINTS[game.result]
        if game.second is None:
            continue
        score[game.second] += POINTS[flipped(game.result)]
        met[game.first].append((game.second, game.result))
        met[game.second].append((game.first, flipped(game.result)))
    found = {}
    for p in players:
        buchholz = sum((score[o] for o, _ in met[p]), Fraction(0))
        sb = sum((score[o] * POINTS[r] for o, r in met[p]), Fraction(0))
        found[p] = Standing(p, score[p], buchholz, sb)
    return found


def shown(value: Fraction) -> str:
    """1, 1½, ½: how a Swiss score is written."""
    whole, half = divmod(value * 2, 2)
    if half:
        return f"{int(whole)}½" if whole else "½"
    return str(int(whole))
