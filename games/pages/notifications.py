"""The mail a player gets: the settings page and the signed one-click unsubscribe link.

Guests get no mail; their settings page offers an account instead (signing up keeps their
matches). The unsubscribe link needs no login: its signed token names the account and the
kind of mail (games/matches/mail.py), so it is exempt from CSRF, which protects sessions,
and answers a mail client's one-click POST (RFC 8058) as it answers the button on its page.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt

from games.matches import mail
from games.models import MailPreferences

KIND_WORDS = {"turn": "mails when a move waits for you", "reminder": "reminders"}


class NotificationForm(forms.Form):
    email = forms.EmailField(
        required=False, max_length=254, label="E-mail address (empty: no mail at all)"
    )
    your_turn = forms.BooleanField(
        required=False, label="Mail me when a correspondence move waits for me"
    )
    reminders = forms.BooleanField(
        required=False, label="Remind me when less than a day is left for that move"
    )


def notification_settings(request):
    if not request.user.is_authenticated:
        return render(request, "notifications/settings.html", {"guest": True})
    user = request.user
    prefs, _ = MailPreferences.objects.get_or_create(user=user)
    form = NotificationForm(
        request.POST or None,
        initial={"email": user.email, "your_turn": prefs.your_turn, "reminders": prefs.reminders},
    )
    if request.method == "POST" and form.is_valid():
        user.email = form.cleaned_data["email"]
        user.save(update_fields=["email"])
        prefs.your_turn = form.cleaned_data["your_turn"]
        prefs.reminders = form.cleaned_data["reminders"]
        prefs.save()
        messages.success(request, "Your mail settings are saved.")
        return redirect("notification_settings")
    return render(request, "notifications/settings.html", {"form": form})


@csrf_exempt
def unsubscribe(request, token: str):
    found = mail.read_unsubscribe_token(token)
    if found is None:
        raise Http404("This unsubscribe link is not valid.")
    user_id, kind = found
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise Http404("This unsubscribe link is not valid.")
    done = request.method == "POST"
    if done:
        mail.unsubscribe(user_id, kind)
    return render(
        request,
        "notifications/unsubscribe.html",
        {"done": done, "what": KIND_WORDS[kind], "name": user.get_username()},
    )
