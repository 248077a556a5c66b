"""An outcome in words, from the viewer's side, with the players' names.

Engines end a match with a stable code (``reason``) and a sentence that speaks of seats
("Seat 2", "Player 1", "the opponent"). People read names and their own side: Ada reads "You
lost: your LP fell to 0 on turn 13", Bo "You won: Ada's LP fell to 0 on turn 13", and a
spectator "Bo won: Ada's LP fell to 0 on turn 13". This module
is the one place that turns an outcome into those words, for the game-over panel, the
announcer and "My matches"; no page shows a reason code.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

SEAT_LABEL = re.compile(r"\b(?:Seat|Player) ([12])\b")
# Card Battle's record names a card by its owner's seat, "P1 Goblin #1" (the record's own
# text, hashed with the state): read as "Ada's Goblin #1".
CARD_OWNER = re.compile(r"\bP([12]) (?=[A-Z])")
TURN = re.compile(r"\bon turn (\d+)\b")
NUMBER = re.compile(r"(-?\d+)")
# "(12 to 9)": the winner's and the loser's health where the decks ran out.
SCORE = re.compile(r"\((-?\d+) to (-?\d+)\)")

# Why a match ended, per reason code of the engines and the platform. {winner} and {loser}
# are names ("you" for the seat reading it), {winner_s} and {loser_s} their possessives
# ("Ada's", "your"), {winner_own} the possessive standing alone ("Ada's", "yours"); {n} the
# first number of the engine's sentence (a fleet's health); {score} the two players' health
# the engine's sentence gives as "(12 to 9)", as " (12 to 9)", or nothing.
WHY = {
    # Phalanx
    "lp_depleted": "{loser_s} LP fell to 0",
    "cards_depleted": "{loser} had no cards left",
    "forfeit": "{loser} forfeited",
    "no_progress": "{n} turns in a row went by without a destroyed card or lost LP",  # PXR-11
    # Gundam
    "BATTLE_DAMAGE": "{loser} took battle damage with no shields left",
    "DECK_OUT": "{loser_s} deck ran out",  # drew its last card, or had to draw from none (GDR-4)
    # ShapeShips
    "victory": "{loser_s} fleet fell to {n} health",
    "narrow_victory": "both fleets fell, and {winner_own} kept more health",
    "mutual_destruction": "both fleets fell to {n} health together",
    "resignation": "{loser} resigned",
    # Card Battle
    "hp_zero": "{loser_s} HP fell to 0",
    "deck_exhaustion": "both decks ran out and {winner} had more HP{score}",
    "treaty": "both decks ran out with equal HP",
    # Elemental Clash
    "base_destroyed": "{loser_s} base was destroyed",
    "double_ko": "both bases fell together",
    "exhaustion": "the decks ran out and {winner_s} base had more HP{score}",
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
# "correspondence_time" (games/matches/services.py) carries its own sentence with names:
# "Ada did not move within 1 day".
ON_TIME = ("abandoned", "timeout", "correspondence_time")


@dataclass(frozen=True)
class Words:
    """``word``: Won, Lost, Draw, Aborted (for a seat) or who won (for anyone else);
    ``headline``: "You won", "Ada won", "Draw"...; ``why``: the reason as a sentence."""

    word: str
    headline: str
    why: str
    why_opening: str = ""  # ``why`` to open a sentence with (see ``opening``)

    @property
    def sentence(self) -> str:
        return f"{self.headline}: {self.why}" if self.why else self.headline


def with_names(text: str, names: dict[str, str] | None) -> str:
    """An engine's sentence with "Seat 1" or "Player 2" replaced by that seat's player, and
    a card's owner "P1 " by the player's possessive."""
    if not names:
        return _with_names(str(text or ""), ())
    try:
        return _with_names(str(text or ""), tuple(names.items()))
    except TypeError:  # a name that is not hashable: not worth keeping
        return _named(str(text or ""), names)


# The same sentences are named again and again: each frame's newest log line for both
# players, a turn's lines while its moves come in (bench/: two regular-expression passes
# with a Python call per match cost a frame as much as its view's log).
@functools.lru_cache(maxsize=4096)
def _with_names(text: str, names: tuple) -> str:
    return _named(text, dict(names))


def _named(text: str, names: dict[str, str]) -> str:
    def named(label: re.Match) -> str:
        return (names or {}).get(str(int(label.group(1)) - 1)) or label.group(0)

    def owner(label: re.Match) -> str:
        name = (names or {}).get(str(int(label.group(1)) - 1))
        return f"{name}'s " if name else label.group(0)

    return CARD_OWNER.sub(owner, SEAT_LABEL.sub(named, text))


def _person(role: str, seat: object, names: dict[str, str], you: int | None) -> dict[str, str]:
    """A seat's forms in a sentence: its name, or "you" for the seat reading it."""
    if seat in (0, 1) and seat == you:
        return {role: "you", f"{role}_s": "your", f"{role}_own": "yours"}
    name = names.get(str(seat), "") if seat in (0, 1) else ""
    return {role: name, f"{role}_s": f"{name}'s", f"{role}_own": f"{name}'s"}


def why(outcome: dict, names: dict[str, str], you: int | None = None) -> str:
    """Why the match ended, as a clause with names; ``you``, the seat reading it (None for
    anyone else), reads "you" and "your" where its own name would stand."""
    reason = str(outcome.get("reason") or "")
    message = with_names(outcome.get("message") or "", names)
    winner = outcome.get("winner")
    table = DRAW_WHY if outcome.get("result") != "win" and reason in DRAW_WHY else WHY
    if reason in table:
        number = NUMBER.search(message)
        # Read from the engine's own sentence: a player's name may hold digits too.
        score = SCORE.search(str(outcome.get("message") or ""))
        loser = 1 - winner if winner in (0, 1) else None
        text = table[reason].format(
            **_person("winner", winner, names, you),
            **_person("loser", loser, names, you),
            n=number.group(1) if number else "0",
            score=f" ({score.group(1)} to {score.group(2)})" if score else "",
        )
        turn = TURN.search(message)
        return f"{text} on turn {turn.group(1)}" if turn else text
    # A sentence the platform wrote with names already (a resignation, a claimed
    # abandonment), or an engine's own sentence once it names players. The reader's name
    # as a subject reads "you": the first ("you resigned", "you left the match and ...") or
    # the second, after "and" (the claimer reading "Bo left the match and you claimed the
    # win", games/matches/services.py).
    text = (message or with_names(reason, names)).rstrip(".")
    own = names.get(str(you)) if you in (0, 1) else None
    if own and text.startswith(own + " "):
        text = "you" + text[len(own) :]
    elif own and f" and {own} " in text:
        text = text.replace(f" and {own} ", " and you ", 1)
    return text


def opening(text: str, names: dict[str, str]) -> str:
    """``text`` to open a sentence with: a capital first letter, unless it opens with a
    player's name, which stays as its player wrote it ("bo_42 resigned")."""
    if any(name and text.startswith(name) for name in names.values()):
        return text
    return text[:1].upper() + text[1:]


def describe(outcome: dict | None, names: dict[str, str], seat: int | None, status: str) -> Words:
    """The words for a match that is over; for one still going, its state."""
    words = _words(outcome, names, seat, status)
    return replace(words, why_opening=opening(words.why, names))


def _words(outcome: dict | None, names: dict[str, str], seat: int | None, status: str) -> Words:
    if status == "waiting":
        return Words("Waiting", "Waiting for an opponent", "")
    if status == "active" or not outcome:
        return Words("In play", "In play", "")
    reason = why(outcome, names, seat)
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
