"""Match options and the initial state (PHX-DEPLOY-001, PHX-LP-001, PXR-1).

State layout (plain JSON)::

    seed, ruleset, options{damage_mode}, phase, turn, active, first_deployer, deployed,
    players[seat]{lp, grid[row][col] = None | {id, hp}, hand[ids], drawpile[ids], discard[ids]},
    reinforce = None | {seat, column, attacker}, quiet_turns, combat_log[], txlog[], outcome

``grid[0]`` is the front row, ``grid[1]`` the back row. ``drawpile[0]`` is the top card.
"""

from __future__ import annotations

from typing import Any

from games.engines.core import rng, shuffled

from .cards import (
    COLUMNS,
    OPENING_HAND,
    ROWS,
    RULESET,
    STARTING_LP,
    DamageMode,
    Phase,
    deck,
)

OPTION_KEYS = {"damage_mode"}


def validate_config(config: Any) -> list[str]:
    """Readable errors for the match options; ``{}`` means the standard options.

    The only option is ``damage_mode``: ``"cumulative"`` (default) or ``"per-turn"``
    (PHX-DAMAGE-001). Phalanx uses two standard decks, so there are no decks to validate.
    """
    if not isinstance(config, dict):
        return ["The match options must be a JSON object."]
    errors = []
    for key in sorted(set(config) - OPTION_KEYS):
        errors.append(f"Unknown Phalanx option {key!r}; the only option is 'damage_mode'.")
    mode = config.get("damage_mode", DamageMode.CUMULATIVE.value)
    if mode not in {m.value for m in DamageMode}:
        errors.append("damage_mode must be 'cumulative' or 'per-turn'.")
    return errors


def options_from(config: dict) -> dict:
    """The stored options (``gameOptions`` in the seed), defaults filled in."""
    return {"damage_mode": config.get("damage_mode", DamageMode.CUMULATIVE.value)}


def setup_state(config: dict, seed: str) -> dict:
    """A new match at the start of deployment.

    PHX-DEPLOY-001: each seat's 52 cards are shuffled into a drawpile and 12 are drawn.
    PXR-1: a seeded coin flip picks the seat that deploys first; deployment is turn 0.
    """
    players = []
    for seat in (0, 1):
        pile = shuffled(seed, deck(seat), "deck", seat)
        players.append(
            {
                "lp": STARTING_LP,
                "grid": [[None] * COLUMNS for _ in range(ROWS)],
                "hand": pile[:OPENING_HAND],
                "drawpile": pile[OPENING_HAND:],
                "discard": [],
            }
        )
    first = rng(seed, "coin").randrange(2)
    return {
        "seed": seed,
        "ruleset": RULESET,
        "options": options_from(config),
        "phase": Phase.DEPLOY.value,
        "turn": 0,
        "active": first,
        "first_deployer": first,
        "deployed": 0,
        "players": players,
        "reinforce": None,
        "quiet_turns": 0,
        "combat_log": [],
        "txlog": [],
        "outcome": None,
    }


def move_copy(state: dict) -> dict:
    """A copy for one move to change: the players are still the input's until ``own_player``
    copies the one the move changes (a move changes at most one player).

    Shared with the input state, because nothing changes them in place once they are in a
    state: the options, the reinforcement and the outcome (the rules replace them), the grid
    slots (``{id, hp}``: the rules put a new slot in the grid rather than change one, see
    ``rules.attack``) and the entries of the append-only logs (copying the logs' lists keeps
    ``apply`` from mutating its input while avoiding a deep copy of a long match). A player
    left unchanged stays the same object from state to state, which lets the game hash keep
    its text (``tail.py``).
    """
    new = dict(state)
    new["players"] = list(state["players"])
    new["combat_log"] = list(state["combat_log"])
    new["txlog"] = list(state["txlog"])
    if "timeouts" in state:  # PXC-3's count, present from the first timeout on
        new["timeouts"] = list(state["timeouts"])
    return new


def own_player(state: dict, seat: int) -> dict:
    """``seat``'s player in a ``move_copy``, copied first: call it before changing the player
    (its lists and grid rows are copied, its slots shared)."""
    p = state["players"][seat]
    player = {
        "lp": p["lp"],
        "grid": [list(row) for row in p["grid"]],
        "hand": list(p["hand"]),
        "drawpile": list(p["drawpile"]),
        "discard": list(p["discard"]),
    }
    state["players"][seat] = player
    return player


def work_copy(state: dict) -> dict:
    """A copy whose players may both be changed (the level-2 bot's sampled worlds)."""
    new = move_copy(state)
    for seat in range(len(new["players"])):
        own_player(new, seat)
    return new


def battlefield(player: dict) -> list[str]:
    """Ids of the cards on a player's battlefield."""
    return [slot["id"] for row in player["grid"] for slot in row if slot is not None]


def depleted(player: dict) -> bool:
    """PHX-VICTORY-001 / PHX-REINFORCE-005: no card on the battlefield, in hand or drawpile."""
    return not battlefield(player) and not player["hand"] and not player["drawpile"]
