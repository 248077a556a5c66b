"""Reports to staff and what staff do with them: mute the author for a time, or dismiss.

A report copies the lines around the reported one (both rooms: staff read everything), so
the queue in the admin shows the context even if lines are deleted later. A mute acts at
once: every line is checked against it when said (games/matches/chat.py), and the muted
person's open sockets are told."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.matches import broadcast
from games.models import ChatLine, LiveSocket, Mute, Report

CONTEXT_LINES = 5  # either side of the reported line
REPORTS_PER_HOUR = 10  # per reporter: a queue flooded by one person is read by nobody


class ReportRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _context(line: ChatLine) -> list[dict]:
    around = ChatLine.objects.filter(match_id=line.match_id, lobby=line.lobby)
    before = list(around.filter(pk__lt=line.pk).order_by("-pk")[:CONTEXT_LINES])
    after = list(around.filter(pk__gt=line.pk).order_by("pk")[:CONTEXT_LINES])
    return [
        {
            "name": x.author_name,
            "room": x.room,
            "text": x.text,
            "at": x.created_at.isoformat(timespec="seconds"),
            "reported": x.pk == line.pk,
        }
        for x in [*reversed(before), line, *after]
    ]


def _check_reporter(reporter_id: int) -> None:
    since = timezone.now() - timedelta(hours=1)
    if Report.objects.filter(reporter_id=reporter_id, created_at__gt=since).count() >= (
        REPORTS_PER_HOUR
    ):
        raise ReportRefused(
            f"You have sent {REPORTS_PER_HOUR} reports this hour; staff will read them first."
        )


def report_line(line: ChatLine, reporter_id: int) -> Report:
    if line.user_id == reporter_id:
        raise ReportRefused("That line is your own.")
    existing = Report.objects.filter(reporter_id=reporter_id, line=line).first()
    if existing is not None:
        return existing  # reported twice is reported once
    _check_reporter(reporter_id)
    return Report.objects.create(
        reporter_id=reporter_id,
        reported_user_id=line.user_id,
        reported_guest_id="" if line.user_id else line.guest_id,
        reported_name=line.author_name,
        line=line,
        match_id=line.match_id,
        context=_context(line),
    )


def report_player(user, reporter_id: int) -> Report:
    """A player reported from their page: the context is their newest lines anywhere."""
    if user.pk == reporter_id:
        raise ReportRefused("You can not report yourself.")
    if Report.objects.filter(
        reporter_id=reporter_id, reported_user=user, line=None, status=Report.Status.OPEN
    ).exists():
        raise ReportRefused("You have already reported this player; staff will read it.")
    _check_reporter(reporter_id)
    newest = list(ChatLine.objects.filter(user=user).order_by("-pk")[: CONTEXT_LINES * 2])
    context = [
        {
            "name": x.author_name,
            "room": x.room,
            "text": x.text,
            "at": x.created_at.isoformat(timespec="seconds"),
            "reported": True,
        }
        for x in reversed(newest)
    ]
    return Report.objects.create(
        reporter_id=reporter_id,
        reported_user=user,
        reported_name=user.get_username()[:40],
        context=context,
    )


def mute(report: Report, hours: float) -> Mute:
    """Silence the reported person for ``hours`` from now and tell their open pages."""
    until = timezone.now() + timedelta(hours=hours)
    with transaction.atomic():
        muted = Mute.objects.create(
            user_id=report.reported_user_id,
            guest_id=report.reported_guest_id if report.reported_user_id is None else "",
            until=until,
            report=report,
        )
        Report.objects.filter(pk=report.pk).update(
            status=Report.Status.MUTED, handled_at=timezone.now()
        )
    key = (
        f"u:{report.reported_user_id}"
        if report.reported_user_id is not None
        else f"g:{report.reported_guest_id}"
    )
    shown = f"{until:%Y-%m-%d %H:%M}"
    talking = LiveSocket.objects.filter(
        player_key=key, kind__in=(LiveSocket.Kind.MATCH, LiveSocket.Kind.LOBBY)
    )  # the pages that have a chat
    for channel in talking.values_list("channel_name", flat=True):
        broadcast.chat_muted(channel, shown)
    return muted


def dismiss(report: Report) -> None:
    Report.objects.filter(pk=report.pk).update(
        status=Report.Status.DISMISSED, handled_at=timezone.now()
    )
