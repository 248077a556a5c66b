"""ShapeShips' Energy on the board: ``{% energy_chips energy %}`` and the filters around it.

Energy comes in red, green and blue. A chip shows each colour as an icon of its own shape
(flame, leaf, drop) and the word beside the number ("2 red"), so nobody needs to tell the
colours apart to read it. Costs list only the colours they use; what a player holds lists
all three (a 0 is news too).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.engines.shapeships.ships import ENERGY_COLOURS, SIPHON_MIN
from games.templatetags.icons import icon

register = template.Library()

ICONS = {"red": "flame", "green": "leaf", "blue": "drop"}


@register.simple_tag
def energy_chips(energy, every: bool = False) -> SafeString:
    """``energy``: ``{"red", "green", "blue"}``. ``every`` shows the colours at 0 too."""
    energy = energy or {}
    shown = [c for c in ENERGY_COLOURS if every or energy.get(c)]
    if not shown:
        return format_html('<span class="ss-energy ss-energy-none">{}</span>', "nothing")
    chips = format_html_join(
        " ",
        '<span class="ss-en ss-en-{}">{}<b>{}</b> {}</span>',
        ((c, icon(ICONS[c]), energy.get(c, 0), c) for c in shown),
    )
    return format_html('<span class="ss-energy">{}</span>', chips)


energy_chips.part_safe = True  # reads only its arguments (games/templatetags/parts.py)


@register.filter
def spent(casts) -> dict[str, int]:
    """What a list of casts (revealed or composed, each with its ``cost``) spent in all."""
    total = dict.fromkeys(ENERGY_COLOURS, 0)
    for cast in casts or []:
        for colour in ENERGY_COLOURS:
            total[colour] += cast["cost"][colour]
    return total


@register.filter
def unaffordable(powers) -> list[dict]:
    """The Solar Powers (``view.me.solar_powers``) the player cannot cast now."""
    return [p for p in powers or [] if not p["affordable"]]


@register.filter
def short_of(power, left) -> str:
    """Why a Solar Power cannot be cast with the Energy ``left``, for a player."""
    cost = dict(power["cost"])
    if power["variable"] == "siphon":
        cost.update(red=SIPHON_MIN, green=SIPHON_MIN)  # the least X
    elif power["variable"] == "target_cost":
        return "Needs as much blue as an enemy Basic ship it may copy costs."
    missing = [f"{cost[c] - left[c]} more {c}" for c in ENERGY_COLOURS if cost[c] > left[c]]
    if not missing:
        return "Not possible now."
    return "Needs " + " and ".join(missing) + "."
