"""The staff queue of reports: who reported whom, the lines around the reported one, the
match, and two decisions: mute the author for a time, or dismiss the report."""

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from games.admin import plays_in  # the match admin imports this module last
from games.matches import reports
from games.models import Mute, Report


def _lines_html(lines: list[dict]):
    """The copied lines, escaped, the reported one marked."""
    if not lines:
        return "(no lines)"
    rows = format_html_join(
        "",
        '<li class="{}">{} <b>{}</b> <small>({})</small>: {}</li>',
        (
            (
                "reported-line" if x.get("reported") else "",
                x.get("at", ""),
                x.get("name", ""),
                x.get("room", ""),
                x.get("text", ""),
            )
            for x in lines
        ),
    )
    return format_html('<ol class="report-context">{}</ol>', rows)


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reported_name", "reporter", "status", "match_link")
    list_filter = ("status",)
    ordering = ("status", "-created_at")
    fields = ("status", "reported_name", "reporter", "match_link", "context_lines", "handled_at")
    readonly_fields = fields
    actions = ["mute_an_hour", "mute_a_day", "mute_a_week", "dismiss"]

    @admin.display(description="match")
    def match_link(self, obj):
        if obj.match_id is None:
            return "(reported from their player page)"
        url = reverse("admin:games_match_change", args=[obj.match_id])
        return format_html('<a href="{}">#{}</a>', url, obj.match.code)

    @admin.display(description="what was said")
    def context_lines(self, obj):
        return _lines_html(obj.context or [])

    @admin.display(description="what was said (players' room only)")
    def players_room_lines(self, obj):
        lines = [x for x in obj.context or [] if x.get("room") != "spectators"]
        return _lines_html(lines)

    def get_fields(self, request, obj=None):
        # Staff holding a seat of the match while it runs do not see the spectators' room,
        # as on their own match page.
        if obj is not None and plays_in(request, obj.match):
            return tuple("players_room_lines" if f == "context_lines" else f for f in self.fields)
        return self.fields

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("reporter", "match")

    def has_add_permission(self, request):
        return False

    def _mute(self, request, queryset, hours: int, words: str):
        muted = 0
        for report in queryset:
            if report.reported_user_id is None and not report.reported_guest_id:
                continue
            reports.mute(report, hours)
            muted += 1
        messages.success(request, f"Muted the authors of {muted} report(s) for {words}.")

    @admin.action(description="Mute the reported person for an hour")
    def mute_an_hour(self, request, queryset):
        self._mute(request, queryset, 1, "an hour")

    @admin.action(description="Mute the reported person for a day")
    def mute_a_day(self, request, queryset):
        self._mute(request, queryset, 24, "a day")

    @admin.action(description="Mute the reported person for a week")
    def mute_a_week(self, request, queryset):
        self._mute(request, queryset, 24 * 7, "a week")

    @admin.action(description="Dismiss the report")
    def dismiss(self, request, queryset):
        for report in queryset:
            reports.dismiss(report)
        messages.success(request, f"Dismissed {queryset.count()} report(s).")


@admin.register(Mute)
class MuteAdmin(admin.ModelAdmin):
    """Mutes in force and past; shortening one is editing its end."""

    list_display = ("user", "guest_id", "until", "created_at")
    fields = ("user", "guest_id", "until", "report")
    readonly_fields = ("user", "guest_id", "report")

    def has_add_permission(self, request):
        return False
