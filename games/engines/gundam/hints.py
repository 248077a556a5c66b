"""A hand card's refusal said in a few words (issue 34, item 7).

The engine's refusals are sentences for people ("Deploying is only allowed in the main phase
(now: resource)."); under a card in the hand there is room for two short lines at most, and
the sentence was cut off mid-way. The board shows these words and keeps the sentence for
hover and keyboard focus (templates/games/gundam/_hand_card.html)."""

from __future__ import annotations

import re
from typing import Any

from .moves import (
    GAME_OVER,
    INSUFFICIENT_RESOURCES,
    INVALID_LEVEL,
    INVALID_PHASE,
    INVALID_TARGET,
    NOT_YOUR_TURN,
    ZONE_FULL,
    Refusal,
)

OVER: Refusal = (GAME_OVER, "The game is over.")
FITS = 24  # characters: two lines of a hand card on a phone
PHASE = re.compile(r"only allowed in the (.+) phase")


def short_reason(refused: Refusal, face: dict[str, Any]) -> str:
    """The refusal ``refused`` of the hand card ``face`` (view.card_face) in a few words."""
    code, sentence = refused
    if code == INVALID_PHASE and (found := PHASE.search(sentence)):
        return f"{found.group(1).capitalize()} phase only"
    if code == NOT_YOUR_TURN:
        return "Not your turn"
    if code == INSUFFICIENT_RESOURCES:
        return f"Needs {face['cost']} active resources"
    if code == INVALID_LEVEL:
        return f"Needs Lv {face['level']}"
    if code == ZONE_FULL:
        return "No room for it"
    if code == INVALID_TARGET:
        return "No Unit to pair with" if face["type"] == "pilot" else "No target now"
    if code == GAME_OVER:
        return "Game over"
    return sentence if len(sentence) <= FITS else "Not playable now"
