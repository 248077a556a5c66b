"""What one socket is sent after a change: the parts of the board that changed since its
last frame, not the whole board.

A board is made of parts (``{% part %}``, games/templatetags/parts.py), each with a digest
of everything its HTML depends on, and a skeleton around them. A socket remembers what its
page shows (``Shown``: the skeleton's digest and each part's). The next frame holds the
flash and the status bar (always: they are small), the parts whose digest changed, each
replacing its old self by id (htmx's out-of-band swap), and the game-over panel; if the
skeleton changed (a new stage, a part that appears or goes), the whole board instead.

Invariant: after every frame, the page holds exactly what a full render of that version
would give. A part is left out only when the page already shows this very digest, which
fixes its HTML; frames on a socket arrive in order, and a socket builds one frame at a time
from the ``Shown`` its last frame left (games/live/consumers.py). A (re)connect starts from
nothing and gets the whole board.

Nothing hidden can travel this way that a full render would not send: a frame is a subset
of that viewer's full render.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass

from games.live.around import BOARD_ENDS, BOARD_OPENS

__all__ = ["BOARD_ENDS", "BOARD_OPENS", "FrameBuilder", "Shown", "building", "frame_of"]

# The context variable a frame being built travels in. Templates cannot name it (a
# variable may not start with an underscore), so no template can read or fake it.
FRAME_VARIABLE = "_frame_builder"

# Stands for a part in the skeleton: NUL never occurs in rendered HTML.
_SLOT = "\x00{}\x00"
_SLOTS = re.compile("\x00([^\x00]+)\x00")


@dataclass(frozen=True)
class Shown:
    """What a socket's page holds of the board: the skeleton's digest and each part's; and,
    for a board framed from its parts (games/live/board_frames.py), the digest of the rest
    of the page bar the version number (None: not known)."""

    skeleton: bytes
    parts: dict[str, bytes | None]
    around: bytes | None = None


class FrameBuilder:
    """Collects the parts of one render. ``shown``: what the page holds (None: nothing)."""

    def __init__(self, shown: Shown | None) -> None:
        self.shown = shown.parts if shown is not None else {}
        self.digests: dict[str, bytes | None] = {}
        self.rendered: dict[str, str] = {}  # in the order they stand on the board
        self.skipped: dict[str, Callable[[], str] | None] = {}

    def part(
        self,
        part_id: str,
        digest: bytes | None,
        render: Callable[[], str],
        later: Callable[[], str] | None = None,
    ) -> str:
        """``render`` gives the part's HTML now; ``later``, if given, once the page is
        rendered (from the part's inputs alone), for a part the page shows already but
        that must go after all because the board around it changed."""
        if part_id in self.digests:
            raise ValueError(f"two parts of one board are both named {part_id!r}")
        self.digests[part_id] = digest
        if digest is None or self.shown.get(part_id) != digest:
            self.rendered[part_id] = render()
        else:
            self.skipped[part_id] = later
        return _SLOT.format(part_id)


def building(context) -> FrameBuilder | None:
    """The frame a template is rendered for, if any (parts then leave a slot)."""
    return context.get(FRAME_VARIABLE)


def frame_of(
    render: Callable[[FrameBuilder], str],
    shown: Shown | None,
    version: int | None = None,
    flash: str = "",
) -> tuple[str, Shown]:
    """A socket's frame, and what its page holds after it.

    ``render(builder)`` renders the page around the board (games/live/around.py) with
    ``builder`` in its context: parts leave slots there, and the builder holds the HTML of
    those the page lacks. With the match's ``version``, a frame that would change nothing on
    the page but that number (and brings no ``flash``) is empty: the opponent re-selecting
    a hidden card or composing a hidden plan must not reach this viewer as a frame at that
    moment (a timing signal)."""
    builder = FrameBuilder(shown)
    page = render(builder)
    start, end = page.index(BOARD_OPENS), page.index(BOARD_ENDS)
    if "\x00" in page[:start] or "\x00" in page[end:]:
        raise ValueError("parts belong on the board; the status and game-over go whole")
    skeleton = hashlib.blake2b(page[start:end].encode(), digest_size=16).digest()
    around = None
    if version is not None:
        rest = (page[:start] + page[end:]).replace(f'data-version="{version}"', "", 1)
        around = hashlib.blake2b(rest.encode(), digest_size=16).digest()
    now = Shown(skeleton, builder.digests, around)
    if shown is not None and shown.skeleton == skeleton:
        if not builder.rendered and not flash and around is not None and shown.around == around:
            return "", now
        return page[:start] + "".join(builder.rendered.values()) + page[end:], now
    if builder.skipped:
        # The skeleton changed, so the whole board goes, but parts the page had were
        # skipped: each from its inputs (most come from the parts cache), or, for a part
        # that cannot, the page again with every part.
        if all(builder.skipped.values()):
            builder.rendered.update((key, later()) for key, later in builder.skipped.items())
        else:
            builder = FrameBuilder(None)
            page = render(builder)
    return filled(page, builder), now


def filled(html: str, builder: FrameBuilder) -> str:
    """``html`` with each part's slot replaced by the part's HTML."""
    return _SLOTS.sub(lambda slot: builder.rendered[slot.group(1)], html)
