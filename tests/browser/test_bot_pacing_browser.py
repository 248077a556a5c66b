"""The bot's turn on a real board, move by move: with BOT_STEP_SECONDS set, the page shows
each of the bot's moves as its own version, a pause apart, instead of jumping to the end of
its turn (games/matches/bot_pacing.py). A server of its own: the shared one runs the bot
without a pause."""

import json
import time
from pathlib import Path

import pytest

from tests.live import served_site

from .driver import click_payload, is_over, offered_moves, version
from .test_board_viewports import start_bot_match, wait_for_moves

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PAUSE = 0.5


def test_the_bots_moves_reach_the_board_one_by_one(new_page, tmp_path, monkeypatch):
    monkeypatch.setenv("BOT_STEP_SECONDS", str(PAUSE))
    with served_site(tmp_path / "paced.sqlite3", ROOT) as site:
        page = new_page(1366, 768)
        start_bot_match(page, site, "gundam")
        click_payload(page, offered_moves(page)[0][0])  # the deck
        page.wait_for_selector("[data-gd-board][data-stage='play']")
        # Per bot turn, (when, version) each time the page changed. Turns are kept apart: my
        # own moves between two of the bot's turns are versions too, shown as one jump.
        turns: list[list[tuple[float, int]]] = []
        for _ in range(40):  # end my turns at once; watch the bot's between them
            moves = wait_for_moves(page, seconds=30)
            if is_over(page) or sum(map(len, turns)) >= 8:
                break
            by_type = {json.loads(p)["type"]: p for p, _ in moves}
            pick = next(
                (by_type[k] for k in ("play_resource", "end_main", "end_turn") if k in by_type),
                moves[0][0],
            )
            click_payload(page, pick, seconds=30)
            if "end_turn" not in json.loads(pick)["type"]:
                continue
            # The bot's turn: note every version the page shows until my next decision.
            shown: list[tuple[float, int]] = []
            turns.append(shown)
            last, deadline = version(page), time.monotonic() + 30
            while time.monotonic() < deadline and not offered_moves(page):
                now = version(page)
                if now != last:
                    shown.append((time.monotonic(), int(now)))
                    last = now
                page.wait_for_timeout(40)
        pairs = [pair for shown in turns for pair in zip(shown, shown[1:], strict=False)]
        steps = [b - a for (_, a), (_, b) in pairs]
        gaps = [tb - ta for (ta, _), (tb, _) in pairs]
        assert len(steps) >= 3, f"the bot's turns showed as {turns}"
        # One version at a time: the page never skipped a bot move it should have shown...
        assert steps.count(1) >= len(steps) * 0.8, steps
        # ...and the bot's moves came a pause apart, not all in one burst.
        assert sorted(gaps)[len(gaps) // 2] >= PAUSE * 0.6, gaps
