"""HTTP pages: the hall, lobbies, match and replay pages, history, accounts.

Views never change a match themselves; every write goes through games.matches.services.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.engines import GAME_MODULES, get_engine
from games.live import held
from games.live.chat import panel_context
from games.live.rendering import Viewer, context_for, frame_in
from games.matches import lobby_chat, ratings, services
from games.matches.chat import QUICK_LINES
from games.matches.client_address import of_request as client_address
from games.matches.lobby import lobby_context, my_matches
from games.matches.options import declared_options, match_options_from_post, mode_and_timing
from games.matches.pace import DAYS_CHOICES, pace_from_post
from games.models import Match
from games.pages import signup_throttle
from games.pages.decks import games_with_decks
from games.pages.usernames import SignUpForm


def _engine_or_404(slug: str):
    if slug not in GAME_MODULES:
        raise Http404("No such game.")
    return get_engine(slug)


def hall(request):
    games = []
    for slug in GAME_MODULES:
        engine = get_engine(slug)
        live = Match.objects.filter(game=slug, status=Match.Status.ACTIVE).count()
        waiting = Match.objects.filter(
            game=slug, status=Match.Status.WAITING, mode=Match.Mode.ONLINE, rematch_of=None
        ).count()
        games.append(
            {
                "slug": slug,
                "name": engine.name,
                "pitch": engine.pitch,
                "live": live,
                "waiting": waiting,
            }
        )
    return render(request, "hall.html", {"games": games})


def lobby(request, game: str):
    engine = _engine_or_404(game)
    ctx = lobby_context(game, request.player)
    # The open challenges as the lobby's socket draws them, named in its address so that
    # the socket does not draw them again as the page opens (games/live/held.py).
    open_list = render_to_string("lobby/_open.html", ctx)
    ctx.update(
        {
            "open_list": mark_safe(open_list),  # noqa: S308 - rendered, escaped, just above
            "open_list_name": held.name_of(open_list),
            "engine": engine,
            "mine": [
                m
                for m in my_matches(request.player, 20)
                if m.game == game and m.status in ("waiting", "active")
            ],
            "options": declared_options(engine),
            "pace_days": DAYS_CHOICES,
            "my_rating": ratings.rating_of(request.player.user_id, game)
            if request.player.user_id
            else None,
            "deck_builder": reverse("deck_list", args=[game])
            if game in games_with_decks()
            else None,
            "lobby_lines": lobby_chat.lines_for(game, request.player),
            "lobby_why_not": lobby_chat.may_write(request.player),
            "chat_me": request.player.user_id,
            "chat_can_act": request.player.user_id is not None,
            "quick_lines": list(QUICK_LINES.items()),
            # A visitor without a session is nobody yet: the page's script makes them a guest
            # (one POST) before its socket opens, so a cookieless script reading the lobby
            # writes no session row (games/matches/identity.py).
            "socket_waits_for_guest": request.session.session_key is None,
        }
    )
    return render(request, "lobby/lobby.html", ctx)


@require_POST
def become_guest(request):
    """The lobby's script asks for a guest identity before opening its socket; the guest
    middleware has made it by the time this runs (every POST does)."""
    return HttpResponse(status=204)


def how_to_play(request, game: str):
    engine = _engine_or_404(game)
    return render(
        request,
        "how_to_play.html",
        {"engine": engine, "fragment": f"games/{game}/how_to_play.html"},
    )


@require_POST
def create(request, game: str):
    engine = _engine_or_404(game)
    try:
        mode, timed = mode_and_timing(engine, request.POST)
        config, _timed = match_options_from_post(engine, request.POST, mode)
        days = pace_from_post(engine, request.POST, mode)
        match = services.create_match(
            game,
            request.player,
            mode=mode,
            config=config,
            timed=timed,
            rated=request.POST.get("rated") == "on",
            bot_level=bot_level_from_post(engine, request.POST),
            posted_from=client_address(request),
            correspondence_days=days,
        )
    except services.Rejected as exc:
        messages.error(request, exc.message)
        return redirect("lobby", game=game)
    return redirect("match", code=match.code)


def bot_level_from_post(engine, post) -> int:
    """The bot level the create form asked for; anything the engine does not play is an
    error, and no choice at all is level 1."""
    raw = post.get("bot_level", "1")
    if not (isinstance(raw, str) and raw.isdigit() and int(raw) in engine.bot_levels):
        raise services.Rejected("BAD_BOT_LEVEL", "Choose one of the bot levels offered.")
    return int(raw)


def _host(seats) -> str:
    return seats[0].display_name if seats else ""


def match_page(request, code: str):
    match = get_object_or_404(Match.objects.prefetch_related("seats"), code=code)
    services.settle(match.pk)
    match.refresh_from_db()
    seats = list(match.seats.all())
    mine = [s.index for s in seats if request.player.owns(s)]
    hotseat = match.mode == Match.Mode.HOTSEAT
    seat = None if hotseat else (mine[0] if mine else None)
    reserved = match.rematch_of_id is not None and not any(
        request.player.owns(s) for s in match.rematch_of.seats.all()
    )
    if match.status == Match.Status.ABORTED and not mine:
        # A dead invitation link: say so in words, not with an empty board.
        gone = {"match": match, "engine": get_engine(match.game), "host": _host(seats)}
        return render(request, "match/challenge_gone.html", gone, status=410)
    # A friend's private challenge is for the invited account only.
    reserved = reserved or (
        match.invited_id is not None and match.invited_id != request.player.user_id
    )
    # The board and the fragments around it, exactly as a socket's whole frame renders them
    # (the frame's own context, nothing of the page's added); the socket's address names
    # them (games/live/held.py), so that its first frame is not sent again unchanged.
    ctx = {**context_for(match, Viewer(request.player, seat, hotseat)), "flash": ""}
    fragments, _ = frame_in(match, ctx)
    ctx.update(
        {
            "can_join": match.status == Match.Status.WAITING and not mine and not reserved,
            "host": _host(seats),
            # A rematch offer waits for the other player of the finished match only.
            "rematch_of": match.rematch_of if match.rematch_of_id else None,
            "is_player": bool(mine),
            "invite_url": request.build_absolute_uri(),
            "engine": get_engine(match.game),
            "guest_correspondence": match.correspondence and request.player.is_guest,
            "can_abort": bool(mine) and services.can_abort_correspondence(match),
            "fragments": mark_safe(fragments),  # noqa: S308 - our templates, escaped there
            # Hot-seat's socket decides which seat its first frame shows: always sent.
            "held": None if hotseat else held.name_of(fragments),
        }
    )
    ctx.update(panel_context(match, request.player))
    return render(request, "match/match.html", ctx)


def _go(request, name: str, *args):
    """Redirect to a page. Forms sent by htmx (the game-over panel's: it arrives over the
    socket, so it carries no CSRF field of its own, and htmx sends the page's token as a
    header) load the new page as a whole instead of swapping it into the form."""
    if request.htmx:
        return HttpResponseClientRedirect(reverse(name, args=args))
    return redirect(name, *args)


def _match_command(service, on_success):
    """A POST view that runs one service on a match for the visitor. A refusal is shown as
    a message on the match page; success goes where ``on_success(match, result)`` says."""

    @require_POST
    def view(request, code: str):
        match = get_object_or_404(Match, code=code)
        try:
            result = service(match.pk, request.player)
        except services.Rejected as exc:
            messages.error(request, exc.message)
            return _go(request, "match", code)
        return _go(request, *on_success(match, result))

    view.__name__ = service.__name__
    return view


join = _match_command(services.join_match, lambda m, _seat: ("match", m.code))
abort = _match_command(services.abort_match, lambda m, _none: ("lobby", m.game))
resign = _match_command(services.resign, lambda m, _none: ("match", m.code))
rematch = _match_command(services.rematch, lambda _m, new: ("match", new.code))
# Declining leaves the player on the finished match, whose panel now says it was declined.
decline_rematch = _match_command(
    services.decline_rematch, lambda offer, _none: ("match", offer.rematch_of.code)
)


def signup(request):
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        place = signup_throttle.reserve(request)
        if place is None:
            context = {"form": SignUpForm(), "refused": signup_throttle.refused_message()}
            return render(request, "registration/signup.html", context, status=429)
        if not form.is_valid():
            signup_throttle.give_back(place)  # a failed attempt creates no account
    if request.method == "POST" and form.is_valid():
        guest_id = request.session.get("guest_id", "")
        user = form.save()
        services.claim_guest_records(guest_id, user)
        login(request, user)
        request.session["guest_id"] = guest_id
        messages.success(request, "Welcome! Your guest matches and decks are now on your account.")
        return redirect("hall")
    return render(request, "registration/signup.html", {"form": form})
