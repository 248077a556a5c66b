"""JSON from players, read within limits: size, nesting depth, string length, and text that
can be encoded. Checked before any other work, so a hostile document costs a linear scan and
no more: Python's parser recurses per nesting level (a deep document raised RecursionError
deep inside a handler), and a lone surrogate escape such as ``"\\ud800"`` parses into a str
that cannot be encoded as UTF-8, which failed every page or frame that later showed it.

Refusals carry a fixed sentence; they never repeat what was sent.
"""

from __future__ import annotations

import json

SURROGATES = range(0xD800, 0xE000)


class Unreadable(ValueError):
    """JSON refused; ``str(exc)`` is a fixed sentence fit to show the sender."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, brackets inside strings not
    counted. Linear and without recursion, so it is safe on any input."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def check_value(value, *, max_depth: int, max_string: int, _depth: int = 0) -> None:
    """Refuse a parsed value that is too deep, holds a string (or key) that is too long, or
    text that is not encodable (a lone surrogate)."""
    if isinstance(value, str):
        if len(value) > max_string:
            raise Unreadable("A piece of text in it is too long.")
        if not _encodable(value):
            raise Unreadable("It contains text that is not valid Unicode.")
        return
    if isinstance(value, dict | list):
        if _depth >= max_depth:
            raise Unreadable("It is nested too deeply.")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str):
                check_value(key, max_depth=max_depth, max_string=max_string, _depth=_depth)
            check_value(item, max_depth=max_depth, max_string=max_string, _depth=_depth + 1)


def loads(text, *, max_bytes: int, max_depth: int, max_string: int = 200):
    """``json.loads`` within limits; raises Unreadable with a fixed reason."""
    if not isinstance(text, str):
        raise Unreadable("It is not text.")
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise Unreadable("It is too large.")
    if nesting_depth(text) > max_depth:
        raise Unreadable("It is nested too deeply.")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Unreadable("It is not well-formed JSON.") from exc
    check_value(value, max_depth=max_depth, max_string=max_string)
    return value


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def scrubbed(value):
    """A copy of stored JSON with every unencodable character replaced by U+FFFD, for data
    saved before these checks existed: shown slightly wrong rather than failing the page."""
    if isinstance(value, str):
        if _encodable(value):
            return value
        return "".join("\ufffd" if ord(c) in SURROGATES else c for c in value)
    if isinstance(value, dict):
        return {scrubbed(k): scrubbed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [scrubbed(v) for v in value]
    return value


def needs_scrubbing(value) -> bool:
    if isinstance(value, str):
        return not _encodable(value)
    if isinstance(value, dict):
        return any(needs_scrubbing(k) or needs_scrubbing(v) for k, v in value.items())
    if isinstance(value, list):
        return any(needs_scrubbing(v) for v in value)
    return False
