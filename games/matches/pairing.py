"""Quick pairing ("Play now"): a queue per game and option set, paired under a row lock.

Safety with several workers rests on one lock: every pass that pairs a lane first locks its
``PairingLane`` row (``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite every write
transaction is IMMEDIATE and so already one at a time). Inside that lock an entry gains its
match exactly once (``match`` goes from NULL to a match), so nobody is paired twice; and
every join runs a pass, so of two compatible players the later one always finds the earlier
one. Each waiting socket also runs a pass every second, which is how the rating window
widens with waiting time and how a pairing whose notice was lost still reaches its players.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.matches import blocks, ratings, services
from games.matches.identity import Player
from games.models import Match, PairingLane, QueueEntry

# Ratings within BASE_WINDOW of each other pair at once; the window grows by WIDEN_PER_SECOND
# for every second the longer-waiting of the two has waited, so nobody waits forever for a
# perfect match when only one other player is queued.
BASE_WINDOW = 150.0
WIDEN_PER_SECOND = 50.0
# An entry whose socket has not checked in for this long is gone (its worker died without
# running disconnect); it is never paired.
STALE_AFTER = timedelta(seconds=10)


@dataclass(frozen=True)
class Paired:
    match_code: str
    channels: tuple[str, str]


def lane_key(config: dict, timed: bool, rated: bool) -> str:
    """Players are compatible only with the same options: one lane per option set."""
    return json.dumps({"config": config, "timed": timed, "rated": rated}, sort_keys=True)


def window(waited_seconds: float) -> float:
    return BASE_WINDOW + WIDEN_PER_SECOND * max(0.0, waited_seconds)


def join(
    game: str,
    player: Player,
    channel_name: str,
    config: dict,
    timed: bool,
    rated: bool,
    address: str = "",
) -> tuple[QueueEntry, Paired | None]:
    """Queue the player (replacing an earlier entry of theirs in this game) and pair."""
    if rated and player.is_guest:
        raise services.Rejected("SIGN_IN", "Sign up or log in to play rated games.")
    now = timezone.now()
    key = lane_key(config, timed, rated)
    PairingLane.objects.get_or_create(game=game, key=key)
    with transaction.atomic():
        lane = PairingLane.objects.select_for_update().get(game=game, key=key)
        # Someone already paired by the queue into a match still in play is sent back there
        # (a second press of "Play now", a second tab) rather than paired a second time.
        current = (
            _mine(game, player)
            .filter(match__status__in=[Match.Status.WAITING, Match.Status.ACTIVE])
            .select_related("match")
            .first()
        )
        if current is not None:
            return current, None
        _mine(game, player).filter(match__isnull=True).delete()
        rating = ratings.rating_of(player.user_id, game).mu if player.user_id else 1500.0
        entry = QueueEntry.objects.create(
            lane=lane,
            user_id=player.user_id,
            guest_id="" if player.user_id else player.guest_id,
            display_name=player.name[:40],
            rating=rating,
            channel_name=channel_name,
            address=address[:64],
            joined_at=now,
            seen_at=now,
        )
        paired = _pair_locked(lane, now)
    return entry, paired


class EntryGone(Exception):
    """The entry was replaced: the same player queued again from another tab or window."""


def tick(entry_id: int) -> tuple[str | None, Paired | None]:
    """A waiting socket's periodic check-in: refresh it, pair with a wider window, and say
    which match the entry has (if it was paired by someone else's pass). Raises EntryGone
    when the entry no longer exists (join replaced it)."""
    now = timezone.now()
    with transaction.atomic():
        entry = QueueEntry.objects.select_related("lane", "match").filter(pk=entry_id).first()
        if entry is None:
            raise EntryGone(entry_id)
        if entry.match_id is not None:
            return entry.match.code, None
        lane = PairingLane.objects.select_for_update().get(pk=entry.lane_id)
        QueueEntry.objects.filter(pk=entry_id).update(seen_at=now)
        paired = _pair_locked(lane, now)
        entry.refresh_from_db()
        code = entry.match.code if entry.match_id else None
    return code, paired


def leave(entry_id: int) -> None:
    """Leaving the page leaves the queue. A paired entry is kept: its match exists.

    Takes the lane lock like a pairing pass: otherwise an entry could vanish between the
    pass reading the waiting list and seating its player, leaving a match with one person
    who never knew of it."""
    with transaction.atomic():
        lane_id = QueueEntry.objects.filter(pk=entry_id).values_list("lane_id", flat=True).first()
        if lane_id is None:
            return
        PairingLane.objects.select_for_update().get(pk=lane_id)
        QueueEntry.objects.filter(pk=entry_id, match__isnull=True).delete()


def _mine(game: str, player: Player):
    if player.user_id is not None:
        return QueueEntry.objects.filter(lane__game=game, user_id=player.user_id)
    return QueueEntry.objects.filter(lane__game=game, user__isnull=True, guest_id=player.guest_id)


def _player_of(entry: QueueEntry) -> Player:
    return Player(user_id=entry.user_id, guest_id=entry.guest_id, name=entry.display_name)


def _same_person(a: QueueEntry, b: QueueEntry) -> bool:
    if a.user_id is not None or b.user_id is not None:
        return a.user_id == b.user_id
    return a.guest_id == b.guest_id


def _pair_locked(lane: PairingLane, now) -> Paired | None:
    """Pair the longest-waiting compatible couple of a lane whose row this transaction holds
    locked. One couple per pass: the pass of every other waiting socket pairs the next."""
    waiting = list(
        QueueEntry.objects.filter(lane=lane, match__isnull=True, seen_at__gte=now - STALE_AFTER)
    )
    for i, first in enumerate(waiting):
        for second in waiting[i + 1 :]:
            if _same_person(first, second) or blocks.between(first.user_id, second.user_id):
                continue  # a block keeps two players apart in "Play now" too
            if (
                # Two accounts from one address are most likely one person: a rated win
                # over oneself is a rating farm (issue 38, E4).
                options_rated(lane)
                and not settings.RATED_PAIRS_FROM_ONE_ADDRESS
                and first.address
                and first.address == second.address
            ):
                continue
            waited = (now - first.joined_at).total_seconds()
            if abs(first.rating - second.rating) > window(waited):
                continue
            return _start_match(lane, first, second)
    return None


def options_rated(lane: PairingLane) -> bool:
    return bool(json.loads(lane.key).get("rated"))


def _start_match(lane: PairingLane, first: QueueEntry, second: QueueEntry) -> Paired:
    options = json.loads(lane.key)
    # The longer-waiting player hosts: they get seat 1 (who moves first is the rules' call).
    match = services.create_match(
        lane.game,
        _player_of(first),
        mode=Match.Mode.ONLINE,
        config=options["config"],
        timed=options["timed"],
        rated=options["rated"],
    )
    services.join_match(match.pk, _player_of(second))
    updated = QueueEntry.objects.filter(pk__in=[first.pk, second.pk], match__isnull=True).update(
        match=match
    )
    # The lane lock makes this impossible; if it ever happened the transaction rolls back
    # rather than seat someone in two matches.
    if updated != 2:
        raise RuntimeError("a queue entry was paired twice")
    return Paired(match.code, (first.channel_name, second.channel_name))


def bot_offer_seconds() -> float:
    return float(getattr(settings, "QUEUE_BOT_OFFER_SECONDS", 20))
