"""Django templates or Jinja2 for boards: a whole Elemental Clash board rendered by both.

    .venv/bin/python -m bench.template_engines [--matches 6] [--moves 30] [--rounds 3]
    .venv/bin/python -m bench.template_engines --instructions      # counted, not timed

Boards come from seeded Elemental Clash matches played at random (half of them timed, so the
clocks show): each match is looked at in the draft, in its first battle turn, later in the
battle and once finished, by both players and a spectator; that is the context the site
renders (``games.live.rendering.context_for``), captured once and then rendered by Django
(templates/match/_fragments.html, the page's live fragments with the board) and by the Jinja2
port in bench/jinja_board/. Every captured board, and every frame's context, is rendered by
both engines and compared after normalising whitespace (and the two spellings of a quote,
``&#x27;``/``&#39;`` and ``&quot;``/``&#34;``), and the port's frames must equal Django's
frame by frame; any difference stops the bench before it times anything.

What is measured, per render:

- ``*-whole``: a whole board from nothing. Django with its HTML caches off (parts, memos and
  memo_include reuse nothing, though parts still digest their inputs), Jinja2 with plain parts
  (only wrapped). The fair comparison of the two engines.
- ``*-whole-cached``: a board rendered once before (every part and memo found in the caches;
  Jinja2 with digested parts): what a reload costs once the parts are warm.
- ``*-frame``: what a move makes the site render per socket, over each match's moves for both
  players, caches as in a live process (emptied at the start of each run). Django:
  ``frame_of`` as the live path calls it (games/live/frames.py). ``jinja-frame``: the whole
  board, as Jinja2 without parts would send it. ``jinja-frame-parts``: ``frame_of`` over the
  port with digested parts (bench/jinja_board/parts.py).

Wall time is per render, rounds interleaved (Django, Jinja2, Django, ...). ``--instructions``
runs each engine's renders under valgrind's callgrind with the workload and three times the
workload and divides the difference in instructions by the difference in renders: start-up and
template compilation cancel out, and the figure does not move with the machine's load.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pickle
import random
import re
import secrets
import shutil
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.common import ROOT, ms, percentile, save, table, under_callgrind
from bench.move_cost import GIVING_UP, PREFERRED, migrated_template

GAME = "elemental-clash"
PAGE = "match/_fragments.html"
MODES = (
    "django-whole",
    "jinja-whole",
    "django-whole-cached",
    "jinja-whole-cached",
    "django-frame",
    "jinja-frame",
    "jinja-frame-parts",
)


def _django(database: Path | None = None) -> None:
    if database is not None:
        os.environ["SQLITE_PATH"] = str(database)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    os.environ["DEBUG"] = "false"  # cached template loaders, as in production
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    import django

    django.setup()


# -- the boards -------------------------------------------------------------------------------


def capture(database: Path, matches: int, moves: int) -> dict:
    """Contexts of seeded matches: ``boards`` (label, context) at four points of each match
    for three viewers, and ``frames``: per match, the (seat, context) of both players after
    each of its first ``moves`` moves, the mover's opponent first (as the live path sends)."""
    _django(database)
    from games.engines import get_engine
    from games.live.rendering import Viewer, context_for
    from games.matches import broadcast, services
    from games.matches.identity import Player
    from games.models import Match

    players = [Player(user_id=None, guest_id=f"bench-{n}", name=n) for n in ("ada", "bob")]
    engine, rng = get_engine(GAME), random.Random(f"template-engines:{GAME}")
    boards: list[tuple[str, dict]] = []
    frames: list[list[tuple[int, dict]]] = []

    def look(match, label: str) -> None:
        for seat in (0, 1, None):
            viewer = Viewer(players[seat] if seat is not None else None, seat)
            who = "spectator" if seat is None else f"seat {seat}"
            boards.append(
                (f"match {match.code} {label}, {who}", {**context_for(match, viewer), "flash": ""})
            )

    with broadcast.collected():
        for number in range(matches):
            timed = number % 2 == 1
            match = services.create_match(GAME, players[0], timed=timed, seed=f"te-{number}")
            services.join_match(match.pk, players[1])
            sequence: list[tuple[int, dict]] = []
            seen: set[str] = set()
            mover = None  # the seat that made the last move
            for moved in range(400):
                match = Match.objects.prefetch_related("seats").get(pk=match.pk)
                stage = match.state["stage"]
                point = (
                    "finished"
                    if match.status != Match.Status.ACTIVE
                    else "draft"
                    if stage == "draft"
                    else "battle, later"
                    if match.state["turn"] >= 4
                    else "battle, first turn"
                )
                if point not in seen:
                    seen.add(point)
                    look(match, point)
                if mover is not None and moved <= moves:
                    for viewer_seat in (1 - mover, mover):
                        ctx = context_for(match, Viewer(players[viewer_seat], viewer_seat))
                        sequence.append((viewer_seat, {**ctx, "flash": ""}))
                if match.status != Match.Status.ACTIVE:
                    break
                waiting = [s for s in (0, 1) if engine.legal_actions(match.state, s)]
                mover = rng.choice(waiting)
                offered = engine.legal_actions(match.state, mover)
                playing = [a for a in offered if a.get("type") not in GIVING_UP] or offered
                preferred = [a for a in playing if a.get("type") in PREFERRED]
                services.submit(match.pk, players[mover], mover, rng.choice(preferred or playing))
            frames.append(sequence)
    return {"boards": boards, "frames": frames}


# -- the two engines --------------------------------------------------------------------------


@contextlib.contextmanager
def django_caches(on: bool):
    """Django's HTML caches fresh and empty, or (``on`` False) unable to hold anything, for the
    duration; as they were after."""
    from games.matches.lru import LRU
    from games.templatetags import duelhall, parts

    saved = (parts.reuse_enabled, parts._parts, parts._memos, duelhall._fragments)
    size = (lambda n: n) if on else (lambda n: 0)
    parts.reuse_enabled = on
    parts._parts = LRU(size(saved[1].capacity))
    parts._memos = LRU(size(saved[2].capacity))
    duelhall._fragments = LRU(size(saved[3].capacity))
    try:
        yield
    finally:
        parts.reuse_enabled, parts._parts, parts._memos, duelhall._fragments = saved


def django_whole(ctx: dict) -> str:
    from django.template.loader import render_to_string

    return render_to_string(PAGE, ctx)


def django_frame(ctx: dict, shown):
    from django.template.loader import render_to_string

    from games.live.frames import FRAME_VARIABLE, frame_of

    return frame_of(lambda builder: render_to_string(PAGE, {**ctx, FRAME_VARIABLE: builder}), shown)


_jinja: dict = {}


def jinja(digested: bool = False):
    """The port's environment: plain (parts only wrapped), or with digested parts and memos."""
    if digested not in _jinja:
        from bench.jinja_board.environment import environment

        _jinja[digested] = environment(digested)
    return _jinja[digested]


def jinja_whole(ctx: dict, digested: bool = False) -> str:
    return jinja(digested).get_template(PAGE).render(ctx)


def jinja_frame(ctx: dict, shown):
    """A frame as the live path builds it, from the port with digested parts."""
    from games.live.frames import FRAME_VARIABLE, frame_of

    page = jinja(True).get_template(PAGE)
    return frame_of(lambda builder: page.render({**ctx, FRAME_VARIABLE: builder}), shown)


def jinja_caches_emptied() -> None:
    from bench.jinja_board.parts import DigestedParts

    jinja(True).extensions[DigestedParts.identifier].empty()


# -- the check ----------------------------------------------------------------------------------

_SPACE = re.compile(r"\s+")
_QUOTES = (("&#39;", "&#x27;"), ("&#34;", "&quot;"))  # markupsafe's spelling -> Django's


def normalised(html: str) -> str:
    for theirs, ours in _QUOTES:
        html = html.replace(theirs, ours)
    return _SPACE.sub(" ", html).strip()


def check(workload: dict) -> int:
    """Every board and frame context through both engines; exits naming the first that
    differs. Returns how many were compared."""
    contexts = list(workload["boards"]) + [
        (f"frame {n} of match {m}", ctx)
        for m, sequence in enumerate(workload["frames"])
        for n, (_, ctx) in enumerate(sequence)
    ]
    with django_caches(on=False):
        for label, ctx in contexts:
            ours, theirs = normalised(django_whole(ctx)), normalised(jinja_whole(ctx))
            if ours != theirs:
                at = next(
                    (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
                    min(len(ours), len(theirs)),
                )
                raise SystemExit(
                    f"the Jinja2 port differs from Django on {label} at character {at}:\n"
                    f"  django: ...{ours[max(0, at - 120) : at + 120]}...\n"
                    f"  jinja2: ...{theirs[max(0, at - 120) : at + 120]}...\n"
                    "no times are reported for boards that differ"
                )
    with django_caches(on=True):
        jinja_caches_emptied()
        for m, sequence in enumerate(workload["frames"]):
            shown: dict = {}
            for n, (seat, ctx) in enumerate(sequence):
                ours, shown[seat, "d"] = django_frame(ctx, shown.get((seat, "d")))
                theirs, shown[seat, "j"] = jinja_frame(ctx, shown.get((seat, "j")))
                if normalised(ours) != normalised(theirs):
                    raise SystemExit(
                        f"frame {n} of match {m}: the port's parts send other HTML than "
                        "Django's; no times are reported"
                    )
                whole = jinja_whole(ctx, digested=True)
                if normalised(whole) != normalised(jinja_whole(ctx)):
                    raise SystemExit(f"frame {n} of match {m}: cached parts differ from fresh")
    return len(contexts)


# -- the runs -----------------------------------------------------------------------------------


def run(mode: str, workload: dict, count: int, clock=None) -> tuple[int, list[float], int]:
    """Render ``count`` units of ``mode`` (boards, cycled, or matches' frame sequences);
    (renders, seconds per render when ``clock`` is given, bytes sent)."""
    clock = clock or (lambda: 0.0)
    spent: list[float] = []
    sent = 0
    cached = mode.endswith("cached")
    if "whole" in mode:
        boards = [ctx for _, ctx in workload["boards"]]
        if mode.startswith("jinja"):
            jinja_caches_emptied()

            def render(ctx):
                return jinja_whole(ctx, digested=cached)
        else:
            render = django_whole
        with django_caches(on=cached):
            if cached:
                for ctx in boards:  # every board once before: its parts are in the caches
                    render(ctx)
            for n in range(count):
                ctx = boards[n % len(boards)]
                start = clock()
                sent += len(render(ctx))
                spent.append(clock() - start)
        return count, spent, sent
    sequences = [workload["frames"][n % len(workload["frames"])] for n in range(count)]
    with django_caches(on=True):
        jinja_caches_emptied()
        for sequence in sequences:
            shown: dict = {0: None, 1: None}
            for seat, ctx in sequence:
                start = clock()
                if mode == "jinja-frame":
                    html = jinja_whole(ctx)
                elif mode == "jinja-frame-parts":
                    html, shown[seat] = jinja_frame(ctx, shown[seat])
                else:
                    html, shown[seat] = django_frame(ctx, shown[seat])
                spent.append(clock() - start)
                sent += len(html)
    return len(spent), spent, sent


def counted(mode: str, workload_file: Path, count: int) -> tuple[int, int]:
    """(instructions, renders) of one child run under callgrind."""
    instructions, printed = under_callgrind(
        "bench.template_engines",
        [str(workload_file), "--mode", mode, "--count", str(count)],
        cwd=ROOT,
    )
    return instructions, printed["renders"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=6, help="seeded matches to take boards from")
    parser.add_argument("--moves", type=int, default=30, help="moves per match whose frames count")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved timing rounds")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # a counted run's workload
    parser.add_argument("--mode", choices=MODES, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()

    if args.child:
        _django()
        workload = pickle.loads(Path(args.child).read_bytes())
        renders, _, _ = run(args.mode, workload, args.count)
        print(json.dumps({"renders": renders}))
        return

    with tempfile.TemporaryDirectory(prefix="duelhall-template-engines-") as tmp:
        directory = Path(tmp)
        database = directory / "run.sqlite3"
        shutil.copy(migrated_template(directory), database)
        workload = capture(database, args.matches, args.moves)
        compared = check(workload)
        print(
            f"{len(workload['boards'])} boards and {compared - len(workload['boards'])} frame "
            "contexts: Django and the Jinja2 port render the same HTML"
        )
        boards, matches = len(workload["boards"]), len(workload["frames"])
        units = {m: (matches // 3 or 1) if "frame" in m else boards for m in MODES}
        result: dict = {"boards": boards, "frame_matches": matches, "compared": compared}
        rows = []
        if args.instructions:
            if shutil.which("valgrind") is None:
                raise SystemExit("--instructions needs valgrind (Debian's valgrind package)")
            workload_file = directory / "workload.pickle"
            workload_file.write_bytes(pickle.dumps(workload))
            # Two runs at a time: a count does not depend on what else the machine runs.
            runs = [(mode, units[mode] * k) for mode in MODES for k in (1, 3)]
            with ThreadPoolExecutor(2) as pool:
                done = dict(
                    zip(
                        runs,
                        pool.map(lambda r: counted(r[0], workload_file, r[1]), runs),
                        strict=True,
                    )
                )
            for mode in MODES:
                small, large = done[mode, units[mode]], done[mode, 3 * units[mode]]
                per = (large[0] - small[0]) / (large[1] - small[1])
                result[mode] = {"instructions_per_render": round(per), "runs": [small, large]}
            for mode in MODES:
                per = result[mode]["instructions_per_render"]
                base = result["django-frame" if "frame" in mode else "django-whole"]
                ratio = per / base["instructions_per_render"]
                rows.append([mode, f"{per / 1e6:.3f} M", f"{ratio:.2f}×"])
            print(table(["render", "instructions per render", "vs Django's"], rows))
        else:
            times: dict[str, list[float]] = {m: [] for m in MODES}
            sent: dict[str, int] = {}
            renders: dict[str, int] = {}
            for _ in range(args.rounds):
                for mode in MODES:  # every match's frames; every board
                    n = matches if "frame" in mode else boards
                    renders[mode], spent, sent[mode] = run(mode, workload, n, time.perf_counter)
                    times[mode] += spent
            for mode in MODES:
                spent = times[mode]
                result[mode] = {
                    "renders": len(spent),
                    "median_ms": ms(statistics.median(spent)),
                    "mean_ms": ms(statistics.mean(spent)),
                    "p95_ms": ms(percentile(spent, 95)),
                    "bytes_per_render": round(sent[mode] / renders[mode]),
                }
                rows.append(
                    [
                        mode,
                        len(spent),
                        result[mode]["median_ms"],
                        result[mode]["mean_ms"],
                        result[mode]["p95_ms"],
                        result[mode]["bytes_per_render"],
                    ]
                )
            print(table(["render", "renders", "median ms", "mean ms", "p95 ms", "bytes"], rows))
    if not args.no_save:
        name = "template-engines" + ("-instructions" if args.instructions else "")
        config = {"matches": args.matches, "moves": args.moves, "rounds": args.rounds}
        summary = [(f"{GAME} boards, {r[0]}", ", ".join(str(v) for v in r[1:])) for r in rows]
        path = save(name, {"config": config, "result": result}, summary)
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
