"""``text|hp_floor``: a player's HP in words never goes below 0.

Card Battle's meters and legend stop at 0, but its battle log's last line says "Ada falls to
-25 HP": that text is part of the match's state, hashed into its record, so it stays as it is
there and is worded for people on the page. Works on a string, or on the playback data for a
page's script (every "text" and "label" string in it)."""

from __future__ import annotations

import re

from django import template

register = template.Library()

BELOW_ZERO = re.compile(r"\b(falls to|fell to) -\d+ HP\b")


def floor_text(text: str) -> str:
    return BELOW_ZERO.sub(r"\1 0 HP", text)


@register.filter
def hp_floor(value):
    if isinstance(value, str):
        return floor_text(value)
    if isinstance(value, dict):
        return {
            k: floor_text(v) if k in ("text", "label") and isinstance(v, str) else hp_floor(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [hp_floor(v) for v in value]
    return value
