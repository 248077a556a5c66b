"""Numbers that boards used to put in style="" attributes, as class names instead.

The Content-Security-Policy allows no inline styles (style-src 'self', no 'unsafe-inline'),
so a bar's length or a mark's place is a class from static/css/values.css: ``w-37`` is 37%
wide, ``left-37`` sits 37% in, ``v-12`` sets --v to 12 for the stat bars' own scale.
"""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def bounded(value, top) -> int:
    """``value`` rounded to a whole number within 0..top (values.css defines no others)."""
    try:
        number = round(float(value))
    except (TypeError, ValueError):
        return 0
    return max(0, min(int(top), number))
