"""Fuzz the match consumer of every game with hostile frames.

Malformed JSON, wrong types, unknown actions, huge frames, moves meant for the other seat,
moves from a spectator, stale steps and repeated frames: each gets a clear rejection on the
sending socket only, never a server error, and the match state and log stay unchanged.
"""

import asyncio
import json
import re

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import GAME_MODULES, get_engine
from games.engines.core import canonical_json, state_hash
from games.matches import services
from games.models import Match

from .conftest import persona, until
from .test_consumers import connect, drain

pytestmark = pytest.mark.django_db(transaction=True)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def frame_kinds(other_moves: list[dict], own_moves: list[dict]):
    def as_frame(payload, step="whatever"):
        return json.dumps({"action": payload, "step": step, "HEADERS": {"HX-Request": "true"}})

    return st.one_of(
        st.text(min_size=1, max_size=300),  # not JSON at all
        json_values.map(json.dumps),  # JSON of any shape
        json_values.map(lambda v: as_frame(canonical_json(v))),  # an action of any shape
        st.dictionaries(
            st.sampled_from(["type", "card", "seat", "column", "ship"]), json_values, max_size=3
        ).map(lambda d: as_frame(canonical_json(d))),
        st.sampled_from(other_moves or [{"type": "pass"}]).map(
            lambda a: as_frame(canonical_json(a))
        ),
        st.sampled_from(own_moves or [{"type": "pass"}]).map(
            lambda a: as_frame(canonical_json(a), "an-old-step")
        ),
        st.just("x" * 70_000),  # a huge frame
        st.just(json.dumps({"action": ["not", "a", "string"]})),
        st.just(json.dumps({"hotseat_show": 1})),
    )


@database_sync_to_async
def new_online_match(game: str, seed: str) -> Match:
    match = services.create_match(game, persona("alice"), seed=seed, timed=False)
    services.join_match(match.pk, persona("bob"))
    return Match.objects.get(pk=match.pk)


@database_sync_to_async
def snapshot(match: Match) -> tuple[str, int, int]:
    fresh = Match.objects.get(pk=match.pk)
    return state_hash(fresh.state), fresh.version, fresh.actions.count()


REJECTION = re.compile(r'id="flash"[^>]*>(?!</div>)')


async def until_rejected(comm, timeout: float = 15) -> str:
    """Everything the socket received up to and including a flash that says something."""
    got = ""
    while not REJECTION.search(got):
        out = await comm.receive_output(timeout=timeout)
        assert out["type"] == "websocket.send", f"closed while waiting for a rejection: {out}"
        got += out.get("text", "")
    return got


async def hammer(game: str, frames: list[str], seed: str) -> None:
    match = await new_online_match(game, seed)
    engine = get_engine(game)
    before = await snapshot(match)
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    carol = await connect(match.code, persona("carol"))
    # Each socket's board first (a cold first render may take longer than drain's quiet
    # moment, and a board arriving late would read as a frame sent to bob), then whatever
    # presence news the later arrivals brought.
    for comm in (alice, bob, carol):
        await until(comm, 'id="flash"')
    # Drained together: each waits for its own quiet moment, and one after the other those
    # waits were most of this test's time.
    await asyncio.gather(drain(alice), drain(bob), drain(carol))
    for text in frames:
        for sender in (alice, carol):
            await sender.send_to(text_data=text)
            # The rejection (a flash with words in it) is awaited, not a quiet moment after
            # it: a fixed quiet period cost 0.15 s a frame and took a reply slower than that
            # for none. Whatever follows the rejection is read with the next reply, or below.
            reply = await until_rejected(sender)
            assert "went wrong on our side" not in reply, f"server error on {text[:60]!r}"
    after_alice, after_carol, after_bob = await asyncio.gather(
        drain(alice, timeout=0.2), drain(carol, timeout=0.2), drain(bob, timeout=0.2)
    )
    assert "went wrong on our side" not in after_alice + after_carol
    assert after_bob == "", "rejections go to the sender only"
    assert await snapshot(match) == before, "state, version and log unchanged"
    for comm in (alice, bob, carol):
        await comm.disconnect()
    del engine


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_hostile_frames_are_rejected_to_the_sender_only(game):
    engine = get_engine(game)
    seed = f"fuzz-{game}"
    state = engine.setup({}, seed)
    other = engine.legal_actions(state, 1)
    own = engine.legal_actions(state, 0)

    @settings(
        max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
    )
    @given(st.lists(frame_kinds(other, own), min_size=1, max_size=6))
    def run(frames):
        async_to_sync(hammer)(game, frames, seed)

    run()


def test_moves_after_the_end_are_rejected():
    @database_sync_to_async
    def finished() -> Match:
        match = services.create_match("phalanx", persona("alice"), timed=False)
        services.join_match(match.pk, persona("bob"))
        services.resign(match.pk, persona("bob"))
        return Match.objects.get(pk=match.pk)

    async def scenario():
        match = await finished()
        before = await snapshot(match)
        alice = await connect(match.code, persona("alice"))
        await drain(alice)
        await alice.send_to(
            text_data=json.dumps({"action": canonical_json({"type": "pass"}), "step": match.step})
        )
        assert "This match is over" in await drain(alice)
        assert await snapshot(match) == before
        await alice.disconnect()

    async_to_sync(scenario)()
