"""A heuristic bot that decides from its own view and the legal actions only.

- Deploy: strong cards and front-row Diamonds go to the front (they attack and hold the
  line); Hearts are kept for the back row, where they halve LP overflow (PHX-SUIT-002).
- Combat: simulate every attack with the public combat function and pick the best score
  (a win first, then LP damage and destroyed card value); always attack rather than pass,
  since an attack never harms the attacker. Never forfeits.
- Reinforce: the weakest card in hand that fills the slot; a Heart is preferred for a back
  slot and a Diamond for a front slot when they are as weak as the alternatives.
The bot is deterministic: ties break on the order of ``legal_actions``.
"""

from __future__ import annotations

from .cards import ActionType, Phase, suit_of, value_of
from .combat import resolve_column


def _slot(view_slot: dict) -> dict | None:
    card = view_slot["card"]
    return None if card is None else {"id": card["id"], "hp": card["hp"]}


def attack_score(view: dict, seat: int, action: dict) -> tuple:
    """How good an attack looks from public information (higher is better)."""
    column = action["column"]
    enemy = view["players"][1 - seat]
    result = resolve_column(
        action["attacker"],
        _slot(enemy["front"][column]),
        _slot(enemy["back"][column]),
        enemy["lp"],
    )
    wins = result["lpAfter"] == 0
    destroyed_value = sum(value_of(c) for c in result["destroyed"])
    damage_dealt = sum(s.get("damage", 0) for s in result["steps"][:-1])
    return (wins, result["totalLpDamage"] * 3 + destroyed_value * 2 + damage_dealt)


def _deploy_score(card: str, front: bool) -> float:
    value = value_of(card)
    suit = suit_of(card)
    if front:
        return value + (value if suit == "D" else 0) * 0.5 + (1 if suit in "SC" else 0)
    return value + (4 if suit == "H" else 0) - (2 if suit == "D" else 0)


def choose(view: dict, seat: int, legal: list[dict], level: int = 1) -> dict:
    """Pick one of ``legal`` for ``seat`` using only ``view`` (the seat's own view)."""
    if not legal:
        raise ValueError("the bot was asked to act with no legal action")
    playable = [a for a in legal if a["type"] != ActionType.FORFEIT] or legal
    if level <= 0:
        return playable[0]
    phase = view["phase"]
    if phase == Phase.DEPLOY:
        front = view["deploy_slot"]["row"] == 0
        return max(playable, key=lambda a: _deploy_score(a["card"], front))
    if phase == Phase.REINFORCE:
        column = view["reinforce"]["column"]
        me = view["players"][seat]
        to_front = me["front"][column]["card"] is None

        def weakness(action: dict) -> tuple:
            card = action["card"]
            fits = suit_of(card) == ("D" if to_front else "H")
            return (value_of(card) - (1 if fits else 0), value_of(card))

        return min(playable, key=weakness)
    attacks = [a for a in playable if a["type"] == ActionType.ATTACK]
    if attacks:
        return max(attacks, key=lambda a: attack_score(view, seat, a))
    return playable[0]
