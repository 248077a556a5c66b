"""Logging in keeps what a guest played: the same claim sign-up makes.

A visitor plays as a guest (a ``guest_id`` in the session) until they sign up or log in.
Either way the guest's seats and decks move onto the account; otherwise a guest who already
had an account would find their matches and decks stranded on a guest nobody can be again.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views

from games.matches import services


class LoginView(auth_views.LoginView):
    def form_valid(self, form):
        # login() cycles the session key; read the guest before it does, and keep it after,
        # so the same browser stays the same guest if it logs out again.
        guest_id = self.request.session.get("guest_id", "")
        response = super().form_valid(form)
        claimed = services.claim_guest_records(guest_id, form.get_user())
        self.request.session["guest_id"] = guest_id
        if claimed:
            messages.success(
                self.request, "Welcome back! Your guest matches and decks are now on your account."
            )
        return response
