"""Card selection: which hand cards a seat may choose (S2, ECR-7) and the S3 auto-select."""

from games.engines.core import rng

from .cards import cost, is_miner, is_wall


def unplayable_reason(player: dict, card: dict) -> str:
    """Why ``card`` cannot be selected by hand now, or "" when it can (ECR-7, validateSelection)."""
    if cost(card) > player["energy"]:
        return f"Costs {cost(card)} energy; you have {player['energy']}."
    if is_wall(card) and player["wall"] is not None:
        return "You already have a wall standing (one wall at a time)."
    if is_miner(card) and player["miner"] is not None:
        return "You already have a miner (one miner at a time)."
    return ""


def playable_cards(player: dict) -> list[dict]:
    return [c for c in player["hand"] if not unplayable_reason(player, c)]


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
