"""The match page around the board: the flash, the newest event, the status bar, the board's
place, the game-over panel and the invitation's slot, each an out-of-band swap by id.

They go in every frame of every socket, so they are joined here in Python rather than
rendered as one template: Django's engine walking the nodes of these few divs was about
505 k instructions a frame, a third of a frame that sends no part, and joined here they
are 227 k (bench.frame_pieces). What varies inside them and is worth a template (the
status bar's seat tags and turn words, the pass-the-device screen, the game-over panel)
stays one, rendered only where it shows.

Numbers are counts, versions and deadlines, written as plain digits: every template here
renders with localisation off, as the board does (with l10n on, each number went through
number_format's locale lookups).

Every move button of the board sends the step the status bar shows (``#match-step``, named
by the board's ``hx-include`` and inherited by its forms), so a move made on a stale board
is refused instead of landing on a new step.
"""

from __future__ import annotations

from django.template import engines
from django.utils.html import conditional_escape

from games.templatetags.compiled import render_template

# Where the board stands: from its opening tag to the game-over panel's. games/live/frames.py
# finds the board of a page by these. (Names and texts are escaped, so no player can write
# either.)
BOARD_OPENS = '<div id="board" class="board-wrap" hx-include="#match-step">'
BOARD_ENDS = '\n<div id="gameover">'

_OVER = ("finished", "aborted")


def head(context: dict) -> str:
    """What stands before the board: the flash, the newest event (static/js/notify.js
    reads it when the status bar is swapped, so it comes first) and the status bar."""
    flash, latest = context["flash"], context["latest"]
    return (
        '<div id="flash" class="flash" role="alert" aria-live="assertive">'
        f"{conditional_escape(flash) if flash else ''}</div>\n"
        f'<div id="latest-event" hidden data-key="{conditional_escape(latest["key"])}">'
        f"{conditional_escape(latest['text'])}</div>\n"
        f"{status_bar(context)}\n"
    )


def status_bar(context: dict) -> str:
    """The status bar: the version and the step, which change with every move, around what
    it shows, which changes far less often (templates/match/_status_body.html)."""
    match = context["match"]
    return (
        f'<div id="match-status" class="status-bar" data-version="{match["version"]}"'
        f' data-status="{conditional_escape(match["status"])}"'
        f' data-my-turn="{"1" if context["my_turn"] else ""}">\n'
        f'  <input type="hidden" id="match-step" name="step"'
        f' value="{conditional_escape(match["step"])}">\n'
        f"  {_render('match/_status_body.html', context)}\n</div>"
    )


def instead_of_board(context: dict) -> str | None:
    """What stands in the board's place while there is no board to show: the line saying
    it comes once both players are seated, or the hot-seat device's pass-the-device screen
    between its players. None: the board."""
    match = context["match"]
    if match["status"] == "waiting":
        return '<p class="muted">The board appears when both players are seated.</p>'
    if context["viewer"]["hotseat"] and context["seat"] is None and match["status"] == "active":
        return _render("match/_pass_device.html", context)
    return None


def board_place(inside: str) -> str:
    """The board's place on the page, holding ``inside``."""
    return f"{BOARD_OPENS}\n{inside}\n</div>"


def tail(context: dict) -> str:
    """What stands after the board: the game-over panel once the match is over, and the
    invitation's slot, emptied once someone has joined."""
    match = context["match"]
    over = _render("match/_gameover_panel.html", context) if match["status"] in _OVER else ""
    invite = '<div id="invite" hidden></div>' if match["status"] != "waiting" else ""
    return f"{BOARD_ENDS}{over}</div>\n{invite}"


def page(context: dict) -> str:
    """The whole of it, with the board in its place when there is one."""
    inside = instead_of_board(context)
    if inside is None:
        inside = render_board(context)
    return head(context) + board_place(inside) + tail(context)


def render_board(context: dict) -> str:
    """The board as it stands on the page: its template, in the context of the page around
    it (a frame being built travels in it: games/live/frames.py)."""
    return _render(context["board_template"], context)


def _render(template_name: str, context: dict) -> str:
    template = engines["django"].get_template(template_name).template
    return render_template(template, context)
