"""Keeping people away and telling staff: block and report, from a chat line or a player's
page. Each answer to a chat line's button is the chat panel's notice, in words."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.matches import blocks, chat, reports
from games.models import ChatLine


def _notice(request, words: str, **extra):
    return render(request, "match/_chat_notice.html", {"notice": words, **extra})


def _readable_line(request, line_id: int) -> ChatLine:
    """A line this visitor may read; any other is as if it did not exist (a player must not
    learn, even by guessing numbers, that the spectators said something)."""
    line = get_object_or_404(
        ChatLine.objects.select_related("match").prefetch_related("match__seats"), pk=line_id
    )
    if line.match is None:
        return line  # a lobby room's line: everyone on the lobby page reads it
    room = chat.room_for(line.match, request.player)
    if line.room == ChatLine.Room.SPECTATORS and not room.reads_spectators:
        raise Http404("No such line.")
    return line


@require_POST
def report_line(request, line_id: int):
    if not request.user.is_authenticated:
        return _notice(request, "Sign in to report a message.")
    line = _readable_line(request, line_id)
    try:
        reports.report_line(line, request.user.pk)
    except reports.ReportRefused as exc:
        return _notice(request, exc.message)
    return _notice(request, f"Reported {line.author_name}'s line: staff will read it in context.")


@require_POST
def block_line_author(request, line_id: int):
    if not request.user.is_authenticated:
        return _notice(request, "Sign in to block someone.")
    line = _readable_line(request, line_id)
    if line.user_id is None or line.user_id == request.user.pk:
        return _notice(request, "Only another player's account can be blocked.")
    blocks.block(request.user.pk, line.user_id)
    gone = list(
        ChatLine.objects.filter(
            match_id=line.match_id, lobby=line.lobby, user_id=line.user_id
        ).values_list("pk", flat=True)
    )
    return _notice(
        request,
        f"You blocked {line.author_name}: neither of you sees the other's messages now. "
        "Unblock from their player page.",
        remove=gone,
    )


@require_POST
def block_player(request, name: str):
    who = get_object_or_404(get_user_model(), username=name)
    if not request.user.is_authenticated:
        messages.error(request, "Sign in to block someone.")
    elif who.pk == request.user.pk:
        messages.error(request, "You can not block yourself.")
    elif request.POST.get("unblock"):
        blocks.unblock(request.user.pk, who.pk)
        messages.success(request, f"You unblocked {who.get_username()}.")
    else:
        blocks.block(request.user.pk, who.pk)
        messages.success(
            request,
            f"You blocked {who.get_username()}: you will not see each other's messages, "
            "challenges or pairings.",
        )
    return redirect("player", name=name)


@require_POST
def report_player(request, name: str):
    who = get_object_or_404(get_user_model(), username=name)
    if not request.user.is_authenticated:
        messages.error(request, "Sign in to report a player.")
        return redirect("player", name=name)
    try:
        reports.report_player(who, request.user.pk)
    except reports.ReportRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Reported {who.get_username()}: staff will look into it.")
    return redirect("player", name=name)
