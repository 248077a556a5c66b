"""The End of Turn table as a player reads it: identical effects of several ships of one
kind make one row with a count ("Frigate, automatic: heal 2 ×6"), not one row per ship."""

from __future__ import annotations

from typing import Any

# What makes two effects the same line of the table; ids and turn numbers do not.
SAME = ("source_name", "owner", "target", "timing", "kind", "amount", "applied", "note")


def grouped_effects(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows in the order their first effect was resolved, each with ``count`` and ``total``."""
    rows: dict[tuple, dict[str, Any]] = {}
    for effect in effects:
        key = tuple(effect.get(k) for k in SAME)
        row = rows.get(key)
        if row is None:
            rows[key] = row = {k: effect.get(k) for k in SAME} | {"count": 0, "total": 0}
        row["count"] += 1
        row["total"] += effect.get("amount") or 0
    return list(rows.values())
