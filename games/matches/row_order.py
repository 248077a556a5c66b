"""A move's new state exactly as a read of its row gives it back: the copy a process keeps.

A move writes the state's canonical JSON (sorted keys, made anyway for its hash) to the row,
so a read of that row (``json.loads``) gives dicts with sorted keys. The process that made
the move keeps its match for renders and the next move (games/matches/committed.py); if that
copy kept the engine's key order, views built from it and from a read-back would differ in
order, which a template walking a dict shows. So the kept state is put in the row's order.

Decoding the written text would do it, but every value would then be new at every move, and
the views keep work by the identity of what a move did not change (the turn log told once,
a list digested once: games/engines/elemental_clash/view.py, games/templatetags/parts.py).
So only what differs from the state before is rebuilt: a move's state shares what it did not
change with the state it was applied to (engines copy only what they change, and no state
is changed in place), and when that state is itself in the row's order, a shared value needs
no look. Anything a read would not give back as it is (a tuple, a key that is not a string,
a subclass of str or int) falls back to decoding the text, so the result is always what
``json.loads`` of the text gives (tests/platform/test_committed.py plays every game).
"""

from __future__ import annotations

import json
from operator import is_, itemgetter
from typing import Any

_SCALARS = frozenset({str, int, float, bool, type(None)})
_MISSING = object()  # the value "before" where the state before had none: never shared
_NO_DICT: dict = {}
_NO_LIST: list = []
_KEY = itemgetter(0)


class _Unlike(Exception):
    """A value a read of the row would not give back as it is."""


def _ordered(value: Any, before: Any) -> Any:
    if value is before:
        return value  # shared with the state before, which is in order (no look needed)
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        old = before if type(before) is dict else _NO_DICT
        items, changed, unsorted = [], False, False
        for key, item in value.items():
            if type(key) is not str:
                raise _Unlike
            if items and key < items[-1][0]:
                unsorted = True
            new = _ordered(item, old.get(key, _MISSING))
            changed = changed or new is not item
            items.append((key, new))
        if unsorted:
            # sort_keys sorts by the keys alone, as this does: str order, code point by
            # code point.
            items.sort(key=_KEY)
            return dict(items)
        return dict(items) if changed else value
    if kind is list:
        old = before if type(before) is list else _NO_LIST
        known = len(old)
        new_list = [
            _ordered(item, old[i] if i < known else _MISSING) for i, item in enumerate(value)
        ]
        return value if all(map(is_, new_list, value)) else new_list
    raise _Unlike


def as_read_back(state: Any, text: str, before: Any = _MISSING) -> Any:
    """``state`` as ``json.loads(text)`` gives it, where ``text`` is its canonical JSON.

    ``before``: the state it was made from, when that one is itself as its row's read gives
    it back (a kept copy made here); left out, nothing is taken as in order."""
    try:
        return _ordered(state, before)
    except _Unlike:
        return json.loads(text)
