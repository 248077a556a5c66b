"""Correspondence mail read from Django's outbox (locmem in tests): exactly one mail per
waiting move with a link to the board, a reminder when less than a day is left, a signed
unsubscribe link that stops the next one, and nothing for guests or live matches."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail as outbox

from games.engines import get_engine
from games.matches import hall_clock, mail, services
from games.matches.identity import Player
from games.models import MailPreferences, MailSent, Match, Seat

from .conftest import persona

PX = "phalanx"
HOUR = 3600


@pytest.fixture
def shift(settings, tmp_path):
    path = tmp_path / "clock-shift"
    settings.HALL_CLOCK_SHIFT_FILE = str(path)
    settings.SITE_URL = "http://testserver"
    return lambda seconds: hall_clock.move_ahead(path, seconds)


def account(name: str, email: str = "") -> Player:
    user = get_user_model().objects.create_user(name, email=email, password="pw 123456 x")
    return Player(user_id=user.pk, guest_id=f"g-{name}", name=name)


def started(first: Player, second: Player, days: int | None = 1) -> Match:
    match = services.create_match(PX, first, correspondence_days=days)
    services.join_match(match.pk, second)
    return Match.objects.get(pk=match.pk)


def on_move(match: Match) -> int:
    match = Match.objects.get(pk=match.pk)
    return next(iter(get_engine(PX).prompts(match.state).waiting))


def move(match: Match, *players: Player) -> None:
    match = Match.objects.get(pk=match.pk)
    seat = on_move(match)
    player = next(p for p in players if p.owns(match.seat_at(seat)))
    action = get_engine(PX).legal_actions(match.state, seat)[0]
    services.submit(match.pk, player, seat, action, match.step)


def address_on_move(match: Match) -> str:
    return Match.objects.get(pk=match.pk).seat_at(on_move(match)).user.email


def link(body: str, words: str) -> str:
    found = re.search(rf"{words}[^\n]*?(http://testserver(/\S+))", body)
    assert found, f"no link after {words!r} in {body!r}"
    return found.group(2)


@pytest.mark.django_db
def test_exactly_one_mail_per_waiting_move_whose_link_opens_the_board(shift, client):
    ada, bo = account("ada", "ada@example.com"), account("bo", "bo@example.com")
    match = started(ada, bo)
    assert mail.send_due() == 1 and mail.send_due() == 0, "once per wait"
    (first,) = outbox.outbox
    assert first.to == [address_on_move(match)]
    assert first.subject.startswith("Your move in Phalanx against ")
    assert "(correspondence, 1 day per move)" in first.body
    board = link(first.body, "Open the board")
    assert board == f"/m/{match.code}/"
    page = client.get(board)
    assert page.status_code == 200 and "data-phx-board" in page.content.decode()
    assert first.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    move(match, ada, bo)  # the other player is on move now: their first mail of the match
    assert mail.send_due() == 1
    assert outbox.outbox[-1].to == [address_on_move(match)] != first.to
    move(match, ada, bo)  # back to the first player within the hour: held back
    assert mail.send_due() == 0
    shift(HOUR + 60)
    assert mail.send_due() == 1 and outbox.outbox[-1].to == first.to
    assert mail.send_due() == 0
    assert len(outbox.outbox) == 3
    assert MailSent.objects.filter(delivered=True).count() == 3


@pytest.mark.django_db
def test_the_unsubscribe_link_stops_the_next_mail_without_logging_in(shift, client):
    ada, bo = account("ada", "ada@example.com"), account("bo", "bo@example.com")
    match = started(ada, bo)
    mail.send_due()
    (first,) = outbox.outbox
    stop = link(first.body, "Stop these mails")
    asked = client.get(stop).content.decode()
    assert "Stop mails when a move waits for you for" in asked, "a GET only asks"
    assert MailPreferences.objects.filter(your_turn=False).count() == 0
    done = client.post(stop).content.decode()  # no session, no CSRF token: the signed link
    assert "gets no more mails when a move waits for you" in done
    move(match, ada, bo)
    assert mail.send_due() == 1, "the other player still gets theirs"
    assert outbox.outbox[-1].to != first.to
    move(match, ada, bo)  # the unsubscribed player is on move again
    shift(HOUR + 60)
    assert mail.send_due() == 0
    assert [m.to for m in outbox.outbox].count(first.to) == 1, "no second mail after unsubscribing"


@pytest.mark.django_db
def test_a_forged_or_altered_unsubscribe_link_is_refused(client):
    ada = account("ada", "ada@example.com")
    token = mail.unsubscribe_token(ada.user_id, "turn")
    assert client.post(f"/mail/unsubscribe/{token[:-2]}xx/").status_code == 404
    assert client.post("/mail/unsubscribe/<script>/").status_code == 404
    assert not MailPreferences.objects.filter(your_turn=False).exists()


@pytest.mark.django_db
def test_a_reminder_when_less_than_a_day_is_left_once(shift):
    ada, bo = account("ada", "ada@example.com"), account("bo", "bo@example.com")
    started(ada, bo, days=3)
    assert mail.send_due() == 1
    shift(36 * HOUR)
    assert mail.send_due() == 0, "a day and a half left: no reminder yet"
    shift(2 * 86_400 + HOUR)
    assert mail.send_due() == 1 and mail.send_due() == 0
    reminder = outbox.outbox[-1]
    assert re.match(r"Reminder: 2[23] hours left for your move in Phalanx", reminder.subject)
    assert "lost on time" in reminder.body
    assert "/mail/unsubscribe/" in reminder.extra_headers["List-Unsubscribe"]


@pytest.mark.django_db
def test_nothing_for_guests_live_matches_an_open_page_or_no_address(shift):
    ada, bo = account("ada", "ada@example.com"), account("bo", "bo@example.com")
    started(persona("gus"), persona("gil"))  # guests
    started(ada, bo, days=None)  # live
    no_address = started(account("cy"), account("di"))
    assert mail.send_due() == 0 and not outbox.outbox
    watched = started(ada, bo)
    Seat.objects.filter(match=watched, index=on_move(watched)).update(connections=1)
    assert mail.send_due() == 0, "the page is open: they can see it is their move"
    Seat.objects.filter(match=watched).update(connections=0)
    assert mail.send_due() == 1
    assert not MailSent.objects.filter(match=no_address).exists()


@pytest.mark.django_db
def test_two_sweepers_claiming_one_wait_send_it_once(shift):
    ada, bo = account("ada", "ada@example.com"), account("bo", "bo@example.com")
    started(ada, bo)
    now = hall_clock.now()
    (notice,) = mail.due_notices(now)
    assert mail._claim(notice, now) is not None
    assert mail._claim(notice, now) is None
    assert mail.send_due() == 0 and not outbox.outbox


@pytest.mark.django_db
def test_the_settings_page_sets_the_address_and_each_kind(client):
    ada = account("ada")
    client.force_login(get_user_model().objects.get(pk=ada.user_id))
    page = client.get("/settings/notifications/").content.decode()
    assert 'name="email"' in page and 'name="your_turn"' in page and 'name="reminders"' in page
    client.post("/settings/notifications/", {"email": "ada@example.com", "reminders": "on"})
    user = get_user_model().objects.get(pk=ada.user_id)
    prefs = MailPreferences.objects.get(user=user)
    assert user.email == "ada@example.com" and not prefs.your_turn and prefs.reminders
    bad = client.post("/settings/notifications/", {"email": "<b>not an address</b>"})
    assert "&lt;b&gt;" in bad.content.decode() or "valid email" in bad.content.decode()
    assert get_user_model().objects.get(pk=ada.user_id).email == "ada@example.com"


@pytest.mark.django_db
def test_guests_are_offered_an_account_instead_of_mail(client):
    page = client.get("/settings/notifications/").content.decode()
    assert "Guests get no mail" in page and "/accounts/signup/" in page
    assert 'name="email"' not in page
