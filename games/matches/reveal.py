"""What each player kept hidden, read from the state once a match is over: hands, deck
order, drafts, picks and submissions in progress. Only replays of finished matches call
this; while a match is in play nothing here may reach a page."""

from __future__ import annotations

import json
from collections.abc import Callable

from games.engines.elemental_clash.cards import name as ec_name
from games.engines.gundam.cards import card as gundam_card
from games.engines.phalanx.cards import short_name as phalanx_name

Part = tuple[str, list[str]]


def _elemental_clash(state: dict, seat: int) -> list[Part]:
    player = state["players"][seat]
    parts = [
        ("Drafted", [ec_name(c) for c in player.get("drafted", [])]),
        ("Hand", [ec_name(c) for c in player.get("hand", [])]),
        ("Deck, top first", [ec_name(c) for c in player.get("deck", [])]),
    ]
    options = (state.get("draft") or {}).get("options") or []
    if state.get("stage") == "draft" and seat < len(options):
        parts.insert(0, ("Pack on offer", [ec_name(c) for c in options[seat]]))
    chosen = next((c for c in player.get("hand", []) if c["id"] == player.get("selection")), None)
    if chosen is not None:
        parts.append(("Selected", [ec_name(chosen)]))
    return parts


def _phalanx(state: dict, seat: int) -> list[Part]:
    player = state["players"][seat]
    return [
        ("Hand", [phalanx_name(c) for c in player.get("hand", [])]),
        ("Draw pile, top first", [phalanx_name(c) for c in player.get("drawpile", [])]),
    ]


def _card_battle(state: dict, seat: int) -> list[Part]:
    pick = (state.get("picks") or {}).get(str(seat))
    if not pick:
        return [("Deck chosen", ["(not chosen yet)"])]
    cards = (pick.get("deck") or {}).get("cards", [])
    return [("Deck chosen", [str(pick.get("name", "?"))]), ("Its cards, in order", list(cards))]


def _gundam(state: dict, seat: int) -> list[Part]:
    known = state.get("cards") or {}

    def named(cid: str) -> str:
        try:
            return gundam_card(known[cid])["name"]
        except (KeyError, TypeError):
            return str(cid)

    player = state["players"][seat]
    return [
        ("Hand", [named(c) for c in player.get("hand", [])]),
        ("Shields", [named(c) for c in player.get("shields", [])]),
        ("Deck, top first", [named(c) for c in player.get("deck", [])]),
    ]


def _shapeships(state: dict, seat: int) -> list[Part]:
    commit = (state.get("commit") or [{}, {}])[seat] or {}
    data = commit.get("data") or {}
    shown = json.dumps(data, sort_keys=True) if data else "(nothing yet)"
    return [("Submission " + ("locked in" if commit.get("locked") else "in progress"), [shown])]


REVEALERS: dict[str, Callable[[dict, int], list[Part]]] = {
    "elemental-clash": _elemental_clash,
    "phalanx": _phalanx,
    "card-battle": _card_battle,
    "gundam": _gundam,
    "shapeships": _shapeships,
}


def revealed(game: str, state: dict, names: dict[int, str], seats: int = 2) -> list[dict]:
    """Per seat, its hidden parts at this moment: ``[{"name", "parts": [{"title",
    "items"}]}]``. Empty for a game with nothing hidden."""
    reveal = REVEALERS.get(game)
    if reveal is None:
        return []
    out = []
    for seat in range(seats):
        try:
            parts = reveal(state, seat)
        except (KeyError, IndexError, TypeError):
            # A state shape this reader does not know (setup before decks exist, say)
            # shows nothing rather than breaking the replay.
            parts = []
        out.append(
            {
                "name": names.get(seat, f"Seat {seat + 1}"),
                "parts": [{"title": t, "items": items} for t, items in parts],
            }
        )
    return out
