"""A player's choices: chat off entirely, the spectators' room off, who may challenge me."""

import json

import pytest
from channels.db import database_sync_to_async

from games.matches import chat, friends, services
from games.models import SocialSettings

from .conftest import EC, persona, until
from .test_chat import account, connect, match_between, quiet, say


def choose(player, **choices) -> None:
    SocialSettings.objects.update_or_create(user_id=player.user_id, defaults=choices)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_chat_off_neither_shows_nor_sends_and_refuses_writing():
    ann, ben = await database_sync_to_async(lambda: [account("ann_s"), account("ben_s")])()
    match = await match_between(ann, ben)
    await database_sync_to_async(chat.say)(match.pk, ben, "said before")
    await database_sync_to_async(choose)(ann, chat_off=True)
    a, b = await connect(match.code, ann), await connect(match.code, ben)
    await b.send_to(text_data=say("said after"))
    await until(b, "said after")
    got = await quiet(a)
    assert "said before" not in got and "said after" not in got
    await a.send_to(text_data=say("let me talk"))
    assert "Chat is off in your settings" in await until(a, "Chat is off")
    assert "let me talk" not in await quiet(b)
    for comm in (a, b):
        await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_spectators_room_off_keeps_a_spectator_out_of_it():
    alice, bob = persona("alice"), persona("bob")
    dora, eli = await database_sync_to_async(lambda: [account("dora_s"), account("eli_s")])()
    await database_sync_to_async(choose)(eli, spectators_room_off=True)
    match = await match_between(alice, bob)
    d, e = await connect(match.code, dora), await connect(match.code, eli)
    await d.send_to(text_data=say("spectators only"))
    await until(d, "spectators only")
    await e.send_to(text_data=say("me too"))
    assert "The spectators&#x27; room is off in your settings" in await until(e, "is off")
    assert "spectators only" not in await quiet(e)
    await e.send_to(text_data=json.dumps({"chat_quick": "gl", "HEADERS": {}}))
    assert "is off in your settings" in await until(e, "is off")
    for comm in (d, e):
        await comm.disconnect()


@pytest.mark.django_db
def test_a_player_with_the_spectators_room_off_never_sees_it_even_after_the_end():
    alice, dora = account("alice_s"), account("dora_t")
    match = services.create_match(EC, alice)
    services.join_match(match.pk, persona("bob"))
    chat.say(match.pk, dora, "from the stands")
    services.resign(match.pk, alice)
    match.refresh_from_db()
    assert chat.lines_for(match, alice)["spectators"] != []
    choose(alice, spectators_room_off=True)
    assert chat.lines_for(match, alice)["spectators"] == []


@pytest.mark.django_db
def test_who_may_challenge_me():
    ann, ben = account("ann_c"), account("ben_c")
    friends.follow(ann.user_id, ben.user_id)
    ben_user = SocialSettings(user_id=ben.user_id).user
    choose(ben, challenges_from="nobody")
    with pytest.raises(friends.FriendRefused, match="takes no private challenges"):
        friends.challenge(ann, ben_user, EC)
    choose(ben, challenges_from="friends")
    with pytest.raises(friends.FriendRefused, match="only from players they follow"):
        friends.challenge(ann, ben_user, EC)
    friends.follow(ben.user_id, ann.user_id)
    assert friends.challenge(ann, ben_user, EC).invited_id == ben.user_id


@pytest.mark.django_db
def test_the_settings_page_saves_the_choices(client, django_user_model):
    user = django_user_model.objects.create_user("sam_s", password="pw-sam-long-1")
    assert client.get("/settings/social/").status_code == 302, "signed-in players only"
    client.force_login(user)
    assert 'name="challenges_from"' in client.get("/settings/social/").content.decode()
    client.post(
        "/settings/social/",
        {"chat_off": "on", "challenges_from": "friends"},
    )
    saved = SocialSettings.objects.get(user=user)
    assert saved.chat_off and not saved.spectators_room_off and saved.challenges_from == "friends"
    assert client.post("/settings/social/", {"challenges_from": "all"}).status_code == 200
    assert SocialSettings.objects.get(user=user).challenges_from == "friends"
