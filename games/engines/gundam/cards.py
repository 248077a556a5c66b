"""The OG01 card pool as data: one definition per card number.

Every card is a plain dict (JSON-friendly) with these keys:

- ``no`` card number (``OG01-001``), ``name``, ``colour`` (``blue``/``red``/``""`` for
  resources), ``trait`` (``Coalition``/``Vanguard``), ``type`` (``unit``, ``pilot``,
  ``command``, ``base``, ``resource``), ``level``, ``cost``;
- units: ``ap``, ``hp``, ``keywords`` (``{"repair": 1, "first_strike": 1, ...}``; copies
  add up for Repair/Breach/Support), ``link`` (a pilot name or ``None``);
- pilots: ``ap``/``hp`` are the bonuses given to the paired unit;
- commands: ``timing`` (``["main"]`` or ``["main", "action"]``) and ``effect``;
- bases: ``ap``, ``hp`` and ``ability`` (an 【Activate･Main】 effect paid by resting the base);
- ``text``: the rules text a player reads.

Effects come from the closed vocabulary of the rulings (section 2.3): ``heal``, ``damage``,
``draw``, ``ap_this_turn`` and ``rest``; see ``EFFECT_OPS``.
"""

from __future__ import annotations

from typing import Any

UNIT = "unit"
PILOT = "pilot"
COMMAND = "command"
BASE = "base"
RESOURCE = "resource"

# The closed effect vocabulary: op -> which side its single target is on (None: no target).
EFFECT_OPS: dict[str, str | None] = {
    "heal": "friendly_unit",
    "damage": "enemy_unit",
    "draw": None,
    "ap_this_turn": "friendly_unit",
    "rest": "enemy_unit",
}

KEYWORD_NAMES = {
    "repair": "Repair",
    "breach": "Breach",
    "support": "Support",
    "first_strike": "First Strike",
    "blocker": "Blocker",
    "high_maneuver": "High-Maneuver",
}
# Keywords with a number (copies add up); the others are flags.
NUMBERED_KEYWORDS = ("repair", "breach", "support")


def _unit(no, name, colour, level, cost, ap, hp, keywords=None, link=None):
    return {
        "no": no,
        "name": name,
        "colour": colour,
        "trait": TRAITS[colour],
        "type": UNIT,
        "level": level,
        "cost": cost,
        "ap": ap,
        "hp": hp,
        "keywords": dict(keywords or {}),
        "link": link,
    }


def _pilot(no, name, colour, level, cost, ap, hp):
    return {
        "no": no,
        "name": name,
        "colour": colour,
        "trait": TRAITS[colour],
        "type": PILOT,
        "level": level,
        "cost": cost,
        "ap": ap,
        "hp": hp,
        "keywords": {},
    }


def _command(no, name, colour, level, cost, timing, effect):
    return {
        "no": no,
        "name": name,
        "colour": colour,
        "trait": TRAITS[colour],
        "type": COMMAND,
        "level": level,
        "cost": cost,
        "timing": list(timing),
        "effect": dict(effect),
        "keywords": {},
    }


def _base(no, name, colour, level, cost, hp, ability):
    return {
        "no": no,
        "name": name,
        "colour": colour,
        "trait": TRAITS[colour],
        "type": BASE,
        "level": level,
        "cost": cost,
        "ap": 0,
        "hp": hp,
        "ability": dict(ability),
        "keywords": {},
    }


TRAITS = {"blue": "Coalition", "red": "Vanguard", "": ""}

_CARDS: list[dict[str, Any]] = [
    # Blue: Coalition (durable; Repair, Support, card draw)
    _unit("OG01-001", "Sentry Frame SF-1", "blue", 1, 1, 1, 3),
    _unit("OG01-002", "Rampart Walker", "blue", 2, 1, 2, 3),
    _unit("OG01-003", "Harbor Guard HG-3", "blue", 2, 2, 2, 4, {"repair": 1}),
    _unit("OG01-004", "Gullwing Scout", "blue", 2, 2, 3, 3),
    _unit("OG01-005", "Longbow Artillery", "blue", 3, 2, 3, 3, {"support": 2}),
    _unit("OG01-006", "Tidewarden", "blue", 3, 3, 3, 5, {"repair": 1}, "Ren Takamura"),
    _unit("OG01-007", "Bastion Heavy", "blue", 4, 3, 3, 6),
    _unit("OG01-008", "Azure Lancer", "blue", 5, 4, 5, 6, {"first_strike": 1}, "Ren Takamura"),
    _unit("OG01-009", "Sovereign Prototype", "blue", 6, 5, 5, 7, {"repair": 2}),
    _pilot("OG01-010", "Ren Takamura", "blue", 3, 1, 2, 1),
    _pilot("OG01-011", "Mira Osei", "blue", 2, 1, 1, 2),
    _command(
        "OG01-012",
        "Emergency Patch",
        "blue",
        2,
        1,
        ["main", "action"],
        {"op": "heal", "target": "friendly_unit", "n": 3},
    ),
    _command(
        "OG01-013",
        "Suppressing Volley",
        "blue",
        3,
        2,
        ["main"],
        {"op": "damage", "target": "enemy_unit", "n": 2},
    ),
    _command("OG01-014", "Fleet Logistics", "blue", 3, 2, ["main"], {"op": "draw", "n": 2}),
    _base(
        "OG01-015",
        "Harbor Station Nereid",
        "blue",
        3,
        2,
        4,
        {"op": "heal", "target": "friendly_unit", "n": 1},
    ),
    # Red: Vanguard (cheap attackers; First Strike, Breach)
    _unit("OG01-016", "Scout Raider SR-1", "red", 1, 1, 2, 3),
    _unit("OG01-017", "Raptor Skirmisher", "red", 2, 2, 2, 3, {"first_strike": 1}),
    _unit("OG01-018", "Crimson Hound", "red", 2, 1, 3, 3, {"breach": 1}),
    _unit("OG01-019", "Cinder Pike", "red", 2, 2, 2, 3, {"breach": 1}),
    _unit("OG01-020", "Breaker Assault", "red", 3, 2, 3, 5, {"breach": 1}),
    _unit("OG01-021", "Hellion Fang", "red", 4, 3, 4, 5, {"first_strike": 1}, "Kade Voss"),
    _unit("OG01-022", "Warhound Commander", "red", 4, 3, 3, 5, {"support": 1}),
    _unit("OG01-023", "Ravager Mk.II", "red", 5, 4, 5, 5, {"breach": 2}, "Kade Voss"),
    _unit("OG01-024", "Dreadnought Zenith", "red", 6, 5, 7, 6, {"first_strike": 1, "breach": 1}),
    _pilot("OG01-025", "Kade Voss", "red", 3, 1, 2, 1),
    _pilot("OG01-026", "Lio Brandt", "red", 2, 1, 1, 1),
    _command(
        "OG01-027",
        "Overload Strike",
        "red",
        2,
        1,
        ["main", "action"],
        {"op": "ap_this_turn", "target": "friendly_unit", "n": 2},
    ),
    _command(
        "OG01-028",
        "Precision Barrage",
        "red",
        4,
        3,
        ["main"],
        {"op": "damage", "target": "enemy_unit", "n": 3},
    ),
    _command(
        "OG01-029",
        "Scramble Orders",
        "red",
        3,
        1,
        ["main"],
        {"op": "rest", "target": "enemy_unit", "n": 4},
    ),
    _base(
        "OG01-030",
        "Forward Camp Kestrel",
        "red",
        2,
        1,
        3,
        {"op": "ap_this_turn", "target": "friendly_unit", "n": 1},
    ),
    # v1.1 additions that need blocking.
    _unit("OG01-031", "Bulwark Sentinel", "blue", 3, 2, 2, 4, {"blocker": 1}),
    _unit("OG01-032", "Phantom Wing", "red", 4, 3, 3, 4, {"high_maneuver": 1}),
    # The only resource card.
    {
        "no": "OG01-R01",
        "name": "Reactor Cell",
        "colour": "",
        "trait": "",
        "type": RESOURCE,
        "level": 0,
        "cost": 0,
        "keywords": {},
    },
]


def _effect_text(effect: dict[str, Any]) -> str:
    n = effect.get("n", 0)
    op = effect["op"]
    if op == "heal":
        return f"1 friendly Unit recovers {n} HP."
    if op == "damage":
        return f"Deal {n} damage to 1 enemy Unit."
    if op == "draw":
        return f"Draw {n}."
    if op == "ap_this_turn":
        return f"1 friendly Unit gets AP+{n} this turn."
    if op == "rest":
        return f"Rest 1 active enemy Unit with {n} or less HP."
    raise ValueError(op)


def card_text(card: dict[str, Any]) -> str:
    """The rules text a player reads, built from the card's data (never stored twice)."""
    kind = card["type"]
    if kind == UNIT:
        parts = []
        for key, label in KEYWORD_NAMES.items():
            if key in card["keywords"]:
                parts.append(
                    f"<{label} {card['keywords'][key]}>"
                    if key in NUMBERED_KEYWORDS
                    else f"<{label}>"
                )
        if card.get("link"):
            parts.append(f"Link: {card['link']}")
        return " ".join(parts) or "No abilities."
    if kind == PILOT:
        return f"Paired Unit gets AP+{card['ap']} and HP+{card['hp']}."
    if kind == COMMAND:
        # Timing keywords in plain brackets: the seed's 【】 marks show as empty boxes where
        # a player's font lacks them.
        timing = "/".join("[Main]" if t == "main" else "[Action]" for t in card["timing"])
        return f"{timing} {_effect_text(card['effect'])}"
    if kind == BASE:
        return f"[Activate: Main] Rest this Base: {_effect_text(card['ability'])}"
    return "Resource: put into your resource area from the resource deck."


for _card in _CARDS:
    _card["text"] = card_text(_card)

#: Every card by number. Browsable by the deck builder; never mutate it.
CARD_POOL: dict[str, dict[str, Any]] = {card["no"]: card for card in _CARDS}

#: The rules' tokens (not deck cards): EX Base (0 AP / 3 HP) and EX Resource.
EX_BASE = {
    "no": "EX-BASE",
    "name": "EX Base",
    "colour": "",
    "trait": "",
    "type": BASE,
    "level": 0,
    "cost": 0,
    "ap": 0,
    "hp": 3,
    "ability": None,
    "keywords": {},
    "text": "Token. Absorbs attacks before your Shields; leaves the game when destroyed.",
}
EX_RESOURCE_NO = "EX-RES"


def card(no: str) -> dict[str, Any]:
    """The definition of card number ``no`` (tokens included); KeyError if unknown."""
    if no == EX_BASE["no"]:
        return EX_BASE
    return CARD_POOL[no]


def keyword(no: str, name: str) -> int:
    """The value of keyword ``name`` on card ``no`` (0 when absent)."""
    return int(card(no).get("keywords", {}).get(name, 0))


def _expand(counts: dict[str, int]) -> list[str]:
    out: list[str] = []
    for no, n in counts.items():
        out.extend([no] * n)
    return out


def _suffix(numbers: dict[int, int]) -> dict[str, int]:
    return {f"OG01-{k:03d}": v for k, v in numbers.items()}


#: The two ready-made decks, in the deck payload shape ``{"main": [50 nos], "resource": [10]}``.
STARTER_DECKS: dict[str, dict[str, list[str]]] = {
    "Coalition Bulwark": {
        "main": _expand(
            _suffix(
                {1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 3, 8: 2, 9: 1}
                | {10: 3, 11: 4, 12: 3, 13: 4, 14: 3, 15: 3}
            )
        ),
        "resource": ["OG01-R01"] * 10,
    },
    "Vanguard Rush": {
        "main": _expand(
            _suffix(
                {16: 4, 17: 4, 18: 4, 19: 4, 20: 4, 21: 4, 22: 3, 23: 2, 24: 1}
                | {25: 3, 26: 4, 27: 4, 28: 3, 29: 3, 30: 3}
            )
        ),
        "resource": ["OG01-R01"] * 10,
    },
}
