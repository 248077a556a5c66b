"""Phalanx's board as parts (templates/games/phalanx/board.html): the header, the opponent's
zone, the midline, the viewer's zone, the controls, and in the side log the count, the newest
attacks, the older ones and each seat's discard pile.

Each ``{% if %}`` below is the template's, in its order; ``nth`` says which of a name's tags
stands in that branch (a zone has six: two for the top, four for the bottom). The branches
hold nothing but the part, so which of them is taken never shows outside the parts.
"""

from __future__ import annotations

from games.boards.layout import Layout, Place
from games.templatetags.duelhall import by, full_groups, get_item, last_group, pick

# The side log's groups: ``full_groups:10`` and ``last_group:10`` in the template.
LOG_GROUP = 10


def layout(context: dict) -> Layout:
    view = context["view"]
    actions = context["actions"]
    phase = view["phase"]
    reinforcing = get_item(view["reinforce"], "seat")

    top = view["top"]
    # {% with p=view.top attacks=None %}: the top zone's reinforce is bound only while that
    # seat reinforces (nth 0), else set to None by the include (nth 1).
    if reinforcing == top["seat"]:
        top_zone = Place("phx-zone", {"p": top, "attacks": None, "reinforce": view["reinforce"]})
    else:
        top_zone = Place("phx-zone", {"p": top, "attacks": None}, nth=1)

    bottom = view["bottom"]
    if reinforcing == bottom["seat"]:
        bound = {"p": bottom, "reinforce": view["reinforce"], "attacks": None}
        bottom_zone = Place("phx-zone", bound, nth=2)
    elif phase == "deploy" and actions and view["active"] == bottom["seat"]:
        bound = {"p": bottom, "deploy": view["deploy_slot"], "attacks": None}
        bottom_zone = Place("phx-zone", bound, nth=3)
    elif phase == "combat" and actions:
        bottom_zone = Place("phx-zone", {"p": bottom, "attacks": by(actions, "column")}, nth=4)
    else:
        bottom_zone = Place("phx-zone", {"p": bottom, "attacks": None}, nth=5)

    places = [
        Place("phx-head"),
        top_zone,
        Place("phx-midline", nth=0 if phase == "deploy" else 1),
        bottom_zone,
    ]
    if actions:
        places.append(Place("phx-controls"))
    elif not view["over"] and context["seat"] is not None:
        places.append(Place("phx-controls", nth=1))

    # {% with n=... log_match=... older=... newer=... %} around the log's three parts
    log = view["combat_log"]
    log_names = {
        "n": len(log),
        "log_match": pick(context["match"], "code slug names"),
        "older": full_groups(log, LOG_GROUP),
        "newer": last_group(log, LOG_GROUP),
    }
    places += [
        Place("phx-log-count", log_names),
        Place("phx-log-newer", log_names),
        Place("phx-log-older", log_names),
    ]
    # {% for p in view.players %}{% with pile=p.discard %}
    places += [Place("phx-discard", {"p": p, "pile": p["discard"]}) for p in view["players"]]
    # Outside its parts the board shows only the match's code (the section's id) and
    # constants: the stylesheet link and the log's drawer button.
    return Layout(skeleton=(context["match"].get("code"),), places=tuple(places))
