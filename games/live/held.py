"""What a match page was served with, named in its socket's address, so that the socket's
first frame need not send that board again.

A page load renders the board and the fragments around it as a socket's whole frame does
(``frame_in`` with nothing shown) and writes a name for those bytes into its socket's
address (``?held=``). When the socket opens, its first frame is rendered as before; if the
frame's name is the page's, the page already shows every byte of it: only what the page
holds is remembered, and nothing is sent. Before, every page load drew its board twice in
the browser, once from the HTML and once from the socket's first frame (htmx parsing and
swapping every part, then style, layout and paint again).

The name is of the bytes, not of the digests a frame keeps (``Shown``): equal bytes are
the one thing that makes sending them again useless, and a part's digest may differ
between two processes for the same HTML (its inputs' dicts built in another order).

Only a page's first socket may name what it holds (static/js/duelhall.js drops ``held``
when a socket reopens): by then the page may show frames sent at the same version (a
rematch offer, a presence dot) or have missed some while away, so a reopened socket is sent
the board afresh.

The name is a digest of this viewer's own frame, written into this viewer's own page: it
carries nothing the page does not already show.

A lobby page's open challenges and an arena page's table are named the same way; their
sockets always send the region whole, and ``SentWhole`` keeps them from sending what the
page holds, on opening or later.
"""

from __future__ import annotations

import hashlib
from urllib.parse import parse_qs

# A name is 32 hex digits; an address may say anything, and anything else is no name.
NAME_LENGTH = 32
_HEX = frozenset("0123456789abcdef")


def name_of(frame: str) -> str:
    """The name of a whole frame's HTML."""
    return hashlib.blake2b(frame.encode(), digest_size=NAME_LENGTH // 2).hexdigest()


def named(query_string: bytes) -> str | None:
    """The name a socket's address gives for what its page holds (``?held=``), or None."""
    held = parse_qs(query_string.decode("latin-1")).get("held", [""])[-1]
    if len(held) != NAME_LENGTH or not _HEX.issuperset(held):
        return None
    return held


class SentWhole:
    """What a page holds of a region its socket always sends whole (a lobby's open
    challenges, an arena's table): the name of the region's last bytes, the page's own
    (``?held=``) until the socket first sends. ``fresh(html)`` says whether ``html`` would
    change the page, and if so takes it as what the page now holds.

    Why a socket should not send what the page holds: htmx swaps a region by replacing its
    elements, and a press whose mouse-down lands on the old element and mouse-up on the new
    one is no click. A region redrawn as the page opens, or after a change that left it as
    it was, could swallow a player's "Accept" or "watch" link that way."""

    def __init__(self, query_string: bytes) -> None:
        self.name = named(query_string)

    def fresh(self, html: str) -> bool:
        name = name_of(html)
        if name == self.name:
            return False
        self.name = name
        return True
