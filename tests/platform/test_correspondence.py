"""Correspondence matches: days for every decision, kept by the sweeper on the hall's clock,
and a loss on time in words when they run out (games/matches/pace.py, services.py)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engines import get_engine
from games.management.commands.sweeper import sweep_once
from games.matches import hall_clock, presence, services
from games.matches.chain import verify_entries
from games.matches.outcomes import describe
from games.matches.record import match_record
from games.matches.replay import verify
from games.models import Match, MatchAction

from .conftest import EC

PX = "phalanx"
SS = "shapeships"
DAY = 86_400


@pytest.fixture
def shift(settings, tmp_path):
    """Move the hall's clock ahead, as the browser test does for the server's processes."""
    path = tmp_path / "clock-shift"
    settings.HALL_CLOCK_SHIFT_FILE = str(path)
    return lambda seconds: hall_clock.move_ahead(path, seconds)


def started(game, alice, bob, days=1) -> Match:
    match = services.create_match(game, alice, correspondence_days=days)
    services.join_match(match.pk, bob)
    return Match.objects.get(pk=match.pk)


def first_legal(match: Match, seat: int) -> dict:
    return get_engine(match.game).legal_actions(match.state, seat)[0]


def waiting(match: Match) -> list[int]:
    return sorted(get_engine(match.game).prompts(match.state).waiting)


def within(deadline, days: int) -> bool:
    expected = timezone.now() + timedelta(days=days)
    return abs((deadline - expected).total_seconds()) < 60


@pytest.mark.django_db
def test_every_decision_gets_the_days_chosen(alice, bob):
    match = started(PX, alice, bob, days=3)
    assert match.correspondence_days == 3 and within(match.deadline_at, 3)
    for _ in range(4):
        seat = waiting(match)[0]
        player = alice if match.seat_at(seat).guest_id == alice.guest_id else bob
        services.submit(match.pk, player, seat, first_legal(match, seat), match.step)
        match = Match.objects.get(pk=match.pk)
        assert within(match.deadline_at, 3), "each new step gets the full days again"


@pytest.mark.django_db
def test_a_hidden_simultaneous_step_gives_both_seats_the_whole_time(alice, bob):
    match = started(SS, alice, bob, days=2)
    assert waiting(match) == [0, 1]
    deadline = match.deadline_at
    assert within(deadline, 2)
    services.submit(match.pk, alice, 0, first_legal(match, 0), match.step)
    match = Match.objects.get(pk=match.pk)
    assert waiting(match) == [1] and match.deadline_at == deadline, "locking in moves no clock"


@pytest.mark.django_db
def test_the_late_seat_loses_on_time_in_words_when_the_days_run_out(alice, bob, shift):
    match = started(PX, alice, bob, days=1)
    late = waiting(match)[0]
    names = {str(s.index): s.display_name for s in match.seats.all()}
    assert sweep_once() == 0  # the sweeper's first beat; the deadline is a day away
    shift(DAY - 120)
    assert sweep_once() == 0, "a minute or two before the day is out, nothing fires"
    shift(DAY + 60)
    assert sweep_once() == 1
    assert sweep_once() == 0, "fired once"
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED and match.outcome["winner"] == 1 - late
    entry = match.actions.get()
    assert entry.kind == MatchAction.Kind.EXPIRED and entry.seat == late
    loser = describe(match.outcome, names, late, match.status)
    assert loser.sentence == "You lost on time: you did not move within 1 day"
    winner = describe(match.outcome, names, 1 - late, match.status)
    assert winner.sentence == f"You won on time: {names[str(late)]} did not move within 1 day"
    assert verify(match) is None
    record = match_record(match)
    assert verify_entries(PX, record["config"], record["seed"], record["entries"]) is None


@pytest.mark.django_db
def test_neither_deciding_a_simultaneous_step_is_a_draw(alice, bob, shift):
    match = started(SS, alice, bob, days=1)
    shift(DAY + 60)
    assert sweep_once() == 1
    match = Match.objects.get(pk=match.pk)
    assert match.outcome["result"] == "draw" and match.outcome["winner"] is None
    assert describe(match.outcome, {}, 0, match.status).sentence == (
        "Draw: neither player moved within 1 day"
    )
    assert verify(match) is None


@pytest.mark.django_db
def test_a_forged_expiry_naming_a_seat_not_on_move_is_named_by_verification(alice, bob, shift):
    match = started(PX, alice, bob, days=1)
    late = waiting(match)[0]
    shift(DAY + 60)
    sweep_once()
    record = match_record(Match.objects.get(pk=match.pk))
    record["entries"][0]["seat"] = 1 - late
    problem = verify_entries(PX, record["config"], record["seed"], record["entries"])
    assert problem is not None and problem.seq == 1 and "expiry" in problem.what


@pytest.mark.django_db
def test_a_live_match_keeps_the_rules_timeout_whatever_the_clock(alice, bob, shift):
    match = services.create_match(PX, alice)
    services.join_match(match.pk, bob)
    shift(3600)
    assert sweep_once() == 1
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.ACTIVE
    assert match.actions.get().kind == MatchAction.Kind.TIMEOUT


@pytest.mark.django_db
def test_moving_the_hall_clock_is_not_mistaken_for_sweeper_downtime(alice, bob, shift):
    match = started(PX, alice, bob, days=1)
    sweep_once()
    shift(DAY + 60)
    assert sweep_once() == 1, "the heartbeat keeps real time, so no fresh timer is granted"
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED


@pytest.mark.django_db
def test_elemental_clash_is_live_only_and_says_why(alice, client):
    """ECX-LIVE: Elemental Clash's timers are its rules (ECR-13): no correspondence pace."""
    with pytest.raises(services.Rejected) as refused:
        services.create_match(EC, alice, correspondence_days=1)
    assert "ECR-13" in refused.value.message
    page = client.get(f"/g/{EC}/").content.decode()
    assert 'id="live-only"' in page and "cannot wait days" in page
    assert 'name="pace"' not in page
    response = client.post(f"/g/{EC}/create/", {"mode": "online", "pace": "1"}, follow=True)
    assert "cannot wait days" in response.content.decode()
    assert not Match.objects.filter(game=EC).exists()


@pytest.mark.django_db
def test_correspondence_is_for_online_matches_at_the_offered_paces(alice, client):
    with pytest.raises(services.Rejected):
        services.create_match(PX, alice, mode=Match.Mode.BOT, correspondence_days=1)
    with pytest.raises(services.Rejected):
        services.create_match(PX, alice, correspondence_days=5)
    for post in ({"mode": "bot", "pace": "1"}, {"mode": "online", "pace": "5"}):
        client.post(f"/g/{PX}/create/", post)
    client.post(f"/g/{PX}/create/", {"mode": "online", "pace": "<b>x</b>"})
    assert not Match.objects.filter(game=PX).exists()
    client.post(f"/g/{PX}/create/", {"mode": "online", "pace": "7"})
    assert Match.objects.get(game=PX).correspondence_days == 7


@pytest.mark.django_db
def test_the_lobby_names_a_correspondence_challenge(alice, bob, client):
    services.create_match(PX, alice, correspondence_days=2)
    page = client.get(f"/g/{PX}/").content.decode()
    assert "Correspondence: 2 days per move" in page


@pytest.mark.django_db
def test_closing_the_page_is_neither_abandoning_nor_withdrawing(alice, bob, settings):
    settings.ABANDON_SECONDS = 0
    settings.CHALLENGE_EXPIRY_SECONDS = 0
    waiting_challenge = services.create_match(PX, alice, correspondence_days=1)
    assert not presence.challenge_expired(waiting_challenge)
    assert services.expire_challenges() == 0
    match = started(PX, alice, bob, days=1)
    Match.objects.filter(pk=match.pk)  # nobody has a page open for either seat
    assert presence.abandoned_seat(Match.objects.get(pk=match.pk)) is None
    with pytest.raises(services.Rejected):
        services.claim_abandoned(match.pk, bob, None, "win")


@pytest.mark.django_db
def test_the_board_says_the_days_and_hours_left(alice, bob, client, shift):
    match = started(PX, alice, bob, days=2)
    page = client.get(f"/m/{match.code}/").content.decode()
    assert "Correspondence: 2 days per move" in page
    assert "2 days left" in page or "1 day 23 hours left" in page
    shift(DAY + 3 * 3600 + 60)
    page = client.get(f"/m/{match.code}/").content.decode()
    assert "20 hours left" in page
    assert "data-deadline" not in page, "no seconds countdown on a correspondence board"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game, rule",
    [
        ("phalanx", "PXC-4"),
        ("gundam", "GUN-X-CORR"),
        ("shapeships", "SSX-CORR"),
        ("card-battle", "CB-CORR-01"),
    ],
)
def test_each_game_waits_the_days_and_ends_on_time_when_they_run_out(game, rule, alice, bob, shift):
    """PXC-4, GUN-X-CORR, SSX-CORR, CB-CORR-01: every step waiting for a player gets the
    days chosen; when they run out the late seat loses (neither deciding: a draw)."""
    match = started(game, alice, bob, days=2)
    late = waiting(match)
    assert late, f"{game}: the first step waits for someone"
    assert within(match.deadline_at, 2)
    shift(2 * DAY + 60)
    assert sweep_once() == 1
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.outcome["reason"] == "correspondence_time"
    assert match.outcome["winner"] == (1 - late[0] if len(late) == 1 else None)
    assert verify(match) is None


@pytest.mark.django_db
def test_either_player_may_abort_until_each_side_has_moved_once(alice, bob):
    match = started(PX, alice, bob, days=1)
    first = waiting(match)[0]
    mover = alice if match.seat_at(first).guest_id == alice.guest_id else bob
    other = bob if mover is alice else alice
    services.submit(match.pk, mover, first, first_legal(match, first), match.step)
    services.abort_match(match.pk, mover)  # one side has moved: still allowed
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.ABORTED and match.deadline_at is None
    words = describe(match.outcome, {}, 1 - first, match.status)
    assert words.sentence == f"Aborted: {mover.name} called it off before both sides moved"

    match = started(PX, alice, bob, days=1)
    moved: set[int] = set()
    while moved != {0, 1}:
        match = Match.objects.get(pk=match.pk)
        seat = waiting(match)[0]
        player = alice if match.seat_at(seat).guest_id == alice.guest_id else bob
        services.submit(match.pk, player, seat, first_legal(match, seat), match.step)
        moved.add(seat)
    with pytest.raises(services.Rejected) as refused:
        services.abort_match(match.pk, other)
    assert refused.value.code == "STARTED"
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


@pytest.mark.django_db
def test_a_joined_live_match_still_cannot_be_aborted(alice, bob):
    match = services.create_match(PX, alice)
    services.join_match(match.pk, bob)
    with pytest.raises(services.Rejected):
        services.abort_match(match.pk, alice)


@pytest.mark.django_db
def test_the_how_to_play_pages_say_what_correspondence_is(client):
    phalanx = client.get(f"/g/{PX}/how-to-play/").content.decode()
    assert 'id="pace-help"' in phalanx and "1, 2, 3 or 7 days for every decision" in phalanx
    clash = client.get(f"/g/{EC}/how-to-play/").content.decode()
    assert "played live only" in clash and "1, 2, 3 or 7 days" not in clash
