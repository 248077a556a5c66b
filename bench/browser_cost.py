"""What a move costs the players' browsers: two Chromium pages (a desk and a phone) play an
online Phalanx match on the real server, and Chromium's own trace says where each page's
main thread spent its time.

    .venv/bin/python -m bench.browser_cost [--moves 40] [--no-save]

It drives Debian's Chromium as the browser tests do (`make chromium` installs it).

A frame from the server reaches a page as one websocket message; htmx swaps its parts in and
the page's scripts (static/js/) react, all in that message's handler. Printed per page: the
frames received, the handler's main-thread milliseconds per frame (mean and p95) and the
layouts and style recalculations run inside it (a script reading the layout between two
swaps forces one more each time), then the whole main thread's busy time per move and the
renderer processes' CPU per move (main thread, compositor and raster together). Phones are
several times slower than this machine; the figures compare designs, not devices.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path

from bench.common import percentile, save, table
from bench.live import Database
from bench.processes import CLK_TCK, Server, cpu_ticks, free_port
from tests.browser.driver import create_and_join
from tests.live import launched_chromium

LAYOUT = {"Layout"}  # the timeline's own events (Blink's nested ones would count twice)
STYLE = {"UpdateLayoutTree"}


def choose(payloads: list[str]) -> str | None:
    """A plain player: attack, else reinforce, else deploy, else pass; never forfeit."""
    for kind in ("attack", "reinforce", "deploy", "pass"):
        for payload in payloads:
            if json.loads(payload).get("type") == kind:
                return payload
    return None


def offered(page) -> list[str]:
    return page.locator("#board form.action-form button:not([disabled])").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )


def over(page) -> bool:
    return page.locator("#gameover .gameover-panel").count() > 0


def move(page) -> bool:
    """Make one move on ``page`` if it is offered one, and wait for the board to answer."""
    choice = choose(offered(page))
    if choice is None:
        return False
    before = page.locator("#match-status").get_attribute("data-version") or ""
    page.locator(
        f"#board form.action-form button:not([disabled])[data-action='{choice}']"
    ).first.click()
    page.wait_for_selector(
        f"#match-status:not([data-version='{before}']), #gameover .gameover-panel",
        state="attached",
        timeout=15000,
    )
    return True


def renderer_pids(known: set[int]) -> list[int]:
    """Chromium's renderer processes that were not running before the browser started."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) in known:
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
        except OSError:
            continue
        if b"--type=renderer" in cmdline:
            found.append(int(name))
    return found


def cpu_seconds(pids: list[int]) -> float:
    return sum(cpu_ticks(pid) for pid in pids) / CLK_TCK


def handler_figures(trace_path: Path) -> dict[str, dict]:
    """Per renderer main thread: each websocket message handler's duration and the layouts
    and style recalculations inside it, and the thread's top-level busy time."""
    events = json.loads(trace_path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e["args"].get("name") == "CrRendererMain"
    }
    by_thread = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "dur" in e and (e["pid"], e["tid"]) in mains:
            by_thread[e["pid"]].append(e)
    figures = {}
    for pid, spans in by_thread.items():
        spans.sort(key=lambda e: (e["ts"], -e["dur"]))
        handlers, busy, open_spans = [], 0, []
        for span in spans:
            while open_spans and open_spans[-1]["ts"] + open_spans[-1]["dur"] <= span["ts"]:
                open_spans.pop()
            if not open_spans:
                busy += span["dur"]
            url = (span.get("args", {}).get("data") or {}).get("url") or ""
            in_handler = next((s for s in open_spans if s.get("_handler")), None)
            if span["name"] == "FunctionCall" and "hx-ws" in url and in_handler is None:
                span["_handler"] = {"ms": span["dur"] / 1000, "layouts": 0, "styles": 0}
                handlers.append(span["_handler"])
            elif in_handler is not None:
                record = in_handler["_handler"]
                record["layouts"] += span["name"] in LAYOUT
                record["styles"] += span["name"] in STYLE
            open_spans.append(span)
        figures[str(pid)] = {"handlers": handlers, "busy_ms": busy / 1000}
    return figures


def play(site: str, moves: int, trace_path: Path) -> dict:
    from playwright.sync_api import sync_playwright

    before = {int(p) for p in os.listdir("/proc") if p.isdigit()}
    with sync_playwright() as playwright:
        browser = launched_chromium(playwright)
        desk = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        create_and_join(desk, phone, site, "phalanx")
        for page in (desk, phone):
            page.wait_for_selector("#board form.action-form button, [data-phx-board]")
        renderers = renderer_pids(before)
        browser.start_tracing(
            page=desk, path=str(trace_path), categories=["devtools.timeline", "blink", "v8"]
        )
        cpu_before = cpu_seconds(renderers)
        made = 0
        while made < moves and not (over(desk) and over(phone)):
            stepped = False
            for page in (desk, phone):
                if made < moves and not over(page) and move(page):
                    made += 1
                    stepped = True
            if not stepped:
                desk.wait_for_timeout(100)
        cpu = cpu_seconds(renderers) - cpu_before
        browser.stop_tracing()
        browser.close()
    return {"moves": made, "renderer_cpu_s": round(cpu, 3)}


def summarise(played: dict, threads: dict) -> tuple[list[list], dict]:
    rows, pages = [], {}
    # The desk's page was opened first, so its renderer process has the lower pid.
    ordered = sorted(threads.items(), key=lambda item: int(item[0]))
    for label, (_, figures) in zip(("desk", "phone"), ordered, strict=False):
        handlers = figures["handlers"]
        per_frame = [h["ms"] for h in handlers]
        page = {
            "frames": len(handlers),
            "handler_ms_mean": round(statistics.fmean(per_frame), 2) if per_frame else None,
            "handler_ms_p95": round(percentile(per_frame, 95), 2) if per_frame else None,
            "layouts_per_frame": round(sum(h["layouts"] for h in handlers) / len(handlers), 2)
            if handlers
            else None,
            "styles_per_frame": round(sum(h["styles"] for h in handlers) / len(handlers), 2)
            if handlers
            else None,
            "main_thread_ms_per_move": round(figures["busy_ms"] / max(played["moves"], 1), 1),
        }
        pages[label] = page
        rows.append([label, *page.values()])
    return rows, pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=40, help="moves to make (both players)")
    parser.add_argument("--no-save", action="store_true", help="print only")
    args = parser.parse_args()

    db = Database(False, "browser", None)
    workdir = Path(tempfile.mkdtemp(prefix="duelhall-browser-cost-"))
    server = Server(db.env, free_port(), sweeper=True, log=workdir / "server.log")
    try:
        server.wait_ready()
        played = play(f"http://127.0.0.1:{server.port}", args.moves, workdir / "trace.json")
    finally:
        server.stop()
        db.drop()
    rows, pages = summarise(played, handler_figures(workdir / "trace.json"))
    headers = [
        "page",
        "frames",
        "handler ms mean",
        "handler ms p95",
        "layouts / frame",
        "style recalcs / frame",
        "main thread ms / move",
    ]
    print(table(headers, rows))
    per_move = 1000 * played["renderer_cpu_s"] / max(played["moves"], 1)
    print(f"{played['moves']} moves; both renderers' CPU {per_move:.0f} ms a move")
    if not args.no_save:
        path = save(
            "browser-cost",
            {"played": played, "pages": pages},
            [("phalanx, desk and phone", f"renderers {per_move:.0f} ms/move")],
        )
        print(f"saved {path}")


if __name__ == "__main__":
    main()
