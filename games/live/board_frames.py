"""Frames from the view: a socket's frame for a board that declares its parts
(games/boards/), built without rendering the board around them.

A frame joins the fragments around the board (flash, status bar, game-over panel: they go
in every frame; games/live/around.py) and finds each declared part's id and digest from
its inputs alone. If the page holds this skeleton (the layout's skeleton values and part
ids), the frame is those fragments and the parts whose digest the page lacks, each
replacing its old self by id; the board's markup between the parts is never walked. If
nothing but the version number would change on the page, the frame is empty and is not
sent (the opponent re-selecting a hidden card must not reach this viewer as a frame at
that moment: a timing signal). Otherwise the board is rendered whole, in its place, as a
page load renders it (parts from the parts cache).

Invariant (as for games/live/frames.py): after every frame the page holds exactly what a
full render of that version gives. A part is left out only when the page shows its very
digest; the board outside the parts is a function of the skeleton
(games/boards/); and every whole board compares the parts its template
rendered with the layout's, so a layout that disagrees with its template costs whole
boards, not a wrong page.
"""

from __future__ import annotations

import hashlib
import logging
import pickle

from django.template import Context, engines

from games.boards import Layout
from games.live import around
from games.live.frames import FRAME_VARIABLE, FrameBuilder, Shown
from games.live.frames import filled as filled_slots
from games.templatetags.compiled import BUILTINS, Scope
from games.templatetags.parts import PartNode, parts_in

logger = logging.getLogger(__name__)

# What a page that shows no board holds (waiting for a player, the pass-the-device screen)
# and what a page whose layout disagreed with its template holds: never a layout's key,
# which is a 16-byte digest.
NO_BOARD = b"no board"
UNCHECKED = b"unchecked"


def frame(context: dict, layout: Layout, shown: Shown | None) -> tuple[str, Shown]:
    """The frame for a viewer's render ``context`` (games.live.rendering.context_for plus the
    flash), and what the page holds after it."""
    head, tail = around.head(context), around.tail(context)
    instead = around.instead_of_board(context)
    if instead is not None:  # no board on this page: the fragments are the whole frame
        return head + around.board_place(instead) + tail, Shown(NO_BOARD, {})
    board = engines["django"].get_template(context["board_template"]).template
    placed = _placed(board, context, layout)
    skeleton = _skeleton_key(layout, placed)
    digests = {part_id: digest for part_id, (_, digest, _) in placed.items()}
    rest = _rest_digest(head + tail, context)
    if shown is not None and shown.skeleton == skeleton:
        changed = "".join(
            node.html(part_id, digest, Scope(scope, True, False, None, board))
            for part_id, (node, digest, scope) in placed.items()
            if digest is None or shown.parts.get(part_id) != digest
        )
        if not changed and not context["flash"] and shown.around == rest:
            # Nothing this viewer sees changed but the version (the opponent re-selected
            # a hidden card): a frame now would tell them when the other acted.
            return "", Shown(skeleton, digests, rest)
        return head + changed + tail, Shown(skeleton, digests, rest)
    html, rendered = _whole_board(board, context)
    if list(rendered.items()) != list(digests.items()):
        # The layout disagrees with its template: this frame is right (the template made
        # it); the next ones go whole until the page is rendered again.
        logger.error("%s: the layout's parts are not the board's", context["board_template"])
        skeleton = UNCHECKED
    return head + around.board_place(html) + tail, Shown(skeleton, rendered, rest)


def _rest_digest(rest: str, context: dict) -> bytes:
    """The page outside the board, bar the status bar's version number: what tells a
    viewer that something they can see changed."""
    version = f'data-version="{context["match"]["version"]}"'
    return hashlib.blake2b(rest.replace(version, "", 1).encode(), digest_size=16).digest()


def _placed(board, context: dict, layout: Layout) -> dict:
    """Part id -> (node, digest, every name the part sees), in the layout's order."""
    found = parts_in(board)
    # What a Context of the render, inside the fragments' ``{% localize off %}``, with the
    # names the board's tags around the part set, holds, as one dict: its builtins under
    # the render's names, under the names bound around the part. Same lookups, without a
    # Context; a changed part renders from it too (games/templatetags/compiled.py).
    names = {**BUILTINS, **context}
    placed: dict[str, tuple[PartNode, bytes | None, dict]] = {}
    for place in layout.places:
        node = found[place.name][place.nth]
        scope = {**names, **place.bound} if place.bound else names
        part_id, digest = node.placed_in(scope, True, False)
        if part_id in placed:
            raise ValueError(f"two parts of one board are both named {part_id!r}")
        placed[part_id] = (node, digest, scope)
    return placed


def _skeleton_key(layout: Layout, placed: dict) -> bytes:
    try:
        data = pickle.dumps((layout.skeleton, tuple(placed)), pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return UNCHECKED  # not plain data: every frame goes whole
    return hashlib.blake2b(data, digest_size=16).digest()


def _whole_board(board, context: dict) -> tuple[str, dict[str, bytes | None]]:
    """The board as the page shows it (games/live/around.py), and the digest of each part
    it rendered, in order."""
    builder = FrameBuilder(None)
    board_context = Context({**context, FRAME_VARIABLE: builder}, use_l10n=False)
    return filled_slots(board.render(board_context), builder), builder.digests
