"""The deck-choosing bot (CB-BOT-01).

The only decision in Card Battle is the deck, so the bot scores each offered deck by its
simulated win rate against the field of ready-made decks (fixed evaluation seeds, so a score
is a pure function of the deck and can be cached), then picks the best (level 2+) or one of
the near-best at random from the match seed (level 1), for variety without bad picks.
It looks only at the offered actions, never at the opponent's hidden pick.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from games.engines.core import rng

from .decks import READY_MADE_DECKS
from .simulate import win_rate

EVAL_GAMES = 6  # battles per opponent deck per evaluated deck
NEAR_BEST = 0.15  # level 1 picks among decks scoring within this of the best


@cache
def _score(deck_json: str) -> float:
    deck = json.loads(deck_json)
    rates = [
        win_rate(deck, opponent, EVAL_GAMES, f"bot-eval:{name}")["win_rate_a"]
        for name, opponent in READY_MADE_DECKS.items()
    ]
    return sum(rates) / len(rates)


def deck_score(deck: dict[str, Any]) -> float:
    """Mean win rate (0..1) of ``deck`` against every ready-made deck in seeded simulations."""
    return _score(json.dumps(deck, sort_keys=True))


def pick_deck(actions: list[dict[str, Any]], seed: str, seat: int, level: int) -> dict[str, Any]:
    """Choose one of the ``choose_deck`` ``actions``; deterministic for (seed, seat, level)."""
    scored = [(deck_score(a["deck"]), i) for i, a in enumerate(actions)]
    best = max(s for s, _ in scored)
    if level >= 2:
        return actions[min(i for s, i in scored if s == best)]
    near = [i for s, i in scored if s >= best - NEAR_BEST]
    return actions[rng(seed, "bot", seat).choice(near)]
