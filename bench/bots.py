"""Bot strength: the searching bot (level 2) against the heuristic one (level 1).

    python -m bench.bots [--games 200] [--only phalanx] [--no-save]

For every game whose engine lists level 2 in ``bot_levels``, plays ``--games`` seeded
matches (seed ``bots-<game>-<i>``), level 2 in seat 1 in even matches and seat 2 in odd
ones, and prints level 2's wins, losses, draws and win rate (draws count half), the seconds
per match, and the CPU milliseconds one level-2 decision takes (mean and slowest; CPU time,
so that other work on the machine does not inflate it). Saves the figures under bench/results/ (bots.json) unless --no-save.
"""

from __future__ import annotations

import argparse
import sys
import time

from games.engines import all_engines
from games.engines.core.search import result_score

from .common import save, table

MAX_MOVES = 5000


def play(engine, seed: str, levels: dict[int, int], thinking: list[float]) -> float:
    """One match; the score (1, 0.5, 0) of the seat with level 2. The CPU seconds of each
    level-2 decision are appended to ``thinking``."""
    state = engine.setup({}, seed)
    strong = next(s for s, level in levels.items() if level == 2)
    for _ in range(MAX_MOVES):
        score = result_score(engine, state, strong)
        if score is not None:
            return score
        waiting = sorted(engine.prompts(state).waiting)
        if not waiting:
            state, _ = engine.timeout(state)
            continue
        for seat in waiting:
            if engine.outcome(state) is not None:
                break
            if seat in engine.prompts(state).waiting:
                started = time.process_time()
                move = engine.bot_action(state, seat, levels[seat])
                if levels[seat] == 2:
                    thinking.append(time.process_time() - started)
                state, _ = engine.apply(state, seat, move)
    raise RuntimeError(f"{engine.slug} {seed}: no result after {MAX_MOVES} rounds")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    rows, results = [], []
    for slug, engine in all_engines().items():
        if args.only and slug not in args.only:
            continue
        if 2 not in engine.bot_levels:
            print(f"{slug}: no level 2 yet, skipped", flush=True)
            continue
        started = time.perf_counter()
        wins = losses = draws = 0
        thinking: list[float] = []
        for i in range(args.games):
            levels = {i % 2: 2, 1 - i % 2: 1}
            score = play(engine, f"bots-{slug}-{i}", levels, thinking)
            wins += score == 1.0
            losses += score == 0.0
            draws += score == 0.5
        seconds = time.perf_counter() - started
        rate = (wins + draws / 2) / args.games
        mean_ms = 1000 * sum(thinking) / max(1, len(thinking))
        max_ms = 1000 * max(thinking, default=0.0)
        results.append(
            {
                "game": slug,
                "matches": args.games,
                "level2_wins": wins,
                "level2_losses": losses,
                "draws": draws,
                "level2_win_rate": round(rate, 3),
                "seconds_per_match": round(seconds / args.games, 3),
                "level2_decisions": len(thinking),
                "level2_cpu_ms_mean": round(mean_ms, 1),
                "level2_cpu_ms_max": round(max_ms, 1),
            }
        )
        rows.append(
            [
                slug,
                args.games,
                wins,
                losses,
                draws,
                f"{rate:.1%}",
                f"{seconds / args.games:.2f}",
                f"{mean_ms:.0f}",
                f"{max_ms:.0f}",
            ]
        )
        print(f"{slug}: level 2 won {wins}, lost {losses}, drew {draws}: {rate:.1%}", flush=True)
    print()
    header = ["game", "matches", "L2 wins", "L2 losses", "draws", "L2 rate", "s/match"]
    print(table([*header, "L2 ms/decision", "L2 ms max"], rows))
    if not args.no_save and results:
        summary = [
            (r["game"], f"level 2 vs 1: {r['level2_win_rate']:.1%} of {r['matches']}")
            for r in results
        ]
        path = save("bots", {"results": results}, summary)
        print(f"\nwrote {path.relative_to(path.parents[2])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
