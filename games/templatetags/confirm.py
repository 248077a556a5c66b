"""Two-step confirmation for destructive actions (resign, forfeit, cancel, delete).

A first button ("Resign…") only reveals the question and its answers ("Really resign?
Yes, resign / No"); the form that acts holds only the "Yes" button. This works the same on
websocket forms, where ``hx-confirm`` never asks (htmx's ws extension sends on submit
without the confirm event), and on ordinary POST forms. static/js/confirm.js opens and
closes the question; without it the question stays hidden and nothing is sent.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

register = template.Library()

MARKUP = (
    '<span class="confirm">'
    '<button type="button" class="btn {} confirm-open" aria-expanded="false">{}…</button>'
    '<span class="confirm-ask" role="group" aria-label="{}" hidden>'
    '<span class="confirm-q">{}</span> '
    '<form {} class="confirm-form inline">{}'
    '<button type="submit" class="btn {} confirm-yes">Yes, {}</button></form> '
    '<button type="button" class="btn confirm-no">No</button>'
    "</span></span>"
)


def two_step(label: str, question: str, yes: str, cls: str, form_attrs, fields: dict) -> str:
    inputs = format_html_join(
        "", '<input type="hidden" name="{}" value="{}">', sorted(fields.items())
    )
    return format_html(MARKUP, cls, label, question, question, form_attrs, inputs, cls, yes)


@register.simple_tag
def confirm_ws(label, question, yes, cls="danger", **fields):
    """A websocket form (ws-send) sending ``fields`` once the player says yes."""
    return two_step(label, question, yes, cls, mark_safe("ws-send"), fields)


@register.simple_tag(takes_context=True)
def confirm_post(context, url, label, question, yes, cls="danger"):
    """An ordinary POST form to ``url`` (with the page's CSRF token) once the player says yes."""
    token = str(context.get("csrf_token", ""))
    return two_step(
        label,
        question,
        yes,
        cls,
        format_html('method="post" action="{}"', url),
        {"csrfmiddlewaretoken": token},
    )
