"""An outcome in words, from the viewer's side, with the players' names.

Engines end a match with a stable code (``reason``) and a sentence that speaks of seats
("Seat 2", "Player 1", "the opponent"). People read names and their own side: "You won:
Ada's LP fell to 0 on turn 13"; a spectator reads "Bo won: Ada's LP fell to 0". This module
is the one place that turns an outcome into those words, for the game-over panel, the
announcer and "My matches"; no page shows a reason code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SEAT_LABEL = re.compile(r"\b(?:Seat|Player) ([12])\b")
TURN = re.compile(r"\bon turn (\d+)\b")
NUMBER = re.compile(r"(-?\d+)")

# Why a match ended, per reason code of the engines and the platform. {winner} and {loser}
# are names; {n} the first number of the engine's sentence (a fleet's health).
WHY = {
    # Phalanx
    "lp_depleted": "{loser}'s LP fell to 0",
    "cards_depleted": "{loser} had no cards left",
    "forfeit": "{loser} forfeited",
    "no_progress": "neither side could make progress",
    # Gundam
    "BATTLE_DAMAGE": "{loser} took battle damage with no shields left",
    "DECK_OUT": "{loser} had to draw from an empty deck",
    # ShapeShips
    "victory": "{loser}'s fleet fell to {n} health",
    "narrow_victory": "both fleets fell, and {winner}'s kept more health",
    "mutual_destruction": "both fleets fell to {n} health together",
    "resignation": "{loser} resigned",
    # Card Battle
    "hp_zero": "{loser}'s HP fell to 0",
    "deck_exhaustion": "both decks ran out and {winner} had more HP",
    "treaty": "both decks ran out with equal HP",
    # Elemental Clash
    "base_destroyed": "{loser}'s base was destroyed",
    "double_ko": "both bases fell together",
    "exhaustion": "the decks ran out and {winner}'s base had more HP",
    # The clocks of every game
    "abandoned": "{loser} ran out of time three times in a row",
    "timeout": "{loser} ran out of time",
    # The platform
    "aborted before the first move": "called off before the first move",
}
DRAW_WHY = {
    "exhaustion": "the decks ran out with both bases level",
    "abandoned": "both players ran out of time three times in a row",
}
ON_TIME = ("abandoned", "timeout")


@dataclass(frozen=True)
class Words:
    """``word``: Won, Lost, Draw, Aborted (for a seat) or who won (for anyone else);
    ``headline``: "You won", "Ada won", "Draw"...; ``why``: the reason as a sentence."""

    word: str
    headline: str
    why: str

    @property
    def sentence(self) -> str:
        return f"{self.headline}: {self.why}" if self.why else self.headline


def with_names(text: str, names: dict[str, str] | None) -> str:
    """An engine's sentence with "Seat 1" or "Player 2" replaced by that seat's player."""

    def named(label: re.Match) -> str:
        return (names or {}).get(str(int(label.group(1)) - 1)) or label.group(0)

    return SEAT_LABEL.sub(named, str(text or ""))


def why(outcome: dict, names: dict[str, str]) -> str:
    """Why the match ended, as a clause with names (no "You": it reads the same to all)."""
    reason = str(outcome.get("reason") or "")
    message = with_names(outcome.get("message") or "", names)
    winner = outcome.get("winner")
    table = DRAW_WHY if outcome.get("result") != "win" and reason in DRAW_WHY else WHY
    if reason in table:
        number = NUMBER.search(message)
        loser = names.get(str(1 - winner), "") if winner in (0, 1) else ""
        text = table[reason].format(
            winner=names.get(str(winner), ""), loser=loser, n=number.group(1) if number else "0"
        )
        turn = TURN.search(message)
        return f"{text} on turn {turn.group(1)}" if turn else text
    # A sentence the platform wrote with names already (a resignation, a claimed
    # abandonment), or an engine's own sentence once it names players.
    text = message or with_names(reason, names)
    return text.rstrip(".")


def describe(outcome: dict | None, names: dict[str, str], seat: int | None, status: str) -> Words:
    """The words for a match that is over; for one still going, its state."""
    if status == "waiting":
        return Words("Waiting", "Waiting for an opponent", "")
    if status == "active" or not outcome:
        return Words("In play", "In play", "")
    reason = why(outcome, names)
    result = outcome.get("result")
    winner = outcome.get("winner")
    if status == "aborted" or result == "aborted":
        return Words("Aborted", "Aborted", reason or "called off before the first move")
    if result == "win" and winner in (0, 1):
        won = names.get(str(winner), "")
        timed_out = outcome.get("reason") in ON_TIME
        if seat is None:
            return Words(f"{won} won", f"{won} won{' on time' if timed_out else ''}", reason)
        word = "Won" if seat == winner else "Lost"
        return Words(word, f"You {word.lower()}{' on time' if timed_out else ''}", reason)
    if result == "double_loss":
        return Words("Lost" if seat is not None else "Both lost", "Both lost", reason)
    return Words("Draw", "Draw", reason)
