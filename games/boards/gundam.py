"""Gundam's board as parts (templates/games/gundam/board.html): the header, then either the
deck choice or the two sides (stats, shields and base, units, trash: four parts a side, in
view.order) with the action bar's attack, targets, controls and the viewer's hand; and the
log.

Every part tag stands once in the template: a side's four are the same tags for both
sides, bound to each side by the ``{% for %}``, so no place needs ``nth``.
"""

from __future__ import annotations

from django.utils.safestring import mark_safe

from games.boards.layout import Layout, Place
from games.templatetags.duelhall import at_least, by, get_item


def layout(context: dict) -> Layout:
    view = context["view"]
    match = context["match"]
    seat = context["seat"]
    stage = view["stage"]
    names = match.get("names")
    code = match.get("code")

    places = [Place("gd-head")]
    if stage == "choose_deck":
        places += [Place("gd-choose"), Place("gd-log")]
        # Outside its parts a deck choice shows the match's code and the stage (data-stage).
        return Layout(skeleton=(code, stage), places=tuple(places))

    actions = context["actions"]
    # {% with by_type=actions|by:"type" by_mode=actions|by:"mode" %}
    by_type = by(actions, "type")
    by_mode = by(actions, "mode")
    pending = view["pending"]
    attacking = get_item(pending, "attackers")
    # Bound around the sides' parts; what differs from side to side is added per side.
    around_sides = {
        "by_type": by_type,
        "by_mode": by_mode,
        "bases": get_item(by_mode, "base"),
        "attacks": get_item(by_mode, "attack"),
        "supports": get_item(by_mode, "support"),
        "toggles": get_item(by_type, "toggle_attacker"),
        "attacking": attacking,
    }
    sides = []  # what each side's heading shows: its seat, whether it is the viewer's, a name
    for s in view["order"]:
        # {% for s in view.order %}{% with side=view.players|get_item:s %}
        bound = {**around_sides, "s": s, "side": get_item(view["players"], s)}
        places += [
            Place("gd-stats", bound),
            Place("gd-shields", bound),
            Place("gd-battle", bound),
            Place("gd-trash", bound),
        ]
        sides.append((s, s == seat, get_item(names, s)))

    # The action bar: {% with %} around each of its parts binds the actions it shows.
    # ``|default:""``: a string literal in a template is safe, and a digest tells a
    # SafeString from a str.
    discarding = get_item(pending, "cards") or mark_safe("")
    places += [
        Place(
            "gd-attack",
            {
                "by_type": by_type,
                "by_mode": by_mode,
                "blocks": get_item(by_type, "block"),
                "passes": get_item(by_type, "pass_block"),
            },
        ),
        Place(
            "gd-targets",
            {
                "by_type": by_type,
                "by_mode": by_mode,
                "pending": pending,
                "targets": get_item(by_type, "target"),
                "cancels": get_item(by_type, "cancel"),
            },
        ),
        Place(
            "gd-controls",
            {
                "by_type": by_type,
                "by_mode": by_mode,
                "offered": at_least(actions, 1),
                "plays": get_item(by_type, "play_resource"),
                "skips": get_item(by_type, "skip_resource"),
                "end_mains": get_item(by_type, "end_main"),
                "end_turns": get_item(by_type, "end_turn"),
                "discarding": discarding,
                "over_limit": view["over_limit"],
            },
        ),
    ]
    if seat is not None:
        places.append(
            Place("gd-hand", {"by_type": by_type, "by_mode": by_mode, "discarding": discarding})
        )
    places.append(Place("gd-log"))
    # Outside its parts the board shows the match's code, the stage (data-stage), each
    # side's seat, whether it is the viewer's ("gd-me", "(you)") and its player's name, and
    # whether there is a hand (a seated viewer).
    return Layout(skeleton=(code, stage, tuple(sides), seat is not None), places=tuple(places))
