"""Admin inspection of matches: a summary (status, players, result, clocks, links), the
state folded, the hash-chained log paged, and a check that names the first broken entry."""

import json

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from games.engines import GAME_MODULES, get_engine
from games.matches import outcomes
from games.matches.arenas import schedule as arena_schedule
from games.matches.arenas import scoring as arena_scoring
from games.matches.identity import current_player
from games.matches.replay import verify
from games.matches.suspicious_pairs import suspicious_pairs
from games.matches.swiss import entry as swiss_entry
from games.matches.swiss import rounds as swiss_rounds
from games.models import (
    Arena,
    ArenaPlayer,
    Deck,
    Match,
    QueueEntry,
    Rating,
    RatingChange,
    Seat,
    SwissEntry,
    SwissEvent,
)

HIDDEN_WHILE_PLAYING = "(hidden: you hold a seat in this match while it is in play)"
HIDDEN_UNTIL_OVER = "(hidden until the match is over)"
STATE_FIELDS = ("pretty_state", "state_while_playing")
LOG_PAGE = 50
LIVE = (Match.Status.WAITING, Match.Status.ACTIVE)


def plays_in(request, match: Match | None) -> bool:
    """Whether the staff member looking holds a seat of this match while it is in play,
    by account or by the guest identity of their session (a staff member may have taken a
    seat as a guest before signing in). Staff can be players too; the admin must not show
    them the opponent's hand, hidden picks or deck order that their own match page keeps
    from them. Once the match is over, or to staff who are not playing it, everything is
    shown."""
    if match is None or match.status not in LIVE:
        return False
    player = current_player(request)
    return any(player.owns(s) for s in match.seats.all())


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "display_name", "user", "guest_id", "bot_level", "connections", "last_seen")
    readonly_fields = fields
    can_delete = False


def _clock(match: Match) -> str:
    if match.status not in LIVE or match.deadline_at is None:
        return "no clock running"
    left = (match.deadline_at - timezone.now()).total_seconds()
    return f"{max(0, round(left))} s left on step {match.step!r} (deadline {match.deadline_at:%H:%M:%S} UTC)"


def _log_page(request, match: Match, seated: bool) -> dict:
    """One page of the log with each entry's hashes: a long match's log on one page made
    the admin page tens of thousands of pixels tall. While the match is in play the moves
    themselves are left out (a pick or a selection is hidden until revealed)."""
    hidden_text = (
        HIDDEN_WHILE_PLAYING if seated else HIDDEN_UNTIL_OVER if match.status in LIVE else ""
    )
    paginator = Paginator(match.actions.order_by("seq"), LOG_PAGE)
    page = paginator.get_page(request.GET.get("log_page"))
    rows = [
        {
            "seq": e.seq,
            "seat": e.seat,
            "kind": e.kind,
            "action": hidden_text if hidden_text else json.dumps(e.action),
            "hash_before": e.hash_before,
            "hash_after": e.hash_after,
            "created_at": e.created_at,
        }
        for e in page.object_list
    ]
    return {"log_rows": rows, "log_page": page, "log_count": paginator.count}


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("code", "game", "status", "mode", "players", "turn", "result", "created_at")
    list_filter = ("game", "status", "mode", "timed")
    search_fields = ("code", "seats__display_name", "seats__user__username")
    readonly_fields = (
        "code",
        "game",
        "mode",
        "status",
        "timed",
        "config",
        "version",
        "step",
        "deadline_at",
        "outcome",
        *STATE_FIELDS,
        "created_at",
        "finished_at",
    )
    exclude = ("state", "seed", "rematch_of")
    inlines = [SeatInline]
    actions = ["replay_and_verify"]
    change_form_template = "admin/games/match/inspect.html"

    @admin.display(description="players")
    def players(self, obj):
        return " vs ".join(s.display_name for s in obj.seats.all())

    @admin.display(description="turn / step")
    def turn(self, obj):
        return obj.step

    @admin.display(description="result")
    def result(self, obj):
        return (obj.outcome or {}).get("reason", "")

    @admin.display(description="state")
    def pretty_state(self, obj):
        # While a match is in play the page shows what a spectator sees: a hand or a deck
        # order on an admin screen is one shoulder-glance from the other player. Once it is
        # over, the whole state (the seed still left out: verify uses it, nobody reads it).
        if obj.status in LIVE:
            shown = get_engine(obj.game).view(obj.state, None)
            title = "Show the public view (hidden parts once the match is over)"
        else:
            shown = {k: ("(hidden)" if k == "seed" else v) for k, v in (obj.state or {}).items()}
            title = "Show the full state"
        return format_html(
            "<details class='match-state'><summary>{} ({} keys)</summary><pre>{}</pre></details>",
            title,
            len(shown),
            json.dumps(shown, indent=2, sort_keys=True, default=str),
        )

    @admin.display(description="state")
    def state_while_playing(self, obj):
        return HIDDEN_WHILE_PLAYING

    def get_fields(self, request, obj=None):
        hidden = "pretty_state" if plays_in(request, obj) else "state_while_playing"
        return [f for f in super().get_fields(request, obj) if f != hidden]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats")

    def change_view(self, request, object_id, form_url="", extra_context=None):
        match = get_object_or_404(Match.objects.prefetch_related("seats"), pk=object_id)
        seats = list(match.seats.all())
        names = {str(s.index): s.display_name for s in seats}
        extra = {
            "inspected": match,
            "seats": seats,
            # How it ended as players read it, beside the outcome's code for searching.
            "result": outcomes.describe(match.outcome, names, None, match.status).sentence,
            "clock": _clock(match),
            "live_url": reverse("match", args=[match.code]),
            "replay_url": (
                reverse("replay", args=[match.code])
                if match.status == Match.Status.FINISHED
                else None
            ),
            "verify_url": reverse("admin:games_match_verify", args=[match.pk]),
            **_log_page(request, match, plays_in(request, match)),
            **(extra_context or {}),
        }
        return super().change_view(request, object_id, form_url, extra)

    def get_urls(self):
        verify_one = self.admin_site.admin_view(self.verify_one)
        return [
            path("<int:pk>/verify/", verify_one, name="games_match_verify"),
            *super().get_urls(),
        ]

    def verify_one(self, request, pk: int):
        """The "verify this match" button: POST only, answers with a message on the page."""
        match = get_object_or_404(Match, pk=pk)
        back = reverse("admin:games_match_change", args=[pk])
        if request.method != "POST" or not self.has_view_permission(request, match):
            return redirect(back)
        self._report(request, match)
        return redirect(back)

    def _report(self, request, match: Match) -> bool:
        problem = verify(match)
        if problem is None:
            self.message_user(
                request,
                f"{match.code}: the chain holds ({match.actions.count()} entries replayed).",
                messages.SUCCESS,
            )
            return True
        self.message_user(request, f"{match.code}: first broken link: {problem}", messages.ERROR)
        return False

    @admin.action(description="Replay selected matches and verify their hash chains")
    def replay_and_verify(self, request, queryset):
        bad = 0
        for match in queryset:
            problem = verify(match)
            if problem is not None:
                bad += 1
                self.message_user(
                    request, f"{match.code}: first broken link: {problem}", messages.ERROR
                )
        self.message_user(
            request,
            f"Verified {queryset.count() - bad} of {queryset.count()} matches.",
            messages.SUCCESS if not bad else messages.WARNING,
        )

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        # A live match changes only through services (which bump its version and log the
        # step): a save here would write a stale row over a move in flight. A finished one is
        # a record (its result, rating changes and sealed record.json follow from it).
        return False

    def has_delete_permission(self, request, obj=None):
        # Records are not deleted, and a live match's sockets would be left serving a match
        # that is gone. A waiting challenge leaves the lobby by itself when its creator does.
        return False


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "user", "updated_at")
    list_filter = ("game",)
    search_fields = ("name", "user__username")


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "mu", "sigma", "games", "wins", "losses", "draws")
    list_filter = ("game",)
    search_fields = ("user__username",)
    # Ratings move only with finished rated matches; editing one by hand would break the
    # history a player page charts.
    readonly_fields = ("user", "game", "mu", "sigma", "games", "wins", "losses", "draws")
    change_list_template = "admin/games/rating/change_list.html"

    def has_add_permission(self, request):
        return False

    def get_urls(self):
        pairs = self.admin_site.admin_view(self.suspicious_pairs_view)
        return [
            path("suspicious-pairs/", pairs, name="games_rating_suspicious_pairs"),
            *super().get_urls(),
        ]

    def suspicious_pairs_view(self, request):
        """Staff's look at possible rating farms: the same two accounts, many rated matches,
        short ones counted apart (games/matches/suspicious_pairs.py)."""
        context = {
            **self.admin_site.each_context(request),
            "title": "Suspicious pairs",
            "opts": self.model._meta,
            "pairs": suspicious_pairs(),
            "days": settings.SUSPICIOUS_PAIR_DAYS,
            "at_least": settings.SUSPICIOUS_PAIR_MATCHES,
            "min_moves": settings.RATED_MIN_MOVES,
        }
        return TemplateResponse(request, "admin/games/rating/suspicious_pairs.html", context)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "mu_before", "mu_after", "match", "created_at")
    list_filter = ("game",)
    search_fields = ("user__username", "match__code")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    """Who is waiting in "Play now" right now, and who was paired into which match."""

    list_display = ("display_name", "lane", "rating", "joined_at", "seen_at", "match")
    list_filter = ("lane__game",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


def start_events_now(queryset) -> int:
    """Bring the start of the selected events not yet begun (nor cancelled) forward to now:
    arenas and Swiss events alike. Returns how many moved."""
    now = timezone.now()
    return queryset.filter(cancelled_at__isnull=True, starts_at__gt=now).update(starts_at=now)


def cancel_events(queryset) -> int:
    """Cancel the selected events still on; matches in play are played out."""
    return queryset.filter(cancelled_at__isnull=True).update(cancelled_at=timezone.now())


class ArenaForm(forms.ModelForm):
    """Staff's arena form, checked for sense: a game of the hall, no start in the past,
    a length within the limits (games/matches/arenas/schedule.py)."""

    game = forms.ChoiceField(choices=[])

    class Meta:
        model = Arena
        fields = ("name", "game", "starts_at", "minutes", "rated")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(s, get_engine(s).name) for s in GAME_MODULES]
        shortest, longest = arena_schedule.minutes_allowed()
        self.fields["minutes"].help_text = f"From {shortest} to {longest}."

    def clean(self):
        data = super().clean()
        # An arena already under way keeps its start; only a new or moved start is checked.
        start_checked = self.instance.pk is None or "starts_at" in self.changed_data
        problems = arena_schedule.problems(
            data.get("game", ""),
            data.get("starts_at") if start_checked else None,
            data.get("minutes"),
            GAME_MODULES,
        )
        if problems:
            raise forms.ValidationError(problems)
        return data


class ArenaPlayerInline(admin.TabularInline):
    model = ArenaPlayer
    extra = 0
    fields = ("display_name", "score", "streak", "results", "rating", "match", "seen_at")
    readonly_fields = fields
    can_delete = False
    ordering = ("-score", "-rating", "joined_at")


@admin.register(Arena)
class ArenaAdmin(admin.ModelAdmin):
    form = ArenaForm
    list_display = ("name", "game", "starts_at", "minutes", "rated", "phase", "entrants")
    list_filter = ("game",)
    readonly_fields = ("phase", "recount_check", "cancelled_at")
    inlines = [ArenaPlayerInline]
    actions = ["start_now", "cancel"]

    @admin.display(description="phase")
    def phase(self, arena: Arena) -> str:
        return arena_schedule.phase(arena) if arena.pk else "new"

    @admin.display(description="players")
    def entrants(self, arena: Arena) -> int:
        return arena.players.count()

    @admin.display(description="scores against a recount from the match rows")
    def recount_check(self, arena: Arena) -> str:
        if arena.pk is None:
            return ""
        stored = dict(arena.players.values_list("pk", "score"))
        recounted = arena_scoring.recount(arena)
        differ = sorted(pk for pk in stored if stored[pk] != recounted.get(pk))
        if differ:
            return f"differ for player entries {differ}"
        return f"equal ({len(stored)} players)"

    @admin.action(description="Start the selected arenas now")
    def start_now(self, request, queryset):
        messages.info(request, f"{start_events_now(queryset)} arena(s) started now.")

    @admin.action(description="Cancel the selected arenas (matches in play are played out)")
    def cancel(self, request, queryset):
        messages.info(request, f"{cancel_events(queryset)} arena(s) cancelled.")


MAX_SWISS_ROUNDS = 15


class SwissEventForm(forms.ModelForm):
    """Staff's Swiss form: a deck game, no start in the past, 1 to 15 rounds."""

    game = forms.ChoiceField(choices=[])

    class Meta:
        model = SwissEvent
        fields = ("name", "game", "starts_at", "rounds")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(s, get_engine(s).name) for s in swiss_entry.DECK_GAMES]
        self.fields["rounds"].help_text = f"From 1 to {MAX_SWISS_ROUNDS}."

    def clean(self):
        data = super().clean()
        start_checked = self.instance.pk is None or "starts_at" in self.changed_data
        problems = arena_schedule.problems(
            data.get("game", ""),
            data.get("starts_at") if start_checked else None,
            None,
            swiss_entry.DECK_GAMES,
        )
        rounds = data.get("rounds")
        if rounds is not None and not 1 <= rounds <= MAX_SWISS_ROUNDS:
            problems.append(f"A Swiss event has from 1 to {MAX_SWISS_ROUNDS} rounds.")
        if self.instance.pk is not None and self.instance.current_round > 0:
            problems.append("This event has started; it can only be cancelled now.")
        if problems:
            raise forms.ValidationError(problems)
        return data


class SwissEntryInline(admin.TabularInline):
    model = SwissEntry
    extra = 0
    fields = ("display_name", "deck_name", "rating", "joined_at")
    readonly_fields = fields
    can_delete = False


@admin.register(SwissEvent)
class SwissEventAdmin(admin.ModelAdmin):
    form = SwissEventForm
    list_display = ("name", "game", "starts_at", "rounds", "current_round", "phase", "entrants")
    readonly_fields = ("current_round", "cancelled_at", "phase")
    inlines = [SwissEntryInline]
    actions = ["start_now", "cancel"]

    @admin.display(description="phase")
    def phase(self, event: SwissEvent) -> str:
        return swiss_rounds.phase(event) if event.pk else "new"

    @admin.display(description="players")
    def entrants(self, event: SwissEvent) -> int:
        return event.entries.count()

    @admin.action(description="Start the selected events now")
    def start_now(self, request, queryset):
        messages.info(request, f"{start_events_now(queryset)} event(s) started now.")

    @admin.action(description="Cancel the selected events (matches in play are played out)")
    def cancel(self, request, queryset):
        messages.info(request, f"{cancel_events(queryset)} event(s) cancelled.")


from games.pages import report_queue  # noqa: E402, F401  (the report queue registers itself)
