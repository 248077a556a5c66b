"""Pure helpers for deck builders: one battle, many battles, a win rate, a swapped rematch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .battle import resolve
from .decks import normalise_deck, validate_deck


def _checked(deck: dict[str, Any], which: str) -> dict[str, Any]:
    errors = validate_deck(deck)
    if errors:
        raise ValueError(f"{which}: " + " ".join(errors))
    return normalise_deck(deck)


def simulate(deck_a: dict[str, Any], deck_b: dict[str, Any], seed: str) -> dict[str, Any]:
    """One full battle, ``deck_a`` in seat 0 and ``deck_b`` in seat 1 (pure, deterministic).

    Returns ``{"result": "win"|"draw", "winner": 0|1|None, "reason", "turns", "hp": [a, b],
    "battle": <the public battle record>}``. Raises ValueError for an illegal deck. For the
    same battle with sides swapped, call ``simulate(deck_b, deck_a, seed)``.
    """
    battle = resolve([_checked(deck_a, "deck A"), _checked(deck_b, "deck B")], seed)
    result = battle["result"]
    return {
        "result": result["result"],
        "winner": result["winner"],
        "reason": result["reason"],
        "turns": result["turn"],
        "hp": list(result["hp"]),
        "battle": battle,
    }


def iter_simulations(
    deck_a: dict[str, Any], deck_b: dict[str, Any], n: int, seed: str
) -> Iterator[dict[str, Any]]:
    """``n`` battles, one at a time (for a progress bar). Game ``i`` uses seed ``{seed}:{i}``
    and puts deck A in seat ``i % 2`` so neither deck always sits first. Yields
    ``{"index", "a_seat", "winner": "a"|"b"|None, "turns", "hp_a", "hp_b"}``."""
    a = _checked(deck_a, "deck A")
    b = _checked(deck_b, "deck B")
    for index in range(n):
        a_seat = index % 2
        decks = [a, b] if a_seat == 0 else [b, a]
        result = resolve(decks, f"{seed}:{index}")["result"]
        winner = result["winner"]
        yield {
            "index": index,
            "a_seat": a_seat,
            "winner": None if winner is None else ("a" if winner == a_seat else "b"),
            "turns": result["turn"],
            "hp_a": result["hp"][a_seat],
            "hp_b": result["hp"][1 - a_seat],
        }


def win_rate(
    deck_a: dict[str, Any], deck_b: dict[str, Any], n: int = 100, seed: str = "sim"
) -> dict[str, Any]:
    """Summary of ``n`` seeded battles A vs B: ``{"games", "wins_a", "wins_b", "draws",
    "win_rate_a", "win_rate_b", "draw_rate", "average_turns"}`` (rates in 0..1)."""
    wins_a = wins_b = draws = turns = 0
    for game in iter_simulations(deck_a, deck_b, n, seed):
        turns += game["turns"]
        if game["winner"] == "a":
            wins_a += 1
        elif game["winner"] == "b":
            wins_b += 1
        else:
            draws += 1
    games = max(n, 0)
    return {
        "games": games,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "win_rate_a": wins_a / games if games else 0.0,
        "win_rate_b": wins_b / games if games else 0.0,
        "draw_rate": draws / games if games else 0.0,
        "average_turns": round(turns / games, 2) if games else 0.0,
    }
