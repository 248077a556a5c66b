"""ShapeShips' board as parts (templates/games/shapeships/board.html, _fleet.html): the
header, the dice, each fleet's head, stats and ships (opponent on top), the actions, this
turn's panel, the end-of-turn summary, and the side log.

Each ``{% if %}`` below is the template's, in its order. The branches hold nothing but the
part, so which of them is taken never shows outside the parts.
"""

from __future__ import annotations

from games.boards.layout import Layout, Place
from games.templatetags.duelhall import at_least, get_item, seats_of, then


def layout(context: dict) -> Layout:
    view = context["view"]
    match = context["match"]
    actions = context.get("actions")
    me = view.get("me")

    # {% with order=view.order|seats_of locked=view|get_item:"me"|get_item:"locked"
    #    several=actions|at_least:2 %} around every part but the log's
    main = {
        "order": seats_of(view.get("order")),
        "locked": get_item(me, "locked"),
        "several": at_least(actions, 2),
    }
    places = [Place("ss-head", main), Place("ss-dice", main)]
    # {% for p in view.order %}{% include "_fleet.html" with p=p top=forloop.first %}
    for index, p in enumerate(view.get("order") or ()):
        side = {**main, "p": p, "top": index == 0}
        places += [Place("ss-side-head", side), Place("ss-stats", side), Place("ss-fleet", side)]
    if actions:
        # {% with aim_version=view.me|get_item:"aim"|then:match.version hole_version=... %}
        version = match.get("version")
        bound = {
            **main,
            "aim_version": then(get_item(me, "aim"), version),
            "hole_version": then(get_item(me, "hole"), version),
        }
        places.append(Place("ss-actions", bound))
    if view.get("this_turn"):
        places.append(Place("ss-turn", main))
    if view.get("summary"):
        places.append(Place("ss-summary", main))
    places.append(Place("ss-log"))

    # Outside its parts the board shows the match's code (the section's id), and for each
    # fleet its seat, whether it is the viewer's and its player's name (the section's
    # attributes); the rest is constant (the stylesheet link, the log's drawer button).
    seat = context.get("seat")
    names = match.get("names")
    fleets = tuple(
        (p["seat"], p["seat"] == seat, get_item(names, p["seat"]) or "Player")
        for p in view.get("order") or ()
    )
    return Layout(skeleton=(match.get("code"), fleets), places=tuple(places))
