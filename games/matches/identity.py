"""Who is asking: a signed-in account or a guest kept in the session.

A visitor plays at once as a guest with a generated display name; signing up keeps the
guest's seats and decks (see ``claim_guest_records``).
"""

from __future__ import annotations

import secrets
import uuid
from dataclasses import dataclass

ADJECTIVES = [
    "Brave",
    "Calm",
    "Swift",
    "Clever",
    "Bold",
    "Quiet",
    "Lucky",
    "Nimble",
    "Stern",
    "Merry",
]
CREATURES = ["Otter", "Falcon", "Badger", "Lynx", "Heron", "Fox", "Wolf", "Raven", "Stag", "Hare"]


@dataclass(frozen=True)
class Player:
    user_id: int | None
    guest_id: str
    name: str

    @property
    def is_guest(self) -> bool:
        return self.user_id is None

    def owns(self, seat) -> bool:
        if seat is None or seat.is_bot:
            return False
        if self.user_id is not None and seat.user_id == self.user_id:
            return True
        return bool(self.guest_id) and seat.guest_id == self.guest_id and seat.user_id is None

    def owns_deck(self, deck) -> bool:
        if self.user_id is not None:
            return deck.user_id == self.user_id
        return bool(self.guest_id) and deck.guest_id == self.guest_id and deck.user_id is None


def guest_name() -> str:
    return f"{secrets.choice(ADJECTIVES)}{secrets.choice(CREATURES)}{secrets.randbelow(90) + 10}"


def ensure_guest(session) -> None:
    if not session.get("guest_id"):
        session["guest_id"] = uuid.uuid4().hex
    if not session.get("guest_name"):
        session["guest_name"] = guest_name()


def player_from(user, session) -> Player:
    guest_id = session.get("guest_id", "") if session is not None else ""
    if user is not None and user.is_authenticated:
        return Player(user_id=user.pk, guest_id=guest_id, name=user.get_username())
    name = session.get("guest_name", "Guest") if session is not None else "Guest"
    return Player(user_id=None, guest_id=guest_id, name=name)


def current_player(request) -> Player:
    return player_from(getattr(request, "user", None), request.session)


# No page makes a visitor a guest by being read: the hall, rules, boards, replays, the deck
# list, the simulator, "My matches" and a join link show nothing of the visitor's own to
# someone who is nobody yet, and the lobby's script asks for a guest (a POST to
# /me/guest/) before its socket, which holds a "Play now" place, opens. Every POST makes the
# guest first. Giving every request a guest wrote a session row per cookieless request: a
# crawler or a script without cookies filled the table.
class GuestMiddleware:
    """Gives a visitor a guest id and name in the session before a view that needs one
    runs; read-only pages leave a visitor without a session as they are."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.player = current_player(request)
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        needs_guest = request.method not in ("GET", "HEAD")
        if needs_guest or request.session.session_key is not None:
            ensure_guest(request.session)
            request.player = current_player(request)
        return None


def player_context(request) -> dict:
    return {"player": getattr(request, "player", None) or current_player(request)}
