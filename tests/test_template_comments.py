"""Django's ``{# ... #}`` comment ends on the line it opens; one spread over lines is shown
to players as text (it once put a note about a button's script on the lobby page)."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
OPENED = re.compile(r"\{#(?!.*#\})")


def test_every_short_comment_closes_on_its_own_line():
    unclosed = [
        f"{path.relative_to(TEMPLATES)}:{number}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if OPENED.search(line)
    ]
    assert unclosed == [], f"use {{% comment %}} for a comment of several lines: {unclosed}"
