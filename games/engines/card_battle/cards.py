"""Card Battle constants: the card table, deck types, target strategies, numbers of the game.

Everything here is plain data straight from the seed document (rule IDs ``CB-CARD-*``,
``CB-TYPE-*``, ``CB-STRAT-*``, ``CB-SETUP-*`` on docs/rules/card-battle.md). Mana costs are the
table's (1, 2, 4, 6, 10): the seed's "1-5 mana" phrase is stale (CBR-1).
"""

from __future__ import annotations

from enum import StrEnum

START_HP = 200  # CB-SETUP-02
FIELD_SLOTS = 5  # CB-SETUP-04
DECK_SIZE = 20  # CB-DECK-01
MAX_MANA = 10


def mana_for_turn(turn: int) -> int:
    """Mana of both players on ``turn`` (1-based): 4 on turn 1, +1 a turn, 10 from turn 7 (CBR-1)."""
    return min(MAX_MANA, 3 + turn)


# name -> base stats. Names are the deck format's card identifiers (case-sensitive).
CARD_TYPES: dict[str, dict[str, int]] = {
    "Goblin": {"hp": 15, "attack": 10, "speed": 20, "cost": 1},
    "Skeleton": {"hp": 25, "attack": 25, "speed": 10, "cost": 2},
    "Archer": {"hp": 45, "attack": 35, "speed": 25, "cost": 4},
    "Wizard": {"hp": 60, "attack": 50, "speed": 15, "cost": 6},
    "Knight": {"hp": 120, "attack": 50, "speed": 5, "cost": 10},
}
CARD_NAMES: list[str] = list(CARD_TYPES)


class DeckType(StrEnum):
    SPEEDY = "speedy"
    HARDY = "hardy"
    ANGRY = "angry"


class Strategy(StrEnum):
    TARGET_MANA = "target-mana"
    KILL_SHOT = "kill-shot"
    OPTIMIZE_DAMAGE = "optimize-damage"


# The permanent bonus each deck type gives every card drawn from the deck (CB-TYPE-*), with the
# badge colour the seed names ("colour" is the seed's word, "hex" what the board paints) and
# the name of its inline-SVG icon (games/templatetags/icons.py; never an emoji).
DECK_TYPES: dict[str, dict[str, str | int]] = {
    DeckType.SPEEDY: {
        "label": "Speedy",
        "icon": "bolt",
        "stat": "speed",
        "bonus": 20,
        "colour": "yellow",
        "hex": "#e0b000",
        "summary": "Every card drawn from this deck gets +20 speed: it attacks earlier.",
    },
    DeckType.HARDY: {
        "label": "Hardy",
        "icon": "shield",
        "stat": "hp",
        "bonus": 30,
        "colour": "blue",
        "hex": "#2f6fd6",
        "summary": "Every card drawn from this deck gets +30 HP: it lasts longer.",
    },
    DeckType.ANGRY: {
        "label": "Angry",
        "icon": "sword",
        "stat": "attack",
        "bonus": 20,
        "colour": "red",
        "hex": "#d23b3b",
        "summary": "Every card drawn from this deck gets +20 attack: it hits harder.",
    },
}

STRATEGIES: dict[str, dict[str, str]] = {
    Strategy.TARGET_MANA: {
        "label": "Target Mana",
        "icon": "target",
        "colour": "purple",
        "hex": "#7d3cc8",
        "summary": "Attacks the highest mana cost card.",
    },
    Strategy.KILL_SHOT: {
        "label": "Kill Shot",
        "icon": "skull",
        "colour": "red",
        "hex": "#d23b3b",
        "summary": "Kills the strongest card it can; otherwise hits the strongest card.",
    },
    Strategy.OPTIMIZE_DAMAGE: {
        "label": "Optimize Damage",
        "icon": "chart",
        "colour": "green",
        "hex": "#2e9d4f",
        "summary": "Hits the card whose HP is closest to its attack.",
    },
}


def card_stats(name: str, deck_type: str) -> dict[str, int | str | None]:
    """Stats of one card of ``name`` drawn from a deck of ``deck_type`` (bonus applied).
    The same dict for the same pair, computed once (a battle looks up about 50): read it,
    never change it."""
    stats = _STATS.get((name, deck_type))
    if stats is None:
        stats = _STATS[(name, deck_type)] = _card_stats(name, deck_type)
    return stats


_STATS: dict[tuple[str, str], dict[str, int | str | None]] = {}


def _card_stats(name: str, deck_type: str) -> dict[str, int | str | None]:
    base = CARD_TYPES[name]
    stats: dict[str, int | str | None] = {
        "hp": base["hp"],
        "attack": base["attack"],
        "speed": base["speed"],
        "cost": base["cost"],
    }
    bonus = DECK_TYPES[deck_type]
    stat = str(bonus["stat"])
    stats[stat] = int(stats[stat]) + int(bonus["bonus"])  # type: ignore[arg-type]
    stats["boosted"] = stat
    return stats
