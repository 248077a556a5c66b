"""Who is here: presence derived from the rows of live sockets, never from a counter.

Every open websocket has a ``LiveSocket`` row that its process beats every
``WS_HEARTBEAT_SECONDS``. A seat is online while at least one unexpired row holds it; its
``connections`` column is recomputed from the rows (never incremented), so a socket that
dies without running its cleanup stops counting once its row expires, and a cleanup that
runs twice cannot push the figure below what the rows say.

The same rows answer three other questions: how many sockets a session or an address holds
(the caps), which sockets a session holds (logout closes them), and whether a challenge's
creator still has a page open (an abandoned challenge leaves the lobby).
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.matches import broadcast
from games.matches.identity import Player
from games.models import LiveSocket, Match, Seat


def player_key(player: Player) -> str:
    return f"u:{player.user_id}" if player.user_id is not None else f"g:{player.guest_id}"


def _cutoff(now: datetime | None = None) -> datetime:
    now = now or timezone.now()
    return now - timedelta(seconds=settings.WS_SOCKET_EXPIRY_SECONDS)


def _live() -> object:
    return LiveSocket.objects.filter(seen_at__gte=_cutoff())


def refusal(session_key: str, ip: str) -> str | None:
    """Why one more socket from this session or address is refused, or None."""
    if session_key and _live().filter(session_key=session_key).count() >= (
        settings.WS_MAX_SOCKETS_PER_SESSION
    ):
        return "Too many open pages in this browser; close some and reload."
    if ip and _live().filter(ip=ip).count() >= settings.WS_MAX_SOCKETS_PER_IP:
        return "Too many open pages from this address; close some and reload."
    return None


def open_socket(
    channel_name: str,
    kind: str,
    *,
    match_id: int | None = None,
    seat: int | None = None,
    session_key: str = "",
    ip: str = "",
    player: Player | None = None,
) -> str | None:
    """Record a socket, or say why it is refused (the caps). On SQLite sockets are recorded
    on the one writer thread, so the cap is exact; on PostgreSQL connects that arrive at the
    same instant may each pass the check, overshooting by at most that burst."""
    now = timezone.now()
    holds_seat = match_id is not None and seat is not None
    with transaction.atomic():
        # A player's only socket on their own seat is never refused: the caps count other
        # people's sockets too (a whole NAT, a hostile neighbour), and a refused seat socket
        # would make a player whose page is open count as away, who could then lose the
        # match by abandonment. Past the first, a seat's sockets obey the caps like any.
        alone = holds_seat and not _live().filter(match_id=match_id, seat=seat).exists()
        refused = None if alone else refusal(session_key, ip)
        if refused:
            return refused
        # A channel name is new with every socket and a socket is recorded once, when it
        # is admitted: a plain insert, not a look for a row first (inside the writers' lock).
        LiveSocket.objects.create(
            channel_name=channel_name,
            kind=kind,
            match_id=match_id,
            seat=seat,
            session_key=session_key or "",
            ip=ip or "",
            player_key=player_key(player) if player is not None else "",
            opened_at=now,
            seen_at=now,
        )
        if holds_seat:
            _recount(match_id, seat, now)
    return None


def close_socket(channel_name: str) -> None:
    """Drop a socket's row. Safe to call twice: the second call finds nothing."""
    now = timezone.now()
    with transaction.atomic():
        row = LiveSocket.objects.filter(channel_name=channel_name).first()
        if row is None:
            return
        row.delete()
        if row.match_id is not None and row.seat is not None:
            _recount(row.match_id, row.seat, now)
        if row.kind in (LiveSocket.Kind.LOBBY, LiveSocket.Kind.PERSONAL) and row.player_key:
            _note_creator_left(row.player_key, now)


def beat(channel_names: list[str]) -> None:
    """Mark these sockets (the ones this process still holds) as alive."""
    now = timezone.now()
    for start in range(0, len(channel_names), 500):  # stay under SQLite's variable limit
        chunk = channel_names[start : start + 500]
        LiveSocket.objects.filter(channel_name__in=chunk).update(seen_at=now)


def expire() -> int:
    """Delete the rows of sockets nobody beats any more (a crashed process, a cleanup that
    never ran) and recompute the seats they held. Returns how many rows went."""
    now = timezone.now()
    with transaction.atomic():
        stale = LiveSocket.objects.filter(seen_at__lt=_cutoff(now))
        seats = list(
            stale.exclude(match=None)
            .exclude(seat=None)
            .values_list("match_id", "seat")
            .annotate(last=Max("seen_at"))
        )
        gone = stale.delete()[0]
        for match_id, seat, last in seats:
            _recount(match_id, seat, last)
    return gone


def reset_on_start() -> None:
    """A worker starting: expired rows go, and every seat said to be online whose count the
    rows do not bear out is recomputed (a counter left over from a crash or an older version
    starts clean).

    Only the seats that disagree: this runs on the first heartbeat, when a busy hall may have
    hundreds of seats online, and recounting each one (four statements) held the writers'
    lock for a quarter of a second while every move waited (bench.live: a 250-290 ms p99 in
    one second of every run). Two reads find the few that are wrong."""
    expire()
    with transaction.atomic():
        live = Counter(
            _live()
            .exclude(match=None)
            .exclude(seat=None)
            .values_list("match_id", "seat")
            .iterator()
        )
        claimed = Seat.objects.exclude(connections=0).values_list(
            "match_id", "index", "connections"
        )
        now = timezone.now()
        for match_id, seat, connections in claimed:
            if live[match_id, seat] != connections:
                _recount(match_id, seat, now)


def _recount(match_id: int, seat: int, gone_at: datetime) -> None:
    """Set the seat's connections from the live rows; tell the match's sockets if its
    online state changed. ``gone_at``: when the last socket was seen, should it be gone."""
    live = _live().filter(match_id=match_id, seat=seat).count()
    row = Seat.objects.filter(match_id=match_id, index=seat).values_list("connections").first()
    if row is None:
        return
    was_online = row[0] > 0
    fields = {"connections": live}
    if live > 0:
        fields["last_seen"] = timezone.now()
    elif was_online:
        fields["last_seen"] = gone_at
    Seat.objects.filter(match_id=match_id, index=seat).update(**fields)
    if was_online != (live > 0):
        online = live > 0
        transaction.on_commit(lambda: broadcast.presence_changed(match_id, seat, online))


def _note_creator_left(key: str, now: datetime) -> None:
    """A lobby page closed: its player's open challenges date their absence from now."""
    kind, _, ident = key.partition(":")
    # A waiting match holds only its creator's seat, on either side (a challenge may take
    # seat 2; a rematch offer sits its asker on the side they did not play).
    seats = Seat.objects.filter(match__status=Match.Status.WAITING)
    if kind == "u":
        seats = seats.filter(user_id=int(ident))
    else:
        seats = seats.filter(guest_id=ident, user=None)
    seats.filter(connections=0).update(last_seen=now)


def sessions_sockets(session_key: str) -> list[str]:
    if not session_key:
        return []
    return list(
        LiveSocket.objects.filter(session_key=session_key).values_list("channel_name", flat=True)
    )


# ---------------------------------------------------------------- absence


def absent_since(seat: Seat, match: Match) -> datetime | None:
    """When this human seat's last socket went, or None while it is here (or a bot)."""
    if seat.is_bot or seat.connections > 0:
        return None
    return seat.last_seen or match.created_at


def abandoned_seat(match: Match, now: datetime | None = None) -> int | None:
    """The seat of an active online match whose player has been gone ``ABANDON_SECONDS``,
    while the other player is still here; None if there is none."""
    if match.mode != Match.Mode.ONLINE or match.status != Match.Status.ACTIVE:
        return None
    if match.correspondence_days is not None:
        return None  # played at one's own pace: a closed page is not leaving; the days decide
    seats = list(match.seats.all())
    if len(seats) != 2:
        return None
    limit = (now or timezone.now()) - timedelta(seconds=settings.ABANDON_SECONDS)
    for gone, stays in ((seats[0], seats[1]), (seats[1], seats[0])):
        since = absent_since(gone, match)
        if since is not None and since <= limit and absent_since(stays, match) is None:
            return gone.index
    return None


def present_creators(matches: list[Match]) -> set[str]:
    """Player keys among these challenges' creators that have a live socket anywhere."""
    keys = set()
    for m in matches:
        creator = creator_of(m)
        if creator is not None:
            keys.add(_seat_key(creator))
    return set(_live().filter(player_key__in=keys).values_list("player_key", flat=True))


def online_player_keys(keys: list[str]) -> set[str]:
    """Those of these player keys with a live socket anywhere: a page of theirs is open."""
    return set(_live().filter(player_key__in=keys).values_list("player_key", flat=True))


def creator_of(match: Match) -> Seat | None:
    """The one seat of a waiting match: whoever made the challenge or offer."""
    return next(iter(match.seats.all()), None)


def _seat_key(seat: Seat) -> str:
    return f"u:{seat.user_id}" if seat.user_id is not None else f"g:{seat.guest_id}"


def challenge_expired(match: Match, present: set[str] | None = None) -> bool:
    """A waiting online challenge whose creator has had no page open for
    ``CHALLENGE_EXPIRY_SECONDS`` (counted from its creation or their last page)."""
    if match.status != Match.Status.WAITING or match.mode != Match.Mode.ONLINE:
        return False
    if match.correspondence_days is not None:
        return False  # nobody waits at the page for a correspondence challenge: it stays up
    creator = creator_of(match)
    if creator is None:
        return False
    key = _seat_key(creator)
    if present is None:
        present = set(_live().filter(player_key=key).values_list("player_key", flat=True))
    if key in present:
        return False
    since = max(d for d in (creator.last_seen, match.created_at) if d is not None)
    return since <= timezone.now() - timedelta(seconds=settings.CHALLENGE_EXPIRY_SECONDS)
