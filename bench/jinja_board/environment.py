"""The Jinja2 environment of the board port: the templates beside this file, and the project's
own tag and filter functions under the names the port calls.

Django's engine and this one must agree on what a board says, so a filter Jinja lacks or
spells differently is either the project's function (``get_item``, ``by``, ``with_names``,
``in_words``, ``bounded``) or a line here matching Django's built-in (``capfirst``,
``pluralize``). ``ChainableUndefined`` stands for Django's silent lookups: ``view.me.hand``
with no ``view.me`` is empty in both, never an error.
"""

from __future__ import annotations

from pathlib import Path

from django.templatetags.static import static
from django.urls import reverse
from jinja2 import ChainableUndefined, Environment, FileSystemLoader

from bench.jinja_board.parts import DigestedParts, PlainParts
from games.templatetags.action_forms import action_form
from games.templatetags.duelhall import by, get_item, in_words, with_names
from games.templatetags.icons import icon
from games.templatetags.style_values import bounded

TEMPLATES = Path(__file__).resolve().parent / "templates"


def capfirst(value) -> str:
    """Django's ``capfirst``: the first character upper-cased, the rest left alone (Jinja's
    ``capitalize`` lowers the rest)."""
    text = str(value)
    return text[:1].upper() + text[1:]


def pluralize(value, suffix: str = "s") -> str:
    """Django's ``pluralize`` for numbers: the suffix unless the value is 1."""
    try:
        return "" if int(value) == 1 else suffix
    except (TypeError, ValueError):
        return ""


def url(name: str, *args) -> str:
    return reverse(name, args=args)


def environment(digested: bool = False) -> Environment:
    """The port's environment. ``digested``: parts and memos digest their inputs and reuse
    their HTML, and a frame leaves out the parts a page shows (bench/jinja_board/parts.py);
    otherwise a part is only its wrapper and a memo only its body."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        extensions=[DigestedParts if digested else PlainParts],
        autoescape=True,
        undefined=ChainableUndefined,
        auto_reload=False,  # as Django's cached loader: templates are compiled once
        keep_trailing_newline=True,  # as Django: a file's last newline is part of its output
    )
    env.globals.update(action_form=action_form, icon=icon, static=static, url=url)
    env.filters.update(
        by=by,
        bounded=bounded,
        capfirst=capfirst,
        get_item=get_item,
        in_words=in_words,
        pluralize=pluralize,
        with_names=with_names,
    )
    return env
