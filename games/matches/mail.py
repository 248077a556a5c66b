"""Mail that reaches a player away from the tab, through Django's e-mail framework.

Two kinds, both for correspondence matches only (a live step lasts seconds, so a mail
about it would arrive after it is over), both to signed-up players with an address who
have not turned that kind off (guests get none):

- "your turn": a correspondence move waits for you. Once per wait (the engine's step), and
  never within an hour of the previous mail about the same match; a player who has the
  match's page open is not mailed while it is open.
- "reminder": less than a day is left for that move. Once per wait, and only when the
  last mail about the match is at least 12 hours old, so a 1-day match gets its reminder
  half-way rather than on top of the first mail.

The sweeper sends them (``send_due``), off the request path. Each mail is first claimed
by committing its ``MailSent`` row, whose unique key is the wait; only then is it handed
to the backend. Two sweepers racing on one wait, or a sweeper restarting after a crash,
can therefore never send it twice (a crash between the claim and the send loses that one
mail instead: at most once, never twice).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.urls import reverse

from games.engines import get_engine
from games.matches import hall_clock
from games.matches.pace import days_in_words, time_left_in_words
from games.models import MailPreferences, MailSent, Match, Seat

log = logging.getLogger(__name__)

SALT = "duelhall.mail.unsubscribe"
KINDS = {MailSent.Kind.YOUR_TURN: "your_turn", MailSent.Kind.REMINDER: "reminders"}
AT_MOST_EVERY = timedelta(hours=1)
REMINDER_WHEN_LEFT = timedelta(days=1)
REMINDER_AFTER_LAST = timedelta(hours=12)


# ---------------------------------------------------------------- unsubscribing


def unsubscribe_token(user_id: int, kind: str) -> str:
    """A signed token naming one account and one kind of mail: the unsubscribe link works
    without logging in, and nobody can forge one for someone else's account."""
    return signing.dumps({"u": user_id, "k": kind}, salt=SALT, compress=True)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    try:
        data = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if (
        not isinstance(data, dict)
        or data.get("k") not in KINDS
        or not isinstance(data.get("u"), int)
    ):
        return None
    return data["u"], data["k"]


def unsubscribe(user_id: int, kind: str) -> None:
    MailPreferences.objects.update_or_create(user_id=user_id, defaults={KINDS[kind]: False})


def wants(user, kind: str) -> bool:
    prefs = getattr(user, "mail_preferences", None)
    return True if prefs is None else getattr(prefs, KINDS[kind])


def unsubscribe_url(user_id: int, kind: str) -> str:
    return settings.SITE_URL + reverse("unsubscribe", args=[unsubscribe_token(user_id, kind)])


# ---------------------------------------------------------------- what is due


@dataclass(frozen=True)
class Notice:
    match: Match
    seat: Seat
    kind: str


def _last_mail(match: Match, user_id: int) -> datetime | None:
    return (
        MailSent.objects.filter(match=match, user_id=user_id)
        .order_by("-at")
        .values_list("at", flat=True)
        .first()
    )


def _notice_for(match: Match, seat: Seat, now: datetime) -> Notice | None:
    user = seat.user
    if user is None or seat.is_bot or not user.email:
        return None
    sent = set(
        MailSent.objects.filter(match=match, user=user, step=match.step).values_list(
            "kind", flat=True
        )
    )
    last = _last_mail(match, user.pk)
    if last is not None and now - last < AT_MOST_EVERY:
        return None  # tried again on a later pass, once the hour is over
    if MailSent.Kind.YOUR_TURN not in sent:
        if seat.connections > 0 or not wants(user, MailSent.Kind.YOUR_TURN):
            return None  # looking at it now, or wants no such mail
        return Notice(match, seat, MailSent.Kind.YOUR_TURN)
    if (
        MailSent.Kind.REMINDER not in sent
        and match.deadline_at - now < REMINDER_WHEN_LEFT
        and (last is None or now - last >= REMINDER_AFTER_LAST)
        and wants(user, MailSent.Kind.REMINDER)
    ):
        return Notice(match, seat, MailSent.Kind.REMINDER)
    return None


def due_notices(now: datetime) -> list[Notice]:
    matches = Match.objects.filter(
        status=Match.Status.ACTIVE,
        correspondence_days__isnull=False,
        deadline_at__gt=now,
    ).prefetch_related("seats__user__mail_preferences")
    notices = []
    for match in matches:
        waiting = get_engine(match.game).prompts(match.state).waiting
        for seat in match.seats.all():
            if seat.index in waiting:
                notice = _notice_for(match, seat, now)
                if notice is not None:
                    notices.append(notice)
    return notices


# ---------------------------------------------------------------- sending


def compose(notice: Notice, now: datetime) -> EmailMessage:
    match, seat, user = notice.match, notice.seat, notice.seat.user
    engine = get_engine(match.game)
    opponent = next((s.display_name for s in match.seats.all() if s.index != seat.index), "")
    left = time_left_in_words(match.deadline_at, now)
    pace = f"correspondence, {days_in_words(match.correspondence_days)} per move"
    board = settings.SITE_URL + reverse("match", args=[match.code])
    stop = unsubscribe_url(user.pk, notice.kind)
    if notice.kind == MailSent.Kind.YOUR_TURN:
        subject = f"Your move in {engine.name} against {opponent}"
        opening = f"It is your move in {engine.name} against {opponent} ({pace}): {left}."
        what = "mails when a move waits for you"
    else:
        subject = f"Reminder: {left} for your move in {engine.name} against {opponent}"
        opening = (
            f"Your move in {engine.name} against {opponent} ({pace}) is still waiting: "
            f"{left}. When the time runs out, the match is lost on time."
        )
        what = "reminders"
    body = (
        f"Hello {seat.display_name},\n\n{opening}\n\nOpen the board: {board}\n\n"
        f"Stop these {what} (one click, no login): {stop}\n"
        f"Choose which mails you get: "
        f"{settings.SITE_URL + reverse('notification_settings')}\n"
    )
    return EmailMessage(
        subject=subject,
        body=body,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{stop}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def _claim(notice: Notice, now: datetime) -> MailSent | None:
    try:
        with transaction.atomic():
            return MailSent.objects.create(
                match=notice.match,
                user=notice.seat.user,
                kind=notice.kind,
                step=notice.match.step,
                at=now,
            )
    except IntegrityError:
        return None  # another sweeper claimed this wait's mail first


def send_due(now: datetime | None = None) -> int:
    """Send every mail that is due, each at most once. Returns how many went out."""
    now = now or hall_clock.now()
    sent = 0
    for notice in due_notices(now):
        claim = _claim(notice, now)
        if claim is None:
            continue
        try:
            compose(notice, now).send()
        except Exception:  # an SMTP server down: logged, never retried (at most once)
            log.exception("mail about match %s to user %s failed", notice.match.code, claim.user_id)
            continue
        MailSent.objects.filter(pk=claim.pk).update(delivered=True)
        sent += 1
    return sent
