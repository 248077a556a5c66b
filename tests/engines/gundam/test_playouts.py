"""Seeded playouts: invariants, termination, replay, hidden zones, purity, the bot."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.core import IllegalAction, LoggedAction, replay, state_hash
from games.engines.gundam import ENGINE, STARTER_DECKS
from games.engines.gundam.state import Phase, active_resources, level

from .helpers import BLUE, RED, act, clear_board, main_phase, place, resources, started

MAX_STEPS = 2500


def blocker_decks():
    """Two-colour decks with Blockers and High-Maneuver so blocks happen in playouts."""
    blue = copy.deepcopy(STARTER_DECKS[BLUE])
    blue["main"] = [
        "OG01-031" if n == "OG01-001" else "OG01-032" if n == "OG01-002" else n
        for n in blue["main"]
    ]
    red = copy.deepcopy(STARTER_DECKS[RED])
    red["main"] = [
        "OG01-031" if n == "OG01-016" else "OG01-032" if n == "OG01-017" else n for n in red["main"]
    ]
    return {"0": {"name": "Wall", "deck": blue}, "1": {"name": "Wing", "deck": red}}


def hidden_ids(state, seat):
    """Ids a viewer other than ``seat`` must never see."""
    p = state["players"][seat]
    return p["hand"] + p["deck"] + p["shields"] + p["rdeck"]


def check_invariants(state):
    """GUN-INV: units ≤ 6, shields ≤ 6, Lv = resources, active within total, cards conserved."""
    assert state["phase"] in {p.value for p in Phase}
    assert state["current"] in (0, 1)
    if state["stage"] == "choose_deck":
        return
    for seat in (0, 1):
        p = state["players"][seat]
        assert len(p["battle"]) <= 6 and len(p["shields"]) <= 6
        assert level(p) == len(p["resources"]) <= 15
        assert 0 <= active_resources(p) <= len(p["resources"])
        assert sum(1 for r in p["resources"] if r["is_ex"]) <= 5
        zones = p["deck"] + p["hand"] + p["shields"] + p["trash"] + p["rdeck"] + p["removal"]
        zones += [u["id"] for u in p["battle"]] + [u["pilot"] for u in p["battle"] if u["pilot"]]
        zones += [r["id"] for r in p["resources"] if not r["is_ex"]]
        if p["base"] and p["base"]["no"] != "EX-BASE":
            zones.append(p["base"]["id"])
        assert sorted(zones) == sorted(
            c for c in state["cards"] if c.startswith(f"gd{seat}-") and "ex" not in c
        )
    if state["stage"] == "play":
        assert ENGINE.prompts(state).waiting, "a running match must wait for someone"


def check_no_leak(state, seed):
    for viewer in (0, 1, None):
        text = json.dumps(ENGINE.view(state, viewer))
        assert seed not in text
        for seat in (0, 1):
            if viewer == seat or state["stage"] == "choose_deck":
                continue
            for cid in hidden_ids(state, seat):
                assert f'"{cid}"' not in text, (viewer, cid)


def random_step(data, state):
    prompts = ENGINE.prompts(state)
    if prompts.time_limit is not None and data.draw(st.integers(0, 9)) == 0:
        return None, "timeout", None
    seat = data.draw(st.sampled_from(sorted(prompts.waiting)))
    legal = ENGINE.legal_actions(state, seat)
    assert legal
    pending = state["pending"]
    marked = pending["cards"] if pending and pending["mode"] == "discard" else []
    useful = [
        a
        for a in legal
        if a["type"] != "cancel" and not (a["type"] == "toggle_discard" and a["card"] in marked)
    ]
    enders = [a for a in useful if a["type"] in ("end_main", "end_turn")]
    # Ending the phase now and then keeps random games short; every other move consumes
    # resources, cards or a unit's readiness, so a turn can never loop.
    if enders and data.draw(st.integers(0, 4)) == 0:
        return seat, "action", enders[0]
    return seat, "action", useful[data.draw(st.integers(0, len(useful) - 1))]


def run_playout(data, config, seed):
    state = ENGINE.setup(config, seed)
    entries = []
    for step in range(MAX_STEPS):
        check_invariants(state)
        if ENGINE.outcome(state) is not None:
            break
        seat, kind, action = random_step(data, state)
        before = state_hash(state)
        previous = state
        if kind == "timeout":
            state, _ = ENGINE.timeout(state)
        else:
            state, _ = ENGINE.apply(state, seat, action)
        entries.append(LoggedAction(seat, kind, action, before, state_hash(state)))
        # apply never mutates its input: the previous state still hashes the same.
        assert state_hash(previous) == before
        if step % 4 == 0 or state["attack"] is not None:
            check_no_leak(state, seed)
    check_no_leak(state, seed)
    assert ENGINE.outcome(state) is not None, "the match did not end within the bound"
    assert state_hash(replay(ENGINE, config, seed, entries)) == state_hash(state)
    return state


@settings(max_examples=8)
@given(st.data(), st.integers(0, 10_000))
def test_starter_playouts_end_hold_invariants_replay_and_do_not_leak(data, n):
    """GUN-INV GUN-ZONE-DECK GUN-ZONE-HAND GUN-ZONE-SHIELD GUN-X-CHOOSE-DECK: random starter-deck matches from the deck choice on."""
    seed = f"SEEDgd-{n}-x"
    state = run_playout(data, {}, seed)
    assert state["winner"] in (0, 1)


@settings(max_examples=6)
@given(st.data(), st.integers(0, 10_000), st.booleans(), st.booleans())
def test_blocker_playouts_with_options(data, n, trash7, draw1):
    """GUN-INV GDR-8 GDR-15 GDR-3: blocks, timeouts and the published variants keep the invariants."""
    seed = f"SEEDgd-b{n}-y"
    config = {
        "decks": blocker_decks(),
        "seventh_unit_trashes": trash7,
        "first_player_draws": draw1,
        "hand_limit": 10,
    }
    run_playout(data, config, seed)


def test_apply_never_mutates_its_input():
    """A rejected and an accepted move both leave the input untouched."""
    s = started()
    frozen = copy.deepcopy(s)
    ENGINE.apply(s, 0, {"type": "play_resource"})
    assert s == frozen
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, {"type": "play_resource"})
    assert s == frozen


def bot_match(config, seed, cap=3000):
    state = ENGINE.setup(config, seed)
    for _ in range(cap):
        if ENGINE.outcome(state) is not None:
            return state
        prompts = ENGINE.prompts(state)
        seat = sorted(prompts.waiting)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    raise AssertionError("bot match did not end")


def test_bot_matches_always_end():
    """Bot vs bot ends by battle damage or deck-out for several seeds and decks."""
    reasons = set()
    for i in range(6):
        reasons.add(bot_match({}, f"bot-{i}")["reason"])
        reasons.add(bot_match({"decks": blocker_decks()}, f"botb-{i}")["reason"])
    assert reasons <= {"BATTLE_DAMAGE", "DECK_OUT"} and reasons


def test_bot_plays_a_resource_first():
    s = started()
    assert ENGINE.bot_action(s, 0) == {"type": "play_resource"}


def test_bot_prefers_killing_a_rested_unit_it_survives():
    """The bot attacks the rested 2/3 it kills (and survives) rather than an unsafe player hit."""
    s = clear_board(started())
    s = main_phase(s)
    attacker = place(s, 0, "OG01-004")  # 3/3
    victim = place(s, 1, "OG01-016", rested=True)  # 2/3
    place(s, 1, "OG01-008")  # an active 5/6 would punish a rested attacker
    choice = ENGINE.bot_action(s, 0)
    assert choice == {"type": "select", "mode": "attack", "card": attacker}
    s = act(s, 0, choice)
    assert ENGINE.bot_action(s, 0) == {"type": "target", "target": victim}


def test_bot_blocks_when_it_saves_a_shield_and_passes_otherwise():
    s = clear_board(started())
    s = main_phase(s)
    resources(s, 0, 1)
    s["players"][1]["base"] = None
    a = place(s, 0, "OG01-016")  # 2 AP
    wall = place(s, 1, "OG01-031")  # 2/4 Blocker survives
    paused = act(s, 0, {"type": "attack", "attacker": a, "target": "player"})
    assert ENGINE.bot_action(paused, 1) == {"type": "block", "unit": wall}
    # With the EX Base still up no shield is at stake: the bot keeps its Blocker active.
    t = clear_board(started())
    t = main_phase(t)
    a = place(t, 0, "OG01-016")
    place(t, 1, "OG01-031")
    paused = act(t, 0, {"type": "attack", "attacker": a, "target": "player"})
    assert ENGINE.bot_action(paused, 1) == {"type": "pass_block"}


def test_bot_ignores_hidden_information():
    """The bot's choice depends only on its view: reordering the opponent's deck changes nothing."""
    s = started("bot-hidden")
    seat = 0
    for _ in range(30):
        if ENGINE.outcome(s):
            break
        seat = sorted(ENGINE.prompts(s).waiting)[0]
        s, _ = ENGINE.apply(s, seat, ENGINE.bot_action(s, seat))
    other = 1 - s["current"]
    shuffled = copy.deepcopy(s)
    shuffled["players"][other]["deck"].reverse()
    shuffled["players"][other]["shields"].reverse()
    cur = s["current"]
    assert ENGINE.bot_action(s, cur) == ENGINE.bot_action(shuffled, cur)
