"""What one viewer may see (PXR-13): everything public, nothing hidden.

Public: both battlefields (rank, suit, current and base HP), LP, discard piles, hand and
drawpile *counts*, the phase, turn and active seat, the full combat log and the actions of the
transaction log. Private to a seat: its own hand. Never shown to anyone: drawpile order, the
opponent's hand, the seed and the state hashes (they are kept for replay checks).
"""

from __future__ import annotations

from games.engines.core.clock import ABANDON_AFTER, timeouts_in_a_row
from games.engines.core.kept import KeptByContent, KeptByIdentity

from . import clock
from .cards import (
    BACK,
    FRONT,
    NO_PROGRESS_LIMIT,
    RED_SUITS,
    STARTING_LP,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Phase,
    rank_of,
    short_name,
    sort_key,
    suit_of,
    value_of,
)

BONUS_LABELS = {
    "aceInvulnerable": "Ace invulnerable",
    "aceVsAce": "Ace vs Ace",
    "diamondDoubleDefense": "Diamond x2 defense",
    "clubDoubleOverflow": "Club x2 to back",
    "spadeDoubleLp": "Spade x2 to LP",
    "heartHalveLp": "Heart halves LP",
}
PHASE_LABELS = {
    "deploy": "Deployment",
    "combat": "Combat",
    "reinforce": "Reinforcement",
    "over": "Match over",
}
TARGET_LABELS = {"frontCard": "Front", "backCard": "Back", "playerLp": "LP"}


def card_face(cid: str, hp: int | None = None) -> dict:
    """A display-ready card: id, rank, suit letter/name/symbol, colour, value and HP. A copy
    of the one face kept for this card and HP: there are at most 104 cards times 13 HPs, and
    a view shows some 40 faces (bench/: building them was 60% of a view). A copy, because a
    slot adds its own field to the face it gets."""
    face = _FACES.get((cid, hp))
    if face is None:
        face = _FACES[cid, hp] = _new_face(cid, hp)
    return face.copy()


_FACES: dict[tuple[str, int | None], dict] = {}


def _new_face(cid: str, hp: int | None) -> dict:
    suit = suit_of(cid)
    value = value_of(cid)
    return {
        "id": cid,
        "rank": rank_of(cid),
        "suit": suit,
        "suit_name": SUIT_NAMES[suit],
        "symbol": SUIT_SYMBOLS[suit],
        "red": suit in RED_SUITS,
        "name": short_name(cid),
        "value": value,
        "hp": value if hp is None else hp,
        "damaged": hp is not None and hp < value,
    }


def _slot(slot: dict | None, row: int, column: int) -> dict:
    face = None if slot is None else card_face(slot["id"], slot["hp"])
    if face is not None:
        face["diamond_bonus"] = row == FRONT and face["suit"] == "D" and face["rank"] != "A"
    return {"row": row, "column": column, "label": column + 1, "card": face}


# A row of the battlefield, a hand or a discard pile, kept by what it holds: one list for
# every view that shows the same cards, from version to version and viewer to viewer
# (bench/: a frame pickled both zones' rows and hands again every time).
def _row(slots: list, row: int) -> list:
    key = ("row", row, *(None if s is None else (s["id"], s["hp"]) for s in slots))
    return _LISTS_KEPT.get(key, lambda: [_slot(s, row, c) for c, s in enumerate(slots)])


def _faces(kind: str, cards: list) -> list:
    return _LISTS_KEPT.get((kind, *cards), lambda: [card_face(c) for c in cards])


def player_view(state: dict, seat: int, viewer: int | None) -> dict:
    player = state["players"][seat]
    grid = player["grid"]
    own = viewer == seat
    hand = sorted(player["hand"], key=sort_key) if own else []
    return {
        "seat": seat,
        "is_viewer": own,
        "lp": player["lp"],
        "front": _row(grid[FRONT], FRONT),
        "back": _row(grid[BACK], BACK),
        "hand": _faces("hand", hand),
        "hand_count": len(player["hand"]),
        "drawpile_count": len(player["drawpile"]),
        "discard": _faces("discard", player["discard"]),
        "discard_count": len(player["discard"]),
        "on_battlefield": sum(1 for row in grid for s in row if s is not None),
        "active": state["active"] == seat,
    }


def _log_card(ref: dict | None) -> dict | None:
    return None if ref is None else {**ref, **card_face(ref["id"])}


# A combat-log entry (or a transaction-log entry) is never changed once appended, and a
# move's new state shares the entries of the state before (state.move_copy), so each is
# shown once and kept by its identity. Views are read, never changed, so one shown entry may
# stand in many.
_KEPT_LIMIT = 4096
_LISTS_KEPT = KeptByContent(_KEPT_LIMIT)
_ENTRIES_KEPT = KeptByIdentity(_KEPT_LIMIT)
_HISTORY_KEPT = KeptByIdentity(_KEPT_LIMIT)


def combat_entry_view(entry: dict) -> dict:
    """A combat-log entry with display names added (the numbers are unchanged)."""
    steps = []
    for step in entry["steps"]:
        shown = dict(step)
        shown["target_label"] = TARGET_LABELS[step["target"]]
        shown["bonus_labels"] = [{"code": b, "label": BONUS_LABELS[b]} for b in step["bonuses"]]
        if "card" in step:
            shown["card"] = _log_card(step["card"])
        steps.append(shown)
    return {
        **entry,
        "attackerCard": _log_card(entry["attackerCard"]),
        "column_label": entry["targetColumn"] + 1,
        "steps": steps,
        "destroyed": [_log_card(c) for c in entry["destroyed"]],
        "advanced": _log_card(entry["advanced"]),
    }


def lp_timeline(state: dict) -> list[dict]:
    """Both seats' LP after each attack that cost LP, starting at 20/20 before turn 1: the
    points of an LP-over-turns chart (``{"turn", "lp": [seat 0, seat 1]}``)."""
    lp = [STARTING_LP, STARTING_LP]
    points = [{"turn": 0, "lp": list(lp)}]
    for entry in state["combat_log"]:
        step = entry["steps"][-1]
        if step["lpAfter"] != step["lpBefore"]:
            lp[entry["defenderSeat"]] = step["lpAfter"]
            points.append({"turn": entry["turnNumber"], "lp": list(lp)})
    return points


def timed_out(state: dict) -> list[dict]:
    """PXC-2/PXC-3: each seat on a run of timeouts, with what the clock last did for it, so
    the board can say so until that seat moves again (a bot answers at once, so the newest
    entry is rarely the timeout itself)."""
    out = []
    for seat in (0, 1):
        run = timeouts_in_a_row(state, seat)
        entry = next(
            (e for e in reversed(state["txlog"]) if e["seat"] == seat and e.get("timeout")), None
        )
        if run and entry is not None:
            out.append({"seat": seat, "did": clock.describe(entry["action"]), "in_a_row": run})
    return out


def history_entry(entry: dict) -> dict:
    """A transaction-log entry as the view shows it (the seed's hashes left out)."""
    return {
        "seq": entry["seq"],
        "seat": entry["seat"],
        "turn": entry["turn"],
        "action": dict(entry["action"]),
        "details": dict(entry["details"]),
        "timeout": entry.get("timeout", False),
    }


def build_view(state: dict, viewer: int | None) -> dict:
    """The view for seat 0, seat 1 or a spectator (``None``)."""
    players = [player_view(state, seat, viewer) for seat in (0, 1)]
    bottom = viewer if viewer in (0, 1) else 0
    log = [_ENTRIES_KEPT.get(e, combat_entry_view) for e in state["combat_log"]]
    reinforce = state["reinforce"]
    deploy_slot = None
    if state["phase"] == Phase.DEPLOY:
        active = state["players"][state["active"]]
        placed = sum(1 for row in active["grid"] for s in row if s is not None)
        deploy_slot = {
            "row": placed // 4,
            "row_name": "front" if placed < 4 else "back",
            "column": placed % 4,
            "label": placed % 4 + 1,
        }
    txlog = state["txlog"]
    return {
        "game": "phalanx",
        "over": state["phase"] == Phase.OVER,
        "phase_label": PHASE_LABELS[state["phase"]],
        # Whether the newest action was an attack: the board animates only a fresh attack.
        "fresh_attack": bool(txlog) and txlog[-1]["action"]["type"] == "attack",
        "ruleset": state["ruleset"],
        "viewer": viewer,
        "phase": state["phase"],
        "turn": state["turn"],
        "active": state["active"],
        "first_deployer": state["first_deployer"],
        "first_attacker": 1 - state["first_deployer"],
        "deployed": state["deployed"],
        "deploy_slot": deploy_slot,
        "damage_mode": state["options"]["damage_mode"],
        "players": players,
        # Display order: the viewer's own grid at the bottom, the opponent's on top.
        "top": players[1 - bottom],
        "bottom": players[bottom],
        "reinforce": None
        if reinforce is None
        else {
            "seat": reinforce["seat"],
            "column": reinforce["column"],
            "label": reinforce["column"] + 1,
            "attacker": reinforce["attacker"],
        },
        "quiet_turns": state["quiet_turns"],
        "quiet_limit": NO_PROGRESS_LIMIT,
        "combat_log": log,
        "last_attack": log[-1] if log else None,
        "lp_timeline": lp_timeline(state),
        "history": [_HISTORY_KEPT.get(e, history_entry) for e in txlog],
        # PXC-1..3: the limit of the current decision, and the clock's last default (public:
        # a deployed or reinforcing card is face up on the battlefield at once).
        "time_limit": None if state["phase"] == Phase.OVER else clock.limit(state["phase"]),
        "timeouts": [timeouts_in_a_row(state, s) for s in (0, 1)],
        "abandon_after": ABANDON_AFTER,
        "timed_out": timed_out(state),
        "outcome": None
        if state["outcome"] is None
        else {
            **state["outcome"],
            "loser": None if state["outcome"]["winner"] is None else 1 - state["outcome"]["winner"],
        },
    }
