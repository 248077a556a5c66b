"""``get_item`` (games/templatetags/duelhall.py): a board's lookup by a variable key, without
exceptions on plain dicts and lists, giving what the three tries always gave."""

import re
from collections import defaultdict

import pytest

from games.templatetags.duelhall import get_item


def three_tries(mapping, key):
    """The filter as it was: the key, then its text, then its number."""
    if mapping is None:
        return None
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


MAPPINGS = [
    {"0": "zero", "1": "one"},
    {0: "int zero", "a": "letter"},
    {"block": [1], 2: "two", True: "true"},
    {},
    ["a", "b", "c"],
    [],
    ("x", "y"),
    "abc",
    "",
    None,
    0,
    defaultdict(lambda: "made", {"k": "v"}),
]
KEYS = [
    0,
    1,
    2,
    -1,
    -4,
    7,
    "0",
    "1",
    "-1",
    " 1",
    "a",
    "k",
    "block",
    "attack",
    True,
    1.0,
    None,
    ["x"],
]


def stable_repr(value) -> str:
    """A test id without memory addresses (a lambda's repr names one), so every pytest-xdist
    worker collects the same ids."""
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))


@pytest.mark.parametrize("mapping", MAPPINGS, ids=stable_repr)
@pytest.mark.parametrize("key", KEYS, ids=stable_repr)
def test_get_item_gives_what_the_three_tries_give(mapping, key):
    expected = (
        three_tries(defaultdict(mapping.default_factory, mapping), key)
        if isinstance(mapping, defaultdict)
        else three_tries(mapping, key)
    )
    assert get_item(mapping, key) == expected


def test_a_plain_dict_or_list_is_looked_into_without_raising(monkeypatch):
    """Every frame looks up action types that are not on offer: no exception for those."""
    import sys

    raised = []

    def tracer(frame, event, arg):
        if event == "exception":
            raised.append(arg[0])
        return tracer

    sys.settrace(tracer)
    try:
        get_item({"attack": [1]}, "block")
        get_item({"0": "Ann"}, 0)
        get_item(["a", "b"], "1")
        get_item(["a", "b"], 5)
    finally:
        sys.settrace(None)
    assert raised == [], raised
