"""``{% ship_figure group flip %}``: a ShapeShips fleet group drawn as an inline SVG.

The shape comes from games/templatetags/ship_silhouettes.py (one entry per ship); the species
picks the colour and the kind the frame (CSS classes ``ss-sp-*`` and ``ss-k-*`` in
static/css/shapeships.css). The count and the charges left are drawn on the figure too. The
figure is decoration for sighted players: the caption beside it says the same in words, so
the SVG is hidden from screen readers. ``flip`` turns the opponent's ships nose down, toward
the viewer's fleet.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from games.engines.shapeships.ships import SHIPS
from games.templatetags.ship_silhouettes import SILHOUETTES

register = template.Library()

AXIS = 20
# A ship added to the roster before its silhouette still shows as something: an octagon.
FALLBACK = (("hull", ((0, 6), (9, 11), (9, 29), (0, 34))),)
MAX_PIPS = 6  # more charges than this are written as a number


def _outline(points) -> list[tuple[float, float]]:
    right = [(AXIS + dx, y) for dx, y in points]
    left = [(AXIS - dx, y) for dx, y in reversed(points) if dx != 0]
    return right + left


def _num(v: float) -> str:
    return f"{v:g}"


def _sharp(points) -> str:
    pts = _outline(points)
    return "M" + " L".join(f"{_num(x)},{_num(y)}" for x, y in pts) + " Z"


def _rounded(points) -> str:
    """Each corner replaced by a curve through the midpoints of its two sides."""
    pts = _outline(points)
    mids = [((x + pts[i - 1][0]) / 2, (y + pts[i - 1][1]) / 2) for i, (x, y) in enumerate(pts)]
    path = [f"M{_num(mids[0][0])},{_num(mids[0][1])}"]
    for i, (x, y) in enumerate(pts):
        nx, ny = mids[(i + 1) % len(pts)]
        path.append(f"Q{_num(x)},{_num(y)} {_num(nx)},{_num(ny)}")
    return " ".join(path) + " Z"


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    return (
        f"M{_num(cx - rx)},{_num(cy)} a{_num(rx)},{_num(ry)} 0 1,0 {_num(2 * rx)},0 "
        f"a{_num(rx)},{_num(ry)} 0 1,0 {_num(-2 * rx)},0 Z"
    )


def shape_paths(code: str) -> list[str]:
    """The SVG path data of a ship's silhouette (one string per filled shape)."""
    paths = []
    for shape in SILHOUETTES.get(code, FALLBACK):
        kind = shape[0]
        if kind == "hull":
            paths.append(_sharp(shape[1]))
        elif kind == "pod":
            paths.append(_rounded(shape[1]))
        else:
            dx, y, rx, ry = shape[1:]
            centres = [AXIS + dx, AXIS - dx] if dx else [AXIS]
            for cx in centres:
                d = _ellipse(cx, y, rx, ry)
                if kind == "ring":
                    d += " " + _ellipse(cx, y, max(rx - 3, 1), max(ry - 3, 1))
                paths.append(d)
    return paths


def _pips(charges_left: int, charges_max: int) -> SafeString:
    """One dot per charge of a single ship, hollow once spent."""
    if charges_max > MAX_PIPS:
        return format_html(
            '<g class="ss-fig-charges"><rect x="-3" y="-3" width="14" height="10" rx="2"/>'
            '<text x="4" y="5">{}</text></g>',
            charges_left,
        )
    return format_html_join(
        "",
        '<circle class="ss-pip{}" cx="{}" cy="-1" r="2"/>',
        (("" if i < charges_left else " ss-pip-spent", 2 + i * 5) for i in range(charges_max)),
    )


@register.simple_tag
def ship_figure(group: dict, flip: bool = False) -> SafeString:
    code = group["code"]
    defn = SHIPS.get(code)
    species = defn.species.value if defn else "unknown"
    kind = group.get("kind") or (defn.kind.value if defn else "basic")
    hull = format_html_join(
        "", '<path d="{}" fill-rule="evenodd"/>', ((d,) for d in shape_paths(code))
    )
    turn = ' transform="rotate(180 20 20)"' if flip else ""
    extras = []
    count = group.get("count", 1)
    if count > 1:
        extras.append(
            format_html(
                '<g class="ss-fig-count"><circle cx="37" cy="37" r="6.5"/>'
                '<text x="37" y="40.5">{}</text></g>',
                count,
            )
        )
    charges = group.get("charges") or []
    if charges:
        if count == 1 and group.get("charges_max"):
            extras.append(_pips(charges[0], group["charges_max"]))
        else:
            extras.append(
                format_html(
                    '<g class="ss-fig-charges"><rect x="-3" y="-4" width="14" height="10" rx="2"/>'
                    '<text x="4" y="4">{}</text></g>',
                    sum(charges),
                )
            )
    return format_html(
        '<svg class="ss-figure ss-sp-{} ss-k-{}" viewBox="-4 -5 48 50" aria-hidden="true" '
        'focusable="false"><g class="ss-hull"{}>{}</g>{}</svg>',
        species,
        kind,
        mark_safe(turn),  # a constant string
        hull,
        mark_safe("".join(extras)),  # built with format_html above
    )


ship_figure.part_safe = True  # reads only its arguments (games/templatetags/parts.py)
