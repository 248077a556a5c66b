"""Where the ShapeShips board puts each offered move, and what its button says.

The board lists exactly the page's ``actions`` (games/engines/README.md, "Boards"); these
filters only sort them into the rows that show them: the catalogue rows with a draw on offer
(first, in the order the moves are offered) and the rest, a catalogue row's draws, a Solar
Power's casts, a Simulacrum's copies grouped by the ship they copy (a Quantum Mystic's six
numbers are one group).
"""

from __future__ import annotations

from django import template

from games.engines.shapeships.ships import SHIPS, siphon_value

register = template.Library()


@register.filter
def ship_moves(actions, code: str) -> list[dict]:
    """The draws and upgrades into ship ``code`` on offer."""
    return [
        a
        for a in actions or []
        if a["action"]["type"] in ("build", "upgrade") and a["action"].get("ship") == code
    ]


@register.filter
def addable(catalogue) -> list[dict]:
    """Catalogue rows with a draw or upgrade on offer now (``view.me.catalogue``)."""
    return [c for c in catalogue or [] if c["affordable"]]


@register.filter
def not_addable(catalogue) -> list[dict]:
    """The other rows, folded away below the submission."""
    return [c for c in catalogue or [] if not c["affordable"]]


@register.filter
def casts_of(actions, power: str) -> list[dict]:
    """The casts of Solar Power ``power`` on offer."""
    return [
        a
        for a in actions or []
        if a["action"]["type"] == "solar" and a["action"].get("power") == power
    ]


@register.filter
def by_target(moves) -> list[dict]:
    """Moves grouped by the ship they name, in the order offered: ``[{"name", "moves"}]``."""
    groups: dict[str, dict] = {}
    for move in moves or []:
        code = move["action"].get("target", "")
        name = SHIPS[code].name if code in SHIPS else ""
        groups.setdefault(code, {"name": name, "moves": []})["moves"].append(move)
    return list(groups.values())


@register.filter
def cast_label(move) -> str:
    """A cast's button text: the engine's words, and what a Siphon of that X does."""
    action = move["action"]
    if action.get("power") == "SSIP" and "x" in action:
        return f"{move['label']}: deal and heal {siphon_value(action['x'])}"
    return move["label"]
