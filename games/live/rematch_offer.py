"""What the game-over panel says about a finished match's rematch, for one viewer.

The panel is rendered from the finished match; its rematch (games/matches/services.py) is a
separate match whose state is read here on every render: finished matches are never kept in
memory (games/matches/committed.py), so an accept or a decline shows at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.models import Match


@dataclass(frozen=True)
class RematchOffer:
    """``state``: "mine" (I asked; waiting for them), "theirs" (offered to me), "on" (it
    started), "called_off" (declined, withdrawn or expired) or "none" (nobody asked)."""

    state: str
    code: str = ""
    asker: str = ""
    why: str = ""


NONE = RematchOffer("none")


def rematch_offer(match: Match, seat: int | None, hotseat: bool) -> RematchOffer:
    if match.status != Match.Status.FINISHED:
        return NONE
    offer = getattr(match, "rematch", None)
    if offer is None:
        return NONE
    if offer.status == Match.Status.ABORTED:
        why = (offer.outcome or {}).get("message") or "The rematch was called off."
        return RematchOffer("called_off", offer.code, why=why)
    if offer.status != Match.Status.WAITING or hotseat:
        return RematchOffer("on", offer.code)
    asker = next(iter(offer.seats.all()), None)
    if asker is None or seat is None:
        return NONE  # an offer is between the two players; spectators see it once it is on
    # The asker sits on the other side in the offer: seat s asked if they hold 1 - s there.
    asked_by_me = asker.index == 1 - seat
    return RematchOffer("mine" if asked_by_me else "theirs", offer.code, asker.display_name)
