"""``{% action_form a %}``: one legal action as a websocket form (loaded as a builtin).

Every board offers its moves through this tag, so every button posts the same way: the
action's canonical JSON. The step the page shows goes with it from the status bar
(``#match-step``, in the status bar: games/live/around.py), so the server
refuses a stale click instead of applying it to a later decision (games/matches/services.py).

A form carries neither the step nor the match version itself. The server never judged by
the version (in a simultaneous step the opponent's pick bumps it, and a click must not go
stale for that), and either field in every form made every form change whenever it did, so
no part of a board that offers moves could be reused or left out of a frame from one move
to the next ({% part %}, games/templatetags/parts.py). The status bar is in every frame.

It was an ``{% include %}`` of a template; a board offers up to a few dozen actions and
every include builds a new template context (bench/: the forms were about a sixth of an
Elemental Clash render). The markup is the same.
"""

import html

from django import template
from django.utils.safestring import mark_safe

from games.templatetags.confirm import two_step

register = template.Library()

FORM = (
    '<form ws-send class="action-form"{}>'
    '<input type="hidden" name="action" value="{}">'
    '<button type="submit" class="btn {}" data-action="{}"{}>{}</button></form>'
    "\n"  # as the template it replaced: a space between neighbouring inline forms
)


@register.simple_tag
def action_form(a, label="", cls="", confirm="", aria=""):
    """``a``: an entry of the page's ``actions`` (payload and label); ``label`` overrides
    the button's text, ``cls`` adds CSS classes and ``confirm`` asks before sending.
    ``aria`` names a button whose short text needs its row to be understood (a "3" among
    a ship's numbers): the accessible name then says the whole move, the text included."""
    if confirm:
        # hx-confirm never asks on a websocket form: a destructive move takes two steps.
        text = label or a["label"]
        return two_step(text, confirm, text.lower(), cls, "ws-send", {"action": a["payload"]})
    payload = _escaped(a["payload"])
    named = f' aria-label="{_escaped(aria)}"' if aria else ""
    return mark_safe(
        FORM.format("", payload, _escaped(cls or ""), payload, named, _escaped(label or a["label"]))
    )


def _escaped(value) -> str:
    """What format_html does to each value (conditional_escape), without its wrappers for
    lazy strings: a board renders dozens of these forms whenever a part with moves changes,
    and escaping through them was most of a form's cost (bench/). The payload once, not
    twice. Values already safe HTML stay as they are."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


action_form.part_safe = True  # reads only its arguments (games/templatetags/parts.py)
