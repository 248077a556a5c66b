"""``text|hp_floor``: a player's HP in words never goes below 0.

Card Battle's meters and legend stop at 0, but its battle log's last line says "Ada falls to
-25 HP": that text is part of the match's state, hashed into its record, so it stays as it is
there and is worded for people on the page. Works on a string, or on the playback data for a
page's script (every "text" and "label" string in it); ``named_hp_floored`` names the players
in that data and floors its HP in one walk."""

from __future__ import annotations

import re

from django import template

from games.matches.outcomes import with_names

register = template.Library()

BELOW_ZERO = re.compile(r"\b(falls to|fell to) -\d+ HP\b")


def floor_text(text: str) -> str:
    # A negative HP needs " -": nearly every line lacks it, and this test skips the regular
    # expression for them (a finished battle's frame words a few hundred lines).
    if " -" not in text:
        return text
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


@register.filter
def named_hp_floored(value, names):
    """``view.playback|named_hp_floored:match.names``: ``named_texts`` then ``hp_floor``
    (the same data) in one walk: every frame of a finished Card Battle words the whole
    battle's playback for each viewer, and a second walk cost about a tenth of the frame."""
    if isinstance(value, dict):
        return {
            k: floor_text(with_names(v, names))
            if k in ("text", "label") and isinstance(v, str)
            else named_hp_floored(v, names)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [named_hp_floored(v, names) for v in value]
    if isinstance(value, str):  # hp_floor words any string, named_texts only those it names
        return floor_text(value)
    return value
