"""What a seat or a spectator may see (CB-MATCH-01, CBR-10).

Before both decks are in, a viewer sees only whether each seat has chosen, and its own pick.
Once the battle is resolved everything in the battle record is public: deck orders (the
rules make them visible), every draw, roll and attack. The seed never appears.
"""

from __future__ import annotations

from typing import Any

from .battle import player
from .cards import DECK_TYPES, START_HP, STRATEGIES, mana_for_turn
from .decks import mana_curve
from .state import SEATS, Step

CHART_W = 320
CHART_H = 160
CHART_PAD = 24
SEAT_COLOURS = ["#2f6fd6", "#d2662b"]


def deck_summary(name: str, deck: dict[str, Any]) -> dict[str, Any]:
    """A deck with its badge data, for the board (own pick, or both decks once public)."""
    return {
        "name": name,
        "deck_type": deck["deck_type"],
        "type_info": DECK_TYPES[deck["deck_type"]],
        "strategy": deck["strategy"],
        "strategy_info": STRATEGIES[deck["strategy"]],
        "cards": list(deck["cards"]),
        "curve": mana_curve(deck),
    }


def hp_chart(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """Geometry of the HP-over-turns chart (server-rendered SVG): turn 0 is the start."""
    hps = [[START_HP, START_HP]] + [t["hp"] for t in turns]
    span = max(1, len(hps) - 1)
    inner_w = CHART_W - 2 * CHART_PAD
    inner_h = CHART_H - 2 * CHART_PAD

    def x(i: int) -> float:
        return round(CHART_PAD + i * inner_w / span, 1)

    def y(hp: int) -> float:
        clamped = min(START_HP, max(0, hp))
        return round(CHART_PAD + (1 - clamped / START_HP) * inner_h, 1)

    lines = [
        {
            "seat": seat,
            "label": player(seat),
            "colour": SEAT_COLOURS[seat],
            "points": " ".join(f"{x(i)},{y(hp[seat])}" for i, hp in enumerate(hps)),
            "end_x": x(len(hps) - 1),
            "end_y": y(hps[-1][seat]),
            "end_hp": max(0, hps[-1][seat]),
        }
        for seat in SEATS
    ]
    step = max(1, span // 8)
    x_ticks = [{"x": x(i), "label": i} for i in range(0, span + 1, step)]
    y_ticks = [{"y": y(v), "label": v} for v in (0, 100, 200)]
    return {
        "width": CHART_W,
        "height": CHART_H,
        "left": CHART_PAD,
        "right": CHART_W - CHART_PAD,
        "top": CHART_PAD,
        "bottom": CHART_H - CHART_PAD,
        "lines": lines,
        # Where each turn ends on the x axis: a playback shows the lines up to its turn only.
        "turn_x": [x(i) for i in range(len(hps))],
        "x_ticks": x_ticks,
        "y_ticks": y_ticks,
    }


def _final_cards(battle: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    cards = []
    for card in battle["fields"][seat]:
        shown = dict(card)
        shown["hp_shown"] = max(0, card["hp"])
        cards.append(shown)
    return cards


def battle_view(state: dict[str, Any]) -> dict[str, Any]:
    """The public part of a resolved match."""
    battle = state["battle"]
    picks = [state["picks"][str(s)] for s in SEATS]
    players = []
    for seat in SEATS:
        summary = deck_summary(picks[seat]["name"], picks[seat]["deck"])
        drawn = battle["deck_pos"][seat]
        summary.update(
            {
                "seat": seat,
                "label": player(seat),
                "hp": battle["hp"][seat],
                "hp_shown": max(0, battle["hp"][seat]),
                "hp_percent": max(0, min(100, battle["hp"][seat] * 100 // START_HP)),
                "mana_left": battle["mana"][seat],
                "mana_max": mana_for_turn(battle["turn"]) if battle["turn"] else 0,
                "field": _final_cards(battle, seat),
                "empty_slots": list(range(5 - len(battle["fields"][seat]))),
                "deck_left": len(summary["cards"]) - drawn,
                "deck_list": [
                    {
                        "uid": f"CB{seat}-{i:02d}",
                        "index": i + 1,
                        "name": name,
                        "drawn": i < drawn,
                        "next": i == drawn,
                    }
                    for i, name in enumerate(summary["cards"])
                ],
            }
        )
        players.append(summary)
    playback = {
        "start_hp": START_HP,
        "players": [
            {
                "label": p["label"],
                "name": p["name"],
                "deck_type": p["deck_type"],
                "strategy": p["strategy"],
                "cards": p["cards"],
            }
            for p in players
        ],
        "events": battle["log"],
        "turns": battle["turns"],
    }
    return {
        "players": players,
        "log": [
            {"turn": e["turn"], "kind": e["kind"], "phase": e["phase"], "text": e["text"]}
            for e in battle["log"]
        ],
        # HP as a player reads it: a base below 0 shows 0, as the meter does.
        "turns": [{**t, "hp": [max(0, hp) for hp in t["hp"]]} for t in battle["turns"]],
        "turn_count": battle["turn"],
        "chart": hp_chart(battle["turns"]),
        "playback": playback,
    }


def build_view(state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    over = state["step"] == Step.OVER
    picks = state["picks"]
    view: dict[str, Any] = {
        "game": state["game"],
        "step": state["step"],
        "over": over,
        "viewer": viewer,
        "chosen": {str(s): picks[str(s)] is not None for s in SEATS},
        "seat_labels": [player(s) for s in SEATS],
        "seat_status": [
            {"seat": s, "label": player(s), "chosen": picks[str(s)] is not None, "me": s == viewer}
            for s in SEATS
        ],
        "my_pick": None,
        "players": None,
        "outcome": state["outcome"],
    }
    if viewer in SEATS and not over and picks[str(viewer)] is not None:
        own = picks[str(viewer)]
        view["my_pick"] = deck_summary(own["name"], own["deck"])
    if over:
        view.update(battle_view(state))
    return view
