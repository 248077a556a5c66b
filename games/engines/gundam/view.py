"""What a seat or a spectator may see (never deck order, opponent hand, shield ids or the seed)."""

from __future__ import annotations

from typing import Any

from games.engines.core.kept import KeptByContent, KeptByIdentity

from .cards import BASE, COMMAND, EFFECT_OPS, EX_BASE, PILOT, UNIT, card
from .hints import OVER, short_reason
from .moves import check_command, check_deploy, check_select
from .state import (
    BLOCK_SECONDS,
    END_PHASE,
    MAX_UNITS,
    STAGE_CHOOSE_DECK,
    STAGE_OVER,
    STAGE_PLAY,
    active_resources,
    base_hp,
    find_unit,
    has_keyword,
    is_link,
    level,
    options,
    other,
    player,
    unit_ap,
    unit_hp,
    unit_max_hp,
)


def card_face(no: str) -> dict[str, Any]:
    """The public facts of a card number (name, type, stats, text): a copy of the one face
    kept for that number, since the cards never change."""
    return _face(no).copy()


_FACES: dict[str, dict[str, Any]] = {}


def _face(no: str) -> dict[str, Any]:
    """The kept face itself, for callers that only read it or spread it into a new dict."""
    face = _FACES.get(no)
    if face is None:
        face = _FACES[no] = _new_face(no)
    return face


def _new_face(no: str) -> dict[str, Any]:
    info = card(no)
    face = {
        "no": no,
        "name": info["name"],
        "type": info["type"],
        "colour": info["colour"],
        "level": info["level"],
        "cost": info["cost"],
        "text": info["text"],
    }
    if info["type"] in (UNIT, PILOT, BASE):
        face["ap"] = info["ap"]
        face["hp"] = info["hp"]
    return face


def _unit_view(state: dict[str, Any], seat: int, unit: dict[str, Any]) -> dict[str, Any]:
    """A unit as shown: a function of the unit's own (flat) record and whether it can attack
    now, so kept by those."""
    ready = (
        state["stage"] == STAGE_PLAY
        and state["current"] == seat
        and not unit["rested"]
        and unit["can_attack"]
    )
    return _RECORDS.get((ready, *unit.items()), lambda: _new_unit_view(unit, ready))


def _new_unit_view(unit: dict[str, Any], ready: bool) -> dict[str, Any]:
    info = card(unit["no"])
    return {
        "id": unit["id"],
        "no": unit["no"],
        "name": info["name"],
        "text": info["text"],
        "ap": unit_ap(unit),
        "hp": unit_hp(unit),
        "max_hp": unit_max_hp(unit),
        "damage": unit["damage"],
        "rested": unit["rested"],
        "can_attack": unit["can_attack"],
        "ready_to_attack": ready,
        "ap_bonus": unit["ap_bonus"],
        "blocker": bool(has_keyword(unit, "blocker")),
        "link": is_link(unit),
        "pilot": (
            {"id": unit["pilot"], "no": unit["pilot_no"], "name": card(unit["pilot_no"])["name"]}
            if unit["pilot"]
            else None
        ),
    }


# Views are read, never changed, so one shown list or entry may stand in many views. What is
# kept is keyed by what it shows (a zone by its ids and their card numbers) or by the
# identity of what it shows (a log entry, never changed once appended and shared from state
# to state by work_copy), held with it so that its id is not reused while kept. Every view
# that shows the same trash or log then holds the same list, which a part digests once
# (games/templatetags/parts.py keeps a long list's digest by identity).
_KEPT_LIMIT = 4096
_ZONES = KeptByContent(_KEPT_LIMIT)
_ENTRIES = KeptByIdentity(_KEPT_LIMIT)
# By the ids of a log's entries, each kept with its entries so that their ids are not
# reused while kept.
_LOGS = KeptByContent(_KEPT_LIMIT)
_RECORDS = KeptByContent(_KEPT_LIMIT)  # units and hand cards, by what they show
_LISTS = KeptByContent(_KEPT_LIMIT)


def _zone(cards: dict[str, str], ids: list[str]) -> list[dict[str, Any]]:
    """A trash or removal area's cards, each with its id and face."""
    key = tuple(ids) + tuple(cards[c] for c in ids)
    return _ZONES.get(key, lambda: [{"id": c, **_face(cards[c])} for c in ids])


def _kept_list(key: tuple, items: list) -> list:
    """``items`` (shown things kept by ``key``'s parts), or the list kept for the same key."""
    return _LISTS.get(key, lambda: items)


def _log(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log's entries as the view shows them (copies)."""
    kept = _LOGS.get(tuple(map(id, log)), lambda: (list(log), [_entry(e) for e in log]))
    return kept[1]


def _entry(entry: dict[str, Any]) -> dict[str, Any]:
    return _ENTRIES.get(entry, dict)


def _battle(state: dict[str, Any], seat: int, units: list[dict[str, Any]]) -> list:
    shown = [_unit_view(state, seat, u) for u in units]
    return _kept_list(("battle", *map(id, shown)), shown)


def _resources(resources: list[dict[str, Any]]) -> list:
    key = ("resources", *((r["is_ex"], r["rested"]) for r in resources))
    return _LISTS.get(
        key, lambda: [{"is_ex": r["is_ex"], "rested": r["rested"]} for r in resources]
    )


def _side(state: dict[str, Any], seat: int) -> dict[str, Any]:
    p = player(state, seat)
    base = p["base"]
    return {
        "seat": seat,
        "shields": len(p["shields"]),
        "base": (
            {
                "id": base["id"],
                "no": base["no"],
                "name": card(base["no"])["name"],
                "text": card(base["no"])["text"],
                "ex": base["no"] == EX_BASE["no"],
                "hp": base_hp(base),
                "max_hp": card(base["no"])["hp"],
                "damage": base["damage"],
                "rested": base["rested"],
            }
            if base
            else None
        ),
        "battle": _battle(state, seat, p["battle"]),
        "resources": _resources(p["resources"]),
        "level": level(p),
        "active_resources": active_resources(p),
        "hand_count": len(p["hand"]),
        "deck_count": len(p["deck"]),
        "rdeck_count": len(p["rdeck"]),
        "trash": _zone(state["cards"], p["trash"]),
        "removal": _zone(state["cards"], p["removal"]),
    }


def refusal(state: dict[str, Any], seat: int, cid: str) -> tuple[str, str] | None:
    """Why the card ``cid`` in the seat's hand cannot be played now, as the engine's
    (code, sentence); None when it can."""
    info = card(state["cards"][cid])
    if info["type"] in (UNIT, BASE):
        move = {"type": "deploy", "card": cid}
        p = player(state, seat)
        # GDR-15's variant: only a Unit into a full battle area names a Unit to trash
        # (a Base never does), exactly as legal_actions offers it.
        full = len(p["battle"]) >= MAX_UNITS and state["config"]["seventh_unit_trashes"]
        if info["type"] == UNIT and full:
            move["trash"] = p["battle"][0]["id"]
        return check_deploy(state, seat, move)
    if info["type"] == PILOT:
        return check_select(state, seat, {"type": "select", "mode": "pair", "card": cid})
    if info["type"] == COMMAND and EFFECT_OPS[info["effect"]["op"]] is None:
        return check_command(state, seat, {"type": "command", "card": cid})
    if info["type"] == COMMAND:
        return check_select(state, seat, {"type": "select", "mode": "command", "card": cid})
    return "INVALID_CARD", "This card cannot be played from the hand."


def playability(state: dict[str, Any], seat: int, cid: str) -> str:
    """Why the card ``cid`` in the seat's hand cannot be played now ("" when it can)."""
    refused = refusal(state, seat, cid)
    return refused[1] if refused else ""  # the refusal's message


def heals_nothing(state: dict[str, Any], seat: int, effect: dict[str, Any] | None) -> str:
    """What a player is told of a heal ``effect`` (a Command's, or a Base's ability) while
    none of their Units is damaged: the rulings (§2.3) keep it legal, it just recovers
    nothing (GUN-X-HEAL-NOTHING). "" for any other effect, or when a Unit is damaged."""
    if (effect or {}).get("op") != "heal":
        return ""
    if any(u["damage"] for u in player(state, seat)["battle"]):
        return ""
    return "No damaged Unit: this heals nothing."


def _attack_view(state: dict[str, Any]) -> dict[str, Any] | None:
    attack = state["attack"]
    if attack is None:
        return None
    seat = attack["seat"]
    attacker = find_unit(player(state, seat), attack["attacker"])
    target = attack["target"]
    target_view = (
        "player"
        if target == "player"
        else _unit_view(state, other(seat), find_unit(player(state, other(seat)), target))
    )
    return {
        "seat": seat,
        "defender": other(seat),
        "attacker": _unit_view(state, seat, attacker),
        "target": target_view,
        "step": attack["step"],
        # GDR-5: the rest of the attacker list, public since the ATTACK named it.
        "queue": [
            _unit_view(state, seat, u)
            for u in (find_unit(player(state, seat), q) for q in attack.get("queue", []))
            if u is not None
        ],
        "deciding": other(seat) if attack["step"] == "block" else None,
        "time_limit": BLOCK_SECONDS if attack["step"] == "block" else None,
    }


def _hand_card(cid: str, no: str, refused, note: str) -> dict[str, Any]:
    """A hand card as shown, kept by what it shows: its face and why it cannot be played."""

    def shown() -> dict[str, Any]:
        face = _face(no)
        return {
            "id": cid,
            **face,
            "playable": not refused,
            "reason": refused[1] if refused else "",
            "hint": short_reason(refused, face) if refused else "",
            "note": note,
        }

    return _RECORDS.get(("hand", cid, no, refused, note), shown)


def build_view(state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    stage = state["stage"]
    out: dict[str, Any] = {
        "stage": stage,
        "phase": state["phase"],
        "turn": state["turn"],
        "current": state["current"],
        "viewer": viewer,
        "options": dict(state["config"]),
        "chosen": {s: state["choices"][s] is not None for s in ("0", "1")},
        "my_deck": None,
        "players": [],
        "hand": [],
        "attack": None,
        "pending": None,
        "over_limit": 0,  # cards the viewer must discard to end the turn (GDR-14)
        "log": _log(state["log"]),
        "winner": state["winner"],
        "reason": state["reason"],
        "over": stage == STAGE_OVER,
        "message": next(
            (e["text"] for e in reversed(state["log"]) if e["kind"] == "game_over"), ""
        ),
        # Display order for a board: the opponent on top, the viewer (seat 0 for spectators) below.
        "order": [other(viewer), viewer] if viewer is not None else [1, 0],
    }
    if viewer is not None and state["choices"][str(viewer)] is not None:
        out["my_deck"] = state["choices"][str(viewer)]["name"]
    if stage == STAGE_CHOOSE_DECK:
        return out
    out["players"] = [_side(state, s) for s in (0, 1)]
    out["attack"] = _attack_view(state)
    if viewer is not None:
        hand = player(state, viewer)["hand"]
        shown = []
        for cid in hand:
            no = state["cards"][cid]
            refused = refusal(state, viewer, cid) if stage == STAGE_PLAY else OVER
            note = "" if refused else heals_nothing(state, viewer, card(no).get("effect"))
            shown.append(_hand_card(cid, no, refused, note))
        out["hand"] = _kept_list(("hand", *map(id, shown)), shown)
        if stage == STAGE_PLAY and state["current"] == viewer and state["phase"] == END_PHASE:
            out["over_limit"] = max(0, len(hand) - options(state)["hand_limit"])
        pending = state["pending"]
        if pending is not None and pending["seat"] == viewer:
            out["pending"] = dict(pending)
            source = pending.get("card")
            if pending["mode"] == "command":
                effect = card(state["cards"][source]).get("effect")
                out["pending"]["note"] = heals_nothing(state, viewer, effect)
            elif pending["mode"] == "base":
                ability = card(player(state, viewer)["base"]["no"]).get("ability")
                out["pending"]["note"] = heals_nothing(state, viewer, ability)
            if pending["mode"] == "attack":
                mine = player(state, viewer)
                out["pending"]["attacker_names"] = [
                    card(find_unit(mine, a)["no"])["name"] for a in pending["attackers"]
                ]
    return out
