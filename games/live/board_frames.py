"""Frames from the view: a socket's frame for a board that declares its parts
(games/boards/), built without rendering the board around them.

A frame renders the fragments around the board (flash, status bar, game-over panel: they
go in every frame) with a marker where the board stands, and finds each declared part's
id and digest from its inputs alone. If the page holds this skeleton (the layout's
skeleton values and part ids), the frame is those fragments and the parts whose digest
the page lacks, each replacing its old self by id; the board's markup between the parts
is never walked. If nothing but the version number would change on the page, the frame is
empty and is not sent (the opponent re-selecting a hidden card must not reach this
viewer as a frame at that moment: a timing signal). Otherwise the board is rendered whole, in its place, as a page load
renders it (parts from the parts cache).

Invariant (as for games/live/frames.py): after every frame the page holds exactly what a
full render of that version gives. A part is left out only when the page shows its very
digest; the board outside the parts is a function of the skeleton
(games/boards/); and every whole board compares the parts its template
rendered with the layout's, so a layout that disagrees with its template costs whole
boards, not a wrong page.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import pickle

from django.template import Context, engines
from django.template.loader import render_to_string

from games.boards import Layout
from games.live.frames import BOARD_ENDS, BOARD_OPENS, FRAME_VARIABLE, FrameBuilder, Shown
from games.live.frames import filled as filled_slots
from games.templatetags.parts import PartNode, parts_in

logger = logging.getLogger(__name__)

# Where the board stands in the fragments rendered around it. NUL never occurs in
# rendered HTML, so no name or text can fake it.
BOARD_MARK = "\x00board\x00"

# What a page that shows no board holds (waiting for a player, the pass-the-device screen)
# and what a page whose layout disagreed with its template holds: never a layout's key,
# which is a 16-byte digest.
NO_BOARD = b"no board"
UNCHECKED = b"unchecked"


def frame(context: dict, layout: Layout, shown: Shown | None) -> tuple[str, Shown]:
    """The frame for a viewer's render ``context`` (games.live.rendering.context_for plus the
    flash), and what the page holds after it."""
    around = render_to_string(
        "match/_fragments.html", {**context, "board_template": _mark_template()}
    )
    mark = around.find(BOARD_MARK)
    if mark < 0:  # no board on this page: the fragments are the whole frame
        return around, Shown(NO_BOARD, {})
    board = engines["django"].get_template(context["board_template"]).template
    placed = _placed(board, context, layout)
    skeleton = _skeleton_key(layout, placed)
    digests = {part_id: digest for part_id, (_, digest, _) in placed.items()}
    rest = _rest_digest(around, context)
    if shown is not None and shown.skeleton == skeleton:
        changed = "".join(
            node.html(part_id, digest, _part_context(context, board, bound))
            for part_id, (node, digest, bound) in placed.items()
            if digest is None or shown.parts.get(part_id) != digest
        )
        if not changed and not context["flash"] and shown.around == rest:
            # Nothing this viewer sees changed but the version (the opponent re-selected
            # a hidden card): a frame now would tell them when the other acted.
            return "", Shown(skeleton, digests, rest)
        start, end = around.index(BOARD_OPENS), around.index(BOARD_ENDS)
        return around[:start] + changed + around[end:], Shown(skeleton, digests, rest)
    html, rendered = _whole_board(board, context)
    if list(rendered.items()) != list(digests.items()):
        # The layout disagrees with its template: this frame is right (the template made
        # it); the next ones go whole until the page is rendered again.
        logger.error("%s: the layout's parts are not the board's", context["board_template"])
        skeleton = UNCHECKED
    whole = around[:mark] + html + around[mark + len(BOARD_MARK) :]
    return whole, Shown(skeleton, rendered, rest)


def _rest_digest(around: str, context: dict) -> bytes:
    """The page outside the board, bar the status bar's version number: what tells a
    viewer that something they can see changed."""
    version = f'data-version="{context["match"]["version"]}"'
    return hashlib.blake2b(around.replace(version, "", 1).encode(), digest_size=16).digest()


@functools.cache
def _mark_template():
    """What the fragments include where the board stands (Django's include takes a
    template as well as a name)."""
    return engines["django"].from_string(BOARD_MARK)


def _placed(board, context: dict, layout: Layout) -> dict:
    """Part id -> (node, digest, names bound around it), in the layout's order."""
    found = parts_in(board)
    # What _part_context's Context holds, as one dict: its builtins under the render's
    # names, under the names bound around the part. Same lookups, without a Context.
    names = {**_BUILTINS, **context}
    placed: dict[str, tuple[PartNode, bytes | None, dict]] = {}
    for place in layout.places:
        node = found[place.name][place.nth]
        scope = {**names, **place.bound} if place.bound else names
        part_id, digest = node.placed_in(scope, True, False)
        if part_id in placed:
            raise ValueError(f"two parts of one board are both named {part_id!r}")
        placed[part_id] = (node, digest, place.bound)
    return placed


# What every Context holds under the render's names (django.template.context.BaseContext).
_BUILTINS = {"True": True, "False": False, "None": None}


def _skeleton_key(layout: Layout, placed: dict) -> bytes:
    try:
        data = pickle.dumps((layout.skeleton, tuple(placed)), pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return UNCHECKED  # not plain data: every frame goes whole
    return hashlib.blake2b(data, digest_size=16).digest()


def _part_context(context: dict, board, bound: dict) -> Context:
    """The context a part sees where it stands: the render's, inside the fragments'
    ``{% localize off %}``, with the names the board's tags around it set."""
    part_context = Context(context, autoescape=True, use_l10n=False)
    part_context.template = board  # what an {% include %} in the part loads through
    if bound:
        part_context.push(bound)
    return part_context


def _whole_board(board, context: dict) -> tuple[str, dict[str, bytes | None]]:
    """The board as the fragments' ``{% include board_template %}`` renders it, and the
    digest of each part it rendered, in order."""
    builder = FrameBuilder(None)
    board_context = Context({**context, FRAME_VARIABLE: builder}, use_l10n=False)
    return filled_slots(board.render(board_context), builder), builder.digests
