"""Builders for Elemental Clash test states: finish a draft, then set a concrete board."""

from games.engines.core import clone
from games.engines.elemental_clash import ENGINE
from games.engines.elemental_clash.cards import card_id, make_card

SEED = "ec-test-seed-7f3a"


def drafted(seed: str = SEED, config: dict | None = None) -> dict:
    """A state just after both seats picked their first option in every round."""
    state = ENGINE.setup(config or {}, seed)
    while state["stage"] == "draft":
        for seat in (0, 1):
            state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    return state


def card(seat: int, n: int, subtype: str, element: str = "fire") -> dict:
    return make_card(card_id(seat, n), subtype, element)


def battle(
    hands: tuple[list[str], list[str]],
    decks: tuple[list[str], list[str]] = ([], []),
    energy: tuple[int, int] = (5, 5),
    hp: tuple[int, int] = (20, 20),
    turn: int = 1,
    seed: str = SEED,
    config: dict | None = None,
) -> dict:
    """A battle state at SELECTION of ``turn`` with hands/decks of the given subtypes.

    Seat s's cards are numbered in order: hand first, then deck (``EC{s}-c01``...).
    """
    state = clone(drafted(seed, config))
    state["turn"] = turn
    for seat in (0, 1):
        p = state["players"][seat]
        subtypes = list(hands[seat]) + list(decks[seat])
        cards = [card(seat, i + 1, st) for i, st in enumerate(subtypes)]
        p["hand"] = cards[: len(hands[seat])]
        p["deck"] = cards[len(hands[seat]) :]
        p["drafted"] = [dict(c) for c in cards]
        p["energy"] = energy[seat]
        p["hp"] = hp[seat]
    return state


def set_wall(state: dict, seat: int, hp: int, element: str = "earth") -> None:
    state["players"][seat]["wall"] = {"element": element, "hp": hp, "turn_placed": 1}


def set_miner(state: dict, seat: int, subtype: str, countdown: int | None = None) -> None:
    from games.engines.elemental_clash.constants import MINER_INTERVAL

    interval = MINER_INTERVAL[subtype]
    state["players"][seat]["miner"] = {
        "subtype": subtype,
        "element": "air",
        "countdown": interval if countdown is None else countdown,
        "interval": interval,
        "turn_placed": 1,
    }


def hand_id(state: dict, seat: int, subtype: str) -> str:
    return next(c["id"] for c in state["players"][seat]["hand"] if c["subtype"] == subtype)


def play(state: dict, sub0: str | None, sub1: str | None) -> dict:
    """Both seats select the first hand card of the given subtype and lock in.

    ``None`` for a seat means it does not act (its hand must be empty, or the caller then
    calls ``ENGINE.timeout``)."""
    for seat, sub in ((0, sub0), (1, sub1)):
        if sub is None:
            continue
        state, _ = ENGINE.apply(state, seat, {"type": "select", "card": hand_id(state, seat, sub)})
        state, _ = ENGINE.apply(state, seat, {"type": "lock"})
    return state


def phase(state: dict, name: str, turn: int | None = None) -> list[dict]:
    """The items of phase ``name`` in the log of ``turn`` (default: the last resolved turn)."""
    entry = state["log"][-1] if turn is None else next(t for t in state["log"] if t["turn"] == turn)
    return next(p["items"] for p in entry["phases"] if p["phase"] == name)


def attacks(state: dict, turn: int | None = None) -> list[dict]:
    return phase(state, "resolution", turn)
