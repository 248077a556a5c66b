"""How the Gundam board reads (issue 18): one clear control at the hand limit with the chosen
cards marked, a block prompt that asks for focus from the action bar, and player names in
the log instead of P1/P2."""

import html
import re

from games.engines.gundam import ENGINE
from tests.engines.boards import render_board

from .helpers import act, clear_board, give, main_phase, place, started


def render(state, seat):
    page, actions = render_board(ENGINE, state, seat, names=("Alice", "Bob"))
    return html.unescape(page), actions


def end_turn_buttons(page: str) -> list[str]:
    """The payloads of the end-turn buttons the page shows."""
    return re.findall(r'data-action="(\{[^>]*?"type":"end_turn"[^>]*?\})">', page)


def card(page: str, cid: str) -> str:
    return (
        page.split(f'data-gd-card="{cid}"')[0].rsplit("<div", 1)[1]
        + page.split(f'data-gd-card="{cid}"')[1].split('<div class="gd-card ')[0]
    )


def test_GDR_18_the_hand_limit_shows_one_end_turn_and_marks_the_chosen_card():
    s = clear_board(started())
    ids = [give(s, 0, "OG01-001") for _ in range(8)]
    s = act(main_phase(s), 0, {"type": "end_main"})
    page, _ = render(s, 0)
    assert len(end_turn_buttons(page)) == 1, "one end-turn control, never two"
    assert "choose 1 card to discard (0 chosen)" in page
    assert "is-selected" not in page
    assert "Discard " in card(page, ids[1])

    marked = act(s, 0, {"type": "toggle_discard", "card": ids[0]})
    assert {"type": "end_turn"} in ENGINE.legal_actions(marked, 0), "both are legal..."
    page, _ = render(marked, 0)
    buttons = end_turn_buttons(page)
    assert len(buttons) == 1 and '"discard"' in buttons[0], "...the page shows the chosen one"
    chosen = card(page, ids[0])
    assert "is-selected" in chosen and "to discard" in chosen and "Keep " in chosen
    assert "is-selected" not in card(page, ids[1])


def test_the_block_prompt_is_in_the_action_bar_and_asks_for_focus():
    """GUN-KW-BLOCKER: the defender's block decision is a prompt the page brings into view."""
    s = clear_board(started())
    s = main_phase(s)
    a = place(s, 0, "OG01-016")
    place(s, 1, "OG01-031")
    s = act(s, 0, {"type": "attack", "attacker": a, "target": "player"})
    defender, _ = render(s, 1)
    bar = defender.split('class="action-bar gd-actionbar"')[1].split("</aside>")[0]
    prompt = bar.split("data-gd-attack")[1].split("</div>")[0]
    assert "data-prompt=" in prompt and "Block?" in prompt and "Block with" in prompt
    attacker, _ = render(s, 0)
    assert "defender is deciding" in attacker and "data-prompt=" not in attacker


def test_the_log_and_result_name_the_players():
    state = ENGINE.setup({}, "names-seed")
    for _ in range(600):
        if ENGINE.outcome(state) is not None:
            break
        seat = sorted(ENGINE.prompts(state).waiting)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    page, _ = render(state, 0)
    text = re.sub(r"<[^>]+>", " ", page)
    assert re.findall(r"\bP[12]\b", text) == []
    log = page.split('class="log-lines gd-log-list"')[1].split("</ol>")[0]
    assert "Alice" in log and "Bob" in log
