"""Friends: following, the list (online now, what they play), a private challenge that only
its friend may take and that reaches their open pages as a toast."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import AsyncClient

from games.matches import blocks, friends, presence, services
from games.matches.identity import Player
from games.matches.lobby import lobby_context
from games.models import Follow, Match
from project.asgi import application

from .conftest import EC, persona, until, ws_headers


def account(name: str):
    user = get_user_model().objects.create_user(name, password=f"pw-{name}-long-1")
    return user, Player(user_id=user.pk, guest_id="", name=name)


@pytest.mark.django_db
def test_follow_needs_no_block_and_a_block_ends_it():
    (ann, _), (ben, _) = account("ann"), account("ben")
    friends.follow(ann.pk, ben.pk)
    friends.follow(ben.pk, ann.pk)
    assert friends.follows(ann.pk, ben.pk)
    with pytest.raises(friends.FriendRefused, match="yourself"):
        friends.follow(ann.pk, ann.pk)
    blocks.block(ben.pk, ann.pk)
    assert not Follow.objects.exists(), "a block ends following both ways"
    with pytest.raises(friends.FriendRefused, match="blocked"):
        friends.follow(ann.pk, ben.pk)


@pytest.mark.django_db
def test_the_list_says_who_is_online_and_what_they_play():
    (ann, _), (ben, p_ben), (cat, _) = account("ann"), account("ben"), account("cat")
    friends.follow(ann.pk, ben.pk)
    friends.follow(ann.pk, cat.pk)
    assert [(f["name"], f["online"]) for f in friends.friends_of(ann.pk)] == [
        ("ben", False),
        ("cat", False),
    ]
    match = services.create_match(EC, p_ben)
    services.join_match(match.pk, persona("zed"))
    presence.open_socket("chan-cat", "personal", player=Player(cat.pk, "", "cat"))
    rows = friends.friends_of(ann.pk)
    assert rows[0]["name"] == "cat" and rows[0]["online"], "online first"
    assert rows[1] == {
        "name": "ben",
        "online": False,
        "playing": [{"code": match.code, "game": "Elemental Clash"}],
    }


@pytest.mark.django_db
def test_a_friends_challenge_is_private_and_only_they_may_take_it():
    (ann, p_ann), (ben, p_ben), (_, p_cat) = account("ann"), account("ben"), account("cat")
    with pytest.raises(friends.FriendRefused, match="Follow this player first"):
        friends.challenge(p_ann, ben, EC)
    friends.follow(ann.pk, ben.pk)
    with pytest.raises(friends.FriendRefused, match="one of the hall's games"):
        friends.challenge(p_ann, ben, "chess")
    match = friends.challenge(p_ann, ben, EC)
    assert match.invited_id == ben.pk and match.status == Match.Status.WAITING
    assert match.code not in [r["code"] for r in lobby_context(EC, p_cat)["open_challenges"]]
    with pytest.raises(services.Rejected, match="for another player"):
        services.join_match(match.pk, p_cat)
    with pytest.raises(services.Rejected, match="for another player"):
        services.join_match(match.pk, persona("guest"))
    services.join_match(match.pk, p_ben)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


@pytest.mark.django_db
def test_the_match_page_offers_the_join_button_to_the_invited_friend_only(client):
    (ann, p_ann), (ben, _), (cat, _) = account("ann"), account("ben"), account("cat")
    friends.follow(ann.pk, ben.pk)
    match = friends.challenge(p_ann, ben, EC)
    client.force_login(cat)
    assert "Join this match" not in client.get(f"/m/{match.code}/").content.decode()
    client.force_login(ben)
    assert "Join this match" in client.get(f"/m/{match.code}/").content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_challenge_reaches_every_open_page_of_the_friend_as_a_toast():
    ann, p_ann = await database_sync_to_async(account)("ann")
    ben, _ = await database_sync_to_async(account)("ben")
    await database_sync_to_async(friends.follow)(ann.pk, ben.pk)
    client = AsyncClient()
    await client.aforce_login(ben)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)]
    pages = [WebsocketCommunicator(application, "/ws/me/", headers=headers) for _ in range(2)]
    for page in pages:
        assert (await page.connect(timeout=5))[0]
    # A socket's presence is written just after its connect is accepted: wait for it (a
    # loaded machine takes a moment), as a challenge reaches only a friend shown online.
    online = database_sync_to_async(presence.online_player_keys)
    for _ in range(200):
        if await online([f"u:{ben.pk}"]):
            break
        await asyncio.sleep(0.05)
    assert await online([f"u:{ben.pk}"])
    match = await database_sync_to_async(friends.challenge)(p_ann, ben, EC)
    for page in pages:
        toast = await until(page, "challenges you")
        assert "<b>ann</b> challenges you to Elemental Clash" in toast
        assert f'href="/m/{match.code}/"' in toast
        await page.disconnect()
    guest = WebsocketCommunicator(application, "/ws/me/", headers=ws_headers(persona("gus")))
    connected, code = await guest.connect(timeout=5)
    assert not connected or code == 4403
