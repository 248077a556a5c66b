"""Card values: a card is ``{"id", "subtype", "element"}``; everything else derives from them.

Ids are distinctive per seat so leak tests can search for them: ``EC0-c03`` is seat 0's card
drafted in round 3, ``EC1-r2o4`` is seat 1's fourth draft option of round 2. Revealed cards
and log lines carry names only, never ids, so a card that stays in hand after being revealed
(EC5) never exposes its id to the opponent.
"""

from functools import cache

from .constants import CARD_TYPE, COST, MINERS, SUBTYPE_LABEL, WALL

Card = dict


def card_id(seat: int, number: int) -> str:
    """The id of seat's ``number``-th drafted card (1-based)."""
    return f"EC{seat}-c{number:02d}"


def option_id(seat: int, draft_round: int, index: int) -> str:
    """The id of a draft option (``index`` 1-based)."""
    return f"EC{seat}-r{draft_round}o{index}"


def make_card(cid: str, subtype: str, element: str) -> Card:
    return {"id": cid, "subtype": str(subtype), "element": str(element)}


def cost(card: Card) -> int:
    """C3: fixed by subtype."""
    return COST[card["subtype"]]


def card_type(card: Card) -> str:
    return CARD_TYPE[card["subtype"]]


def is_miner(card: Card) -> bool:
    return card["subtype"] in MINERS


def is_wall(card: Card) -> bool:
    return card["subtype"] == WALL


def name(card: Card) -> str:
    """``Fire Wall``, ``Ice Projectile Miner``: the element is only a label (C1)."""
    return _name(card["element"], card["subtype"])


@cache
def _name(element: str, subtype: str) -> str:
    # Formatted once per kind of card (at most 6 elements x 8 subtypes): a battle turn's log
    # names each revealed card three or four times.
    return f"{element.capitalize()} {SUBTYPE_LABEL[subtype]}"


def with_article(card: Card) -> str:
    """``a Fire Wall``, ``an Ice Wall``: the article goes by the sound of the element."""
    label = name(card)
    return f"{'an' if label[0] in 'AEIOU' else 'a'} {label}"


def public(card: Card) -> dict:
    """What anyone may see of a revealed card: no id."""
    return {
        "name": name(card),
        "subtype": card["subtype"],
        "element": card["element"],
        "type": card_type(card),
        "cost": cost(card),
    }
