"""No emoji or rare glyphs as content (issue 18): a font that lacks them draws an empty box.
Icons are inline SVG ({% icon %}, games/templatetags/icons.py) with a text label."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Media controls, dingbats (check marks, arrows, crosses), emoji and pictographs, the CJK
# brackets, and the odd symbols that were used as icons (lightning, crossed swords).
RARE = re.compile(
    "[\u2300-\u23ff\u2700-\u27bf\u3010\u3011\u26a1\u2694\u2764\U0001f000-\U0001faff\ufe0f]"
)
FILES = sorted(
    [*ROOT.glob("templates/**/*.html"), *ROOT.glob("static/js/*.js")],
    key=lambda p: str(p),
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_or_script_shows_an_emoji_or_a_rare_glyph(path):
    found = [
        (n, m.group(0))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for m in RARE.finditer(line)
    ]
    assert not found, f"{path.relative_to(ROOT)}: {found}"


def test_card_battle_badges_name_svg_icons_not_emoji():
    from games.engines.card_battle.cards import DECK_TYPES, STRATEGIES
    from games.templatetags.icons import SHAPES

    for info in [*DECK_TYPES.values(), *STRATEGIES.values()]:
        assert info["icon"] in SHAPES


def test_gundam_card_text_uses_no_lenticular_brackets():
    """The seed writes timings as 【Main】; a font without those marks shows boxes (issue 18)."""
    from games.engines.gundam import cards as gundam_cards

    texts = [gundam_cards.card_text(card) for card in gundam_cards.CARD_POOL.values()]
    assert texts and not [t for t in texts if "【" in t or "】" in t or "･" in t]
