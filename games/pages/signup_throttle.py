"""Sign-ups per client address: a farm of accounts (issue 38, E4: 15 in 8.7 s) needs many
addresses, not one script. ``SIGNUPS_PER_ADDRESS`` accounts per ``SIGNUP_WINDOW_SECONDS``."""

from __future__ import annotations

from django.conf import settings

from .attempts import give_back, take

__all__ = ["give_back", "refused_message", "reserve"]
from games.matches.client_address import of_request as client_address

REFUSED = "Too many new accounts from this address; try again in {minutes} minutes."


def refused_message() -> str:
    return REFUSED.format(minutes=max(1, settings.SIGNUP_WINDOW_SECONDS // 60))


def reserve(request) -> list[int] | None:
    """Hold a sign-up place for this address, or None when the address has used them all.
    A sign-up that then fails (a taken name, a weak password) gives its place back."""
    address = client_address(request)
    if not address:
        return []
    rows, within = take(
        [(f"signup:{address}", settings.SIGNUPS_PER_ADDRESS)], settings.SIGNUP_WINDOW_SECONDS
    )
    if not within:
        give_back(rows)
        return None
    return rows
