"""Server-rendered SVG line charts (no JavaScript): geometry computed here, drawn by
templates/match/_replay_chart.html."""

from __future__ import annotations

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 14, 30
COLOURS = ["#2f5d8a", "#a23b2a"]


def line_chart(
    series: list[dict], x_label: str, y_label: str, drawn_until: float | None = None
) -> dict | None:
    """``series``: ``[{"name": str, "points": [[x, y], ...]}, ...]`` -> drawable geometry.

    Steps are drawn as a staircase (a value holds until it changes), which is how LP and HP
    behave between turns. With ``drawn_until``, points beyond that x still set the scales
    (the axes stay put while a replay moves) but are not drawn: the lines never tell what
    comes later."""
    points = [p for s in series for p in s["points"]]
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    y0, y1 = min(0, min(ys)), max(ys) if max(ys) > min(0, min(ys)) else 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x: float) -> float:
        return round(LEFT + (x - x0) / (x1 - x0) * plot_w, 1)

    def sy(y: float) -> float:
        return round(TOP + (y1 - y) / (y1 - y0) * plot_h, 1)

    lines = []
    for i, s in enumerate(series):
        pts = sorted(p for p in s["points"] if drawn_until is None or p[0] <= drawn_until)
        path = []
        for j, (x, y) in enumerate(pts):
            if j:
                path.append(f"{sx(x)},{sy(pts[j - 1][1])}")
            path.append(f"{sx(x)},{sy(y)}")
        last = pts[-1] if pts else (x0, 0)
        lines.append(
            {
                "name": s["name"],
                "colour": COLOURS[i % len(COLOURS)],
                "points": " ".join(path),
                "last": last[1],
                "label_y": sy(last[1]),
            }
        )
    y_ticks = sorted({y0, y1, round((y0 + y1) / 2)})
    x_ticks = sorted({x0, x1, round((x0 + x1) / 2)})
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "lines": lines,
        "x_label": x_label,
        "y_label": y_label,
        "y_ticks": [{"y": sy(t), "label": t} for t in y_ticks],
        "x_ticks": [{"x": sx(t), "label": t} for t in x_ticks],
    }
