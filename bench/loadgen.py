"""The load generator of ``bench.live``: bot-like players on real websockets.

    python -m bench.loadgen SPEC.json OUT.json

``bench.live`` writes SPEC (mode, server addresses, slots, timing) and reads OUT. Progress goes
to stdout as ``PHASE <name>`` lines so the parent can take CPU snapshots at the edges of the
measurement window. It runs in its own process so its CPU is not counted as the server's.

Live mode: each slot is one pair of players with a queue of matches. Both players connect to
the match socket. Where, with several workers, is the spec's ``placement``: ``split`` (the
default) sends seat 0 to the first server address and seat 1 to the last, so the players of one
match sit on different workers; ``by-match`` sends both to the address a stable hash of the
match code picks (CRC-32 modulo the workers), as deploy/nginx.conf's ``hash ... consistent``
does in production. The pair moves one action at a time:
after a think time, a player that is offered moves picks one (a step-ending move such as
"lock" when offered, never resign or forfeit unless nothing else is offered), sends it, and
the move counts as done when both sockets show a higher ``data-version``. The two latencies
are send -> mover's updated board and send -> opponent's updated board.

Echo mode: the same pairs and schedule against ``/ws/echo/<pair>/``; a move is one frame of
the same shape, sent back to the sender (the floor of the mover's figure) and relayed through
the channel layer to the pair's other socket (the floor of the opponent's figure).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import json
import random
import re
import resource
import sys
import time
import zlib

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from bench.via_nginx import client_tls

PLACEMENTS = ("split", "by-match")
STATUS_TAG = re.compile(r'<div id="match-status"[^>]*>')
# A board frame carries the flash, the status bar, the board or the parts of it that
# changed (games/live/frames.py), and the game-over panel; a presence change only the status bar.
GAMEOVER = 'id="gameover"'
PART = re.compile(r'<div id="(part-[^"]+)" class="part">(.*?)</div><!--/part-->', re.S)
VERSION = re.compile(r'data-version="(\d+)"')
STATUS = re.compile(r'data-status="(\w+)"')
FORM = re.compile(r'<form ws-send class="action-form".*?</form>', re.S)
PAYLOAD = re.compile(r'data-action="([^"]*)"')
# The step the page shows is in the status bar; every move button sends it (hx-include).
STEP = re.compile(r'id="match-step" name="step" value="([^"]*)"')
FLASH = re.compile(r'<div id="flash" class="flash show"[^>]*>(.*?)</div>', re.S)

PREFERRED = ("lock", "confirm", "end_turn")
GIVING_UP = {"resign", "forfeit", "concede", "surrender"}
OVER = {"finished", "aborted"}
ECHO_FRAME = json.dumps({"action": '{"card":"EC0-r1o1","type":"pick"}', "step": "draft-r1"})


def phase(name: str, **info) -> None:
    print(f"PHASE {name} {json.dumps(info)}", flush=True)


class Pending:
    """One move in flight: when it was sent, from which version, and who has seen it."""

    def __init__(self, mover: Seat, version: int) -> None:
        self.mover, self.version = mover, version
        self.sent = time.perf_counter()
        self.seen: dict[int, float] = {}
        self.rejected: str | None = None
        self.done = asyncio.Event()


class Seat:
    """One player's socket and what its last board showed."""

    def __init__(self, slot: Slot, index: int) -> None:
        self.slot, self.index = slot, index
        self.ws = None
        self.version = -1
        self.status = ""
        # The moves on offer, kept like a browser keeps its page: per part of the board, plus
        # those outside any part ("" holds them), each replaced when a frame brings it anew.
        self.offered: dict[str, list[str]] = {}
        self.step = ""
        self.moves: list[tuple[str, str]] = []
        self.changed = asyncio.Event()

    def take_board(self, frame: str) -> None:
        parts = {m.group(1): m.group(2) for m in PART.finditer(frame)}
        if 'id="board"' in frame:  # the whole board: nothing of the old one is left
            self.offered = {"": forms_in(PART.sub("", frame))}
        self.offered.update({part: forms_in(inner) for part, inner in parts.items()})
        step = STEP.search(frame)
        self.step = html.unescape(step.group(1)) if step else self.step
        self.moves = [(action, self.step) for forms in self.offered.values() for action in forms]

    async def read(self) -> None:
        try:
            async for frame in self.ws:
                self.slot.on_frame(self, frame, time.perf_counter())
        except ConnectionClosed:
            pass
        if not self.slot.closing:
            self.slot.run.error("socket closed by server")
        self.changed.set()


def forms_in(html_text: str) -> list[str]:
    """The action of every move button in some HTML."""
    moves = []
    for form in FORM.findall(html_text):
        payload = PAYLOAD.search(form)
        if payload:
            moves.append(html.unescape(payload.group(1)))
    return moves


class Run:
    """Everything measured in one load run."""

    def __init__(self, spec: dict) -> None:
        self.spec = spec
        self.mode = spec["mode"]
        self.think = spec["think"]
        self.move_timeout = spec["move_timeout"]
        self.window = (0.0, 0.0)
        self.stop_at = float("inf")
        self.errors: dict[str, int] = {}
        self.retries: dict[str, int] = {}
        self.samples: list[tuple[float, float]] = []  # (to mover, to opponent) per move in window
        self.sent_at: list[float] = []  # when each sample's move was sent, for the time slices
        self.moves_in_window = 0
        self.moves_total = 0
        self.connect_times: list[float] = []
        self.frames = 0
        self.frame_bytes = 0
        self.matches_finished = 0
        self.reopened_at: list[float] = []  # when a slot moved on to its next match
        self.slots_exhausted = 0
        self.connect_sem = asyncio.Semaphore(spec["connect_concurrency"])
        self.placement = spec.get("placement", "split")
        if self.placement not in PLACEMENTS:
            raise ValueError(f"placement {self.placement!r}: expected one of {PLACEMENTS}")
        self.sockets_by_address: dict[str, int] = {}
        # Players against bots (``bot_slots``): their moves' time to their own board, moves
        # refused because the bot moved first, and their failures, apart from the pairs'.
        self.bot_match_samples: list[float] = []
        self.bot_refused = 0
        self.bot_errors: dict[str, int] = {}

    def address(self, seat: int, key: str) -> str:
        """The server a seat's socket for ``key`` (a match code, or an echo pair) goes to."""
        addresses = self.spec["addresses"]
        if self.placement == "by-match":
            # Both seats on one worker, chosen by the key alone, as nginx's hash on the code.
            host = addresses[zlib.crc32(key.encode()) % len(addresses)]
        else:
            host = addresses[0] if seat == 0 else addresses[-1]
        self.sockets_by_address[host] = self.sockets_by_address.get(host, 0) + 1
        return host

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def in_window(self, t: float) -> bool:
        return self.window[0] <= t < self.window[1]


class Slot:
    def __init__(self, run: Run, number: int, info: dict) -> None:
        self.run, self.number = run, number
        self.cookies = info["cookies"]
        self.codes = list(info["codes"]) if run.mode == "live" else [None]
        self.seats = [Seat(self, index) for index in range(len(self.cookies))]
        self.pending: Pending | None = None
        self.rng = random.Random(f"{run.spec['seed']}:{number}")
        self.readers: list[asyncio.Task] = []
        self.closing = False
        self.alive = False

    # ---- connections

    def url(self, seat: int, code: str | None) -> tuple[str, str]:
        key = code or f"{self.run.spec['pair_prefix']}-{self.number}"
        # As a match page opens its socket: saying the newest chat line it shows (none).
        path = f"/ws/m/{code}/?chat=0" if code else f"/ws/echo/{key}/"
        front = self.run.spec.get("front")
        if front:  # --via-nginx: nginx picks the worker (bench/via_nginx.py)
            return f"wss://{front}{path}", f"https://{front}"
        host = self.run.address(seat, key)
        return f"ws://{host}{path}", f"http://{host}"

    async def open(self) -> bool:
        """Connect both seats to the next match in the queue (the echo socket in echo mode)."""
        if not self.codes:
            self.run.slots_exhausted += 1
            return False
        code = self.codes.pop(0)
        self.closing = False
        for seat in self.seats:
            seat.version, seat.status, seat.moves, seat.offered = -1, "", [], {}
            url, origin = self.url(seat.index, code)
            seat.ws = await self.connect(seat.index, url, origin)
            if seat.ws is None:
                return False
            self.readers.append(asyncio.create_task(seat.read()))
        if self.run.mode == "live":
            for seat in self.seats:
                if not await self.wait_for(lambda s=seat: s.version >= 0, self.move_timeout):
                    self.run.error("no snapshot after connect")
                    return False
        self.alive = True
        return True

    async def connect(self, seat: int, url: str, origin: str):
        """Open one socket; like the htmx ws extension, retry with a growing back-off
        (each failed attempt is counted; only the last failure is an error)."""
        attempts = self.run.spec.get("connect_attempts", 4)
        for attempt in range(attempts):
            async with self.run.connect_sem:
                start = time.perf_counter()
                try:
                    ws = await connect(
                        url,
                        ssl=client_tls() if url.startswith("wss:") else None,
                        origin=origin,
                        additional_headers={"Cookie": f"sessionid={self.cookies[seat]}"},
                        compression=None,
                        open_timeout=30,
                        ping_interval=None,
                        close_timeout=2,
                        max_size=2**22,
                        max_queue=None,
                    )
                except InvalidStatus as exc:
                    failure = f"connect refused ({exc.response.status_code})"
                except (OSError, InvalidHandshake, TimeoutError) as exc:
                    failure = f"connect failed ({type(exc).__name__})"
                else:
                    self.run.connect_times.append(time.perf_counter() - start)
                    return ws
            if attempt + 1 == attempts:
                self.run.error(failure)
                return None
            self.run.retries[failure] = self.run.retries.get(failure, 0) + 1
            await asyncio.sleep(2**attempt * self.rng.uniform(0.5, 1.5))
        return None

    async def close(self) -> None:
        self.closing = True
        for seat in self.seats:
            if seat.ws is not None:
                with contextlib.suppress(Exception):
                    await seat.ws.close()
        for task in self.readers:
            task.cancel()
        self.readers = []

    @property
    def move_timeout(self) -> float:
        return self.run.move_timeout

    async def wait_for(self, condition, timeout: float) -> bool:
        deadline = time.perf_counter() + timeout
        while not condition():
            left = deadline - time.perf_counter()
            if left <= 0:
                return False
            events = [s.changed for s in self.seats]
            for e in events:
                e.clear()
            waiters = [asyncio.create_task(e.wait()) for e in events]
            await asyncio.wait(waiters, timeout=left, return_when=asyncio.FIRST_COMPLETED)
            for w in waiters:
                w.cancel()
        return True

    # ---- frames

    def on_frame(self, seat: Seat, frame: str | bytes, now: float) -> None:
        run = self.run
        run.frames += 1
        run.frame_bytes += len(frame)
        pending = self.pending
        if run.mode == "echo":
            if pending is not None and seat.index not in pending.seen:
                pending.seen[seat.index] = now
                if len(pending.seen) == 2:
                    pending.done.set()
            return
        if isinstance(frame, bytes):
            frame = frame.decode()
        tag = STATUS_TAG.search(frame)
        # Only a board frame is a board update; a presence change re-sends the status bar
        # alone, which says nothing about the moves on offer.
        if tag is not None and GAMEOVER in frame:
            version = VERSION.search(tag.group(0))
            status = STATUS.search(tag.group(0))
            seat.version = int(version.group(1)) if version else seat.version
            seat.status = status.group(1) if status else seat.status
            seat.take_board(frame)
            if (
                pending is not None
                and seat.version > pending.version
                and seat.index not in pending.seen
            ):
                pending.seen[seat.index] = now
                if len(pending.seen) == len(self.seats):
                    pending.done.set()
        flash = FLASH.search(frame)
        if flash is not None and pending is not None and pending.mover is seat:
            pending.rejected = html.unescape(flash.group(1)).strip()[:80]
            pending.done.set()
        seat.changed.set()

    # ---- playing

    def choose(self, moves: list[tuple[str, str]]) -> tuple[str, str]:
        typed = []
        for payload, step in moves:
            try:
                kind = json.loads(payload).get("type")
            except (ValueError, AttributeError):
                kind = None
            typed.append((kind, payload, step))
        for wanted in PREFERRED:
            hits = [t for t in typed if t[0] == wanted]
            if hits:
                _, payload, step = self.rng.choice(hits)
                return payload, step
        playing = [t for t in typed if t[0] not in GIVING_UP] or typed
        _, payload, step = self.rng.choice(playing)
        return payload, step

    async def play(self) -> None:
        run = self.run
        while self.alive and time.perf_counter() < run.stop_at:
            if run.think > 0:
                await asyncio.sleep(run.think * self.rng.uniform(0.5, 1.5))
            if time.perf_counter() >= run.stop_at:
                break
            if run.mode == "live":
                if any(s.status in OVER for s in self.seats):
                    run.matches_finished += 1
                    await self.close()
                    self.alive = False
                    if not await self.open():
                        break
                    run.reopened_at.append(time.perf_counter())
                    continue
                if not await self.wait_for(
                    lambda: any(s.moves for s in self.seats), self.move_timeout
                ):
                    run.error("no move offered")
                    break
                mover = self.rng.choice([s for s in self.seats if s.moves])
                payload, step = self.choose(mover.moves)
                text = json.dumps({"action": payload, "step": step})
            else:
                mover = self.rng.choice(self.seats)
                text = ECHO_FRAME
            pending = self.pending = Pending(mover, mover.version)
            try:
                await mover.ws.send(text)
            except ConnectionClosed:
                run.error("send on closed socket")
                break
            try:
                await asyncio.wait_for(pending.done.wait(), self.move_timeout)
            except TimeoutError:
                run.error("move timed out")
                self.pending = None
                continue
            self.pending = None
            run.moves_total += 1
            if pending.rejected is not None:
                run.error(f"rejected: {pending.rejected}")
                continue
            if run.in_window(pending.sent):
                run.moves_in_window += 1
                other = 1 - mover.index
                run.samples.append(
                    (pending.seen[mover.index] - pending.sent, pending.seen[other] - pending.sent)
                )
                run.sent_at.append(pending.sent)


class BotSlot(Slot):
    """One player against a bot (``--bots``): a single socket that moves whenever its board
    offers a move, to load the server with bot matches beside the pairs. Its moves are timed
    to its own board only and kept apart from the pairs' figures, which are what the run
    compares with and without bots."""

    async def play(self) -> None:
        run = self.run
        seat = self.seats[0]
        while self.alive and time.perf_counter() < run.stop_at:
            if run.think > 0:
                await asyncio.sleep(run.think * self.rng.uniform(0.5, 1.5))
            if time.perf_counter() >= run.stop_at:
                break
            if seat.status in OVER:
                run.matches_finished += 1
                await self.close()
                self.alive = False
                if not await self.open():
                    break
                continue
            # The bot answers a pause after the player: wait for the board to offer a move.
            if not await self.wait_for(lambda: seat.moves or seat.status in OVER, 60):
                run.bot_errors["no move offered"] = run.bot_errors.get("no move offered", 0) + 1
                break
            if not seat.moves:
                continue
            payload, step = self.choose(seat.moves)
            pending = self.pending = Pending(seat, seat.version)
            try:
                await seat.ws.send(json.dumps({"action": payload, "step": step}))
                await asyncio.wait_for(pending.done.wait(), self.move_timeout)
            except (ConnectionClosed, TimeoutError) as exc:
                kind = type(exc).__name__
                run.bot_errors[kind] = run.bot_errors.get(kind, 0) + 1
                self.pending = None
                continue
            self.pending = None
            if pending.rejected is not None:
                # The bot moved while the player's move was on its way: the step changed.
                run.bot_refused += 1
            elif run.in_window(pending.sent):
                run.bot_match_samples.append(pending.seen[0] - pending.sent)


SLICE_SECONDS = 10.0


def slices(run: Run, latencies: list[float], width: float) -> list[dict]:
    """The opponent's p99 per ``width`` seconds of the measured window, in order."""
    start, end = run.window
    out = []
    t = start
    while t < end:
        inside = [
            v for v, sent in zip(latencies, run.sent_at, strict=True) if t <= sent < t + width
        ]
        out.append({"from_s": round(t - start), "moves": len(inside), "p99_ms": pct(inside, 99)})
        t += width
    return out


def timeline(run: Run, latencies: list[float], width: float = 1.0) -> list[dict]:
    """Per ``width`` seconds of the window: moves sent, their opponent p99 and max, and how
    many slots moved on to a new match (closed two sockets, opened two), to line a stall up
    with what the players were doing then."""
    start, end = run.window
    count = max(1, int(-(-(end - start) // width)))
    buckets: list[list[float]] = [[] for _ in range(count)]
    for value, sent in zip(latencies, run.sent_at, strict=True):
        buckets[min(count - 1, int((sent - start) // width))].append(value)
    reopened = [0] * count
    for t in run.reopened_at:
        if start <= t < end:
            reopened[min(count - 1, int((t - start) // width))] += 1
    return [
        {
            "from_s": round(i * width, 1),
            "moves": len(bucket),
            "p99_ms": pct(bucket, 99),
            "max_ms": round(max(bucket) * 1000, 1) if bucket else None,
            "reopened": reopened[i],
        }
        for i, bucket in enumerate(buckets)
    ]


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))
    return round(ordered[int(k)] * 1000, 2)


def stats(values: list[float]) -> dict:
    return {
        "n": len(values),
        "mean_ms": round(sum(values) / len(values) * 1000, 2) if values else None,
        "p50_ms": pct(values, 50),
        "p95_ms": pct(values, 95),
        "p99_ms": pct(values, 99),
        "max_ms": round(max(values) * 1000, 2) if values else None,
    }


async def main_async(spec: dict) -> dict:
    run = Run(spec)
    slots = [Slot(run, i, info) for i, info in enumerate(spec["slots"])]
    if run.mode == "live":
        first = len(slots)
        slots += [BotSlot(run, first + i, info) for i, info in enumerate(spec.get("bot_slots", []))]
    start = time.perf_counter()
    opened = await asyncio.gather(*(s.open() for s in slots))
    connected = sum(1 for ok in opened if ok)
    phase("connected", slots=connected, seconds=round(time.perf_counter() - start, 2))
    now = time.perf_counter()
    run.window = (now + spec["warmup"], now + spec["warmup"] + spec["duration"])
    run.stop_at = run.window[1]
    players = [asyncio.create_task(s.play()) for s in slots if s.alive]
    # This one process stands for every player's browser: a pause of its collector would
    # stop all of them at once and be counted as the server's latency (a full collection
    # took 50 ms at 200 matches, and moves arriving meanwhile were timed late). So the
    # collector sleeps while moves are timed; the window's cyclic garbage waits for the end.
    gc.collect()
    gc.freeze()
    gc.disable()
    await asyncio.sleep(spec["warmup"])
    phase("measuring", at=run.window[0])
    await asyncio.sleep(max(0.0, run.window[1] - time.perf_counter()))
    phase("measured")
    gc.enable()
    _, late = (
        await asyncio.wait(players, timeout=spec["move_timeout"] + 5) if players else (None, [])
    )
    for task in late:
        task.cancel()
    await asyncio.gather(*(s.close() for s in slots))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    to_mover = [a for a, _ in run.samples]
    to_other = [b for _, b in run.samples]
    return {
        "mode": run.mode,
        "slots": len(slots),
        "slots_connected": connected,
        "connections": sum(len(s.seats) for s, ok in zip(slots, opened, strict=True) if ok),
        "placement": run.placement,
        # How even the hash spread the sockets (reconnects and later matches count too).
        "sockets_by_address": run.sockets_by_address,
        "think_s": run.think,
        "window_s": spec["duration"],
        "moves_in_window": run.moves_in_window,
        "moves_total": run.moves_total,
        "actions_per_s": round(run.moves_in_window / spec["duration"], 1),
        "to_mover": stats(to_mover),
        "to_opponent": stats(to_other),
        # A tail that grows over a long run (leaks, piling tasks) shows as rising slices.
        "opponent_p99_by_slice": slices(run, to_other, SLICE_SECONDS),
        "timeline": timeline(run, to_other),
        "connect": stats(run.connect_times),
        "errors": run.errors,
        "error_count": sum(run.errors.values()),
        "connect_retries": run.retries,
        "frames_received": run.frames,
        "mean_frame_bytes": round(run.frame_bytes / run.frames) if run.frames else None,
        "matches_finished": run.matches_finished,
        "slots_out_of_matches": run.slots_exhausted,
        "unfinished_players": len(late),
        "loadgen_cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
        "bot_matches": {
            "players": sum(isinstance(s, BotSlot) for s in slots),
            "moves_in_window": len(run.bot_match_samples),
            "to_mover": stats(run.bot_match_samples),
            "refused_bot_moved_first": run.bot_refused,
            "errors": run.bot_errors,
        },
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    with open(argv[0]) as fh:
        spec = json.load(fh)
    result = asyncio.run(main_async(spec))
    with open(argv[1], "w") as fh:
        json.dump(result, fh, indent=2)
    phase("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
