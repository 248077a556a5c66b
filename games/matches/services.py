"""The only code that changes a match.

Every write runs in one transaction that locks the match row (``SELECT ... FOR UPDATE`` on
PostgreSQL, in games/matches/move_sql.py; on SQLite the IMMEDIATE transaction mode in settings takes
the database write lock at BEGIN, which serialises writers the same way). On top of the lock,
the row is written with a conditional update on ``version``, and ``MatchAction`` has a unique
(match, seq): so a double click, a replayed frame or two players submitting in the same
millisecond can never resolve a step twice or fork the log. Broadcasts happen only after
commit.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engines import get_engine
from games.engines.core import IllegalAction, Outcome, canonical_json, state_hash
from games.matches import (
    blocks,
    bot_pacing,
    broadcast,
    challenge_limits,
    committed,
    hall_clock,
    move_sql,
    pace,
    presence,
    ratings,
    row_order,
)
from games.matches.arenas import scoring as arena_scoring
from games.matches.identity import Player
from games.matches.your_turn import seat_group, waiting_seats
from games.models import Deck, Heartbeat, Match, MatchAction, Seat

log = logging.getLogger(__name__)

BOT_NAME = "Duelbot"


def bot_name(level: int) -> str:
    return BOT_NAME if level == 1 else f"{BOT_NAME} (level {level})"


MAX_BOT_STEPS = 500  # a bot loop that long means an engine stalls; stop rather than spin


class Rejected(Exception):
    """A submission the server refuses; ``message`` is shown to that player only."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a new match's seat: a person, or a bot of some level."""

    player: Player | None = None
    bot_level: int | None = None


# ---------------------------------------------------------------- helpers (in-transaction)


def _locked(match_id: int) -> Match:
    """The match, with its row locked for this transaction and its seats loaded.

    Usually the previous move of this match committed in this process, and its copy in
    games/matches/committed.py is still the row: then only the version is read (under the lock),
    not the state and the seats again (bench/: a third of a move's time on the writer)."""
    version = move_sql.locked_version(match_id)
    if version is None:
        raise Match.DoesNotExist(f"no match {match_id}")
    kept = committed.copy_at(match_id, version)
    if kept is not None:
        return kept
    return Match.objects.select_for_update().prefetch_related("seats").get(pk=match_id)


def _log_head(match: Match) -> tuple[int, str]:
    """The next log seq and the hash of the current state. A match this process moved
    last carries both (set below, under the same lock); otherwise they are read and
    computed."""
    known = getattr(match, "_log_head", None)
    if known is not None:
        return known
    return match.actions.count() + 1, state_hash(match.state)


def _deadline_for(match: Match, prompts, grace: float = 0.0) -> timezone.datetime | None:
    """When the current step times out: the rules' limit (or the deployment's override, for
    tests and demos) from now, plus ``grace``. In correspondence every step that waits for
    a player gets the match's days, simultaneous ones included, and no grace is needed."""
    if match.status != Match.Status.ACTIVE:
        return None
    if match.correspondence_days is not None:
        if not prompts.waiting:
            return None
        return hall_clock.now() + pace.limit(match.correspondence_days)
    if not match.timed or prompts.time_limit is None:
        return None
    seconds = settings.STEP_SECONDS_OVERRIDE or prompts.time_limit
    return hall_clock.now() + timedelta(seconds=seconds + grace)


def _finish(match: Match, outcome: Outcome | dict) -> None:
    match.outcome = outcome.to_json() if isinstance(outcome, Outcome) else outcome
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.deadline_at = None
    # Same transaction as the result: a rating never moves for a match that did not finish,
    # and an arena scores each of its matches exactly once.
    ratings.record_result(match)
    arena_scoring.record_result(match)
    # Over: the spectators' room opens to the players (games/matches/chat.py).
    match_id = match.pk
    transaction.on_commit(lambda: broadcast.chat_opened(match_id))


def _save(match: Match, expected_version: int, state_json: str | None = None) -> None:
    """Write the match only if nobody else changed it since we read it (belt and braces
    with the row lock: on a database without row locks this is what keeps one winner).
    ``state_json``: the state's JSON when the caller has it already."""
    match.version = expected_version + 1
    match.updated_at = timezone.now()
    if not move_sql.write_match(match, expected_version, state_json):
        raise Rejected("STALE", "Someone else changed this match at the same moment; try again.")


def _after_commit(match: Match, lobby: bool = False, seats: list[Seat] | None = None) -> None:
    """Tell the match's sockets (and, when the open challenges changed, the game's lobby)
    once the transaction has committed. A move never changes the lobby, which lists only
    waiting matches, so moves do not wake every lobby page. The players' own sockets
    recount whose turn it is (their top bar); ``seats`` when the loaded ones are stale."""
    match_id, version, game = match.pk, match.version, match.game
    transaction.on_commit(lambda: broadcast.match_changed(match_id, version))
    if lobby and _listed_in_lobby(match):
        transaction.on_commit(lambda: broadcast.lobby_changed(game))
    _tell_turns(match, seats)


def _tell_turns(match: Match, seats: list[Seat] | None = None) -> None:
    """After the commit, tell each person seated whether the match now waits for them: the
    news their sockets' "Your turn" counts are kept from (games/live/turn_tally.py)."""
    if match.mode == Match.Mode.HOTSEAT:
        return
    waiting = waiting_seats(match)
    people = [s for s in (seats or match.seats.all()) if not s.is_bot]
    news = [(seat_group(s.user_id, s.guest_id), s.index in waiting) for s in people]
    match_id, version = match.pk, match.version
    transaction.on_commit(lambda: broadcast.turns_changed(match_id, version, news))


def _listed_in_lobby(match: Match) -> bool:
    """Whether the lobby lists this match while it waits (games/matches/lobby.py): an online
    challenge, not a rematch offer. Nothing else a match does changes a lobby page, so
    nothing else wakes them (issue 38, E8: every bot match re-rendered every lobby)."""
    return match.mode == Match.Mode.ONLINE and match.rematch_of_id is None


def _advance(match: Match, seat: int | None, kind: str, action: dict | None) -> list[dict]:
    """Apply one entry to a locked match: engine call, log append, step timer, outcome."""
    engine = get_engine(match.game)
    before = match.state
    if kind == MatchAction.Kind.TIMEOUT:
        state, events = engine.timeout(before)
    else:
        state, events = engine.apply(before, seat, action)
    seq, hash_before = _log_head(match)
    # One encoding serves the hash and the row: the canonical JSON (sorted keys).
    text = canonical_json(state)
    hash_after = hashlib.sha256(text.encode("utf-8")).hexdigest()
    move_sql.append_action(
        match.pk,
        seq=seq,
        seat=seat,
        kind=kind,
        action=action,
        events=events,
        step=match.step,
        hash_before=hash_before,
        hash_after=hash_after,
    )
    expected = match.version
    # The copy this process keeps must be the row as any reader gets it back, key order
    # included (games/matches/row_order.py); the engine's own order is not the row's.
    if getattr(match, "_state_as_read_back", False):
        match.state = row_order.as_read_back(state, text, before)
    else:
        match.state = row_order.as_read_back(state, text)
    match._state_as_read_back = True
    match._log_head = (seq + 1, hash_after)  # what the next move of this copy appends to
    prompts = engine.prompts(state)
    result = engine.outcome(state)
    if result is not None:
        _finish(match, result)
        match.step = prompts.step
    elif prompts.step != match.step:
        # A new decision point: the step timer restarts exactly here, never on a
        # commitment inside a simultaneous step (that would extend the opponent's time).
        match.step = prompts.step
        match.deadline_at = _deadline_for(match, prompts)
    _save(match, expected, state_json=text)
    # After the commit the sockets of this process render from this very object; it is
    # handed over before the notification goes out, so their renders find it.
    transaction.on_commit(lambda: committed.remember(match))
    _after_commit(match)
    return events


# ---------------------------------------------------------------- create, join, abort


def create_match(
    game: str,
    creator: Player,
    *,
    mode: str = Match.Mode.ONLINE,
    config: dict | None = None,
    timed: bool = True,
    bot_level: int = 1,
    creator_seat: int = 0,
    seed: str | None = None,
    rated: bool = False,
    posted_from: str | None = None,
    correspondence_days: int | None = None,
    invited_user_id: int | None = None,
) -> Match:
    """Create a match. Online: the creator waits for a second person (only the invited
    account, when there is one). Bot and hot-seat matches start at once. ``posted_from`` is
    the client address of a challenge posted in a lobby: its open challenges, and the
    player's, are limited (games/matches/challenge_limits.py). ``correspondence_days``: None
    for live, else the days every decision may take (games/matches/pace.py)."""
    engine = get_engine(game)
    config = dict(config or {})
    errors = engine.validate_config(config)
    if errors:
        raise Rejected("BAD_CONFIG", " ".join(errors))
    if mode not in Match.Mode.values:
        raise Rejected("BAD_MODE", f"Unknown mode {mode!r}.")
    if mode == Match.Mode.HOTSEAT and not engine.hot_seat:
        raise Rejected("NO_HOTSEAT", f"{engine.name} cannot be played hot-seat.")
    if creator_seat not in (0, 1):
        raise Rejected("BAD_SEAT", "Choose seat 1 or 2.")
    if rated and (mode != Match.Mode.ONLINE or creator.is_guest):
        raise Rejected("NOT_RATEABLE", "Rated matches are online between signed-up players.")
    if correspondence_days is not None:
        if engine.live_only_reason:
            raise Rejected("LIVE_ONLY", engine.live_only_reason)
        if mode != Match.Mode.ONLINE or correspondence_days not in pace.DAYS_CHOICES:
            raise Rejected("BAD_PACE", "Correspondence is online, at 1, 2, 3 or 7 days per move.")
        timed = True  # the days are the clock; "untimed" means nothing here
    with transaction.atomic():
        if posted_from is not None and mode == Match.Mode.ONLINE:
            try:
                challenge_limits.check(creator, posted_from)
            except challenge_limits.TooMany as exc:
                raise Rejected("TOO_MANY_CHALLENGES", str(exc)) from None
        match = Match(
            game=game,
            mode=mode,
            config=config,
            timed=timed,
            rated=rated,
            creator_address=(posted_from or "")[:64],
            correspondence_days=correspondence_days,
            invited_id=invited_user_id if mode == Match.Mode.ONLINE else None,
        )
        if seed is not None:
            match.seed = seed
        match.state = engine.setup(config, match.seed)
        match.step = engine.prompts(match.state).step
        match.save()
        other = 1 - creator_seat
        _seat_person(match, creator_seat, creator)
        if mode == Match.Mode.BOT:
            Seat.objects.create(
                match=match, index=other, bot_level=bot_level, display_name=bot_name(bot_level)
            )
        elif mode == Match.Mode.HOTSEAT:
            _seat_person(match, other, creator, name=f"{creator.name} (2)")
        if mode != Match.Mode.ONLINE:
            _start(match)
            _tell_turns(match)  # in play at once: it may wait for its creator already
        if _listed_in_lobby(match):
            transaction.on_commit(lambda: broadcast.lobby_changed(game))
    drive_bots(match.pk)
    match.refresh_from_db()
    return match


def _seat_person(match: Match, index: int, player: Player, name: str | None = None) -> Seat:
    return Seat.objects.create(
        match=match,
        index=index,
        user_id=player.user_id,
        guest_id=player.guest_id,
        display_name=(name or player.name)[:40],
        # Absence (abandonment, challenge expiry) counts from when the seat was taken: a
        # player who just joined a long-waiting challenge has not "left" it.
        last_seen=timezone.now(),
    )


def _start(match: Match) -> None:
    """Both seats are filled: the match is in play (or already over, when its set-up alone
    decides it, as a Card Battle rematch with both decks known does)."""
    engine = get_engine(match.game)
    match.status = Match.Status.ACTIVE
    prompts = engine.prompts(match.state)
    match.step = prompts.step
    # The first step's clock starts after a grace: the players are still being taken to the
    # board (the host's page swaps in, a joiner's redirect loads), and a 12 s draft round
    # must not be spent on that.
    match.deadline_at = _deadline_for(match, prompts, settings.CLOCK_START_GRACE_SECONDS)
    result = engine.outcome(match.state)
    if result is not None:
        _finish(match, result)
    match.save(
        update_fields=["status", "step", "deadline_at", "outcome", "finished_at", "updated_at"]
    )


def join_match(match_id: int, player: Player) -> Seat:
    """Take the free seat of a waiting online match. Joining twice returns the same seat."""
    with transaction.atomic():
        match = _locked(match_id)
        seats = list(match.seats.all())
        mine = next((s for s in seats if player.owns(s)), None)
        if mine is not None:
            return mine
        if match.status != Match.Status.WAITING:
            raise Rejected("NOT_OPEN", "This match is not open for joining.")
        if match.rematch_of_id is not None and not _played_in(match.rematch_of_id, player):
            raise Rejected("RESERVED", "This rematch is offered to the other player only.")
        if match.invited_id is not None and match.invited_id != player.user_id:
            raise Rejected("RESERVED", "This challenge is for another player.")
        if presence.challenge_expired(match):
            raise Rejected("EXPIRED", "This challenge has expired: its creator left.")
        if match.rated and player.is_guest:
            raise Rejected("SIGN_IN", "This match is rated: sign up or log in to play it.")
        if any(blocks.between(s.user_id, player.user_id) for s in seats):
            raise Rejected("BLOCKED", "You can not join this match: one of you blocked the other.")
        taken = {s.index for s in seats}
        free = next(i for i in range(get_engine(match.game).seats) if i not in taken)
        seat = _seat_person(match, free, player)
        # The seats loaded with the row lack the one just taken; a match its set-up decides
        # (a Card Battle rematch) is rated in _start and must see both.
        getattr(match, "_prefetched_objects_cache", {}).pop("seats", None)
        _start(match)
        expected = match.version
        _save(match, expected)
        _after_commit(match, lobby=True, seats=[*seats, seat])
        _tell_original(match)
    drive_bots(match_id)
    return seat


def _abort(match: Match, reason: str, message: str) -> None:
    """Call off a locked match nobody has moved in: no result, no rating, no log entry. The
    lobby hears of it too (a waiting challenge leaves its list)."""
    expected = match.version
    match.status = Match.Status.ABORTED
    match.deadline_at = None
    match.outcome = {"result": "aborted", "winner": None, "reason": reason, "message": message}
    _save(match, expected)
    _after_commit(match, lobby=True)
    _tell_original(match)


def abort_match(match_id: int, player: Player) -> None:
    """Call a match off: an online challenge while nobody has joined it; a bot or hot-seat
    match before its first action."""
    with transaction.atomic():
        match = _locked(match_id)
        if not any(player.owns(s) for s in match.seats.all()):
            raise Rejected("NOT_SEATED", "Only a player of this match can abort it.")
        if match.status not in (Match.Status.WAITING, Match.Status.ACTIVE):
            raise Rejected("OVER", "This match is already over.")
        if match.correspondence_days is not None and match.status == Match.Status.ACTIVE:
            _abort_correspondence(match, player)
            return
        if match.mode == Match.Mode.ONLINE and match.status != Match.Status.WAITING:
            # A "Cancel challenge" clicked on a page that had not yet heard of the join lands
            # here: the opponent is seated and playing, so only resigning ends it now.
            raise Rejected(
                "JOINED", "Your opponent has joined and the match is on: resign instead."
            )
        if match.actions.exists():
            raise Rejected("STARTED", "Moves have been made; resign instead of aborting.")
        if match.rematch_of_id is not None and match.status == Match.Status.WAITING:
            name = next((s.display_name for s in match.seats.all()), player.name)
            _abort(match, "withdrawn", f"{name} withdrew the rematch offer.")
            return
        _abort(match, "aborted before the first move", "")


def can_abort_correspondence(match: Match) -> bool:
    """A correspondence match may be called off until each side has moved once: days may
    pass before an opponent first answers, and nobody should have to resign (and lose
    rating) over a match that never got going."""
    if match.correspondence_days is None or match.status != Match.Status.ACTIVE:
        return False
    moved = set(match.actions.filter(kind=MatchAction.Kind.ACTION).values_list("seat", flat=True))
    return len(moved) < 2


def _abort_correspondence(match: Match, player: Player) -> None:
    if not can_abort_correspondence(match):
        raise Rejected("STARTED", "Both sides have moved; resign instead of aborting.")
    name = next((s.display_name for s in match.seats.all() if player.owns(s)), player.name)
    _abort(match, "aborted before both moved", f"{name} called it off before both sides moved.")


def expire_challenge(match_id: int) -> bool:
    """Withdraw a waiting challenge whose creator has left (games/matches/presence.py), so
    nobody accepts a match against an empty chair. Returns True if it was withdrawn."""
    with transaction.atomic():
        match = _locked(match_id)
        if not presence.challenge_expired(match):
            return False
        what = "rematch offer" if match.rematch_of_id is not None else "challenge"
        _abort(match, "expired", f"The {what} expired: its creator left.")
    return True


def expire_challenges() -> int:
    """Withdraw every challenge whose creator has left; the lobby pages hear of it."""
    cutoff = timezone.now() - timedelta(seconds=settings.CHALLENGE_EXPIRY_SECONDS)
    old = list(
        Match.objects.filter(
            status=Match.Status.WAITING, mode=Match.Mode.ONLINE, created_at__lte=cutoff
        ).prefetch_related("seats")[:200]
    )
    present = presence.present_creators(old)
    return sum(expire_challenge(m.pk) for m in old if presence.challenge_expired(m, present))


# ---------------------------------------------------------------- moves


def seat_of(match: Match, player: Player) -> Seat | None:
    """The seat this player controls. In hot-seat both seats are theirs; the caller says which."""
    return next((s for s in match.seats.all() if player.owns(s)), None)


def submit(
    match_id: int, player: Player, seat_index: int, action: dict, step: str | None = None
) -> list[dict]:
    """Validate and apply one move for ``seat_index`` on behalf of ``player``.

    ``step`` is the decision point the client saw; a move aimed at an earlier step is
    rejected as stale rather than applied to a situation the player never saw.
    """
    if not isinstance(action, dict):
        raise Rejected("BAD_ACTION", "That move is not understood.")
    with transaction.atomic():
        match = _locked(match_id)
        _apply_due_timeout(match)
        seat = match.seat_at(seat_index)
        if seat is None or not player.owns(seat):
            raise Rejected("NOT_YOUR_SEAT", "You can only move for your own seat.")
        events = _submit_locked(match, seat_index, action, step)
        has_bots = any(s.is_bot for s in match.seats.all())
    if has_bots:
        drive_bots(match_id)
    return events


def _submit_locked(match: Match, seat_index: int, action: dict, step: str | None) -> list[dict]:
    if match.status == Match.Status.WAITING:
        raise Rejected("NOT_STARTED", "Waiting for an opponent to join.")
    if match.status != Match.Status.ACTIVE:
        raise Rejected("OVER", "This match is over.")
    if step is not None and step != match.step:
        raise Rejected(
            "STALE", "The game moved on before your move arrived; the board is refreshed."
        )
    try:
        return _advance(match, seat_index, MatchAction.Kind.ACTION, action)
    except IllegalAction as exc:
        raise Rejected(exc.code, exc.message) from exc


def resign(match_id: int, player: Player, seat_index: int | None = None) -> None:
    """The player gives up; the other seat wins. Logged as an entry that leaves the state."""
    with transaction.atomic():
        match = _locked(match_id)
        mine = [s for s in match.seats.all() if player.owns(s)]
        if seat_index is not None:
            mine = [s for s in mine if s.index == seat_index]
        if not mine:
            raise Rejected("NOT_SEATED", "Only a player of this match can resign.")
        if match.status != Match.Status.ACTIVE:
            raise Rejected("OVER", "This match is not in play.")
        seat = mine[0]
        seq, digest = _log_head(match)
        move_sql.append_action(
            match.pk,
            seq=seq,
            seat=seat.index,
            kind=MatchAction.Kind.RESIGN,
            action={"type": "resign"},
            events=[],
            step=match.step,
            hash_before=digest,
            hash_after=digest,
        )
        expected = match.version
        _finish(match, Outcome("win", 1 - seat.index, f"{seat.display_name} resigned"))
        _save(match, expected)
        _after_commit(match)


def claim_abandoned(match_id: int, player: Player, seat_index: int | None, claim: object) -> None:
    """The player who stayed ends a match the other left (games/matches/presence.py): the
    win ("win") or a draw ("draw"). Refused unless the other seat really is abandoned now."""
    if claim not in ("win", "draw"):
        raise Rejected("BAD_CLAIM", "Claim the win or call it a draw.")
    with transaction.atomic():
        # Fresh seats, never a kept copy: presence changes do not bump the version.
        match = Match.objects.select_for_update().prefetch_related("seats").get(pk=match_id)
        mine = next((s for s in match.seats.all() if player.owns(s)), None)
        if mine is None or (seat_index is not None and mine.index != seat_index):
            raise Rejected("NOT_SEATED", "Only a player of this match can claim it.")
        gone = presence.abandoned_seat(match)
        if gone is None or gone == mine.index:
            raise Rejected("NOT_ABANDONED", "Your opponent has not left this match.")
        left = match.seat_at(gone).display_name
        expected = match.version
        if claim == "win":
            text = f"{left} left the match and {mine.display_name} claimed the win."
            outcome = Outcome("win", mine.index, "abandonment", text)
        else:
            text = f"{left} left the match and {mine.display_name} called it a draw."
            outcome = Outcome("draw", None, "abandonment", text)
        # Logged like a resignation, so the hash chain still ends where the match did and
        # verification can tell a claimed result from a tampered one.
        seq, digest = _log_head(match)
        move_sql.append_action(
            match.pk,
            seq=seq,
            seat=mine.index,
            kind=MatchAction.Kind.CLAIM,
            action={"type": "claim", "result": claim},
            events=[],
            hash_before=digest,
            hash_after=digest,
        )
        _finish(match, outcome)
        _save(match, expected)
        _after_commit(match)


# ---------------------------------------------------------------- timers


def _apply_due_timeout(match: Match) -> bool:
    """Apply the rules' timeout if this locked match's deadline has passed. Returns True
    if one was applied. Called lazily before any move, and by the sweeper."""
    if match.status != Match.Status.ACTIVE or match.deadline_at is None:
        return False
    if match.deadline_at > hall_clock.now():
        return False
    if match.correspondence_days is not None:
        _expire_correspondence(match)
    else:
        _advance(match, None, MatchAction.Kind.TIMEOUT, None)
    return True


def _expire_correspondence(match: Match) -> None:
    """A correspondence step's days ran out: whoever still had to decide loses on time (in
    a simultaneous step where neither decided, the match is drawn). Unlike a live step, no
    default move is made: days of silence mean the player is gone, so the match ends here,
    logged without changing the state, as a resignation is."""
    waiting = sorted(get_engine(match.game).prompts(match.state).waiting)
    days = pace.days_in_words(match.correspondence_days)
    if len(waiting) == 1:
        late = match.seat_at(waiting[0])
        text = f"{late.display_name} did not move within {days}"
        outcome = Outcome("win", 1 - late.index, "correspondence_time", text)
        seat = late.index
    else:
        outcome = Outcome(
            "draw", None, "correspondence_time", f"neither player moved within {days}"
        )
        seat = None
    seq, digest = _log_head(match)
    move_sql.append_action(
        match.pk,
        seq=seq,
        seat=seat,
        kind=MatchAction.Kind.EXPIRED,
        action={"type": "expired"},
        events=[],
        step=match.step,
        hash_before=digest,
        hash_after=digest,
    )
    expected = match.version
    _finish(match, outcome)
    _save(match, expected)
    _after_commit(match)


def fire_timeout(match_id: int) -> bool:
    """Apply a due timeout to one match, at most once however many workers race here: the
    row lock serialises them and the second finds the deadline moved on."""
    try:
        with transaction.atomic():
            match = _locked(match_id)
            fired = _apply_due_timeout(match)
    except (Match.DoesNotExist, IntegrityError, Rejected):
        return False
    if fired:
        drive_bots(match_id)
    return fired


SWEEPER = "sweeper"


def sweeper_down() -> bool:
    """True when sweepers have run before but none has for longer than the grace gap: the
    service was (or still is) down, so an overdue deadline may be downtime, not a slow
    player. Deployments that never ran a sweeper rely on lazy timers alone."""
    beat = Heartbeat.objects.filter(name=SWEEPER).values_list("at", flat=True).first()
    return (
        beat is not None and (timezone.now() - beat).total_seconds() > settings.SWEEPER_GAP_SECONDS
    )


def settle(match_id: int) -> None:
    """Lazy timers: before a page or socket renders a match, apply what fell due — unless
    the sweepers are down, in which case the restarting sweeper grants fresh timers first."""
    overdue = Match.objects.filter(
        pk=match_id, status=Match.Status.ACTIVE, deadline_at__lte=hall_clock.now()
    )
    if overdue.exists() and not sweeper_down():
        fire_timeout(match_id)


def sweeper_gap() -> float | None:
    """Seconds since a sweeper last beat (None if none ever has), without beating."""
    beat = Heartbeat.objects.filter(name=SWEEPER).values_list("at", flat=True).first()
    return None if beat is None else (timezone.now() - beat).total_seconds()


def sweeper_heartbeat() -> float | None:
    """Record that a sweeper is alive; return the seconds since the previous beat (None
    for the first beat ever)."""
    now = timezone.now()
    with transaction.atomic():
        beat = Heartbeat.objects.select_for_update().filter(name=SWEEPER).first()
        if beat is None:
            Heartbeat.objects.create(name=SWEEPER, at=now)
            return None
        gap = (now - beat.at).total_seconds()
        beat.at = now
        beat.save(update_fields=["at"])
    return gap


def grant_fresh_timers() -> int:
    """After downtime: every step whose deadline passed while no sweeper ran gets its full
    time again (as Lichess does after a server restart), instead of timing out a player
    for minutes they could not play. Each match is updated under its row lock."""
    granted = 0
    for match_id in due_match_ids(limit=10_000):
        with transaction.atomic():
            match = _locked(match_id)
            if (
                match.status != Match.Status.ACTIVE
                or match.deadline_at is None
                or match.deadline_at > hall_clock.now()
            ):
                continue
            expected = match.version
            match.deadline_at = _deadline_for(match, get_engine(match.game).prompts(match.state))
            _save(match, expected)
            _after_commit(match)
            granted += 1
    return granted


def due_match_ids(limit: int = 100) -> list[int]:
    return list(
        Match.objects.filter(status=Match.Status.ACTIVE, deadline_at__lte=hall_clock.now())
        .order_by("deadline_at")
        .values_list("pk", flat=True)[:limit]
    )


# ---------------------------------------------------------------- bots


def drive_bots(match_id: int) -> None:
    """Let bot seats act, through the same locked path as people, until a person or a
    deadline is awaited. Each bot move is its own transaction and broadcast; with a pause
    (settings.BOT_STEP_SECONDS) every bot move is left to games/matches/bot_pacing.py, so
    nothing here waits or thinks: in daphne a decision is made in the bot process
    (games/live/bot_decisions.py), never in the thread that called this."""
    # Seats never change after the start, so a match without bots never needs the lock here
    # (this keeps person-versus-person moves to one locked transaction each).
    if not Seat.objects.filter(match_id=match_id, bot_level__isnull=False).exists():
        return
    if settings.BOT_STEP_SECONDS <= 0:
        for _ in range(MAX_BOT_STEPS):
            if bot_step(match_id) is None:
                return
        log.error("bot loop did not settle in match %s", match_id)
        return
    turn = bot_turn(match_id)
    if turn is not None:
        bot_pacing.later(match_id, 0.0 if isinstance(turn, BotTurn) else turn, bot_step)


def _awaited_bot(match: Match) -> Seat | None:
    if match.status != Match.Status.ACTIVE:
        return None
    waiting = get_engine(match.game).prompts(match.state).waiting
    return next((s for s in match.seats.all() if s.is_bot and s.index in waiting), None)


@dataclass(frozen=True)
class BotTurn:
    """A bot's decision that is due: what it decides from, and the version it must still be
    at when the decision is made (``bot_move``)."""

    match_id: int
    version: int
    game: str
    state: dict
    seat: int
    level: int


def bot_turn(match_id: int) -> BotTurn | float | None:
    """The awaited bot's turn if its pause is over; else the seconds until it is, or None
    when no bot is awaited. Only reads.

    The pause is measured from the row's ``updated_at`` of the version the bot will think
    about, so however many processes drive this match, consecutive changes are at least a
    pause apart."""
    seen = Match.objects.prefetch_related("seats").filter(pk=match_id).first()
    if seen is None:
        return None  # deleted while its next bot move waited
    seat = _awaited_bot(seen)
    if seat is None:
        return None
    left = settings.BOT_STEP_SECONDS - (timezone.now() - seen.updated_at).total_seconds()
    if left > 0:
        return left
    return BotTurn(match_id, seen.version, seen.game, seen.state, seat.index, seat.bot_level or 1)


def bot_move(turn: BotTurn, action: dict) -> float | None:
    """Make the bot's decided ``action`` if the match is still at the version it decided
    about. Returns the seconds until the next bot move may be tried, or None when no bot is
    awaited (or its move was refused).

    The bot thinks before the row is locked (a searching bot takes a while, and on SQLite
    the lock is the whole database's write lock); if anyone moved meanwhile (the person in a
    simultaneous step, a timeout), the answer is 0: think again about the match as it is."""
    with transaction.atomic():
        try:
            match = _locked(turn.match_id)
        except Match.DoesNotExist:
            return None
        if match.version != turn.version:
            return 0.0 if _awaited_bot(match) is not None else None
        try:
            _submit_locked(match, turn.seat, action, None)
        except Rejected:
            log.exception("bot move rejected in match %s", match.code)
            return None
        return settings.BOT_STEP_SECONDS if _awaited_bot(match) is not None else None


def bot_step(match_id: int) -> float | None:
    """Make the awaited bot's move if its pause is over, deciding it in this thread (the
    sweeper, a shell, tests without a pause; daphne decides elsewhere, games/live/bot_pacer.py).
    Returns what ``bot_turn`` or ``bot_move`` does."""
    turn = bot_turn(match_id)
    if not isinstance(turn, BotTurn):
        return turn
    action = get_engine(turn.game).bot_action(turn.state, turn.seat, turn.level)
    return bot_move(turn, action)


# ---------------------------------------------------------------- accounts


def claim_guest_records(guest_id: str, user) -> int:
    """A guest who signs up or logs in keeps what they played and built: their seats and
    decks move onto the account. Returns how many records moved."""
    if not guest_id:
        return 0
    with transaction.atomic():
        seats = Seat.objects.filter(guest_id=guest_id, user=None).update(user=user)
        decks = Deck.objects.filter(guest_id=guest_id, user=None).update(user=user)
    return seats + decks


# ---------------------------------------------------------------- rematch
#
# Against the bot or on one device a rematch starts at once. Online it is an offer: the
# asker waits in a new match (seated on the other side), reserved for the other player, who
# accepts it (join_match) or declines it from the finished match's page; like any challenge
# it expires when the asker leaves. Starting it at once would run the absent player's clock
# and, in a rated match, cost them rating for a match they never agreed to.


def _played_in(match_id: int, player: Player) -> bool:
    return any(player.owns(s) for s in Seat.objects.filter(match_id=match_id))


def _tell_original(rematch: Match) -> None:
    """The finished match's pages show the state of its rematch offer (waiting, accepted,
    declined, withdrawn): re-render them under their own, unchanged version."""
    if rematch.rematch_of_id is None:
        return
    old_id = rematch.rematch_of_id
    version = Match.objects.filter(pk=old_id).values_list("version", flat=True).first()
    transaction.on_commit(lambda: broadcast.match_changed(old_id, version))


def rematch(match_id: int, player: Player) -> Match:
    """The same game, mode and options with sides swapped and a new seed. Asking again (from
    either player) gets the rematch the first request created; the other player asking
    while an online offer waits accepts it."""
    with transaction.atomic():
        old = _locked(match_id)
        seats = list(old.seats.all())
        mine = [s for s in seats if player.owns(s)]
        if not mine:
            raise Rejected("NOT_SEATED", "Only a player of this match can ask for a rematch.")
        if old.status not in (Match.Status.FINISHED, Match.Status.ABORTED):
            raise Rejected("NOT_OVER", "Finish this match first.")
        existing = Match.objects.filter(rematch_of=old).first()
        if existing is None:
            new = _new_rematch(old, seats, asker=mine[0])
            transaction.on_commit(
                lambda: broadcast.match_changed(old.pk, old.version)  # the offer appears
            )
    if existing is not None:
        if existing.status == Match.Status.ABORTED:
            raise Rejected("CALLED_OFF", why_called_off(existing))
        if existing.status == Match.Status.WAITING and not _played_in(existing.pk, player):
            join_match(existing.pk, player)  # both asked: the second request accepts
            existing.refresh_from_db()
        return existing
    drive_bots(new.pk)
    new.refresh_from_db()
    return new


def _new_rematch(old: Match, seats: list[Seat], asker: Seat) -> Match:
    engine = get_engine(old.game)
    new = Match(
        game=old.game,
        mode=old.mode,
        config=old.config,
        timed=old.timed,
        rated=old.rated,
        correspondence_days=old.correspondence_days,
        rematch_of=old,
    )
    if hasattr(engine, "rematch_config"):
        # A game decided by its set-up (Card Battle) carries the picked decks over, swapped.
        # The seed stays the new match's own: the finished match's record publishes its
        # seed, and a side that picks again could compute every deck's result against it.
        new.config = engine.rematch_config(old.state)
    new.state = engine.setup(new.config, new.seed)
    new.step = engine.prompts(new.state).step
    new.save()
    online = old.mode == Match.Mode.ONLINE
    for s in [asker] if online else seats:
        Seat.objects.create(
            match=new,
            index=1 - s.index,
            user_id=s.user_id,
            guest_id=s.guest_id,
            bot_level=s.bot_level,
            display_name=s.display_name,
            last_seen=timezone.now(),  # the offer's expiry counts from now (presence.py)
        )
    if not online:
        _start(new)
        _tell_turns(new)
    return new


def why_called_off(offer: Match) -> str:
    return (offer.outcome or {}).get("message") or "That rematch was called off."


def decline_rematch(match_id: int, player: Player) -> None:
    """The player a rematch is offered to turns it down; the asker's page says so."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.rematch_of_id is None or not _played_in(match.rematch_of_id, player):
            raise Rejected("NOT_OFFERED", "No rematch is offered to you here.")
        if match.status != Match.Status.WAITING or _played_in(match.pk, player):
            raise Rejected("NOT_OPEN", "This rematch is no longer waiting for you.")
        other = next(
            (s for s in Seat.objects.filter(match_id=match.rematch_of_id) if player.owns(s)),
            None,
        )
        name = other.display_name if other else player.name
        _abort(match, "declined", f"{name} declined the rematch.")
