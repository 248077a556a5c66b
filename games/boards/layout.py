"""What a board's layout says (see the package's docstring)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Place:
    """One part where it stands: by the first name its ``{% part %}`` tag writes ("ec-side"
    of ``{% part "ec-side" s.seat %}``), which tag of that name (``nth``, in the order of
    the source), and what the board's tags around it set (``bound``)."""

    name: str
    bound: dict = field(default_factory=dict)
    nth: int = 0


@dataclass(frozen=True)
class Layout:
    skeleton: tuple  # every value the board outside its parts shows or branches on
    places: tuple[Place, ...]
