"""``/settings/social/``: a signed-in player's choices about chat and private challenges."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render

from games.matches import social_settings
from games.models import SocialSettings


class SocialSettingsForm(forms.ModelForm):
    class Meta:
        model = SocialSettings
        fields = ("chat_off", "spectators_room_off", "challenges_from")
        labels = {
            "chat_off": "Chat off",
            "spectators_room_off": "Spectators' room off",
            "challenges_from": "Who may challenge me",
        }
        widgets = {"challenges_from": forms.RadioSelect}


def social_settings_page(request):
    if not request.user.is_authenticated:
        messages.error(request, "Sign in to choose your chat and challenge settings.")
        return redirect("login")
    current = social_settings.of(request.user.pk)
    form = SocialSettingsForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Saved. Match pages opened from now on follow it.")
        return redirect("social_settings")
    return render(request, "settings_social.html", {"form": form})
