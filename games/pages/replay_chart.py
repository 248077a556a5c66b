"""The chart beside every replay: each player's health (HP, LP, shields) at every position
of the match up to the position on show, which is marked. Server-rendered SVG geometry for
templates/match/_replay_chart.html."""

from __future__ import annotations

from games.pages.charts import line_chart

# What "health" is in each game's public view, and what to call it.
MEASURES = {
    "elemental-clash": ("seats", "hp", "HP"),
    "phalanx": ("players", "lp", "LP"),
    "gundam": ("players", "shields", "shields"),
    "shapeships": ("players", "health", "health"),
}


def health_of(game: str, frame: dict) -> list[int] | None:
    """Each seat's health in ``frame`` (None where the view does not say)."""
    if "cb_hp" in frame:
        return frame["cb_hp"]
    measure = MEASURES.get(game)
    if measure is None:
        return None
    group, key, _ = measure
    seats = frame["view"].get(group) or []
    values = [s.get(key) for s in seats if isinstance(s, dict)]
    if len(values) < 2 or not all(isinstance(v, int) for v in values):
        return None
    return values


def health_chart(game: str, frames: list[dict], names: dict[int, str], at: int) -> dict | None:
    label = "HP" if game == "card-battle" else MEASURES.get(game, ("", "", "health"))[2]
    series = [{"name": names.get(seat, f"Seat {seat + 1}"), "points": []} for seat in (0, 1)]
    for index, frame in enumerate(frames):
        values = health_of(game, frame)
        if values is None:
            continue
        for seat in (0, 1):
            series[seat]["points"].append([index, values[seat]])
    # Drawn up to the position on show: a replay opened at the start must not draw who wins.
    chart = line_chart(series, "move", label, drawn_until=at)
    if chart is None:
        return None
    x0 = min(p[0] for s in series for p in s["points"])
    x1 = max(p[0] for s in series for p in s["points"])
    span = max(1, x1 - x0)
    chart["marker_x"] = round(
        chart["left"] + (min(max(at, x0), x1) - x0) / span * (chart["right"] - chart["left"]), 1
    )
    now = health_of(game, frames[at])
    chart["now"] = (
        [{"name": s["name"], "value": now[i]} for i, s in enumerate(series)] if now else []
    )
    return chart
