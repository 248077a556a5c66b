"""The friends list (``/friends/``): who a signed-in player follows, who of them is online
and what they play, with "Challenge"; and following from a player's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.engines import GAME_MODULES, get_engine
from games.matches import friends


def friends_page(request):
    if not request.user.is_authenticated:
        messages.error(request, "Sign in to follow players and see your friends.")
        return redirect("login")
    return render(
        request,
        "friends.html",
        {
            "friends": friends.friends_of(request.user.pk),
            "games": [(slug, get_engine(slug).name) for slug in GAME_MODULES],
        },
    )


@require_POST
def follow(request, name: str):
    who = get_object_or_404(get_user_model(), username=name)
    if not request.user.is_authenticated:
        messages.error(request, "Sign in to follow players.")
        return redirect("player", name=name)
    if request.POST.get("unfollow"):
        friends.unfollow(request.user.pk, who.pk)
        messages.success(request, f"You no longer follow {who.get_username()}.")
        return redirect("player", name=name)
    try:
        friends.follow(request.user.pk, who.pk)
    except friends.FriendRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"You follow {who.get_username()}: see them under Friends.")
    return redirect("player", name=name)


@require_POST
def challenge(request, name: str):
    who = get_object_or_404(get_user_model(), username=name)
    try:
        match = friends.challenge(request.player, who, request.POST.get("game", ""))
    except friends.FriendRefused as exc:
        messages.error(request, exc.message)
        return redirect("friends")
    return redirect("match", code=match.code)
