"""Small template helpers shared by the match page and every board (loaded as a builtin)."""

import hashlib
import marshal
import re

from django import template
from django.template.loader import get_template

from games.matches import outcomes
from games.matches.lru import LRU
from games.templatetags.compiled import render_template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping|get_item:key`` for dict lookups with a variable key (str or int): the key as
    given, then as a string, then as a number; None if none is there.

    Boards use it in every frame, often on a key that is not there (an action type not on
    offer) or on a list; a dict or a list is looked into without raising (bench/: each
    exception costs as much as rendering a few variables)."""
    if mapping is None:
        return None
    kind = type(mapping)
    if kind is dict:
        try:
            if key in mapping:
                return mapping[key]
        except TypeError:  # a key that cannot be hashed
            pass
        text = str(key)
        if text in mapping:
            return mapping[text]
        number = _number(key)
        return mapping.get(number) if number is not None else None
    if kind is list:
        number = key if type(key) is int else _number(key)
        if number is not None and -len(mapping) <= number < len(mapping):
            return mapping[number]
        return None
    return _get_item_slowly(mapping, key)


def _number(key) -> int | None:
    """``int(key)``, or None where it would raise. A string with no digit in it never
    converts, which spares the exception for the usual keys (names, action types)."""
    if isinstance(key, str) and not any(map(str.isdigit, key)):
        return None
    try:
        return int(key)
    except (ValueError, TypeError):
        return None


def _get_item_slowly(mapping, key):
    """Anything but a plain dict or list: the three tries, as they always were."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        pass
    try:
        return mapping[str(key)]
    except (KeyError, TypeError):
        pass
    try:
        return mapping[int(key)]
    except (KeyError, ValueError, TypeError, IndexError):
        return None


@register.filter
def by(actions, key: str) -> dict:
    """``actions|by:"card"|get_item:c.id``: the offered actions grouped by one field of
    their action, so a board finds a card's buttons with one lookup instead of scanning
    every action for every card (bench/: the same HTML, 5-10% cheaper renders)."""
    grouped: dict = {}
    for entry in actions or ():
        grouped.setdefault(entry["action"].get(key), []).append(entry)
    return grouped


@register.filter
def then(condition, value):
    """``view.pending|then:match.version``: the value while the condition holds, else None
    (a condition that is not there counts as false). Bound outside a {% part %} for a value
    that the part shows only under that condition (a prompt's key in ``data-prompt``): read
    inside, it is an input even while the part shows nothing, and the part was rendered and
    sent again on every move (bench/)."""
    return value if condition else None


@register.filter
def pick(mapping, keys: str) -> dict:
    """``match|pick:"code names"``: only those keys, e.g. the parts of a match that do not
    change from move to move, for a fragment reused across moves (memo_include)."""
    return {k: mapping[k] for k in keys.split() if k in mapping}


@register.filter
def seats_of(players) -> list:
    """``view.order|seats_of``: the seat numbers of a list of view players, in order. Bound
    outside a {% part %}, it lets the part name both players without reading the players,
    whose other fields change on most moves (games/templatetags/parts.py)."""
    return [p["seat"] for p in players or ()]


@register.filter
def by_turn(entries) -> list:
    """``view.log|by_turn``: a log newest first, in groups of one turn, as
    ``[{"turn": n, "entries": [...]}, ...]``: a side log shows one heading per turn rather
    than "Turn N" over every line ({% ifchanged %} cannot stand inside a {% part %})."""
    groups: list[dict] = []
    for entry in reversed(list(entries or ())):
        if not groups or groups[-1]["turn"] != entry.get("turn"):
            groups.append({"turn": entry.get("turn"), "entries": []})
        groups[-1]["entries"].append(entry)
    return groups


TURN_OPENING = re.compile(r"^Turn \d+: ")


@register.filter
def without_turn(text) -> str:
    """``e.text|without_turn``: a log line under its turn's heading (``by_turn``) without the
    "Turn N: " it opens with ("Turn 3: Ada to play." reads "Ada to play.")."""
    return TURN_OPENING.sub("", str(text or ""))


@register.filter
def at_least(items, count) -> bool:
    """``actions|at_least:2``: whether there are that many. Bound outside a {% part %}, the
    part then changes when the answer does, not whenever the items do."""
    return len(items or ()) >= int(count)


@register.filter
def full_groups(entries, size) -> list:
    """``log|full_groups:10``: the entries of every complete group of ``size`` from the start;
    ``log|last_group:10`` is the rest. A log grows at its end, so as a {% part %} the full
    groups change once every ``size`` entries and only the last group with each entry."""
    entries = list(entries or ())
    return entries[: len(entries) - len(entries) % int(size)]


@register.filter
def last_group(entries, size) -> list:
    """The entries after ``full_groups``: fewer than ``size``."""
    entries = list(entries or ())
    return entries[len(entries) - len(entries) % int(size) :]


# How engines name seats in their sentences ("Seat 1" is seat 0; two-player games only).
@register.filter
def with_names(message, names) -> str:
    """``o.message|with_names:match.names``: an engine's sentence with "Seat 1" or "Player 2"
    replaced by that seat's player (games/matches/outcomes.py). The result is plain text, so a
    name is escaped like any other."""
    return outcomes.with_names(message, names)


@register.filter
def in_words(summary, seat):
    """``match|in_words:seat``: how the match ended, said to this viewer (a seat, or None for
    anyone else), from games/matches/outcomes.py."""
    if summary.get("mode") == "hotseat":
        seat = None  # one device for both sides: "you" would be either, so names
    return outcomes.describe(
        summary.get("outcome"), summary.get("names") or {}, seat, summary.get("status", "")
    )


@register.simple_tag
def outcome_why(outcome, names, mode, seat, **fields) -> str:
    """``{% outcome_why view.outcome match.names match.mode seat %}``: why an engine's match
    ended, as a sentence to this viewer ("Your LP fell to 0"; names for anyone else and on
    a hot-seat device, never "Victory" to the loser). A view without an outcome dict names
    its fields instead: ``{% outcome_why None ... winner=view.winner reason=view.reason
    message=view.message %}``. Its arguments are the few values it reads, never a whole
    view or match summary: a board part holding it would be new on every move."""
    you = None if mode == "hotseat" else seat
    outcome = outcome or fields
    return outcomes.opening(outcomes.why(outcome, names or {}, you), names or {})


outcome_why.part_safe = True  # reads only its arguments (games/templatetags/parts.py)


@register.filter
def named_texts(value, names):
    """``view.playback|named_texts:match.names``: a copy of data for a page's script with
    every "text" and "label" string passed through with_names, so what the script shows
    names players like the rest of the page."""
    if isinstance(value, dict):
        return {
            k: with_names(v, names)
            if k in ("text", "label") and isinstance(v, str)
            else named_texts(v, names)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [named_texts(v, names) for v in value]
    return value


@register.filter
def humanize_code(code) -> str:
    """``"lp_depleted"`` -> ``"Lp depleted"``: a readable fallback for a machine reason."""
    text = str(code or "").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


# Rendered fragments by (template, digest of their context). Entries are a few KB; a
# match's log holds tens of them, so this covers a few hundred live matches.
_fragments = LRU(5000)


@register.simple_tag
def memo_include(template_name: str, **context):
    """``{% memo_include "t.html" a=x b=y %}``: render ``t.html`` with exactly ``a`` and
    ``b`` (nothing else from the page) and reuse the HTML whenever the same values come
    again.

    Why: logs grow with every turn and their old entries never change, yet every move
    re-rendered all of them for every viewer (bench/: 40% of an Elemental Clash board late
    in a match). The HTML is a pure function of the values, which come from the viewer's
    own view, so a reused fragment shows nobody anything that was not already theirs."""
    try:
        # marshal's format 2 writes each value out in full (no references, no interning
        # marks, which later formats add): equal plain values give equal bytes, and it
        # refuses anything else, a str subclass such as safe text among them. Twice as fast
        # as the sorted-key JSON this used (bench/: a turn of the log, 20 -> 9 us).
        digest = hashlib.blake2b(marshal.dumps(context, 2), digest_size=16).digest()
    except ValueError:  # not plain values: render without reuse
        return _render_plain(template_name, context)
    key = (template_name, digest)
    html = _fragments.get(key)
    if html is None:
        html = _render_plain(template_name, context)
        _fragments.put(key, html)
    return html


memo_include.part_safe = True  # reads only its arguments (games/templatetags/parts.py)


def _render_plain(template_name: str, values: dict) -> str:
    """Render with numbers as plain digits, as the match page around it does
    (games/live/around.py renders with localisation off)."""
    return render_template(get_template(template_name).template, values)
