"""Elemental Clash's board as parts (templates/games/elemental-clash/board.html, _sides.html):
the header, the result, the two sides with the last reveal and this turn's energy between
them, the draft offer or the hand and the lock-in bar, and the turn log."""

from __future__ import annotations

from games.boards.layout import Layout, Place
from games.templatetags.duelhall import get_item


def layout(context: dict) -> Layout:
    view = context["view"]
    me = view.get("me")
    # {% with top=view.opp bottom=view.me %}, or seat 2 over seat 1 for a spectator
    if me:
        top, bottom = view.get("opp"), me
    else:
        top, bottom = view["seats"][1], view["seats"][0]
    sides = {"top": top, "bottom": bottom}
    picked = get_item(view.get("draft"), "picked")

    def side(s: dict, nth: int) -> Place:  # _sides.html's tags: the top side's, the bottom's
        bound = {**sides, "s": s, "picked": get_item(picked, s.get("seat"))}
        return Place("ec-side", bound, nth)

    stage = view.get("stage")
    places = [Place("ec-head")]
    if view.get("outcome"):
        places.append(Place("ec-outcome"))
    places.append(side(top, 0))
    if view.get("last_reveal"):
        places.append(Place("ec-reveal", sides))
    if view.get("energy_phase"):
        places.append(Place("ec-energy", sides))
    places.append(side(bottom, 1))
    if stage == "draft":
        places.append(Place("ec-draft"))
    if stage == "battle" and me:
        places += [Place("ec-hand"), Place("ec-actions")]
    # Two tags fill the log's place: the turns, or a line saying where they will appear.
    places.append(Place("ec-log", nth=0 if view.get("log") else 1))
    # Outside its parts the board shows the stage (data-stage) and constants; the branch
    # for a player and the one for a spectator differ in their white space.
    return Layout(skeleton=(stage, bool(me)), places=tuple(places))
