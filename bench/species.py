"""ShapeShips species strength: the level-1 bot with each species against each other.

    python -m bench.species [--games 40] [--only ancient] [--no-save]

For every ordered pair of species where the first is in ``--only`` (all four by default),
plays ``--games`` seeded matches (seed ``species-<a>-<b>-<i>``) between level-1 bots, the
first species in seat 1 in even matches and seat 2 in odd ones, and prints its wins, losses,
draws and win rate (draws count half), the turns per match, and for Ancients the share of
the Energy made that was spent on Solar Powers. Saves the figures under bench/results/
(species.json) unless --no-save.
"""

from __future__ import annotations

import argparse
import sys
import time

from games.engines.shapeships import ENGINE
from games.engines.shapeships.ships import ENERGY_COLOURS

from .common import save, table

SPECIES = ("human", "xenite", "centaur", "ancient")
MAX_MOVES = 20_000


def play(first: str, second: str, seed: str, seat: int) -> tuple[float, int, int, int]:
    """One match; (score of ``first``, turns, Energy it made, Energy it spent)."""
    species = [second, second]
    species[seat] = first
    state = ENGINE.setup({"species": species}, seed)
    made = spent = 0
    for _ in range(MAX_MOVES):
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            score = 0.5 if outcome.winner is None else float(outcome.winner == seat)
            return score, state["turn"], made, spent
        mover = sorted(ENGINE.prompts(state).waiting)[0]
        before = state
        state, _ = ENGINE.apply(state, mover, ENGINE.bot_action(state, mover))
        if before["step"] == "declaration" and state["step"] != "declaration":
            # The Declaration was just revealed: count what the seat had made and spent.
            made += sum(before["turnstate"]["energy"][seat].values())
            casts = before["commit"][seat]["data"].get("solar", [])
            spent += sum(c["cost"][colour] for c in casts for colour in ENERGY_COLOURS)
    raise RuntimeError(f"{seed}: no result after {MAX_MOVES} moves")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    rows, results = [], []
    for first in SPECIES:
        if args.only and first not in args.only:
            continue
        for second in SPECIES:
            started = time.perf_counter()
            wins = losses = draws = turns = made = spent = 0
            for i in range(args.games):
                score, n, m, s = play(first, second, f"species-{first}-{second}-{i}", i % 2)
                wins += score == 1.0
                losses += score == 0.0
                draws += score == 0.5
                turns += n
                made += m
                spent += s
            seconds = time.perf_counter() - started
            result = {
                "species": first,
                "against": second,
                "matches": args.games,
                "wins": wins,
                "losses": losses,
                "draws": draws,
                "win_rate": round((wins + draws / 2) / args.games, 3),
                "turns_per_match": round(turns / args.games, 1),
                "energy_spent_share": round(spent / made, 3) if made else None,
                "seconds_per_match": round(seconds / args.games, 3),
            }
            results.append(result)
            rows.append(
                [
                    first,
                    second,
                    f"{wins}/{losses}/{draws}",
                    f"{result['win_rate']:.3f}",
                    f"{result['turns_per_match']}",
                    "-" if made == 0 else f"{result['energy_spent_share']:.3f}",
                    f"{result['seconds_per_match']}",
                ]
            )
            print(f"{first} vs {second}: done", file=sys.stderr, flush=True)
    print(
        table(["species", "against", "W/L/D", "win rate", "turns", "energy spent", "s/match"], rows)
    )
    if not args.no_save:
        summary = [
            (f"{r['species']} vs {r['against']}", f"win rate {r['win_rate']}") for r in results
        ]
        path = save("species", {"games": args.games, "results": results}, summary)
        print(f"saved {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
