"""``{% part "name" bit ... %}...{% endpart %}``: a piece of a board that is rendered once per
distinct input, and sent to a socket only when it changed.

Why: every move re-rendered the whole board for every viewer and sent all of it, yet most of
a board is what that viewer saw a move ago (the opponent's pick changes one line of yours).
Renders were most of the CPU a move costs the server, and the frames most of the bytes
(bench/). A part is
- wrapped in ``<div id="part-name-bit" class="part">`` (``display: contents``, so the page
  lays out as without it), which an update can replace on its own;
- rendered once per distinct input in this process and reused after (``_parts``), by
  closures made once from its nodes (games/templatetags/compiled.py);
- when a socket's frame is being built (games/live/frames.py), left out of the frame if that
  socket already shows exactly this part.

How it stays correct: when the template is compiled, the part is searched for every variable
it reads (in output, in filters and their arguments, in ``if``, ``for`` and ``with``), and
every tag in it must be one whose output depends on nothing else: a short list, anything
else refused at compile time, so a template cannot quietly break this. At render time those
variables are resolved, and the part's digest covers all of them, its name, its place in the
template and the context's escaping and localisation. So the HTML of a part is a function of
its digest: a reused or skipped part is exactly what a fresh render would give, and shows a
viewer nothing their own view does not hold.

``{% memo %}...{% endmemo %}`` is the same digest without the rest: HTML reused in place
wherever its inputs recur, for pieces that every render walks though they rarely change.

Tags that read the context implicitly declare what they read (``context_reads`` on the
tag's function). Filters are taken to depend on their arguments and the settings only, as
Django's do while the language and time zone stay fixed (this site does not switch them).
"""

from __future__ import annotations

import hashlib
import io
import itertools
import marshal
import pickle
import weakref

from django import template
from django.template import Context, engines
from django.template.base import (
    FilterExpression,
    Node,
    NodeList,
    Template,
    TextNode,
    Variable,
    VariableDoesNotExist,
    VariableNode,
)
from django.template.defaulttags import (
    CommentNode,
    FirstOfNode,
    ForNode,
    IfNode,
    LoadNode,
    SpacelessNode,
    URLNode,
    WithNode,
)
from django.template.library import SimpleNode
from django.template.loader_tags import IncludeNode
from django.templatetags.l10n import LocalizeNode
from django.templatetags.static import StaticNode
from django.utils.html import format_html

from games.live.frames import building
from games.matches.lru import LRU
from games.templatetags import compiled as closures
from games.templatetags.compiled import Rendered, Scope, compiled

register = template.Library()

# A part is a few hundred bytes to a few KB. What is wanted again is recent: the same part
# for the other viewer a moment later, or a part a move or two ago that comes back (a side
# that goes "choosing", "has chosen", "choosing"). bench/ at 200 matches: a render worker
# looked up 12,000 parts in 25 s and found 21% of them, the same hits with room for 3,000
# entries as for 20,000, while the 20,000 grew to 25 MB of HTML a worker and were still
# filling. 5,000 hold the last ~13 s of a worker's new parts at 200 matches.
_parts = LRU(5000)
# Memos are smaller and fewer: a few per board, mostly the same for every match.
_memos = LRU(5000)
_serials = itertools.count()

# Tests turn reuse off to compare every part with a fresh render of it.
reuse_enabled = True

# Nodes whose output is a function of the variables found in them (and of their
# children), with nothing read from elsewhere and nothing left behind in the context.
PURE_NODES = (
    TextNode,
    VariableNode,
    IfNode,
    ForNode,
    WithNode,
    CommentNode,
    LoadNode,  # renders nothing: it only names libraries for the template's own parsing
    SpacelessNode,
    FirstOfNode,
    LocalizeNode,
    StaticNode,
    URLNode,
)


class PartNode(Node):
    def __init__(
        self,
        nodelist: NodeList,
        name: list[FilterExpression],
        inputs: tuple[str, ...],
        place: str,
    ) -> None:
        self.nodelist = nodelist
        self.name = name
        self.inputs = inputs
        self.lookups = [_compiled(path) for path in inputs]
        self.place = place
        # Most parts are named by constants alone: their id is known now.
        constant = all(not bit.is_var and not bit.filters for bit in name)
        self.constant_id = "part-" + "-".join(str(bit.var) for bit in name) if constant else None
        self._closures: Rendered | None | object = _NOT_YET

    @property
    def first_name(self) -> str | None:
        """The constant its id starts with ("ec-side" of ``{% part "ec-side" s.seat %}``): how
        a board's declared layout names it (games/boards/)."""
        first = self.name[0]
        return None if first.is_var or first.filters else str(first.var)

    def part_id(self, context) -> str:
        return self.constant_id or "part-" + "-".join(
            str(bit.resolve(context)) for bit in self.name
        )

    def placed(self, context) -> tuple[str, bytes | None]:
        """Its id and digest where ``context`` puts it, without rendering it."""
        part_id = self.part_id(context)
        return part_id, _digest(self.place, part_id, self.lookups, context)

    def placed_in(self, scope: dict, autoescape: bool, use_l10n: bool) -> tuple[str, bytes | None]:
        """``placed`` for a context given as one plain dict of every name it holds (the
        template's builtins ``True``, ``False`` and ``None`` among them): the id and digest a
        ``Context`` of those names and flags gives, without a ``Context`` (bench/: a frame
        finds every part's digest, and the context's pushes and lookups were a tenth of it)."""
        part_id = self.constant_id or self._id_in(scope, autoescape, use_l10n)
        values, missing = _resolved(self.lookups, scope)
        flags = _FLAGS[autoescape, use_l10n]
        return part_id, _digest_of(self.place, part_id, values, missing, flags)

    def _id_in(self, scope: dict, autoescape: bool, use_l10n: bool) -> str:
        # Variables without filters whose names are there resolve in a dict as in a
        # Context; anything else (a filter may read the context's escaping; a name not
        # there falls back to Django's other tries) goes through a Context.
        if all(not bit.filters and bit.var.lookups[0] in scope for bit in self.name if bit.is_var):
            try:
                return "part-" + "-".join(str(bit.resolve(scope)) for bit in self.name)
            except (VariableDoesNotExist, AttributeError):
                pass
        return self.part_id(Context(scope, autoescape=autoescape, use_l10n=use_l10n))

    def render(self, context) -> str:
        part_id = self.part_id(context)
        values, missing = _resolved(self.lookups, context)
        digest = _digest_of(self.place, part_id, values, missing, context)
        frame = building(context)
        if frame is None:  # a whole page or board: the part in place
            return self.html(part_id, digest, context)
        flags, template = (context.autoescape, context.use_l10n), context.template
        return frame.part(
            part_id,
            digest,
            lambda: self.html(part_id, digest, context),
            lambda: self.html(
                part_id, digest, _context_of(self.inputs, values, missing, *flags, template)
            ),
        )

    def digest(self, part_id: str, context) -> bytes | None:
        return _digest(self.place, part_id, self.lookups, context)

    def html(self, part_id: str, digest: bytes | None, context: Context | Scope) -> str:
        """The part in its wrapper, from the cache or rendered in ``context``: a Django
        ``Context`` (a page's render), or a ``Scope`` (a frame's changed part, rendered by
        the part's closures: games/templatetags/compiled.py)."""
        html = _parts.get(digest) if reuse_enabled and digest is not None else None
        if html is None:
            html = format_html(
                '<div id="{}" class="part">{}</div><!--/part-->',
                part_id,
                self._inside(context),
            )
            if digest is not None:
                _parts.put(digest, html)
        return html

    def _inside(self, context: Context | Scope) -> str:
        """What the wrapper holds: by the part's closures (games/templatetags/compiled.py)
        where it has them, else by Django, each from the same names."""
        if self._closures is _NOT_YET:
            self._closures = compiled(self.nodelist)
        if self._closures is None or not closures.enabled:
            if type(context) is Scope:
                context = context.as_context()
            return self.nodelist.render(context)
        if type(context) is not Scope:
            context = Scope.of(context)
        return self._closures(context)


_NOT_YET = object()  # a part's closures not yet made (made at its first render)


def parts_in(board: Template) -> dict[str, list[PartNode]]:
    """Every part of a compiled template and of the templates it includes by a quoted name,
    by first name, in the order they stand in the source (a name may stand twice: the two
    branches of an ``{% if %}`` that fill one place). Worked out once per template."""
    found = _parts_in.get(board)
    if found is None:
        found = {}
        _collect_parts(board.nodelist, found)
        _parts_in[board] = found
    return found


_parts_in: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _collect_parts(nodelist: NodeList, found: dict[str, list[PartNode]]) -> None:
    for node in nodelist:
        if isinstance(node, PartNode):
            found.setdefault(node.first_name, []).append(node)
            continue  # a part holds no part
        if isinstance(node, IncludeNode):
            name = node.template.var
            if not node.template.filters and isinstance(name, str):
                _collect_parts(engines["django"].engine.get_template(name).nodelist, found)
            continue
        for attr in node.child_nodelists:
            _collect_parts(getattr(node, attr, None) or NodeList(), found)


def _context_of(inputs, values, missing, autoescape, use_l10n, template) -> Context:
    """A context holding a part's inputs alone, for rendering the part after the page it
    stood in: its HTML is a function of them (that is what makes a part), so this renders
    what the page would have. Each path's value goes where the path leads (``s.hp`` into
    ``{"s": {"hp": ...}}``); no input is a prefix of another; one that was not there is
    left out, so the part finds it missing again."""
    root: dict = {}
    skipped = set(missing)
    for position, (path, value) in enumerate(zip(inputs, values, strict=True)):
        if position in skipped:
            continue
        *head, last = path.split(".")
        place = root
        for bit in head:
            place = place.setdefault(bit, {})
        place[last] = value
    context = Context(root, autoescape=autoescape, use_l10n=use_l10n)
    context.template = template  # what an {% include %} in the part loads through
    return context


class MemoNode(Node):
    """``{% memo %}...{% endmemo %}``: HTML rendered once per distinct input, like a part's,
    but standing in place: no wrapper, never left out of a frame. For the pieces of a page
    that every render walks although they rarely change (a stylesheet link, a drawer
    button, a line of the status bar): a digest of their inputs costs less than rendering
    them. Inside a part it is part of the part; it may not hold one."""

    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: NodeList, inputs: tuple[str, ...], place: str) -> None:
        self.nodelist = nodelist
        self.inputs = inputs
        self.lookups = [_compiled(path) for path in inputs]
        self.place = place
        # A memo that reads no variable (a stylesheet link, a drawer button) has one digest
        # per escaping and localisation: worked out once, not on every render.
        self.constant_digests: dict[tuple[bool, bool], bytes | None] = {}

    def digest(self, context) -> bytes | None:
        if self.lookups:
            return _digest(self.place, "", self.lookups, context)
        flags = (context.autoescape, context.use_l10n)
        if flags not in self.constant_digests:
            self.constant_digests[flags] = _digest(self.place, "", self.lookups, context)
        return self.constant_digests[flags]

    def render(self, context) -> str:
        digest = self.digest(context) if reuse_enabled else None
        if digest is None:
            return self.nodelist.render(context)
        html = _memos.get(digest)
        if html is None:
            html = self.nodelist.render(context)
            _memos.put(digest, html)
        return html


class _Flags:
    """The two settings of a context that a digest covers, without the context."""

    __slots__ = ("autoescape", "use_l10n")

    def __init__(self, autoescape: bool, use_l10n: bool) -> None:
        self.autoescape, self.use_l10n = autoescape, use_l10n


_FLAGS = {(a, l): _Flags(a, l) for a in (False, True) for l in (False, True)}  # noqa: E741


def _digest(place: str, part_id: str, lookups, context) -> bytes | None:
    values, missing = _resolved(lookups, context)
    return _digest_of(place, part_id, values, missing, context)


def _digest_of(place: str, part_id: str, values, missing, context) -> bytes | None:
    """What a part's (or memo's) HTML is a function of, hashed; None if an input is not
    plain data (then it is rendered, and a part sent, every time). Every part of every
    board is digested on every frame (bench/: a quarter of a frame that sends no part at
    all). A variable that is not there is listed by its position, not pickled as an object
    of its own (pickle looked its class up by name each time)."""
    try:
        kept = [
            (position, _long_digest(value))
            for position, value in enumerate(values)
            if type(value) is list and len(value) >= LONG_LIST
        ]
        if kept:
            values = list(values)
            for position, _ in kept:
                values[position] = None  # stands in the list of kept digests instead
        inputs = _serialised(
            (place, part_id, missing, values, context.autoescape, context.use_l10n, kept)
        )
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None
    return hashlib.blake2b(inputs, digest_size=16).digest()


# A list among a part's inputs (a turn log, the viewer's actions) is digested on its own and
# its digest kept by the list's identity: a view that keeps such a list from one version to
# the next (games/engines/elemental_clash/view.py keeps its told log while the state's log
# is unchanged) has it pickled once, not on every frame of every viewer (bench/: a tenth
# of a frame was the log's pickle), and a list that three parts read (``actions``) once a
# frame. Sound because views, like the states they come from, are
# never changed once built: the list is held with its digest, so its id is not reused
# while kept, and what it holds is what it held when it was digested.
LONG_LIST = 2
_long_digests: dict[int, tuple[list, bytes]] = {}


def _long_digest(value: list) -> bytes:
    kept = _long_digests.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1]
    digest = hashlib.blake2b(_pickled(value), digest_size=16).digest()
    if len(_long_digests) >= 2048:
        _long_digests.clear()
    _long_digests[id(value)] = (value, digest)
    return digest


def _serialised(value) -> bytes:
    """Bytes that tell values apart and give equal values alike (dicts built in the same
    order), for a part's inputs bar its long lists.

    Plain values (dicts, lists, strings, numbers...) by marshal's format 2, which writes
    every value out in full: no references to an object met before and no interning marks
    (later formats add both), so equal views whose strings or lists were shared
    differently (a state read from the database, or one a move just made) give equal
    bytes. It refuses anything else, a str subclass such as safe text among them, which
    is then pickled; a leading byte keeps the two kinds of bytes apart. bench.frame_pieces:
    Elemental Clash's digests 515 -> 464 k instructions a frame."""
    try:
        return b"m" + marshal.dumps(value, 2)
    except ValueError:
        return _pickled(value)


def _pickled(value) -> bytes:
    """The same promise by pickle, for what marshal refuses, and for long lists: marshal
    encodes every string to UTF-8 anew, pickle reuses the string's own UTF-8 where it has
    it, and lists of log entries and cards are mostly strings (bench.frame_pieces, Phalanx,
    whose view builds some of them anew for every frame: a frame that sends nothing 2,354
    -> 2,245 k with long lists pickled). A plain pickle would write an object met twice as
    a reference to the first, so without its memo ("fast" mode) it writes every value out;
    views are trees, never cycles."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(value)
    return b"p" + buffer.getvalue()


def _compiled(path: str) -> tuple[str, tuple[tuple[str, int | None], ...]]:
    """A variable's name, and each later bit with its number if it is one (a list index)."""
    root, *bits = path.split(".")
    return root, tuple((bit, _number(bit)) for bit in bits)


def _number(bit: str) -> int | None:
    try:
        return int(bit)
    except ValueError:
        return None


def _resolved(paths, context) -> tuple[list, list[int]]:
    """Each variable's value, found as Django's ``Variable`` finds it (key, then attribute,
    then list index; callables called), and the positions of those that are not there (a
    loop variable outside its loop), whose value stands as None.

    This runs for every part of every frame, so it avoids what costs most in Python:
    exceptions (a view's dicts and lists are looked into without raising, and a key a view
    lacks, which Django's lookup tried three ways, each raising, is a miss at once) and
    calls (one loop for all of a part's variables, each name looked up in the context
    once: a part reads ``s.hp``, ``s.wall``, ...)."""
    roots: dict = {}
    values: list = []
    missing: list[int] = []
    for position, (root, bits) in enumerate(paths):
        current = roots.get(root, _UNSEEN)
        if current is _UNSEEN:
            try:
                current = context[root]
            except KeyError:
                current = _MISSING
            else:
                if callable(current):
                    current = _called(current)
            roots[root] = current
        for bit, number in bits:
            kind = type(current)
            if kind is dict:
                found = current.get(bit, _MISSING)
                if found is _MISSING:
                    found = getattr(current, bit, _MISSING)  # items, keys, values...
                    if found is _MISSING and number is not None:
                        found = current.get(number, _MISSING)
                current = found
            elif kind is list and number is not None:
                current = current[number] if -len(current) <= number < len(current) else _MISSING
            elif current is None or current is _MISSING:
                current = _MISSING  # None has no item and no attribute a template may name
            else:
                current = _looked_up(current, bit)
            if current is _MISSING:
                break
            if callable(current):
                current = _called(current)
        if current is _MISSING:
            missing.append(position)
            current = None
        elif type(current) in _DICT_VIEWS:
            current = list(current)  # ``names.items`` and the like, which pickle refuses
        values.append(current)
    return values, missing


def _looked_up(current, bit: str):
    """Django's three tries on anything else: key, attribute, list index."""
    try:
        return current[bit]
    except (TypeError, AttributeError, KeyError, ValueError, IndexError):
        try:
            return getattr(current, bit)
        except (TypeError, AttributeError):
            try:
                return current[int(bit)]
            except (IndexError, ValueError, KeyError, TypeError):
                return _MISSING


def _called(value):
    if getattr(value, "do_not_call_in_templates", False):
        return value
    if getattr(value, "alters_data", False):
        return _MISSING
    try:
        return value()
    except TypeError:
        return _MISSING


_DICT_VIEWS = (type({}.items()), type({}.keys()), type({}.values()))


class _Missing:
    """A variable the context lacks. Never pickled: a digest lists where it stood."""


_MISSING = _Missing()
_UNSEEN = object()  # a name not yet looked up for this part


@register.tag
def part(parser, token):
    """``{% part "name" bit ... %}``: the part's id is ``part-name-bit-...``, unique on the
    board (a part inside a loop names the loop's item, e.g. ``{% part "side" s.seat %}``)."""
    bits = token.split_contents()[1:]
    if not bits:
        raise template.TemplateSyntaxError("{% part %} needs a name.")
    name = [parser.compile_filter(bit) for bit in bits]
    nodelist = parser.parse(("endpart",))
    parser.delete_first_token()
    paths: set[str] = set()
    _scan(nodelist, frozenset(), paths)
    # Each part its own key space. (Not the tag's position in the file: Django records
    # positions only in debug mode, and two parts of one template would share keys.)
    origin = getattr(parser, "origin", None)
    place = f"{getattr(origin, 'name', '?')}#{next(_serials)}"
    return PartNode(nodelist, name, _inputs(paths), place)


@register.tag
def memo(parser, token):
    """``{% memo %}...{% endmemo %}``: see MemoNode. Its inputs are found as a part's are."""
    if len(token.split_contents()) != 1:
        raise template.TemplateSyntaxError("{% memo %} takes no arguments.")
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    paths: set[str] = set()
    _scan(nodelist, frozenset(), paths)
    origin = getattr(parser, "origin", None)
    return MemoNode(nodelist, _inputs(paths), f"{getattr(origin, 'name', '?')}#{next(_serials)}")


def _scan(nodelist: NodeList, bound: frozenset[str], paths: set[str]) -> None:
    """Check every node of the part and collect the variables it reads from outside it.

    ``bound`` holds the names that a ``for`` or ``with`` around the node sets: their values
    come from the loop's sequence or the with's expressions, which are collected where they
    stand, so they are not inputs themselves. A name is bound only inside the tag that
    binds it: after the loop, the same name is the outside one again, and an input."""
    for node in nodelist:
        _check_pure(node)
        own: set[str] = set()
        _collect_paths(node, own)
        paths.update(p for p in own if p.split(".")[0] not in bound)
        if isinstance(node, ForNode):
            _scan(node.nodelist_loop, bound | {*node.loopvars, "forloop"}, paths)
            _scan(node.nodelist_empty, bound, paths)
        elif isinstance(node, WithNode):
            _scan(node.nodelist, bound | set(node.extra_context), paths)
        elif isinstance(node, IncludeNode):
            # The included template reads this context (plus its "with" names), so its
            # variables are the part's too.
            _scan(_included(node), bound | set(node.extra_context), paths)
        else:
            for attr in node.child_nodelists:  # an if's branches come through ``nodelist``
                _scan(getattr(node, attr, None) or NodeList(), bound, paths)


def _included(node: IncludeNode) -> NodeList:
    """The nodes of an ``{% include %}`` of a template named by a constant: which template a
    variable names is only known at render time, so nothing could be said of its inputs."""
    name = node.template.var
    if node.template.filters or not isinstance(name, str) or isinstance(name, Variable):
        raise template.TemplateSyntaxError(
            "{% include %} inside {% part %} must name its template in quotes."
        )
    return engines["django"].engine.get_template(name).nodelist


def _check_pure(node: Node) -> None:
    if isinstance(node, PartNode):
        raise template.TemplateSyntaxError("A {% part %} (or {% memo %}) cannot hold a part.")
    if isinstance(node, IncludeNode | MemoNode):
        return  # pure if the nodes it renders are: _scan checks those too
    if isinstance(node, PURE_NODES):
        # "as name" would set a variable for the rest of the page, which a reused part
        # would not do.
        if getattr(node, "varname", None) or getattr(node, "asvar", None):
            raise template.TemplateSyntaxError("{% ... as name %} inside {% part %}.")
        return
    if isinstance(node, SimpleNode) and getattr(node.func, "part_safe", False):
        if node.target_var:
            raise template.TemplateSyntaxError("{% tag ... as name %} inside {% part %}.")
        return
    raise template.TemplateSyntaxError(
        f"{type(node).__name__} inside {{% part %}}: its output may depend on more than the "
        "variables it names, so the part could not be reused safely."
    )


def _collect_paths(node: Node, paths: set[str]) -> None:
    """Every variable this node itself reads (its children are walked separately)."""
    if isinstance(node, SimpleNode):
        paths.update(getattr(node.func, "context_reads", ()))
    seen: set[int] = set()
    for name, value in vars(node).items():
        if name in ("token", "origin") or isinstance(value, NodeList):
            continue
        if isinstance(node, IfNode) and name == "conditions_nodelists":
            value = [condition for condition, _ in value]
        _collect_from(value, paths, seen)


def _collect_from(value, paths: set[str], seen: set[int]) -> None:
    if id(value) in seen or value is None or isinstance(value, str | int | float | bool):
        return
    seen.add(id(value))
    if isinstance(value, Variable):
        if value.lookups is not None:
            if "parentloop" in value.lookups:
                # An outer loop's counter, seen from an inner loop of the part: not worth
                # tracking through the scopes, so refused.
                raise template.TemplateSyntaxError("forloop.parentloop inside {% part %}.")
            paths.add(value.var)
    elif isinstance(value, FilterExpression):
        _collect_from(value.var, paths, seen)
        for _, args in value.filters:
            for _, arg in args:
                _collect_from(arg, paths, seen)
    elif isinstance(value, Node | NodeList) or callable(value):
        return  # nodes are walked (and checked) on their own; functions are not inputs
    elif isinstance(value, dict):
        for item in value.values():
            _collect_from(item, paths, seen)
    elif isinstance(value, list | tuple | set):
        for item in value:
            _collect_from(item, paths, seen)
    elif hasattr(value, "__dict__"):  # the condition objects of {% if %}
        for item in vars(value).values():
            _collect_from(item, paths, seen)


def _inputs(paths: set[str]) -> tuple[str, ...]:
    """The variables the digest is made of, without any that a shorter one already covers
    (``view.me`` covers ``view.me.hand``)."""
    inputs: list[str] = []
    for path in sorted(paths):  # sorted: a prefix comes before the paths it covers
        if not any(path == k or path.startswith(k + ".") for k in inputs):
            inputs.append(path)
    return tuple(inputs)
