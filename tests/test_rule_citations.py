"""Every rule ID on a project rules page is cited by at least one test.

A rules page (docs/rules/<slug>.md) lists its IDs as list items that start with the ID in
backticks: "- `PHX-SUIT-002` Hearts ...". A test cites an ID by naming it in its source
(a docstring, a comment or a test name). The check fails listing every uncited ID.
"""

import re
from pathlib import Path

import pytest

from tests.words import occurs

ROOT = Path(__file__).resolve().parent.parent
RULES = sorted((ROOT / "docs" / "rules").glob("*.md"))
ID_LINE = re.compile(r"^\s*[-*]\s+`([^`]+)`", re.MULTILINE)


def rule_ids(page: Path) -> list[str]:
    return ID_LINE.findall(page.read_text(encoding="utf-8"))


def all_test_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))


def cited(rule_id: str, text: str) -> bool:
    return occurs(rule_id, text)


def test_every_game_has_a_rules_page():
    slugs = {p.stem for p in RULES}
    assert slugs >= {"elemental-clash", "phalanx", "card-battle", "gundam", "shapeships"}


@pytest.mark.parametrize("page", RULES, ids=lambda p: p.stem)
def test_every_rule_id_is_cited_by_a_test(page):
    ids = rule_ids(page)
    assert ids, f"{page.name} lists no rule IDs"
    text = all_test_sources().replace(Path(__file__).read_text(encoding="utf-8"), "")
    missing = [rule_id for rule_id in ids if not cited(rule_id, text)]
    assert not missing, f"{page.name}: uncited rule IDs: {', '.join(missing)}"
