"""``{% action_form a %}``: one legal action as a websocket form (loaded as a builtin).

Every board offers its moves through this tag, so every button posts the same way: the
action's canonical JSON, plus the step the page was showing, so the server refuses a stale
click instead of applying it to a later decision (games/services.py). The match version is
not sent: the server never judged by it (in a simultaneous step the opponent's pick bumps
it, and a click must not go stale for that), and as a field of every form it made every
form change on every move, so no part of a board that offers moves could be reused from
one move to the next ({% part %}, games/templatetags/parts.py).

It was an ``{% include %}`` of a template; a board offers up to a few dozen actions and
every include builds a new template context (bench/: the forms were about a sixth of an
Elemental Clash render). The markup is the same.
"""

from django import template
from django.utils.html import format_html

register = template.Library()

FORM = (
    '<form ws-send class="action-form"{}>'
    '<input type="hidden" name="action" value="{}">'
    '<input type="hidden" name="step" value="{}">'
    '<button type="submit" class="btn {}" data-action="{}">{}</button></form>'
    "\n"  # as the template it replaced: a space between neighbouring inline forms
)


@register.simple_tag(takes_context=True)
def action_form(context, a, label="", cls="", confirm=""):
    """``a``: an entry of the page's ``actions`` (payload and label); ``label`` overrides
    the button's text, ``cls`` adds CSS classes and ``confirm`` asks before sending."""
    match = context.get("match") or {}
    asks = format_html(' hx-confirm="{}"', confirm) if confirm else ""
    return format_html(
        FORM,
        asks,
        a["payload"],
        match.get("step"),
        cls or "",
        a["payload"],
        label or a["label"],
    )


# {% part %}s may hold action forms (games/templatetags/parts.py): besides its
# arguments, a form reads only these.
action_form.part_safe = True
action_form.context_reads = ("match.step",)
