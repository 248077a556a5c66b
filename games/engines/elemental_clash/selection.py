"""Card selection: which hand cards a seat may choose (S2, ECR-7) and the S3 auto-select."""

from functools import cache

from games.engines.core import rng

from .cards import cost, is_miner, is_wall
from .constants import SUBTYPES


def unplayable_reason(player: dict, card: dict) -> str:
    """Why ``card`` cannot be selected by hand now, or "" when it can (ECR-7, validateSelection)."""
    if cost(card) > player["energy"]:
        return f"Costs {cost(card)} energy; you have {player['energy']}."
    if is_wall(card) and player["wall"] is not None:
        return "You already have a wall standing (one wall at a time)."
    if is_miner(card) and player["miner"] is not None:
        return "You already have a miner (one miner at a time)."
    return ""


@cache
def _subtypes_playable_with(energy: int, has_wall: bool, has_miner: bool) -> frozenset[str]:
    """The subtypes ``unplayable_reason`` lets a player with this energy, wall and miner play:
    all it reads of a card is its subtype (cost, wall, miner), so the answer for a whole hand
    is asked once per (energy, wall, miner) rather than four calls per card and move."""
    player = {
        "energy": energy,
        "wall": {} if has_wall else None,
        "miner": {} if has_miner else None,
    }
    return frozenset(st for st in SUBTYPES if not unplayable_reason(player, {"subtype": st}))


def playable_subtypes(player: dict) -> frozenset[str]:
    """The subtypes of the cards ``player`` may select now (ECR-7)."""
    return _subtypes_playable_with(
        player["energy"], player["wall"] is not None, player["miner"] is not None
    )


def is_playable(player: dict, card: dict) -> bool:
    """``not unplayable_reason(player, card)``, from the same look-up as ``playable_cards``."""
    return card["subtype"] in playable_subtypes(player)


def playable_cards(player: dict) -> list[dict]:
    playable = playable_subtypes(player)
    return [c for c in player["hand"] if c["subtype"] in playable]


def auto_select(state: dict, seat: int) -> str:
    """S3 / EC1: the card chosen for a seat that made no selection in time.

    A random fully playable card; if none, a random affordable one (a wall or miner that
    will be wasted, EC3/EC4); if nothing is affordable, the cheapest card, which fails
    VALIDATION and stays in hand (EC5). Never empty while the hand has a card (ECD-1).
    """
    player = state["players"][seat]
    pool = playable_cards(player) or [c for c in player["hand"] if cost(c) <= player["energy"]]
    r = rng(state["seed"], "autoselect", state["turn"], seat)
    if pool:
        return r.choice(pool)["id"]
    cheapest = min(cost(c) for c in player["hand"])
    return r.choice([c for c in player["hand"] if cost(c) == cheapest])["id"]


def must_select(player: dict) -> bool:
    """ECR-6: a seat with an empty hand makes no selection this turn."""
    return bool(player["hand"])
