"""Notify, then pull: after a commit only ``{"version": N}`` goes to a match's group.

Each connected consumer then loads the match and renders its own viewer's fragments, so a
frame sent to the group can never carry one seat's hidden information to another.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def lobby_group(game: str) -> str:
    return f"lobby-{game}"


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a broadcast failure must never undo a committed move
        log.exception("broadcast to %s failed", group)


def match_changed(match_id: int, version: int) -> None:
    _send(match_group(match_id), {"type": "match.changed", "version": version})


def presence_changed(match_id: int) -> None:
    _send(match_group(match_id), {"type": "match.presence"})


def lobby_changed(game: str) -> None:
    _send(lobby_group(game), {"type": "lobby.changed"})
