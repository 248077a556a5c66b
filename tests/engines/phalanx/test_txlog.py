"""The transaction log, its hash chain and replay (PHX-TXLOG-001..003, PXR-12)."""

import pytest

from games.engines.core import LoggedAction, ReplayMismatch, state_hash
from games.engines.core import replay as core_replay
from games.engines.phalanx import ENGINE, TxLogBroken, first_broken_link, game_hash, replay

from .helpers import check_invariants, waiting_seat

SCRIPT_SEED = "txlog-script"


def scripted_match():
    """A real match that uses every action kind: 16 deploys, attacks until a reinforcement,
    the reinforcement, a pass, then a forfeit. Returns (final state, platform log)."""
    state = ENGINE.setup({}, SCRIPT_SEED)
    log = []

    def act(seat, action):
        nonlocal state
        before = state_hash(state)
        state, _ = ENGINE.apply(state, seat, action)
        log.append(LoggedAction(seat, "action", action, before, state_hash(state)))

    while state["phase"] == "deploy":
        seat = waiting_seat(state)
        act(seat, ENGINE.legal_actions(state, seat)[0])
    kinds = set()
    while not {"reinforce", "pass"} <= kinds:
        seat = waiting_seat(state)
        legal = ENGINE.legal_actions(state, seat)
        if state["phase"] == "reinforce":
            action = legal[0]
        elif "reinforce" in kinds and "pass" not in kinds:
            action = {"type": "pass"}
        else:
            action = max(
                (a for a in legal if a["type"] == "attack"),
                key=lambda a: ENGINE.attack_preview(state, seat, a).count("destroys"),
            )
        kinds.add(action["type"])
        act(seat, action)
        assert ENGINE.outcome(state) is None
    act(waiting_seat(state), {"type": "forfeit"})
    return state, log


def test_every_action_appends_a_sequenced_entry():
    """PHX-TXLOG-001: deploy, attack, pass, reinforce and forfeit each append one entry with a
    monotonically increasing sequence number, the action and action-specific details."""
    state, log = scripted_match()
    txlog = state["txlog"]
    assert len(txlog) == len(log)
    assert [e["seq"] for e in txlog] == list(range(len(txlog)))
    assert {e["action"]["type"] for e in txlog} == {
        "deploy",
        "attack",
        "pass",
        "reinforce",
        "forfeit",
    }
    assert [e["action"] for e in txlog] == [
        entry.action for e, entry in zip(txlog, log, strict=True)
    ]
    deploy = txlog[0]
    assert deploy["details"] == {"row": 0, "column": 0} and deploy["turn"] == 0
    attack = next(e for e in txlog if e["action"]["type"] == "attack")
    assert set(attack["details"]) == {"column", "destroyed", "lpDamage"}
    reinforce = next(e for e in txlog if e["action"]["type"] == "reinforce")
    assert set(reinforce["details"]) == {"column", "row", "drew"}
    check_invariants(state)


def test_hashes_exclude_the_log_and_form_a_chain():
    """PHX-TXLOG-002 / PXR-12: stateHashBefore/After are SHA-256 over canonical JSON of the state
    without its transaction log, and stateHashAfter[n] == stateHashBefore[n+1]."""
    state, _ = scripted_match()
    txlog = state["txlog"]
    initial = ENGINE.setup({}, SCRIPT_SEED)
    assert (
        txlog[0]["stateHashBefore"]
        == game_hash(initial)
        == state_hash({k: v for k, v in initial.items() if k != "txlog"})
    )
    assert len(txlog[0]["stateHashBefore"]) == 64
    for prev, entry in zip(txlog, txlog[1:], strict=False):
        assert entry["stateHashBefore"] == prev["stateHashAfter"]
    assert (
        txlog[-1]["stateHashAfter"]
        == game_hash(state)
        == state_hash({k: v for k, v in state.items() if k != "txlog"})
    )
    # the hash ignores the log itself: the same game state with a different log hashes equal
    assert game_hash({**state, "txlog": []}) == game_hash(state)
    assert first_broken_link(txlog) is None


def test_replay_from_config_and_actions_reproduces_the_state():
    """PHX-TXLOG-003 / PXR-12: replay(config, actions, seed) rebuilds the identical state,
    re-checking every recorded hash; bare {seat, action} lists replay too."""
    state, log = scripted_match()
    rebuilt = replay({}, state["txlog"], SCRIPT_SEED)
    assert state_hash(rebuilt) == state_hash(state) and rebuilt == state
    bare = [{"seat": e["seat"], "action": e["action"]} for e in state["txlog"]]
    assert replay({}, bare, SCRIPT_SEED) == state
    # the platform-level chain over the whole state verifies as well
    assert core_replay(ENGINE, {}, SCRIPT_SEED, log) == state


def test_replay_names_the_first_broken_link():
    """PHX-TXLOG-003: a changed action, a forged hash or a wrong sequence number is reported
    at the first entry that no longer matches."""
    state, log = scripted_match()
    txlog = state["txlog"]
    attack_at = next(i for i, e in enumerate(txlog) if e["action"]["type"] == "attack")

    forged = [dict(e) for e in txlog]
    forged[10] = {**forged[10], "stateHashAfter": "0" * 64}
    with pytest.raises(TxLogBroken) as err:
        replay({}, forged, SCRIPT_SEED)
    assert (err.value.index, err.value.field) == (10, "stateHashAfter")
    assert first_broken_link(forged) == 11

    changed = [dict(e) for e in txlog]
    other = next(
        a
        for a in ENGINE.legal_actions(
            replay({}, txlog[:attack_at], SCRIPT_SEED), txlog[attack_at]["seat"]
        )
        if a != txlog[attack_at]["action"] and a["type"] == "attack"
    )
    changed[attack_at] = {**changed[attack_at], "action": other}
    with pytest.raises(TxLogBroken) as err:
        replay({}, changed, SCRIPT_SEED)
    assert err.value.index == attack_at and err.value.field == "stateHashAfter"
    assert str(attack_at) in str(err.value)

    skipped = [dict(e) for e in txlog]
    skipped[5] = {**skipped[5], "seq": 6}
    with pytest.raises(TxLogBroken) as err:
        replay({}, skipped, SCRIPT_SEED)
    assert (err.value.index, err.value.field) == (5, "seq")
    assert first_broken_link(skipped) == 5

    with pytest.raises(TxLogBroken) as err:
        replay({"damage_mode": "per-turn"}, txlog, SCRIPT_SEED)
    assert (err.value.index, err.value.field) == (0, "stateHashBefore")

    tampered = list(log)
    tampered[3] = LoggedAction(log[3].seat, "action", log[3].action, log[3].hash_before, "f" * 64)
    with pytest.raises(ReplayMismatch) as mismatch:
        core_replay(ENGINE, {}, SCRIPT_SEED, tampered)
    assert mismatch.value.index == 3
