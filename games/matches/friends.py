"""Following players and challenging them: the friends list (who is online now and what
they play) and a private challenge that tells its friend at once on any page they have open.

Following is one-way and needs no consent (it shows only what a player page and the lobby
already show); a block either way forbids it and ends it."""

from __future__ import annotations

from django.db import transaction

from games.engines import GAME_MODULES, get_engine
from games.matches import blocks, broadcast, presence, services, social_settings
from games.matches.identity import Player
from games.models import Follow, LiveSocket, Match, SocialSettings


class FriendRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def follows(follower_id: int, followed_id: int) -> bool:
    return Follow.objects.filter(follower_id=follower_id, followed_id=followed_id).exists()


def follow(follower_id: int, followed_id: int) -> None:
    if follower_id == followed_id:
        raise FriendRefused("You can not follow yourself.")
    if blocks.between(follower_id, followed_id):
        raise FriendRefused("You can not follow this player: one of you blocked the other.")
    Follow.objects.get_or_create(follower_id=follower_id, followed_id=followed_id)


def unfollow(follower_id: int, followed_id: int) -> None:
    Follow.objects.filter(follower_id=follower_id, followed_id=followed_id).delete()


def friends_of(user_id: int) -> list[dict]:
    """Everyone ``user_id`` follows, online ones first: the name, whether a page of theirs
    is open now, and the matches they are playing (each can be watched)."""
    followed = list(
        Follow.objects.filter(follower_id=user_id)
        .select_related("followed")
        .order_by("followed__username")
    )
    ids = [f.followed_id for f in followed]
    online = presence.online_player_keys([f"u:{i}" for i in ids])
    playing: dict[int, list[dict]] = {}
    active = Match.objects.filter(
        status=Match.Status.ACTIVE, seats__user_id__in=ids
    ).prefetch_related("seats")
    for match in active.distinct():
        for seat in match.seats.all():
            if seat.user_id in ids:
                playing.setdefault(seat.user_id, []).append(
                    {"code": match.code, "game": get_engine(match.game).name}
                )
    rows = [
        {
            "name": f.followed.get_username(),
            "online": f"u:{f.followed_id}" in online,
            "playing": playing.get(f.followed_id, []),
        }
        for f in followed
    ]
    rows.sort(key=lambda r: not r["online"])
    return rows


def challenge(challenger: Player, friend, game: str) -> Match:
    """A private online challenge to ``friend`` (an account the challenger follows); the
    friend's open pages show a toast with its link once it is committed."""
    if challenger.user_id is None:
        raise FriendRefused("Sign in to challenge a friend.")
    if game not in GAME_MODULES:
        raise FriendRefused("Choose one of the hall's games.")
    if friend.pk == challenger.user_id:
        raise FriendRefused("You can not challenge yourself.")
    if blocks.between(challenger.user_id, friend.pk):
        raise FriendRefused("You can not challenge this player: one of you blocked the other.")
    if not follows(challenger.user_id, friend.pk):
        raise FriendRefused("Follow this player first.")
    refused = may_challenge(challenger.user_id, friend.pk)
    if refused:
        raise FriendRefused(refused)
    try:
        match = services.create_match(game, challenger, invited_user_id=friend.pk)
    except services.Rejected as exc:
        raise FriendRefused(exc.message) from exc
    toast = {
        "from": challenger.name,
        "game": get_engine(game).name,
        "code": match.code,
    }
    friend_key = f"u:{friend.pk}"
    transaction.on_commit(lambda: _tell(friend_key, toast))
    return match


def may_challenge(challenger_id: int, friend_id: int) -> str | None:
    """None when the friend takes private challenges from the challenger; else why not."""
    choice = social_settings.of(friend_id).challenges_from
    if choice == SocialSettings.ChallengesFrom.NOBODY:
        return "This player takes no private challenges."
    if choice == SocialSettings.ChallengesFrom.FRIENDS and not follows(friend_id, challenger_id):
        return "This player takes private challenges only from players they follow."
    return None


def _tell(player_key: str, toast: dict) -> None:
    channels = LiveSocket.objects.filter(
        player_key=player_key, kind=LiveSocket.Kind.PERSONAL
    ).values_list("channel_name", flat=True)
    for channel in channels:
        broadcast.friend_challenge(channel, toast)
