"""Building Elemental Clash states.

State layout (plain JSON; lists indexed by seat):

- ``seed``, ``config`` (``{"untimed": bool}``), ``stage`` (Stage), ``turn`` (T4, from 1).
- ``draft``: ``round`` (1..6), ``options`` [seat] -> 4 cards, ``picks`` [seat] -> option id
  or None for this round, ``auto`` [seat] -> rounds decided by timeout (D5-draft).
- ``players`` [seat]: ``hp``, ``energy``, ``wall`` (None or {element, hp, turn_placed}),
  ``miner`` (None or {subtype, element, countdown, interval, turn_placed}), ``deflection``
  (None or {element, used} while a deflection card is active this turn, D3-defense),
  ``hand`` and ``deck`` (cards; the deck in draw order, hidden), ``drafted`` (own picks with
  an ``auto`` flag), ``selection`` (card id or None), ``locked``, ``auto`` (S3 used).
- ``energy_phase``: the ENERGY phase entry of the current turn (logged when the turn resolves).
- ``log``: one entry per resolved turn with all 13 phases; ``last_reveal``; ``outcome``.
"""

from games.engines.core import shuffled

from . import draft
from .constants import (
    BASE_HP,
    HAND_SIZE,
    PHASE_ENERGY,
    STAGE_BATTLE,
    STAGE_DRAFT,
    START_ENERGY,
)


def new_player(seat: int) -> dict:
    return {
        "seat": seat,
        "hp": BASE_HP,
        "energy": START_ENERGY,  # E1
        "wall": None,
        "miner": None,
        "deflection": None,
        "hand": [],
        "deck": [],
        "drafted": [],
        "selection": None,
        "locked": False,
        "auto": False,
    }


def new_state(config: dict, seed: str) -> dict:
    state = {
        "game": "elemental-clash",
        "seed": seed,
        "config": {"untimed": bool(config.get("untimed", False))},
        "stage": STAGE_DRAFT,
        "turn": 1,
        "draft": {"round": 1, "options": [[], []], "picks": [None, None], "auto": [[], []]},
        "players": [new_player(0), new_player(1)],
        "energy_phase": None,
        "log": [],
        "last_reveal": None,
        "outcome": None,
    }
    draft.deal_options(state)
    return state


def start_battle(state: dict) -> None:
    """DK1/DK2: each drafted deck is shuffled once; 4 cards to hand, 2 stay in the deck."""
    state["stage"] = STAGE_BATTLE
    state["turn"] = 1
    for seat, player in enumerate(state["players"]):
        cards = [{k: c[k] for k in ("id", "subtype", "element")} for c in player["drafted"]]
        deck = shuffled(state["seed"], cards, "deck", seat)
        player["hand"] = deck[:HAND_SIZE]
        player["deck"] = deck[HAND_SIZE:]
    # ECR-5: turn 1 is played with exactly the starting energy; ENERGY still runs (T3).
    state["energy_phase"] = {
        "phase": PHASE_ENERGY,
        "items": [{"text": "Turn 1: no energy gain; both seats start with 5."}],
    }


# What a move changes inside a player: these lists (the cards in them are shared) and these
# records (changed in place: a wall's hp, a miner's countdown, a deflection's use). Every other
# field holds a number, a bool, a str or None. tests/engines/elemental_clash/test_playouts.py
# checks over random matches that a move shares no list or record of a player with its input.
PLAYER_LISTS = ("hand", "deck", "drafted")
PLAYER_RECORDS = ("wall", "miner", "deflection")


def _copy_player(player: dict) -> dict:
    copied = dict(player)
    for key in PLAYER_LISTS:
        copied[key] = list(player[key])
    for key in PLAYER_RECORDS:
        if player[key] is not None:
            copied[key] = dict(player[key])
    return copied


def work_copy(state: dict) -> dict:
    """A copy of ``state`` that a move may change, copying only what moves change.

    A whole clone was half of every move, mostly the turn log. Here each player and the draft
    are copied down to the pieces the rules change in place, while cards, draft options, the
    log, reveals and the energy phase are shared: they are created whole and replaced, never
    changed once they are in a state (``draft.record_pick`` sets a new card's ``auto`` before
    it is added; a round's options are dealt as new lists; a resolved turn replaces the log
    with a longer one). The config is never changed.
    """
    new = dict(state)
    new["players"] = [_copy_player(p) for p in state["players"]]
    if state["stage"] == STAGE_DRAFT:  # the battle never changes the draft's record
        d = state["draft"]
        new["draft"] = {**d, "picks": list(d["picks"]), "auto": [list(a) for a in d["auto"]]}
    if state["outcome"] is not None:
        new["outcome"] = dict(state["outcome"])
    return new
