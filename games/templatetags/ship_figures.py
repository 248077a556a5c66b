"""``{% ship_figure group flip %}``: a ShapeShips fleet group drawn as an inline SVG.

The shape comes from games/templatetags/ship_silhouettes.py (one entry per ship); the species
picks the colour and the kind the frame (CSS classes ``ss-sp-*`` and ``ss-k-*`` in
static/css/shapeships.css). The count, the charges left and the chosen numbers (Quantum Mystic, Frigate) are drawn on
the figure too. The
figure is decoration for sighted players: the caption beside it says the same in words, so
the SVG is hidden from screen readers. ``flip`` turns the opponent's ships nose down, toward
the viewer's fleet.
"""

from __future__ import annotations

import math
from functools import lru_cache

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
MAX_NUMBERS = 4  # distinct trigger numbers drawn on one figure (the caption lists them all)


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


def _spiral(turns: float, r_in: float, r_out: float, width: float = 3.2) -> str:
    """A band winding out from the centre, nose up: the outer edge out, the inner back."""
    steps = max(int(turns * 36), 8)
    outer, inner = [], []
    for i in range(steps + 1):
        t = i / steps
        r = r_in + (r_out - r_in) * t
        angle = -math.pi / 2 + turns * 2 * math.pi * t
        for edge, radius in ((outer, r + width / 2), (inner, max(r - width / 2, 0.3))):
            edge.append((AXIS + radius * math.cos(angle), AXIS + radius * math.sin(angle)))
    pts = outer + inner[::-1]
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + " Z"


def _grid(y: float, dx: float, height: float, cols: int, rows: int, bar: float = 2.4) -> str:
    """A panel with its cells cut out (fill-rule evenodd)."""
    left, right = AXIS - dx, AXIS + dx
    path = [f"M{_num(left)},{_num(y)} H{_num(right)} V{_num(y + height)} H{_num(left)} Z"]
    cell_w = (2 * dx - bar * (cols + 1)) / cols
    cell_h = (height - bar * (rows + 1)) / rows
    for c in range(cols):
        for r in range(rows):
            x0 = left + bar + c * (cell_w + bar)
            y0 = y + bar + r * (cell_h + bar)
            path.append(f"M{x0:.1f},{y0:.1f} h{cell_w:.1f} v{cell_h:.1f} h{-cell_w:.1f} Z")
    return " ".join(path)


def _cube(y: float, size: float) -> list[tuple[str, str]]:
    """An isometric cube as three faces around the near corner at (AXIS, y)."""
    w, h = size * math.sqrt(3) / 2, size / 2
    faces = (
        ("ss-face-top", ((0, -size), (w, -h), (0, 0), (-w, -h))),
        ("ss-face-left", ((-w, -h), (0, 0), (0, size), (-w, h))),
        ("ss-face-right", ((w, -h), (0, 0), (0, size), (w, h))),
    )
    return [
        ("M" + " L".join(f"{AXIS + px:.1f},{y + py:.1f}" for px, py in pts) + " Z", tint)
        for tint, pts in faces
    ]


def shape_parts(code: str) -> list[tuple[str, str]]:
    """A ship's silhouette as (SVG path data, tint class) pairs; the tint is "" for the
    species' colour, else a class of static/css/shapeships.css (an Energy colour, a face)."""
    parts: list[tuple[str, str]] = []
    for shape in SILHOUETTES.get(code, FALLBACK):
        kind = shape[0]
        if kind == "hull":
            parts.append((_sharp(shape[1]), ""))
        elif kind == "pod":
            parts.append((_rounded(shape[1]), ""))
        elif kind == "core":
            y, r, colour = shape[1:]
            parts.append((_ellipse(AXIS, y, r, r), f"ss-tint-{colour}"))
        elif kind == "spiral":
            parts.append((_spiral(*shape[1:]), ""))
        elif kind == "grid":
            parts.append((_grid(*shape[1:]), ""))
        elif kind == "cube":
            parts.extend(_cube(*shape[1:]))
        else:
            dx, y, rx, ry = shape[1:]
            centres = [AXIS + dx, AXIS - dx] if dx else [AXIS]
            for cx in centres:
                d = _ellipse(cx, y, rx, ry)
                if kind == "ring":
                    d += " " + _ellipse(cx, y, max(rx - 3, 1), max(ry - 3, 1))
                parts.append((d, ""))
    return parts


def shape_paths(code: str) -> list[str]:
    """The SVG path data of a ship's silhouette (one string per filled shape)."""
    return [d for d, _ in shape_parts(code)]


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


def _numbers(numbers: list[int]) -> SafeString:
    """A Quantum Mystic's or Frigate's chosen numbers as small die faces along the top,
    from the right (the charges badge sits at the top left)."""
    return format_html_join(
        "",
        '<g class="ss-fig-number"><rect x="{}" y="-5" width="8.5" height="8.5" rx="1.8"/>'
        '<text x="{}" y="1.6">{}</text></g>',
        ((_num(35.5 - 9.5 * i), _num(39.75 - 9.5 * i), n) for i, n in enumerate(reversed(numbers))),
    )


@lru_cache(maxsize=256)
def _hull(code: str) -> SafeString:
    """A ship's silhouette as SVG paths: a function of its code alone, and the geometry and
    formatting behind it were most of a ShapeShips board's render (bench/: the Drawing
    catalogue draws every ship on every change of the part)."""
    return format_html_join(
        "",
        '<path d="{}"{} fill-rule="evenodd"/>',
        ((d, format_html(' class="{}"', tint) if tint else "") for d, tint in shape_parts(code)),
    )


@register.simple_tag
def ship_figure(group: dict, flip: bool = False) -> SafeString:
    code = group["code"]
    defn = SHIPS.get(code)
    species = defn.species.value if defn else "unknown"
    kind = group.get("kind") or (defn.kind.value if defn else "basic")
    hull = _hull(code)
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
    numbers = sorted(set(group.get("triggers") or []))[:MAX_NUMBERS]
    if numbers:
        extras.append(_numbers(numbers))
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
