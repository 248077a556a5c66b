"""Bounded frames over the socket (issue 22, findings 5 and 10): hostile frames get a
refusal frame with a reason before any work, nothing is applied, nothing is echoed, and the
socket keeps working for the next honest move."""

import json

import pytest

from games.engines import get_engine
from games.engines.core import canonical_json

from .conftest import persona
from .test_consumers import (  # noqa: F401  (where_moves_run is a fixture)
    connect,
    drain,
    fresh,
    log_count,
    online_match,
    reply,
    where_moves_run,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
LONE = "\\ud800"  # as JSON spells a lone surrogate


def raw_frame(action_text: str, step="draft-r1", **extra) -> str:
    fields = {"action": action_text, "HEADERS": {}, **extra}
    if step is not None:
        fields["step"] = step
    return json.dumps(fields)


async def refused(comm, text: str, reason: str) -> None:
    await comm.send_to(text_data=text)
    # The first answer may take a while on a loaded machine; then whatever else follows.
    reply = await comm.receive_from(timeout=10) + await drain(comm)
    assert 'id="flash"' in reply, text[:60]
    assert reason in reply, reply
    assert "went wrong on our side" not in reply
    assert "\ud800" not in reply and "\\ud800" not in reply


async def test_hostile_frames_are_refused_with_a_reason(where_moves_run):  # noqa: F811
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    await drain(alice)
    step = match.step
    deep = "[" * 5000 + "]" * 5000
    await refused(alice, raw_frame(deep, step), "nested too deeply")
    await refused(
        alice,
        raw_frame('{"type": "pick", "card": ' + deep[:40] + deep[-40:] + "}", step),
        "nested too deeply",
    )
    await refused(
        alice, json.dumps({"action": "{}", "step": step, "x": [[[[1]]]]}), "nested too deeply"
    )
    await refused(alice, raw_frame('{"type": "' + LONE + '"}', step), "not valid Unicode")
    await refused(
        alice, raw_frame('{"type": "pick", "card": "' + "x" * 300 + '"}', step), "too long"
    )
    # The stale-move check cannot be skipped by leaving the step out or sending another type.
    pick = canonical_json(get_engine("elemental-clash").legal_actions(match.state, 0)[1])
    for text in (raw_frame(pick, None), raw_frame(pick, 5), raw_frame(pick, ["draft-r1"])):
        await refused(alice, text, "does not say which step")
    # A list where Elemental Clash expects a card id is refused by the rules, not a crash.
    await refused(alice, raw_frame('{"type": "pick", "card": ["x"]}', step), "")
    assert await log_count(match) == 0
    # The socket still plays.
    await alice.send_to(text_data=raw_frame(pick, step))
    await reply(alice)
    assert await log_count(match) == 1
    await alice.disconnect()


async def test_a_lone_surrogate_in_a_deck_choice_is_refused():
    """Card Battle's deck choice carries the deck: a name that cannot be encoded is refused
    before the engine keeps it in the match state."""
    from channels.db import database_sync_to_async

    from games.engines.card_battle import READY_MADE_DECKS
    from games.matches import services
    from games.models import Match

    @database_sync_to_async
    def card_battle_match():
        match = services.create_match("card-battle", persona("alice"), timed=False)
        services.join_match(match.pk, persona("bob"))
        return Match.objects.get(pk=match.pk)

    match = await card_battle_match()
    alice = await connect(match.code, persona("alice"))
    await drain(alice)
    deck = json.dumps({"type": "choose_deck", "name": "x", "deck": READY_MADE_DECKS["Balanced"]})
    poisoned = deck.replace('"name": "x"', '"name": "x' + LONE + '"')
    await refused(alice, raw_frame(poisoned, match.step), "not valid Unicode")
    assert (await fresh(match)).version == match.version
    await alice.disconnect()
