"""Each board's parts as data: which ``{% part %}`` stands where on the board for a given
context, so that a frame finds the parts that changed by comparing their inputs, without
rendering the board around them (games/live/board_frames.py).

A board's template stays what a page load renders; its layout, a Python module of this package,
says for a render context:

- ``places``: the board's parts in the order they stand, each by the first name of its
  ``{% part %}`` tag (and which of the tags of that name, when an ``{% if %}`` fills one
  place with one of two), with the names the board's ``{% with %}`` and ``{% for %}``
  tags around it set;
- ``skeleton``: every other value the board's HTML outside its parts shows or branches on.

Invariant: two contexts with the same skeleton and the same list of part ids give the same
board outside the parts, and each place's part, resolved with its names, is the part the
template renders there. ``tests/platform/test_board_layouts.py`` checks both on every
version of seeded matches, for both seats and a spectator; every whole-board frame checks
the second again and falls back to whole boards if a layout ever disagrees.

A game without a layout here is framed from the rendered board, as before
(games/live/frames.py).
"""

from __future__ import annotations

from collections.abc import Callable

from games.boards import elemental_clash, gundam, phalanx, shapeships
from games.boards.layout import Layout, Place

__all__ = ["Layout", "Place", "layout_of"]

LAYOUTS: dict[str, Callable[[dict], Layout]] = {
    "elemental-clash": elemental_clash.layout,
    "gundam": gundam.layout,
    "phalanx": phalanx.layout,
    "shapeships": shapeships.layout,
}


def layout_of(game: str, context: dict) -> Layout | None:
    """The board's layout for this render context; None for a game that declares none."""
    declared = LAYOUTS.get(game)
    return declared(context) if declared is not None else None
