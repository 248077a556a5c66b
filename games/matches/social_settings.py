"""A player's own choices: chat off entirely, the spectators' room off, and who may send a
private challenge. Guests, and accounts that never saved the page, have the defaults."""

from __future__ import annotations

from games.models import SocialSettings


def of(user_id: int | None) -> SocialSettings:
    """The player's settings, or the defaults (unsaved) when there are none."""
    if user_id is None:
        return SocialSettings()
    found = SocialSettings.objects.filter(user_id=user_id).first()
    return found if found is not None else SocialSettings(user_id=user_id)
