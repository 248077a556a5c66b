"""Puts a match of the live site's database into a position no quick click-through
reaches: ``python -m tests.browser.staged_match CODE SCENARIO`` with the live site's
environment. The position is built with the engine from the match's own seed (as the
engine tests build theirs), or dealt again from a fixed seed whose match a test needs (a
"deal"), then stored as the match's next version, so the pages and the server's next move
read it like any committed state."""

import subprocess
import sys
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parents[2]


def stage(env: dict, code: str, scenario: str) -> None:
    """Put match ``code`` of the site whose environment is ``env`` into ``scenario``: this
    script in a process of its own on the site's database, as the tests run it."""
    subprocess.run(
        [sys.executable, "-m", "tests.browser.staged_match", code, scenario],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )


def carriers(engine, seed: str) -> dict:
    """ShapeShips, First Strike of turn 1: seat 0 has a charged Guardian, seat 1 an empty
    Carrier and a full one; only seat 0 has a First Strike decision."""
    from games.engines.shapeships.model import new_ship

    state = engine.setup({"species": ["human", "human"]}, seed)
    for seat, code, charges in ((0, "GUA", 2), (1, "CAR", 0), (1, "CAR", 6)):
        ship = new_ship(state, seat, code, 0)
        ship["charges"] = charges
        state["players"][seat]["fleet"].append(ship)
    while state["step"] != "first_strike":
        for seat in sorted(engine.prompts(state).waiting):
            state, _ = engine.apply(state, seat, {"type": "confirm"})
    return state


def declaring(engine, seed: str) -> dict:
    """ShapeShips, Declaration of turn 1, Human against Human: each seat has an Interceptor
    with its charge and nothing declared yet, so both have a Declaration decision (the moves
    bar reads "Declaring: 0 charges") and the first to lock in waits for the other."""
    from games.engines.shapeships.model import new_ship

    state = engine.setup({"species": ["human", "human"]}, seed)
    for seat in (0, 1):
        ship = new_ship(state, seat, "INT", 0)
        ship["charges"] = 1
        state["players"][seat]["fleet"].append(ship)
    while state["step"] != "declaration":
        for seat in sorted(engine.prompts(state).waiting):
            state, _ = engine.apply(state, seat, {"type": "confirm"})
    return state


def phalanx_reinforce(engine, seed: str) -> dict:
    """Phalanx, both sides played by the bot from the start until seat 0 must reinforce a
    column: the prompt that needs an answer before anything else happens."""
    state = engine.setup({}, seed)
    for _ in range(600):
        if state["phase"] == "reinforce" and state["reinforce"]["seat"] == 0:
            return state
        if engine.outcome(state) is not None:
            state = engine.setup({}, seed + "-again")
            continue
        seat = min(engine.prompts(state).waiting)
        state, _ = engine.apply(state, seat, engine.bot_action(state, seat))
    raise RuntimeError("seat 0 never had to reinforce")


def gundam_heal(engine, seed: str) -> dict:
    """Gundam, seat 0's main phase with a Unit on the field, none of its Units damaged, the
    resources for Emergency Patch (a heal) and one in hand: the heal that heals nothing
    (GUN-X-HEAL-NOTHING)."""
    from games.engines.gundam.state import active_resources, level, player

    for attempt in range(20):
        state = engine.setup({}, f"{seed}-{attempt}")
        for seat in (0, 1):
            decks = engine.legal_actions(state, seat)
            state, _ = engine.apply(state, seat, decks[0])
        for _ in range(400):
            if engine.outcome(state) is not None:
                break
            me = player(state, 0)
            if (
                state["current"] == 0
                and state["phase"] == "main"
                and state["attack"] is None
                and state["pending"] is None
                and me["battle"]
                and me["hand"]
                and level(me) >= 1
                and active_resources(me) >= 1
            ):
                for unit in me["battle"]:
                    unit["damage"] = 0
                state["cards"][me["hand"][0]] = "OG01-012"  # Emergency Patch: Lv 1, cost 1
                return state
            seat = min(engine.prompts(state).waiting)
            state, _ = engine.apply(state, seat, engine.bot_action(state, seat))
    raise RuntimeError("seat 0 never reached a main phase with a Unit")


# A Gundam deal in which the deck tests/browser/test_gundam_browser.py builds meets a block
# decision in its first match against the level-1 bot. The seed fixes both decks' order and
# who goes first, and that bot and the test's own choices are deterministic, so the test
# plays one match, not up to eight on the server's random seeds until one had a block.
GUNDAM_BLOCK_DEAL = "block-3"


def gundam_block_deal(engine, seed: str) -> dict:
    """Gundam before the player's deck choice, dealt from GUNDAM_BLOCK_DEAL (``seed``, the
    match's own, is set aside). The bot in seat 1 chose its deck when the match was made;
    it chooses again here, as it would have from this deal."""
    del seed
    state = engine.setup({}, GUNDAM_BLOCK_DEAL)
    state, _ = engine.apply(state, 1, engine.bot_action(state, 1))
    return state


# A ShapeShips deal on which tests/browser/test_shapeships_browser.py's two players reach a
# result in about 50 clicks, with an upgrade and a charge. Dice and who strikes come from the
# seed, and both players choose by the test's seeded policy, so the deal fixes the match:
# engine playouts of that policy gave 52 clicks here, and 52-234 (median about 145) on 40
# seeds in all, each click a round trip through both pages.
SHAPESHIPS_SHORT_DEAL = "short-21"


def shapeships_short_deal(engine, seed: str) -> dict:
    """ShapeShips before either species choice, dealt from SHAPESHIPS_SHORT_DEAL (``seed``,
    the match's own, is set aside)."""
    del seed
    return engine.setup({}, SHAPESHIPS_SHORT_DEAL)


SCENARIOS = {
    "shapeships-carriers": carriers,
    "shapeships-declaring": declaring,
    "phalanx-reinforce": phalanx_reinforce,
    "gundam-heal": gundam_heal,
    "gundam-block-deal": gundam_block_deal,
    "shapeships-short-deal": shapeships_short_deal,
}


def main(code: str, scenario: str) -> None:
    django.setup()
    from django.db import transaction

    from games.engines import get_engine
    from games.models import Match

    with transaction.atomic():
        match = Match.objects.select_for_update().get(code=code)
        engine = get_engine(match.game)
        state = SCENARIOS[scenario](engine, match.seed)
        match.state = state
        match.step = engine.prompts(state).step
        match.version += 1
        match.deadline_at = None
        match.save(update_fields=["state", "step", "version", "deadline_at"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
