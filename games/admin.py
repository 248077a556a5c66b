"""Admin inspection of matches: state pretty-printed, seats, the hash-chained log, replay check."""

import json

from django.contrib import admin, messages
from django.utils.html import format_html

from games.matches.replay import verify
from games.models import Deck, Match, MatchAction, QueueEntry, Rating, RatingChange, Seat

HIDDEN_WHILE_PLAYING = "(hidden: you hold a seat in this match while it is in play)"
STATE_FIELDS = ("pretty_state", "state_while_playing")


def plays_in(request, match: Match | None) -> bool:
    """Whether the staff member looking holds a seat of this match while it is in play.
    Staff can be players too; the admin must not show them the opponent's hand, hidden
    picks or deck order that their own match page keeps from them. Once the match is over,
    or to staff who are not playing it, everything is shown."""
    if match is None or match.status not in (Match.Status.WAITING, Match.Status.ACTIVE):
        return False
    return any(s.user_id is not None and s.user_id == request.user.pk for s in match.seats.all())


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "display_name", "user", "guest_id", "bot_level", "connections", "last_seen")
    readonly_fields = fields
    can_delete = False


class MatchActionInline(admin.TabularInline):
    model = MatchAction
    extra = 0
    fields = ("seq", "seat", "kind", "action", "hash_before", "hash_after", "created_at")
    readonly_fields = (*fields, "action_while_playing")
    can_delete = False
    ordering = ("seq",)

    def get_fields(self, request, obj=None):
        if not plays_in(request, obj):
            return self.fields
        return tuple("action_while_playing" if f == "action" else f for f in self.fields)

    @admin.display(description="action")
    def action_while_playing(self, entry):
        return HIDDEN_WHILE_PLAYING

    def has_add_permission(self, request, obj=None):
        return False  # the log is append-only, and only services append


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
    inlines = [SeatInline, MatchActionInline]
    actions = ["replay_and_verify"]

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
        # The seed would let anyone who sees this page predict every future draw of a live
        # match; staff verify it through the replay action instead of reading it.
        shown = {k: ("(hidden)" if k == "seed" else v) for k, v in (obj.state or {}).items()}
        return format_html(
            "<pre style='max-height:40em;overflow:auto'>{}</pre>",
            json.dumps(shown, indent=2, sort_keys=True),
        )

    @admin.display(description="state")
    def state_while_playing(self, obj):
        return HIDDEN_WHILE_PLAYING

    def get_fields(self, request, obj=None):
        hidden = "pretty_state" if plays_in(request, obj) else "state_while_playing"
        return [f for f in super().get_fields(request, obj) if f != hidden]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats")

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

    def has_add_permission(self, request):
        return False


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
