"""Builders for Card Battle tests: decks, crafted battles and cards on chosen slots."""

from __future__ import annotations

from typing import Any

from games.engines.card_battle.battle import make_card, new_battle


def deck(cards: list[str], deck_type: str = "hardy", strategy: str = "kill-shot") -> dict:
    """A deck padded to 20 cards with Goblins after the given ones."""
    padded = list(cards) + ["Goblin"] * (20 - len(cards))
    return {"deck_type": deck_type, "strategy": strategy, "cards": padded[:20]}


def battle_with(
    fields: list[list[tuple[str, bool]]],
    types: tuple[str, str] = ("hardy", "hardy"),
    strategies: tuple[str, str] = ("kill-shot", "kill-shot"),
    hp: tuple[int, int] = (200, 200),
    turn: int = 1,
) -> dict[str, Any]:
    """A battle in its attack phase: ``fields[seat]`` lists (card name, active) left to right.

    Each seat's deck starts with those cards (so uids are CB<seat>-00, -01, ...), padded
    with Goblins, and ``deck_pos`` is just past them.
    """
    decks = [
        deck([name for name, _ in fields[seat]], types[seat], strategies[seat]) for seat in (0, 1)
    ]
    battle = new_battle(decks, ["A", "B"])
    battle["turn"] = turn
    battle["hp"] = list(hp)
    for seat in (0, 1):
        for index, (_, active) in enumerate(fields[seat]):
            battle["fields"][seat].append(make_card(battle, seat, index, active))
        battle["deck_pos"][seat] = len(fields[seat])
    return battle


def events(battle: dict, kind: str) -> list[dict]:
    return [e for e in battle["log"] if e["kind"] == kind]


def field_names(battle: dict, seat: int) -> list[str]:
    return [c["uid"] for c in battle["fields"][seat]]
