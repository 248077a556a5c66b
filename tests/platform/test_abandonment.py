"""Abandonment and challenge expiry (issue 17): a player whose every socket has been gone
for ``ABANDON_SECONDS`` lets the other claim the match; a challenge whose creator left
leaves the lobby and can no longer be accepted."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.live import sockets
from games.matches import services
from games.matches.lobby import lobby_context
from games.matches.replay import verify
from games.models import Match, MatchAction
from project.asgi import application

from .conftest import EC, persona, until, ws_headers
from .test_consumers import connect, drain, fresh, online_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def claim(kind: str) -> str:
    return json.dumps({"claim": kind, "HEADERS": {}})


async def bob_leaves_alice_waits(settings):
    settings.ABANDON_SECONDS = 0.4
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    await until(alice, 'id="board"'), await until(bob, 'id="board"')
    await bob.disconnect()
    await asyncio.sleep(1.2)  # past ABANDON_SECONDS: alice's page looks again by itself
    return match, alice


@pytest.mark.parametrize("kind", ["win", "draw"])
async def test_the_player_who_stayed_can_claim_an_abandoned_match(settings, kind):
    match, alice = await bob_leaves_alice_waits(settings)
    offer = await until(alice, "Claim victory")
    assert "Claim victory" in offer and "Call it a draw" in offer
    assert "bob has left the match" in offer
    await alice.send_to(text_data=claim(kind))
    await until(alice, "gameover-panel")
    after = await fresh(match)
    assert after.status == Match.Status.FINISHED
    assert after.outcome["reason"] == "abandonment"
    if kind == "win":
        assert after.outcome["result"] == "win" and after.outcome["winner"] == 0
        assert after.outcome["message"] == "bob left the match and alice claimed the win."
    else:
        assert after.outcome["result"] == "draw" and after.outcome["winner"] is None
        assert after.outcome["message"] == "bob left the match and alice called it a draw."
    # The claim is the log's last entry, so the chain ends where the match did and the
    # claimed result verifies (verify_matches, the admin and records agree).
    last = await database_sync_to_async(lambda: after.actions.order_by("seq").last())()
    assert (last.kind, last.seat, last.action) == ("claim", 0, {"type": "claim", "result": kind})
    assert await database_sync_to_async(verify)(after) is None
    await alice.disconnect()


@pytest.mark.parametrize(
    ("stored", "says"),
    [({"type": "claim", "result": "draw"}, "winner"), ({"type": "claim", "result": "x"}, "claim")],
)
async def test_a_tampered_claim_is_named_by_verification(settings, stored, says):
    match, alice = await bob_leaves_alice_waits(settings)
    await until(alice, "Claim victory")
    await alice.send_to(text_data=claim("win"))
    await until(alice, "gameover-panel")
    await alice.disconnect()

    def tamper():
        entry = MatchAction.objects.filter(match=match).order_by("seq").last()
        MatchAction.objects.filter(pk=entry.pk).update(action=stored)
        return verify(Match.objects.get(pk=match.pk)), entry.seq

    problem, seq = await database_sync_to_async(tamper)()
    assert problem is not None and says in str(problem)


async def test_no_claim_while_the_opponent_is_here_or_only_briefly_gone(settings):
    settings.ABANDON_SECONDS = 30
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    await until(alice, 'id="board"'), await until(bob, 'id="board"')
    await alice.send_to(text_data=claim("win"))
    await until(alice, "has not left")
    await bob.disconnect()
    await alice.send_to(text_data=claim("win"))  # gone, but not for long
    await until(alice, "has not left")
    await alice.send_to(text_data=claim("everything"))
    await until(alice, "Claim the win or call it a draw")
    assert (await fresh(match)).status == Match.Status.ACTIVE
    await alice.disconnect()


async def test_the_player_who_left_cannot_claim_and_a_spectator_cannot_either(settings):
    match, alice = await bob_leaves_alice_waits(settings)
    await drain(alice)
    carol = await connect(match.code, persona("carol"))
    page = await until(carol, 'id="board"')
    assert "Claim victory" not in page, "a spectator is offered nothing"
    await carol.send_to(text_data=claim("win"))
    await until(carol, "Spectators can watch but not play")
    with pytest.raises(services.Rejected, match="has not left"):
        await database_sync_to_async(services.claim_abandoned)(match.pk, persona("bob"), 1, "win")
    assert (await fresh(match)).status == Match.Status.ACTIVE
    await alice.disconnect(), await carol.disconnect()


@database_sync_to_async
def challenge_by_alice() -> Match:
    return services.create_match(EC, persona("alice"))


async def test_a_challenge_whose_creator_left_expires(settings):
    settings.CHALLENGE_EXPIRY_SECONDS = 0.3
    match = await challenge_by_alice()
    codes = lambda: [r["code"] for r in lobby_context(EC, persona("bob"))["open_challenges"]]  # noqa: E731
    assert match.code in await database_sync_to_async(codes)()
    await asyncio.sleep(0.5)  # alice has no lobby or match page open
    assert match.code not in await database_sync_to_async(codes)(), "gone from the lobby"
    with pytest.raises(services.Rejected, match="expired"):
        await database_sync_to_async(services.join_match)(match.pk, persona("bob"))
    await sockets.beat_now()  # the sweep withdraws it, and lobby pages hear of it
    after = await fresh(match)
    assert after.status == Match.Status.ABORTED and after.outcome["reason"] == "expired"


async def test_a_challenge_stays_while_its_creator_has_a_page_open(settings):
    settings.CHALLENGE_EXPIRY_SECONDS = 0.3
    match = await challenge_by_alice()
    lobby = WebsocketCommunicator(
        application, f"/ws/lobby/{EC}/", headers=ws_headers(persona("alice"))
    )
    assert (await lobby.connect(timeout=5))[0]
    await asyncio.sleep(0.5)
    await sockets.beat_now()
    assert (await fresh(match)).status == Match.Status.WAITING
    await lobby.disconnect()  # now she leaves: the wait counts from here
    await asyncio.sleep(0.5)
    with pytest.raises(services.Rejected, match="expired"):
        await database_sync_to_async(services.join_match)(match.pk, persona("bob"))


async def test_a_page_opened_after_the_opponent_left_is_offered_the_match_in_time(settings):
    """No presence notice reaches a page opened (or reloaded) after the opponent left: it
    plans its own look at the offer from what the database says."""
    settings.ABANDON_SECONDS = 1.0
    match = await online_match()
    alice = await connect(match.code, persona("alice"))
    bob = await connect(match.code, persona("bob"))
    await until(alice, 'id="board"'), await until(bob, 'id="board"')
    await bob.disconnect()
    await alice.disconnect()  # alice reloads her page ...
    again = await connect(match.code, persona("alice"))
    first = await until(again, 'id="board"')
    assert "Claim victory" not in first, "bob has not been gone long enough yet"
    assert "bob has left the match" in await until(again, "Claim victory", timeout=10)
    await again.disconnect()


async def test_the_offer_goes_when_the_opponent_comes_back(settings):
    match, alice = await bob_leaves_alice_waits(settings)
    await until(alice, "Claim victory")
    bob = await connect(match.code, persona("bob"))
    await until(bob, 'id="board"')
    seen = await until(alice, 'id="match-status"')
    latest = seen[seen.rindex('id="match-status"') :]
    assert "Claim victory" not in latest and 'id="seat-dot-1" class="dot on"' in latest
    await alice.send_to(text_data=claim("win"))
    await until(alice, "has not left")
    await alice.disconnect(), await bob.disconnect()


async def test_absence_counts_from_when_the_seat_was_taken(settings):
    """A challenge that waited longer than ABANDON_SECONDS does not make the player who
    just joined look gone for that long."""
    settings.ABANDON_SECONDS = 1.0
    match = await challenge_by_alice()
    alice = await connect(match.code, persona("alice"))  # her page, waiting
    await until(alice, 'id="board"')
    await asyncio.sleep(1.3)
    await database_sync_to_async(services.join_match)(match.pk, persona("bob"))
    started = await until(alice, 'data-status="active"')
    assert "Claim victory" not in started[started.rindex('id="match-status"') :]
    with pytest.raises(services.Rejected, match="has not left"):
        await database_sync_to_async(services.claim_abandoned)(match.pk, persona("alice"), 0, "win")
    await alice.disconnect()


async def test_an_expired_challenge_leaves_the_lobby_pages_that_show_it(settings):
    settings.CHALLENGE_EXPIRY_SECONDS = 1.0
    match = await challenge_by_alice()
    lobby = WebsocketCommunicator(
        application, f"/ws/lobby/{EC}/", headers=ws_headers(persona("bob"))
    )
    assert (await lobby.connect(timeout=5))[0]
    assert match.code in await until(lobby, 'id="open-challenges"')
    await asyncio.sleep(1.3)  # alice never opened a page
    await sockets.beat_now()
    listing = await until(lobby, 'id="open-challenges"')
    assert match.code not in listing
    await lobby.disconnect()
