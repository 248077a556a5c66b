"""A template's nodes turned into Python closures once, rendered from one plain dict of names.

Why: a frame renders the parts that changed, and Django renders a template by walking its
nodes, each through ``render_annotated``, every variable looked up through the context's
stack of dicts with ``try``/``except`` at every dot (bench/: rendering the changed parts was
the largest piece of a move left). A part may hold only a short list of node types
(games/templatetags/parts.py checks that at compile time), so each of those is turned
here into a closure that does what Django's ``render`` does, and a part renders from the
same dict of names its digest was found in (``PartNode.placed_in``). The templates around
the board (games/live/around.py) and ``memo_include``'s fragments render by closures too
(``render_template``), wherever all their nodes have one.

The same output, byte for byte, is the invariant: every closure either repeats Django's
``render`` for its node (the loop's counters, the ``if``'s branches, ``with``'s and
``include``'s names) or calls Django's own code with a ``Scope``, which looks up names as
a ``Context`` does. Only lookups Django would answer the same way take a short cut: a name
in the scope, then keys present in dicts and indexes inside lists, nothing callable;
anything else goes through Django's ``FilterExpression.resolve``. A node type not listed
here makes ``compiled`` return None, and the part renders through Django as before.
``tests/platform/test_compiled_parts.py`` renders every tag covered here, and every page and
frame of played matches of every game, with the closures and by Django alone, and compares.
"""

from __future__ import annotations

import html
import operator
import weakref
from collections.abc import Callable

from django.template import Context, TemplateDoesNotExist, TemplateSyntaxError, engines
from django.template.base import (
    FilterExpression,
    Node,
    NodeList,
    Template,
    TextNode,
    Variable,
    VariableDoesNotExist,
    VariableNode,
    render_value_in_context,
)
from django.template.context import BaseContext
from django.template.defaulttags import (
    CommentNode,
    FirstOfNode,
    ForNode,
    IfNode,
    LoadNode,
    SpacelessNode,
    TemplateLiteral,
    URLNode,
    WithNode,
)
from django.template.library import SimpleNode
from django.template.loader_tags import IncludeNode
from django.template.smartif import OPERATORS
from django.templatetags.l10n import LocalizeNode
from django.templatetags.static import StaticNode
from django.utils.html import strip_spaces_between_tags
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.timezone import template_localtime

Rendered = Callable[["Scope"], str]

# Tests render with closures and without, and compare (tests/platform/test_compiled_parts.py).
enabled = True

# What every Context holds under the render's names (django.template.context.BaseContext).
BUILTINS = {"True": True, "False": False, "None": None}


class Scope(BaseContext):
    """A ``Context`` of one flat dict: what Django's code called by the closures reads
    (names, the escaping and localisation flags, the template for ``string_if_invalid``).
    It is a ``BaseContext`` so that Django's lookup never falls back to its attributes:
    ``{{ template }}`` is a missing name here as in a ``Context``."""

    def __init__(
        self, names: dict, autoescape: bool, use_l10n: bool | None, use_tz, template
    ) -> None:
        self.names = names
        self.dicts = [names]
        self.autoescape, self.use_l10n, self.use_tz = autoescape, use_l10n, use_tz
        self.template = template

    @classmethod
    def of(cls, context: Context) -> Scope:
        """The names a ``Context`` holds, the later pushes over the earlier."""
        return cls(
            context.flatten(),
            context.autoescape,
            context.use_l10n,
            context.use_tz,
            context.template,
        )

    def as_context(self) -> Context:
        """A ``Context`` of the same names and flags, for Django to render in."""
        context = Context(
            self.names, autoescape=self.autoescape, use_l10n=self.use_l10n, use_tz=self.use_tz
        )
        context.template = self.template
        return context

    def __getitem__(self, key):
        return self.names[key]

    def __contains__(self, key) -> bool:
        return key in self.names

    def get(self, key, otherwise=None):
        return self.names.get(key, otherwise)

    def __setitem__(self, key, value) -> None:
        raise TypeError(_READ_ONLY)

    def push(self, *args, **kwargs):
        raise TypeError(_READ_ONLY)

    def update(self, other_dict):
        raise TypeError(_READ_ONLY)

    def with_names(self, extra: dict) -> Scope:
        """A scope for what a tag pushes (``with``, a loop): the outer names stay as
        they were once the tag is rendered."""
        return Scope(
            {**self.names, **extra}, self.autoescape, self.use_l10n, self.use_tz, self.template
        )

    def localized(self, use_l10n: bool) -> Scope:
        """``{% localize on|off %}``: the same names, numbers written the other way."""
        return Scope(self.names, self.autoescape, use_l10n, self.use_tz, self.template)

    def new(self, values=None) -> Scope:
        """``Context.new``: the builtins and ``values`` alone (an ``include ... only``)."""
        return Scope(
            {**BUILTINS, **(values or {})},
            self.autoescape,
            self.use_l10n,
            self.use_tz,
            self.template,
        )


# The names of a scope are shared by every part a frame renders from them (and by their
# digests), so nothing may change them: the closures make a new scope where Django pushes,
# and a node that sets a name has no closure. Django code that tried would fail loudly here.
_READ_ONLY = "a Scope's names are read-only: tags that push make a new Scope"

_LEAVES = (SimpleNode, URLNode, StaticNode, FirstOfNode)
# A leaf that sets a name ("as name") changes what the nodes after it see, and one that
# takes the context may read anything: neither has a closure (parts refuse both anyway).
_SETS_A_NAME = ("asvar", "varname", "target_var", "takes_context")


def compiled(nodelist: NodeList) -> Rendered | None:
    """The nodes as one closure; None if a node is not one this module knows."""
    try:
        return _nodelist(nodelist)
    except (_Unknown, TemplateDoesNotExist, TemplateSyntaxError):
        # An include of a template that is missing or does not compile: Django raises only
        # if the render reaches it, so Django renders.
        return None


class _Unknown(Exception):
    """A node this module does not turn into a closure."""


def _nodelist(nodelist) -> Rendered:
    """``NodeList.render``: the nodes' output joined, as safe text (a part's HTML is put in
    its wrapper by ``format_html``, which escapes what is not)."""
    pieces = [_node(node) for node in nodelist]
    texts = [piece for piece in pieces if isinstance(piece, str)]
    if len(texts) == len(pieces):  # text alone
        text = SafeString("".join(texts))
        return lambda scope: text
    if len(pieces) == 1:
        (only,) = pieces
        return lambda scope: SafeString(only(scope))
    merged: list = []  # neighbouring texts as one
    for piece in pieces:
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece
        elif piece != "":
            merged.append(piece)
    calls = [piece if callable(piece) else _constant(piece) for piece in merged]

    def render(scope: Scope) -> str:
        return SafeString("".join([call(scope) for call in calls]))

    return render


def _constant(text: str) -> Rendered:
    return lambda scope: text


def _node(node: Node) -> Rendered | str:
    kind = type(node)
    if kind is TextNode:
        return node.s
    if kind is CommentNode or kind is LoadNode:
        return ""
    if kind is VariableNode:
        return _variable(node)
    if kind is IfNode:
        return _if(node)
    if kind is ForNode:
        return _for(node)
    if kind is WithNode:
        return _with(node)
    if kind is IncludeNode:
        return _include(node)
    if kind is SpacelessNode:
        inner = _nodelist(node.nodelist)
        return lambda scope: strip_spaces_between_tags(inner(scope).strip())
    if kind is LocalizeNode:
        inner = _nodelist(node.nodelist)
        use_l10n = node.use_l10n
        return lambda scope: inner(scope.localized(use_l10n))
    if kind in _LEAVES and not any(getattr(node, name, None) for name in _SETS_A_NAME):
        # Nodes without children that resolve their arguments and format them: Django's
        # own render, given a Scope (which answers what they read of a context).
        return node.render
    from games.templatetags.parts import MemoNode

    if kind is MemoNode:
        return _memo(node)
    raise _Unknown(kind.__name__)


# ---------------------------------------------------------------- values


def _plain_path(var) -> tuple[str, tuple] | None:
    """For a variable read as ``a.b.0``: the root name and each later bit (a list index
    where it is a number). None for a literal or a translated string."""
    if not isinstance(var, Variable) or var.lookups is None:
        return None
    if var.translate or var.message_context:
        return None
    root, *bits = var.lookups
    return root, tuple((bit, _number(bit)) for bit in bits)


def _number(bit: str) -> int | None:
    try:
        return int(bit)
    except ValueError:
        return None


_UNANSWERED = object()


def _looked_up(root: str, bits: tuple, names: dict):
    """The value at a plain path where Django's lookup would find it the same way (a
    present key of a dict, an index inside a list, nothing callable), else
    ``_UNANSWERED``: Django's own lookup then decides."""
    current = names.get(root, _UNANSWERED)
    if current is _UNANSWERED or callable(current):
        return _UNANSWERED
    for bit, number in bits:
        kind = type(current)
        if kind is dict:
            current = current.get(bit, _UNANSWERED)
        elif kind is list and number is not None and -len(current) <= number < len(current):
            current = current[number]
        else:
            return _UNANSWERED
        if current is _UNANSWERED or callable(current):
            return _UNANSWERED
    return current


def _variable_value(var: Variable) -> Callable[[Scope], object]:
    """``Variable.resolve``: a plain path by the short cut where it answers, anything else
    (and every failure, raised as Django raises it) by Django."""
    path = _plain_path(var)
    if path is None:
        return var.resolve
    root, bits = path

    def value(scope: Scope):
        found = _looked_up(root, bits, scope.names)
        return var.resolve(scope) if found is _UNANSWERED else found

    return value


def _resolver(expression: FilterExpression, ignore_failures: bool = False):
    """``expression.resolve(scope, ignore_failures)``, its variable and its filters' variable
    arguments looked up by the short cut, each filter applied as Django applies it."""
    if _string_if_invalid() or (expression.is_var and _plain_path(expression.var) is None):
        # A non-empty string_if_invalid ends the resolve early; a translated string is
        # rare: Django's resolve for both.
        return lambda scope: expression.resolve(scope, ignore_failures)
    if expression.is_var:
        value = _variable_value(expression.var)
        failed = None if ignore_failures else ""  # string_if_invalid, which is empty

        def obj_of(scope: Scope):
            try:
                return value(scope)
            except VariableDoesNotExist:
                return failed

    else:
        constant = expression.var
        obj_of = lambda scope: constant  # noqa: E731
    filters = [_filter(func, args) for func, args in expression.filters]
    if not filters:
        return obj_of

    def resolve(scope: Scope):
        obj = obj_of(scope)
        for apply in filters:
            obj = apply(obj, scope)
        return obj

    return resolve


def _filter(func, args):
    """One filter of ``FilterExpression.resolve``: its arguments (a constant marked safe, a
    variable resolved), the local time, the escaping flag and the safety it keeps."""
    arguments = [
        (_variable_value(arg), None) if lookup else (None, mark_safe(arg)) for lookup, arg in args
    ]
    constant = None if any(lookup for lookup, _ in args) else [kept for _, kept in arguments]
    localtime = getattr(func, "expects_localtime", False)
    with_autoescape = getattr(func, "needs_autoescape", False)
    keeps_safety = getattr(func, "is_safe", False)

    def apply(obj, scope: Scope):
        values = constant
        if values is None:
            values = [kept if value is None else value(scope) for value, kept in arguments]
        if localtime:
            obj = template_localtime(obj, scope.use_tz)
        if with_autoescape:
            new_obj = func(obj, *values, autoescape=scope.autoescape)
        else:
            new_obj = func(obj, *values)
        if keeps_safety and isinstance(obj, SafeData):
            return mark_safe(new_obj)
        return new_obj

    return apply


def _string_if_invalid() -> str:
    return engines["django"].engine.string_if_invalid


def written(value, scope: Scope) -> str:
    """``render_value_in_context``: strings escaped, and with localisation off, plain
    numbers, booleans and None as ``str`` writes them (what ``localize`` gives for them,
    and nothing in those words to escape); anything else by Django."""
    kind = type(value)
    if kind is str:
        return SafeString(html.escape(value)) if scope.autoescape else value
    if kind is SafeString:
        return value
    if kind in _PLAIN_WORDS and scope.use_l10n is False:
        return str(value)
    return render_value_in_context(value, scope)


_PLAIN_WORDS = frozenset({int, bool, type(None)})


def _variable(node: VariableNode) -> Rendered:
    resolve = _resolver(node.filter_expression)

    def render(scope: Scope) -> str:  # VariableNode.render
        try:
            output = resolve(scope)
        except UnicodeDecodeError:
            return ""
        return written(output, scope)

    return render


def _condition(condition) -> Callable[[Scope], object]:
    """An ``if``'s condition, as ``condition.eval`` finds it: a variable by its resolver
    (failures are None), the operators of django.template.smartif each as a closure."""
    if type(condition) is TemplateLiteral:
        return _resolver(condition.value, ignore_failures=True)
    name = _OPERATOR_IDS.get(type(condition))
    if name is None:
        return condition.eval
    first = _condition(condition.first)
    if name == "not":
        return _guarded(lambda scope: not first(scope))
    second = _condition(condition.second)
    if name == "or":  # the second is evaluated only when needed, as Django's or does
        return _guarded(lambda scope: first(scope) or second(scope))
    if name == "and":
        return _guarded(lambda scope: first(scope) and second(scope))
    compare = _COMPARISONS[name]
    return _guarded(lambda scope: compare(first(scope), second(scope)))


def _guarded(evaluate: Callable[[Scope], object]) -> Callable[[Scope], object]:
    """An operator's value with any exception taken for False, as smartif's operators take
    it (``{% if a in b %}`` where b holds nothing is false, not an error)."""

    def guarded(scope: Scope):
        try:
            return evaluate(scope)
        except Exception:
            return False

    return guarded


_COMPARISONS = {
    "in": lambda x, y: x in y,
    "not in": lambda x, y: x not in y,
    "is": operator.is_,
    "is not": operator.is_not,
    "==": operator.eq,
    "!=": operator.ne,
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
}
_OPERATOR_IDS = {type_: name for name, type_ in OPERATORS.items()}


def _if(node: IfNode) -> Rendered:
    branches = [
        (None if condition is None else _condition(condition), _nodelist(nodelist))
        for condition, nodelist in node.conditions_nodelists
    ]

    def render(scope: Scope) -> str:  # IfNode.render
        for condition, branch in branches:
            if condition is None:
                return branch(scope)
            try:
                match = condition(scope)
            except VariableDoesNotExist:
                match = None
            if match:
                return branch(scope)
        return ""

    return render


def _for(node: ForNode) -> Rendered:
    loop, empty = _nodelist(node.nodelist_loop), _nodelist(node.nodelist_empty)
    sequence = _resolver(node.sequence, ignore_failures=True)
    loopvars, reverse = node.loopvars, node.is_reversed
    unpack = len(loopvars) > 1
    name = loopvars[0]

    def render(scope: Scope) -> str:  # ForNode.render, the pushed dict a scope of its own
        parentloop = scope.names.get("forloop", {})
        inner = scope.with_names({})
        values = sequence(inner)
        if values is None:
            values = []
        if not hasattr(values, "__len__"):
            values = list(values)
        count = len(values)
        if count < 1:
            return empty(inner)
        if reverse:
            values = reversed(values)
        names = inner.names
        loop_dict = names["forloop"] = {"parentloop": parentloop}
        out = []
        for i, item in enumerate(values):
            loop_dict["counter0"] = i
            loop_dict["counter"] = i + 1
            loop_dict["revcounter"] = count - i
            loop_dict["revcounter0"] = count - i - 1
            loop_dict["first"] = i == 0
            loop_dict["last"] = i == count - 1
            if unpack:
                try:
                    len_item = len(item)
                except TypeError:
                    len_item = 1
                if len(loopvars) != len_item:
                    raise ValueError(
                        f"Need {len(loopvars)} values to unpack in for loop; got {len_item}. "
                    )
                names.update(zip(loopvars, item, strict=True))
            else:
                names[name] = item
            out.append(loop(inner))
        return SafeString("".join(out))

    return render


def _with(node: WithNode) -> Rendered:
    inner = _nodelist(node.nodelist)
    extra = {key: _resolver(value) for key, value in node.extra_context.items()}

    def render(scope: Scope) -> str:  # WithNode.render
        values = {key: value(scope) for key, value in extra.items()}
        return inner(scope.with_names(values))

    return render


def _include(node: IncludeNode) -> Rendered:
    name = node.template.var
    if node.template.filters or not isinstance(name, str) or isinstance(name, Variable):
        raise _Unknown("include of a template named by a variable")
    if name.startswith(("./", "../")):
        raise _Unknown("include by a relative path")
    inner = _nodelist(engines["django"].engine.get_template(name).nodelist)
    extra = {key: _resolver(value) for key, value in node.extra_context.items()}
    isolated = node.isolated_context

    def render(scope: Scope) -> str:  # IncludeNode.render of a template named in quotes
        values = {key: value(scope) for key, value in extra.items()}
        if isolated:
            return inner(scope.new(values))
        return inner(scope.with_names(values) if values else scope)

    return render


def _memo(node) -> Rendered:
    from games.templatetags import parts

    inner = _nodelist(node.nodelist)

    def render(scope: Scope) -> str:  # MemoNode.render
        digest = node.digest(scope) if parts.reuse_enabled else None
        if digest is None:
            return inner(scope)
        html_ = parts._memos.get(digest)
        if html_ is None:
            html_ = inner(scope)
            parts._memos.put(digest, html_)
        return html_

    return render


# ---------------------------------------------------------------- whole templates

_of_template: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def render_template(template: Template, names: dict, use_l10n: bool = False) -> str:
    """``template.render(Context(names, use_l10n=use_l10n))``, escaping on, by the
    template's closures when all of its nodes have one (a template holding a part, say,
    renders by Django)."""
    try:
        closures = _of_template[template]
    except KeyError:
        closures = _of_template[template] = compiled(template.nodelist)
    if closures is None or not enabled:
        return template.render(Context(names, autoescape=True, use_l10n=use_l10n))
    return closures(Scope({**BUILTINS, **names}, True, use_l10n, None, template))
