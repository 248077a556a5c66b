"""A socket's "Your turn" count, kept from the news each change of a match brings.

Every lobby and match socket shows its player how many matches wait for them. Counting
again from the database on every move of any of their matches cost each socket two queries
and a decoded state per move, in daphne, where every socket waits on the one interpreter
(bench/: `count` ~0.7 ms a call, two calls a move). A change now says, per player, whether
that match waits for them (games/matches/services.py ``_tell_turns``), and the socket keeps
the answer per match.

Invariant: per match, the news of the highest version wins. Two processes may commit a
match's consecutive versions (a worker a move, the sweeper a timeout) and their news may
arrive in either order; a socket's start (``standing``) is read after it joined its group,
so news older than what it read is ignored, and news it read already does no harm. The
news of one version is derived from that version's state, so news of the version already
known replaces it (a status change, such as a claim, that kept the version).
"""

from __future__ import annotations

from functools import lru_cache

from django.template.loader import render_to_string


class TurnTally:
    def __init__(self, standing: dict[int, tuple[int, bool]]) -> None:
        self._matches = dict(standing)  # match id -> (version, waits for this player)

    def note(self, match_id: int, version: int, waiting: bool) -> None:
        known = self._matches.get(match_id)
        if known is None or version >= known[0]:
            self._matches[match_id] = (version, waiting)

    def count(self) -> int:
        return sum(waiting for _, waiting in self._matches.values())


@lru_cache(maxsize=64)
def top_bar_count(count: int) -> str:
    """The top bar's "Your turn" link for ``count``: it depends on the number alone, and in
    a simultaneous game it changes with nearly every move, so each is rendered once."""
    return render_to_string("_your_turn.html", {"your_turn_count": count})
