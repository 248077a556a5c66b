"""The socket every page of a signed-in player opens (templates/base.html): what concerns
the person rather than a match or a lobby arrives there, as a toast. Today that is a
friend's challenge (games/matches/friends.py). It also counts as an open page for the
friends list's "online"."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.live.consumers import SocketConsumer
from games.matches.identity import player_from
from games.models import LiveSocket


class PersonalConsumer(SocketConsumer):
    kind = LiveSocket.Kind.PERSONAL

    async def connect(self):
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4403)  # guests have no friends list to hear from
            return
        self.player = player_from(user, self.scope.get("session"))
        await self.admit()

    async def receive(self, text_data=None, bytes_data=None):
        return  # nothing is asked over this socket; it only listens

    async def friend_challenge(self, event):
        toast = event.get("toast")
        if not isinstance(toast, dict):
            return
        await self.send(text_data=render_to_string("_toast_challenge.html", {"toast": toast}))
