"""The board fragment renders each viewer's view and offers exactly the legal actions."""

import html

import pytest

from games.engines.gundam import ENGINE
from tests.engines.boards import render_board

from .helpers import act, clear_board, main_phase, place, started
from .test_playouts import blocker_decks, bot_match, hidden_ids


def render(state, seat):
    return render_board(ENGINE, state, seat)


def check(state, seed):
    for seat in (0, 1, None):
        page, actions = render(state, seat)
        unescaped = html.unescape(page)
        assert seed not in unescaped
        for other in (0, 1):
            if other == seat or state["stage"] == "choose_deck":
                continue
            for cid in hidden_ids(state, other):
                assert cid not in unescaped, (seat, cid)
        for a in actions:
            assert a["payload"] in unescaped, a  # every offered action has its button


@pytest.mark.parametrize("blockers", [False, True])
def test_board_renders_a_seeded_bot_playout_for_each_viewer(blockers):
    """GUN-ZONE-HAND GUN-ZONE-SHIELD GUN-X-CHOOSE-DECK: no hidden id in any viewer's HTML; every action offered."""
    seed = f"SEEDboard-{blockers}"
    state = ENGINE.setup({"decks": blocker_decks()} if blockers else {}, seed)
    check(state, seed)
    for i in range(400):
        if ENGINE.outcome(state) is not None:
            break
        seat = sorted(ENGINE.prompts(state).waiting)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
        if i % 15 == 0 or state["attack"] is not None:
            check(state, seed)
    check(state, seed)
    page, _ = render(state, 0)
    assert "data-gd-result" in page


def test_the_result_banner_says_who_won_once():
    """A spectator's banner names the winner once; a player's opens with their own result;
    then why, with "you" and "your" for the reader's own side (games/matches/outcomes.py)."""
    state = bot_match({}, "SEEDbanner")
    winner, loser = state["winner"], 1 - state["winner"]
    names = {0: "alice", 1: "bob"}

    def banner(seat):
        page, _ = render(state, seat)
        return " ".join(html.unescape(page.split("data-gd-result>")[1].split("</p>")[0]).split())

    spectator = banner(None)
    assert spectator.startswith(f"{names[winner]} wins.") and spectator.count(" wins") == 1
    assert banner(winner).startswith("You win!") and " wins" not in banner(winner)
    assert banner(loser).startswith("You lose.") and " wins" not in banner(loser)
    assert state["reason"] in ("BATTLE_DAMAGE", "DECK_OUT"), state["reason"]
    if state["reason"] == "BATTLE_DAMAGE":
        assert "You lose. You took battle damage" in banner(loser)
        # A name stays as its player wrote it, even opening a sentence.
        assert f"You win! {names[loser]} took battle damage" in banner(winner)
    else:
        assert "You lose. Your deck ran out." in banner(loser)


def test_board_shows_block_prompt_and_defender_deciding():
    """GUN-X-BLOCK-TIMER GUN-KW-BLOCKER: the defender gets block buttons; the attacker sees the defender deciding."""
    s = clear_board(started())
    s = main_phase(s)
    a = place(s, 0, "OG01-016")
    place(s, 1, "OG01-031")
    s = act(s, 0, {"type": "attack", "attacker": a, "target": "player"})
    defender, acts = render(s, 1)
    assert "Block?" in defender and any(x["action"]["type"] == "pass_block" for x in acts)
    attacker, acts = render(s, 0)
    assert "defender is deciding" in attacker and acts == []


def test_board_shows_reasons_for_unplayable_hand_cards():
    """GUN-X-COMPOSE: a hand card that cannot be played shows why (cost, level, zone full)."""
    s = clear_board(started())
    s = main_phase(s)
    from .helpers import give

    give(s, 0, "OG01-009")
    page, _ = render(s, 0)
    assert "costs 5" in html.unescape(page)
