"""What opening a match page costs the player's browser: Chromium's CPU per reload of a
match page against the bot, in all its processes (renderer, browser, GPU, network), and
the board frames the reloaded page's socket brings before anything moves.

    .venv/bin/python -m bench.page_load [--game phalanx] [--reloads 10] [--rounds 2]
    .venv/bin/python -m bench.page_load --site http://127.0.0.1:8000 --site http://127.0.0.1:8001

Without ``--site`` it serves the hall itself (`manage.py play`, a fresh SQLite file). With
two or more it measures each running server in turn, round by round, so that two versions of
the hall (two worktrees' `make run` on two ports) are compared interleaved on one machine.
Each round is a fresh Chromium, a new bot match, two reloads to warm its caches, then
``--reloads`` timed ones. It drives Debian's Chromium as the browser tests do.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
import time
from pathlib import Path

from bench.common import save, table
from bench.live import Database
from bench.processes import CLK_TCK, Server, cpu_ticks, free_port
from tests.live import launched_chromium

KINDS = ("renderer", "gpu-process", "utility")
BOARD_FRAME = '<div id="board"'


def chromium_pids(known: set[int]) -> dict[int, str]:
    """Chromium's processes started after ``known`` was taken, each with its kind."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) in known:
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if "chromium" in cmdline:
            found[int(name)] = next((k for k in KINDS if f"--type={k}" in cmdline), "browser")
    return found


def cpu_by_kind(pids: dict[int, str]) -> dict[str, float]:
    totals = dict.fromkeys(("renderer", "browser", "gpu-process", "utility"), 0.0)
    for pid, kind in pids.items():
        totals[kind] = totals.get(kind, 0.0) + cpu_ticks(pid) / CLK_TCK
    return totals


def reload_round(site: str, game: str, reloads: int) -> dict:
    from playwright.sync_api import sync_playwright

    before = {int(p) for p in os.listdir("/proc") if p.isdigit()}
    with sync_playwright() as playwright:
        browser = launched_chromium(playwright)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        frames: list[str] = []

        def on_socket(ws) -> None:
            if "/ws/m/" in ws.url:
                ws.on("framereceived", lambda payload: frames.append(payload))

        page.on("websocket", on_socket)
        page.goto(f"{site}/g/{game}/")
        page.check("input[name=mode][value=bot]")
        page.click("button:has-text('Create match')")
        page.wait_for_url(re.compile(r"/m/\w+/$"))
        page.wait_for_selector("#match-status[data-version]")
        time.sleep(2)  # the bot's opening moves, if it has any
        for _ in range(2):
            page.reload()
            page.wait_for_selector("#match-status[data-version]")
        time.sleep(0.5)
        pids = chromium_pids(before)
        start = cpu_by_kind(pids)
        frames.clear()
        for _ in range(reloads):
            page.reload()
            page.wait_for_selector("#match-status[data-version]")
        time.sleep(0.5)  # the last socket's first frame, if one comes
        end = cpu_by_kind(pids)
        browser.close()
    per_reload = {kind: 1000 * (end[kind] - start[kind]) / reloads for kind in end}
    return {
        "ms_per_reload": {kind: round(ms, 1) for kind, ms in per_reload.items()},
        "total_ms": round(sum(per_reload.values()), 1),
        "board_frames": sum(BOARD_FRAME in f for f in frames if isinstance(f, str)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="phalanx")
    parser.add_argument("--reloads", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--site", action="append", help="a running hall (repeat to compare)")
    parser.add_argument("--no-save", action="store_true", help="print only")
    args = parser.parse_args()

    server = db = None
    sites = args.site
    if not sites:
        db = Database(False, "page-load", None)
        workdir = Path(tempfile.mkdtemp(prefix="duelhall-page-load-"))
        server = Server(db.env, free_port(), sweeper=True, log=workdir / "server.log")
        server.wait_ready()
        sites = [f"http://127.0.0.1:{server.port}"]
    rows, runs = [], []
    try:
        for number in range(args.rounds):
            for site in sites:
                run = {
                    "site": site,
                    "round": number + 1,
                    **reload_round(site, args.game, args.reloads),
                }
                runs.append(run)
                ms = run["ms_per_reload"]
                rows.append(
                    [site, run["round"], *(ms[k] for k in ms), run["total_ms"], run["board_frames"]]
                )
                print(table(HEADERS, rows[-1:]), flush=True)
    finally:
        if server is not None:
            server.stop()
            db.drop()
    print(table(HEADERS, rows))
    if not args.no_save:
        summary = [(f"{args.game} {r['site']}", f"{r['total_ms']} ms/reload") for r in runs]
        path = save(
            "page-load", {"game": args.game, "reloads": args.reloads, "runs": runs}, summary
        )
        print(f"saved {path}")


HEADERS = ["site", "round", "renderer ms", "browser ms", "GPU ms", "network ms", "all ms",
           "board frames"]  # fmt: skip


if __name__ == "__main__":
    main()
