"""The six-round hidden simultaneous draft (D1-D5 of section 4, ECR-9).

Each seat gets its own four options per round from the seeded generator:
rounds 1-4 offer the round's subtype in 4 different elements, round 5 the 4 miner types,
round 6 four cards of four different subtypes drawn from all eight. A pick is final; the
round ends when both seats have picked (or on timeout, which picks at random for any seat
still deciding and marks it AUTO-SELECTED).
"""

from functools import cache

from games.engines.core import rng

from .cards import card_id, make_card, option_id
from .constants import (
    DRAFT_CATEGORIES,
    DRAFT_ROUNDS,
    DRAFT_TIMER_LONG,
    DRAFT_TIMER_SHORT,
    ELEMENTS,
    MINERS,
    OPTIONS_PER_ROUND,
    SUBTYPES,
    DraftCategory,
)


def category(draft_round: int) -> str:
    """D2-draft: the category of a round (1-based)."""
    return DRAFT_CATEGORIES[draft_round - 1]


def time_limit(draft_round: int) -> int:
    """D4-draft: 12 s for rounds 1-4, 15 s for rounds 5-6."""
    return DRAFT_TIMER_SHORT if draft_round <= 4 else DRAFT_TIMER_LONG


def options_for(seed: str, seat: int, draft_round: int) -> list[dict]:
    """The 4 options of ``seat`` in ``draft_round`` (ECR-9), deterministic in the seed."""
    r = rng(seed, "draft", draft_round, seat)
    cat = category(draft_round)
    if cat == DraftCategory.MINER:
        subtypes = list(MINERS)
        r.shuffle(subtypes)
        elements = [r.choice(ELEMENTS) for _ in subtypes]
    elif cat == DraftCategory.WILDCARD:
        subtypes = r.sample(SUBTYPES, OPTIONS_PER_ROUND)
        elements = [r.choice(ELEMENTS) for _ in subtypes]
    else:
        subtypes = [cat] * OPTIONS_PER_ROUND
        elements = r.sample(ELEMENTS, OPTIONS_PER_ROUND)
    ids = _option_ids(seat, draft_round)
    return [make_card(cid, st, el) for cid, st, el in zip(ids, subtypes, elements, strict=True)]


@cache
def _option_ids(seat: int, draft_round: int) -> tuple[str, ...]:
    """The ids of a seat's options in a round: the same in every match, formatted once."""
    return tuple(option_id(seat, draft_round, i + 1) for i in range(OPTIONS_PER_ROUND))


def deal_options(state: dict) -> None:
    d = state["draft"]
    d["options"] = [options_for(state["seed"], seat, d["round"]) for seat in (0, 1)]
    d["picks"] = [None, None]


def record_pick(state: dict, seat: int, option: str, auto: bool) -> None:
    """Store seat's hidden pick for this round and add the card to its drafted cards."""
    d = state["draft"]
    chosen = next(o for o in d["options"][seat] if o["id"] == option)
    d["picks"][seat] = option
    player = state["players"][seat]
    card = make_card(card_id(seat, d["round"]), chosen["subtype"], chosen["element"])
    card["auto"] = auto
    player["drafted"].append(card)
    if auto:
        d["auto"][seat].append(d["round"])


def auto_pick(state: dict, seat: int) -> str:
    """D5-draft: a random option of the seat's four, from the seeded generator."""
    d = state["draft"]
    return rng(state["seed"], "autopick", d["round"], seat).choice(d["options"][seat])["id"]


def round_complete(state: dict) -> bool:
    return None not in state["draft"]["picks"]


def advance_round(state: dict) -> bool:
    """Move to the next round; True when the draft is over (D1-draft: exactly 6 rounds)."""
    d = state["draft"]
    if d["round"] >= DRAFT_ROUNDS:
        d["options"] = [[], []]
        d["picks"] = [None, None]
        return True
    d["round"] += 1
    deal_options(state)
    return False
