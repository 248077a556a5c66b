"""Moving a Swiss event on: once it has started and every board of the round is over, the
next round is paired (the sweeper asks every pass; its lock makes several sweepers safe).

The round is paired, its matches created and ``current_round`` moved in one transaction
holding the event row's lock: a sweeper killed half-way leaves the round unpaired, never
half-paired, and two sweepers never pair one round twice (the unique (event, round, first)
constraint would refuse it anyway)."""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from games.matches import services
from games.matches.identity import Player
from games.matches.swiss import pairing, table
from games.models import Match, SwissEntry, SwissEvent, SwissPairing

PHASES = ("registration", "running", "finished", "cancelled")


def result_of(board: SwissPairing) -> str | None:
    """The first player's W, D or L once the board is decided; None while it is played."""
    if board.second_id is None:
        return table.WIN
    match = board.match
    if match is None or match.status != Match.Status.FINISHED:
        return None
    outcome = match.outcome or {}
    if outcome.get("result") == "win":
        return table.WIN if outcome.get("winner") == 0 else table.LOSS
    if outcome.get("result") == "draw":
        return table.DRAW
    return table.LOSS  # a double loss: the first seat lost too (and so did the second)


def games_of(event: SwissEvent) -> list[table.Game]:
    found = []
    for board in SwissPairing.objects.filter(event=event).select_related("match"):
        result = result_of(board)
        if result is not None:
            found.append(table.Game(board.first_id, board.second_id, result))
    return found


def ranked(event: SwissEvent) -> list[tuple[SwissEntry, table.Standing]]:
    entries = list(SwissEntry.objects.filter(event=event).select_related("user"))
    scores = table.standings([e.pk for e in entries], games_of(event))
    rows = [(e, scores[e.pk]) for e in entries]
    rows.sort(
        key=lambda row: (
            -row[1].score,
            -row[1].buchholz,
            -row[1].sonneborn_berger,
            -row[0].rating,
            row[0].joined_at,
            row[0].pk,
        )
    )
    return rows


def phase(event: SwissEvent) -> str:
    if event.cancelled_at is not None:
        return "cancelled"
    if event.current_round == 0:
        return "registration"
    if event.current_round < event.rounds or _round_open(event):
        return "running"
    return "finished"


def _round_open(event: SwissEvent) -> bool:
    boards = SwissPairing.objects.filter(event=event, round=event.current_round)
    return any(result_of(b) is None for b in boards.select_related("match"))


def advance_due() -> int:
    """Pair the next round of every event that is due; how many rounds were paired."""
    paired = 0
    # An event in its last round has nothing more to pair: left out, so finished events do
    # not cost every sweeper pass a transaction each, for ever.
    live = SwissEvent.objects.filter(
        cancelled_at__isnull=True, starts_at__lte=timezone.now(), current_round__lt=F("rounds")
    )
    for event_id in live.values_list("pk", flat=True):
        if advance(event_id):
            paired += 1
    return paired


def advance(event_id: int) -> bool:
    with transaction.atomic():
        events = SwissEvent.objects.filter(pk=event_id)
        if connection.features.has_select_for_update_skip_locked:
            event = events.select_for_update(skip_locked=True).first()
        else:
            event = events.select_for_update().first()
        if event is None or event.cancelled_at is not None:
            return False
        if event.starts_at > timezone.now() or event.current_round >= event.rounds:
            return False
        if event.current_round > 0 and _round_open(event):
            return False
        rows = ranked(event)
        if len(rows) < 2:
            return False  # nobody to play: it waits (staff may cancel it)
        _pair_round(event, rows)
    return True


def _pair_round(event: SwissEvent, rows) -> None:
    number = event.current_round + 1
    earlier = list(SwissPairing.objects.filter(event=event))
    met = {frozenset((b.first_id, b.second_id)) for b in earlier if b.second_id is not None}
    had_bye = {b.first_id for b in earlier if b.second_id is None}
    entries = {e.pk: e for e, _ in rows}
    pairs, bye = pairing.round_pairs([e.pk for e, _ in rows], met, had_bye)
    for first, second in pairs:
        a, b = entries[first], entries[second]
        match = services.create_match(
            event.game,
            _player(a),
            mode=Match.Mode.ONLINE,
            timed=True,
            config={"decks": {"0": _deck(a), "1": _deck(b)}},
        )
        services.join_match(match.pk, _player(b))
        SwissPairing.objects.create(event=event, round=number, first=a, second=b, match=match)
    if bye is not None:
        SwissPairing.objects.create(event=event, round=number, first=entries[bye])
    event.current_round = number
    event.save(update_fields=["current_round"])


def _player(entry: SwissEntry) -> Player:
    return Player(user_id=entry.user_id, guest_id="", name=entry.display_name)


def _deck(entry: SwissEntry) -> dict:
    return {"name": entry.deck_name, "deck": entry.deck}
