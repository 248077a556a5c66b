"""Golden replay, the "perft" of Phalanx: a fixed seed and the bot on both sides must give
the same deal, the same match and the same final hash on every machine, forever. If a rule
change alters these numbers on purpose, update them in the same change."""

from games.engines.phalanx import ENGINE, game_hash, replay

SEED = "golden-phalanx-1"
FINAL = {
    "cumulative": "f89f7bf644d73e645d53bdfcc1a03a8804a907f39c5340faea5133cf4b5516dd",
    "per-turn": "5268dd13a0ef2103d94b20caa58db84a5a96b43f9ed74b7d08aa274991d6f803",
}


def test_the_seeded_deal_is_stable():
    """PHX-DEPLOY-001 / PXR-1: the seeded shuffle and coin flip never change."""
    state = ENGINE.setup({}, SEED)
    assert [p["hand"][:3] for p in state["players"]] == [
        ["PX0-8S", "PX0-KH", "PX0-JS"],
        ["PX1-3H", "PX1-10S", "PX1-2S"],
    ]
    assert state["players"][0]["drawpile"][0] == "PX0-2C"
    assert state["first_deployer"] == 1


def test_golden_bot_match_in_both_modes():
    """PHX-TXLOG-003: 39 actions, seat 0 wins on turn 11 at 1 LP to 0; the final hash and a
    replay of the transaction log agree with the recorded values."""
    for mode, final in FINAL.items():
        config = {"damage_mode": mode}
        state = ENGINE.setup(config, SEED)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.prompts(state).waiting
            state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
        assert len(state["txlog"]) == 39 and state["turn"] == 11
        assert (state["outcome"]["winner"], state["outcome"]["reason"]) == (0, "lp_depleted")
        assert [p["lp"] for p in state["players"]] == [1, 0]
        assert game_hash(state) == final
        assert state["txlog"][-1]["stateHashAfter"] == final
        assert game_hash(replay(config, state["txlog"], SEED)) == final
