"""``{% part "name" bit ... %}`` and ``{% memo %}`` for the Jinja2 port: what the site's Django
tags (games/templatetags/parts.py) would become in Jinja2, so a frame can be measured too.

Two ways to compile the same templates:

- ``PlainParts``: a part is its body wrapped as Django wraps it in a whole page, a memo is its
  body; nothing is digested or kept. The whole-board comparison with Django.
- ``DigestedParts``: as the Django tags work. While the template is compiled, the body of a
  part or memo is searched for every variable it reads from outside it (a name, or a chain
  of ``.attr`` and ``["key"]`` on one; an ``{% include %}`` of a quoted name is searched too;
  names that a ``for`` or ``with`` inside binds are not inputs). At render time those are
  evaluated, and the digest of their values, the part's name and its place decides: HTML
  from the cache, or a render; and inside a frame (games/live/frames.py's ``FrameBuilder``
  in the context), whether the part is sent at all. A function or macro read (``icon``,
  ``card_face``) counts by its name: its output depends on its arguments, which are inputs.

Anything the scan does not understand (``{% set %}``, ``{% macro %}``, a nested part, an
include named by a variable) is refused at compile time, as the Django tag refuses.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import pickle

from jinja2 import Undefined, nodes
from jinja2.exceptions import TemplateSyntaxError
from jinja2.ext import Extension
from markupsafe import Markup

from games.live.frames import FRAME_VARIABLE
from games.matches.lru import LRU

_PART = Markup('<div id="{}" class="part">{}</div><!--/part-->')
_serials = itertools.count()


def part_id(name) -> str:
    return "part-" + "-".join(str(bit) for bit in name)


class PlainParts(Extension):
    tags = {"part", "memo"}

    def parse(self, parser):
        tag = next(parser.stream)
        if tag.value == "memo":
            return parser.parse_statements(("name:endmemo",), drop_needle=True)
        name = _name(parser)
        body = parser.parse_statements(("name:endpart",), drop_needle=True)
        call = self.call_method("_wrap", [nodes.List(name)])
        return nodes.CallBlock(call, [], [], body).set_lineno(tag.lineno)

    def _wrap(self, name, caller) -> Markup:
        return _PART.format(part_id(name), caller())


class DigestedParts(Extension):
    tags = {"part", "memo"}

    def __init__(self, environment):
        super().__init__(environment)
        self.parts = LRU(20000)  # as games/templatetags/parts.py sizes its caches
        self.memos = LRU(5000)

    def parse(self, parser):
        tag = next(parser.stream)
        name = _name(parser) if tag.value == "part" else []
        end = "name:endpart" if tag.value == "part" else "name:endmemo"
        body = parser.parse_statements((end,), drop_needle=True)
        paths: set[tuple] = set()
        _scan(body, frozenset(), paths, self.environment)
        inputs = nodes.List([_expression(path) for path in _covering(paths)])
        place = nodes.Const(f"{parser.name}#{next(_serials)}")
        if tag.value == "memo":
            call = self.call_method("_memo", [place, inputs])
        else:
            call = self.call_method(
                "_part", [nodes.ContextReference(), place, nodes.List(name), inputs]
            )
        return nodes.CallBlock(call, [], [], body).set_lineno(tag.lineno)

    def empty(self) -> None:
        """Forget every part and memo (a measurement starts from nothing)."""
        self.parts = LRU(self.parts.capacity)
        self.memos = LRU(self.memos.capacity)

    def _part(self, context, place, name, values, caller) -> Markup:
        pid = part_id(name)
        digest = _digest(place, pid, values)

        def html() -> str:
            found = self.parts.get(digest) if digest is not None else None
            if found is None:
                found = _PART.format(pid, caller())
                if digest is not None:
                    self.parts.put(digest, found)
            return found

        frame = context.get(FRAME_VARIABLE)
        if frame is None:
            return Markup(html())
        return Markup(frame.part(pid, digest, html))

    def _memo(self, place, values, caller) -> Markup:
        digest = _digest(place, "", values)
        if digest is None:
            return caller()
        found = self.memos.get(digest)
        if found is None:
            found = caller()
            self.memos.put(digest, found)
        return found


def _name(parser) -> list:
    name = [parser.parse_expression()]
    while parser.stream.skip_if("comma"):
        name.append(parser.parse_expression())
    return name


def _digest(place: str, pid: str, values: list) -> bytes | None:
    """The digest of a part's inputs, None if one is not plain data (rendered every time)."""
    missing = [n for n, v in enumerate(values) if isinstance(v, Undefined)]
    plain = [_plain(v) for v in values]
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # equal values give equal bytes however they are shared
    try:
        pickler.dump((place, pid, missing, plain))
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None
    return hashlib.blake2b(buffer.getvalue(), digest_size=16).digest()


def _plain(value):
    if isinstance(value, Undefined):
        return None  # listed among the missing by position
    if callable(value):
        return ("callable", getattr(value, "name", None) or getattr(value, "__name__", "?"))
    return value


# -- finding a body's inputs at compile time ----------------------------------------------------


def _path(node) -> tuple | None:
    """``view.me["hand"]`` as (("name", "view"), ("attr", "me"), ("item", "hand")), or None."""
    if isinstance(node, nodes.Name) and node.ctx == "load":
        return (("name", node.name),)
    if isinstance(node, nodes.Getattr):
        inner = _path(node.node)
        return inner and (*inner, ("attr", node.attr))
    constant = isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const)
    if constant and isinstance(node.arg.value, str | int):
        inner = _path(node.node)
        return inner and (*inner, ("item", node.arg.value))
    return None


def _expression(path: tuple):
    expression = nodes.Name(path[0][1], "load")
    for kind, key in path[1:]:
        if kind == "attr":
            expression = nodes.Getattr(expression, key, "load")
        else:
            expression = nodes.Getitem(expression, nodes.Const(key), "load")
    return expression


def _covering(paths: set[tuple]) -> list[tuple]:
    """Without any path that a shorter one covers (``view.me`` covers ``view.me.hand``)."""
    kept: list[tuple] = []
    for path in sorted(paths, key=len):
        if not any(path[: len(k)] == k for k in kept):
            kept.append(path)
    return sorted(kept, key=repr)


def _targets(node) -> set[str]:
    return {n.name for n in node.find_all(nodes.Name)} | (
        {node.name} if isinstance(node, nodes.Name) else set()
    )


def _scan(body, bound: frozenset, paths: set, env) -> None:
    for node in body:
        _visit(node, bound, paths, env)


def _visit(node, bound: frozenset, paths: set, env) -> None:
    path = _path(node)
    if path is not None:
        if path[0][1] not in bound:
            paths.add(path)
        return
    if isinstance(node, nodes.For):
        _visit(node.iter, bound, paths, env)
        inner = bound | _targets(node.target) | {"loop"}
        if node.test is not None:
            _visit(node.test, inner, paths, env)
        _scan(node.body, inner, paths, env)
        _scan(node.else_, bound, paths, env)
    elif isinstance(node, nodes.With):
        for value in node.values:
            _visit(value, bound, paths, env)
        inner = bound.union(*(_targets(t) for t in node.targets))
        _scan(node.body, inner, paths, env)
    elif isinstance(node, nodes.Include):
        if not isinstance(node.template, nodes.Const):
            raise TemplateSyntaxError("{% include %} inside a part must name its template", 0)
        source, _, _ = env.loader.get_source(env, node.template.value)
        _scan(env.parse(source).body, bound, paths, env)
    elif isinstance(node, nodes.Assign | nodes.AssignBlock | nodes.Macro | nodes.Import):
        raise TemplateSyntaxError(f"{type(node).__name__} inside a part or memo", node.lineno)
    elif isinstance(node, nodes.FromImport):
        return  # binds macros by name; an included template's imports (its own functions)
    elif _is_part(node):
        raise TemplateSyntaxError("a part cannot hold a part", node.lineno)
    else:
        for child in node.iter_child_nodes():
            _visit(child, bound, paths, env)


def _is_part(node) -> bool:
    callee = getattr(getattr(node, "call", None), "node", None)
    return isinstance(callee, nodes.ExtensionAttribute) and callee.name == "_part"
