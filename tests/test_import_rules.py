"""The layers of ``games/`` import only downwards (see each subpackage's docstring).

engines -> (nothing of Django or the hall); matches -> engines, models; live -> matches;
pages -> matches, live.rendering. Read from the source's AST so a lazy import inside a function
counts too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "games"

FORBIDDEN = {
    "engines": ("django", "channels", "games.models", "games.matches", "games.live", "games.pages"),
    "matches": ("games.live", "games.pages"),
    "live": ("games.pages",),
    "pages": ("games.live.consumers", "games.live.render_workers", "games.live.watching"),
}


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def modules_of(layer: str) -> list[Path]:
    return sorted((GAMES / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_downwards(layer):
    files = modules_of(layer)
    assert files, f"games/{layer}/ has no modules"
    broken = [
        f"{path.relative_to(GAMES.parent)}:{line} imports {name}"
        for path in files
        for line, name in imported_modules(path)
        if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[layer])
    ]
    assert not broken, "\n".join(broken)


def test_pages_never_write_match_rows():
    """Views change a match only through games.matches.services (one transaction, one log)."""
    writers = []
    for path in modules_of("pages"):
        source = path.read_text()
        for needle in ("MatchAction.objects.create", "MatchAction(", '.save(update_fields=["state'):
            if needle in source:
                writers.append(f"{path.name}: {needle}")
    assert not writers, writers


def test_no_flat_modules_left_beside_the_layers():
    """Only Django's fixed places stay at the top of games/."""
    allowed = {"__init__.py", "admin.py", "apps.py", "models.py"}
    flat = sorted(p.name for p in GAMES.glob("*.py") if p.name not in allowed)
    assert flat == [], f"put these in a layer: {flat}"


BENCH = GAMES.parent / "bench"


def test_no_import_circle_in_bench():
    """Benchmarks share their pieces through modules they import (bench/processes.py,
    bench/common.py), never by importing each other both ways; lazy imports count."""
    graph = {}
    for path in sorted(BENCH.rglob("*.py")):
        name = ".".join(path.relative_to(BENCH.parent).with_suffix("").parts)
        graph[name.removesuffix(".__init__")] = set()
    for name in graph:
        path = BENCH.parent / (name.replace(".", "/") + ".py")
        if not path.exists():
            path = BENCH.parent / name.replace(".", "/") / "__init__.py"
        graph[name] = {
            module for _, module in imported_modules(path) if module in graph and module != name
        }

    def circle_from(start: str, trail: list[str]) -> list[str] | None:
        for nxt in sorted(graph[start]):
            if nxt in trail:
                return [*trail[trail.index(nxt) :], nxt]
            found = circle_from(nxt, [*trail, nxt])
            if found:
                return found
        return None

    for name in graph:
        circle = circle_from(name, [name])
        assert circle is None, " -> ".join(circle)
