"""Cards, suits, ranks and the named enums of Phalanx (ruleset 0.2.0-draft).

A card instance id names its owner, rank and suit: ``PX0-QS`` is seat 0's Queen of Spades,
``PX1-10H`` seat 1's Ten of Hearts. Each seat owns one standard 52-card deck (PHX-CARDS-001),
so the id is unique in a match, and the ``PX<seat>-`` prefix lets leak tests search rendered
pages for hidden cards without false positives.
"""

from __future__ import annotations

from enum import StrEnum

RULESET = "0.2.0-draft"

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = frozenset({"H", "D"})

# PHX-CARDS-002: Ace 1, pips at face value, Jack/Queen/King 11.
RANK_VALUES = {rank: (1 if rank == "A" else 11 if rank in "JQK" else int(rank)) for rank in RANKS}

ROWS = 2  # row 0 is the front (facing the opponent), row 1 the back
COLUMNS = 4
FRONT, BACK = 0, 1
STARTING_LP = 20  # PHX-LP-001
OPENING_HAND = 12  # PHX-DEPLOY-001: draw 12, deploy 8, keep 4
HAND_SIZE = 4  # PHX-REINFORCE-004 / PHX-RESOURCES-001
DEPLOYED_PER_SEAT = ROWS * COLUMNS
NO_PROGRESS_LIMIT = 40  # PXR-11


class Phase(StrEnum):
    """The named phases of a match."""

    DEPLOY = "deploy"
    COMBAT = "combat"
    REINFORCE = "reinforce"
    OVER = "over"


class DamageMode(StrEnum):
    """PHX-DAMAGE-001: whether card damage persists between attacks."""

    CUMULATIVE = "cumulative"
    PER_TURN = "per-turn"


class Target(StrEnum):
    """What one combat-log step hits (PHX-COMBATLOG-001)."""

    FRONT_CARD = "frontCard"
    BACK_CARD = "backCard"
    PLAYER_LP = "playerLp"


class Bonus(StrEnum):
    """The closed enum of combat bonuses (PHX-COMBATLOG-002)."""

    ACE_INVULNERABLE = "aceInvulnerable"
    ACE_VS_ACE = "aceVsAce"
    DIAMOND_DOUBLE_DEFENSE = "diamondDoubleDefense"
    CLUB_DOUBLE_OVERFLOW = "clubDoubleOverflow"
    SPADE_DOUBLE_LP = "spadeDoubleLp"
    HEART_HALVE_LP = "heartHalveLp"


class Reason(StrEnum):
    """Why a match ended."""

    LP_DEPLETED = "lp_depleted"
    CARDS_DEPLETED = "cards_depleted"
    FORFEIT = "forfeit"
    NO_PROGRESS = "no_progress"
    ABANDONED = "abandoned"  # PXC-3: three timeouts in a row


class ActionType(StrEnum):
    """Every action a seat can send."""

    DEPLOY = "deploy"
    ATTACK = "attack"
    PASS = "pass"
    REINFORCE = "reinforce"
    FORFEIT = "forfeit"


def card_id(seat: int, rank: str, suit: str) -> str:
    """The instance id of ``seat``'s card, e.g. ``card_id(0, "Q", "S") == "PX0-QS"``."""
    return f"PX{seat}-{rank}{suit}"


def deck(seat: int) -> list[str]:
    """A standard 52-card deck for ``seat`` in a fixed (unshuffled) order."""
    return [card_id(seat, rank, suit) for suit in SUITS for rank in RANKS]


def owner(cid: str) -> int:
    """The seat that owns card ``cid``."""
    return int(cid[2])


def rank_of(cid: str) -> str:
    return cid[4:-1]


def suit_of(cid: str) -> str:
    return cid[-1]


def value_of(cid: str) -> int:
    """Attack value and base HP of a card (PHX-CARDS-002)."""
    return RANK_VALUES[rank_of(cid)]


def is_ace(cid: str) -> bool:
    return rank_of(cid) == "A"


def short_name(cid: str) -> str:
    """A person's name for a card: ``Q♠``, ``10♥``."""
    return f"{rank_of(cid)}{SUIT_SYMBOLS[suit_of(cid)]}"


def card_ref(cid: str) -> dict:
    """The structured ``{suit, rank}`` reference the combat log uses, plus the instance id."""
    return {"id": cid, "suit": cid[-1], "rank": cid[4:-1]}  # suit_of and rank_of, inlined


def sort_key(cid: str) -> tuple[int, int]:
    """Display order: by rank (A, 2 .. 10, J, Q, K), then suit (♠ ♥ ♦ ♣)."""
    key = _SORT_KEYS.get(cid)
    return key if key is not None else (RANKS.index(rank_of(cid)), SUITS.index(suit_of(cid)))


# Every seat's card, ordered once: hands are sorted for every list of legal actions.
_SORT_KEYS = {
    card_id(seat, rank, suit): (RANKS.index(rank), SUITS.index(suit))
    for seat in (0, 1)
    for rank in RANKS
    for suit in SUITS
}


def is_card_id(value: object) -> bool:
    """Whether ``value`` is a well-formed card instance id of either seat."""
    if not isinstance(value, str) or len(value) < 6 or not value.startswith("PX"):
        return False
    if value[2] not in "01" or value[3] != "-":
        return False
    return rank_of(value) in RANKS and suit_of(value) in SUITS
