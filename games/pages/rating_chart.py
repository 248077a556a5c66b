"""A player's rating over their rated games, as a small inline SVG (no JavaScript)."""

from __future__ import annotations

WIDTH, HEIGHT, PAD = 320, 90, 8


def rating_chart(points: list[float]) -> dict | None:
    """Geometry for templates/players/_rating_chart.html: one point per rated game, the
    first being the rating before the first game. The vertical range hugs the values (a
    rating moves by tens around 1500, so a zero baseline would draw a flat line)."""
    if len(points) < 2:
        return None
    low, high = min(points), max(points)
    if high - low < 20:  # keep small moves readable without exaggerating them
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    step = (WIDTH - 2 * PAD) / (len(points) - 1)

    def y(value: float) -> float:
        return round(PAD + (high - value) / (high - low) * (HEIGHT - 2 * PAD), 1)

    coords = [(round(PAD + i * step, 1), y(v)) for i, v in enumerate(points)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "points": " ".join(f"{x},{yy}" for x, yy in coords),
        "last": coords[-1],
        "low": round(low),
        "high": round(high),
        "games": len(points) - 1,
    }
