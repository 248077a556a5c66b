"""``{% icon "name" %}`` / ``{% icon "name" label="Start" %}``: an inline SVG icon (a builtin).

Why not emoji or rare glyphs: a font that lacks them draws an empty box, and a screen reader
reads them oddly or not at all. These are our own strokes on a 24-unit grid, drawn in
``currentColor`` so they follow the text they stand beside.

Without ``label`` the icon is decoration (``aria-hidden``): the visible text next to it says
what it means. With ``label`` it is the content (``role="img"`` and ``aria-label``), for the
rare control that shows the icon alone; such a control should still carry its own
``aria-label`` too, so the label is given twice on purpose.
"""

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

# Each icon: the inner SVG of a 24x24 stroked figure (fill only where said).
SHAPES: dict[str, str] = {
    "first": '<path d="M6 5v14"/><path d="M18 5 9 12l9 7z" fill="currentColor"/>',
    "prev": '<path d="M16 5 7 12l9 7z" fill="currentColor"/>',
    "play": '<path d="M7 5l12 7-12 7z" fill="currentColor"/>',
    "pause": '<path d="M8 5v14M16 5v14" stroke-width="3"/>',
    "next": '<path d="M8 5l9 7-9 7z" fill="currentColor"/>',
    "forward": '<path d="M4 5l8 7-8 7z M12 5l8 7-8 7z" fill="currentColor"/>',
    "last": '<path d="M18 5v14"/><path d="M6 5l9 7-9 7z" fill="currentColor"/>',
    "heart": '<path d="M12 20 4.5 12.5a4.5 4.5 0 0 1 7.5-5 4.5 4.5 0 0 1 7.5 5z" fill="currentColor"/>',
    "sword": '<path d="M19 4 9 14M19 4h-4M19 4v4M7 12l5 5M5 19l3-3"/>',
    "bolt": '<path d="M13 3 5 14h6l-1 7 8-11h-6z" fill="currentColor"/>',
    "shield": '<path d="M12 3 5 6v5c0 5 3 8 7 10 4-2 7-5 7-10V6z"/>',
    "target": '<circle cx="12" cy="12" r="8"/><circle cx="12" cy="12" r="4"/><circle cx="12" cy="12" r="1" fill="currentColor"/>',
    "skull": '<path d="M12 3a7 7 0 0 0-7 7c0 3 2 4 3 5v3h8v-3c1-1 3-2 3-5a7 7 0 0 0-7-7z"/><circle cx="9.5" cy="10.5" r="1.5" fill="currentColor"/><circle cx="14.5" cy="10.5" r="1.5" fill="currentColor"/>',
    "chart": '<path d="M4 20h16M7 16v-5M12 16V6M17 16v-8"/>',
    "check": '<path d="M5 12l5 5 9-10"/>',
    "clock": '<circle cx="12" cy="12" r="8"/><path d="M12 7v5l3 2"/>',
    "log": '<path d="M6 6h12M6 11h12M6 16h8"/>',
    "gem": '<path d="M12 3 20 12 12 21 4 12z" fill="currentColor"/>',
    "up": '<path d="M12 19V5M6 11l6-6 6 6"/>',
    "down": '<path d="M12 5v14M6 13l6 6 6-6"/>',
    "close": '<path d="M6 6l12 12M18 6 6 18"/>',
    "hand": '<rect x="4" y="6" width="9" height="13" rx="1.5"/><rect x="11" y="4" width="9" height="13" rx="1.5"/>',
    "deck": '<rect x="6" y="4" width="12" height="16" rx="1.5"/><path d="M9 8h6M9 12h6"/>',
    "flag": '<path d="M6 21V4M6 4h11l-2 4 2 4H6"/>',
    # ShapeShips' Energy: a shape per colour, so the colour is never the only cue.
    "flame": '<path d="M12 3c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-4 3-6 1 2 2 3 3 3-1-3-1-5 0-8z" fill="currentColor"/>',
    "leaf": '<path d="M5 19C5 10 10 5 20 4c-1 10-6 15-15 15z" fill="currentColor"/><path d="M5 19 13 11" stroke="#fff"/>',
    "drop": '<path d="M12 3 6.5 12a6 6 0 1 0 11 0z" fill="currentColor"/>',
    "info": '<circle cx="12" cy="12" r="9"/><path d="M12 11v6"/><circle cx="12" cy="7.5" r="1" fill="currentColor"/>',
}

_SVG = (
    '<svg class="icon icon-{}" viewBox="0 0 24 24" width="1em" height="1em" fill="none" '
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" '
    'focusable="false"{}>{}</svg>'
)


@register.simple_tag
def icon(name: str, label: str = "") -> str:
    """The icon ``name``; ``label`` makes it an image with that accessible name."""
    if label:
        return format_html(
            _SVG, name, format_html(' role="img" aria-label="{}"', label), _shape(name)
        )
    return _decoration(name)


# A board draws the same few unlabelled icons on every render, and format_html escaped and
# joined them anew each time (bench/: ~1 in 40 of an Elemental Clash move's instructions).
# Their SVG is a function of the name alone. (Labelled ones are rare, and a label may be
# marked safe or not, which a cache keyed by its text would confuse.)
@lru_cache(maxsize=len(SHAPES) + 1)
def _decoration(name: str) -> str:
    return format_html(_SVG, name, mark_safe(' aria-hidden="true"'), _shape(name))


def _shape(name: str) -> str:
    try:
        return mark_safe(SHAPES[name])
    except (KeyError, TypeError):
        # A typo in a template must not ship a blank control.
        raise template.TemplateSyntaxError(f"no icon named {name!r}") from None


icon.part_safe = True  # reads only its arguments (games/templatetags/parts.py)
