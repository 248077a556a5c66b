"""A heuristic bot that decides only from its view and its legal actions.

Curve: place a resource every turn, deploy the highest-level unit it can, pair pilots, play
removal that kills, attack rested units it can kill (and survive), attack the player when it
is safe, block when a block saves a shield. It never stalls: every select it makes is
completed with a target, and when nothing useful is left it ends the phase or the turn.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction
from .cards import card


def _of(actions, kind, mode=None):
    return [a for a in actions if a["type"] == kind and (mode is None or a.get("mode") == mode)]


def _units(view, seat):
    return {u["id"]: u for u in view["players"][seat]["battle"]}


def _kills(attacker, defender) -> bool:
    return defender["hp"] <= attacker["ap"]


def _survives(attacker, defender) -> bool:
    first = "First Strike" in card(attacker["no"])["text"]
    return (first and _kills(attacker, defender)) or attacker["hp"] > defender["ap"]


def _attack_score(view, seat, attacker, target) -> float | None:
    """How much the bot likes ``attacker`` hitting ``target`` (None: don't)."""
    enemy = 1 - seat
    them = view["players"][enemy]
    if target == "player":
        enemy_units = them["battle"]
        max_ap = max((u["ap"] for u in enemy_units), default=0)
        pressure = them["base"] is None and them["shields"] <= 2
        safe = attacker["hp"] > max_ap or len(enemy_units) == 0 or pressure
        if them["base"] is None and them["shields"] == 0:
            return 100.0  # lethal
        return 5.0 + attacker["ap"] / 10 if safe else None
    defender = _units(view, enemy).get(target)
    if defender is None or not _kills(attacker, defender):
        return None
    if not _survives(attacker, defender):
        # Trade only up: kill something that hits harder than the attacker.
        return 3.0 if defender["ap"] > attacker["ap"] else None
    return 10.0 + defender["ap"]


def _best_target(view, seat, mode, source, targets):
    mine = _units(view, seat)
    theirs = _units(view, 1 - seat)
    if mode == "attack":
        attacker = mine[source]
        scored = [(_attack_score(view, seat, attacker, t), t) for t in targets]
        scored = [(s, t) for s, t in scored if s is not None]
        if scored:
            return max(scored, key=lambda st: st[0])[1]
        return "player" if "player" in targets else targets[0]
    if mode == "pair":
        return max(targets, key=lambda t: (mine[t]["ap"] + mine[t]["hp"], t))
    hand = {c["id"]: c for c in view["hand"]}
    source_text = hand[source]["text"] if source in hand else ""
    enemies = [t for t in targets if t in theirs]
    friends = [t for t in targets if t in mine]
    if enemies:
        if "damage" in source_text:
            n = int(source_text.split("Deal ")[1].split(" ")[0])
            killable = [t for t in enemies if theirs[t]["hp"] <= n]
            pool = killable or enemies
        else:
            pool = enemies
        return max(pool, key=lambda t: (theirs[t]["ap"], t))
    if "recovers" in source_text or mode == "base" and friends:
        damaged = sorted(friends, key=lambda t: (-mine[t]["damage"], t))
        if damaged:
            return damaged[0]
    ready = [t for t in friends if mine[t]["ready_to_attack"]]
    return (ready or friends or targets)[0]


def choose(view: dict[str, Any], legal: list[dict[str, Any]], seed: str, level: int = 1):
    """The bot's action for the seat whose ``view`` this is."""
    del seed, level  # the heuristic is deterministic; one level for now
    if not legal:
        raise IllegalAction("NOT_YOUR_TURN", "The bot has nothing to do now.")
    seat = view["viewer"]
    if legal[0]["type"] == "choose_deck":
        return legal[seat % len(legal)]
    if _of(legal, "pass_block"):
        return _block(view, seat, legal)
    targets = [a["target"] for a in _of(legal, "target")]
    if targets:
        pending = view["pending"]
        chosen = _best_target(view, seat, pending["mode"], pending["card"], targets)
        return {"type": "target", "target": chosen}
    if _of(legal, "play_resource"):
        return _of(legal, "play_resource")[0]
    if _of(legal, "skip_resource"):
        return _of(legal, "skip_resource")[0]
    if _of(legal, "end_main"):
        return _main(view, seat, legal)
    end = [a for a in legal if a["type"] == "end_turn" and "discard" not in a]
    return end[0] if end else legal[-1]


def _block(view, seat, legal):
    attack = view["attack"]
    me = view["players"][seat]
    attacker = attack["attacker"]
    mine = _units(view, seat)
    options = [(mine[a["unit"]], a) for a in _of(legal, "block")]
    survivors = [(u, a) for u, a in options if u["hp"] > attacker["ap"]]
    hits_shield = attack["target"] == "player" and me["base"] is None
    lethal = hits_shield and me["shields"] == 0
    if survivors and (hits_shield or attack["target"] != "player"):
        return max(survivors, key=lambda ua: ua[0]["hp"])[1]
    if lethal and options:
        return options[0][1]
    return _of(legal, "pass_block")[0]


def _main(view, seat, legal):
    hand = {c["id"]: c for c in view["hand"]}
    me = view["players"][seat]
    deploys = [a for a in _of(legal, "deploy") if hand[a["card"]]["type"] == "unit"]
    if deploys:
        return max(deploys, key=lambda a: (hand[a["card"]]["level"], hand[a["card"]]["cost"]))
    pairs = _of(legal, "select", "pair")
    if pairs:
        return max(pairs, key=lambda a: hand[a["card"]]["ap"])
    commands = _of(legal, "select", "command") + _of(legal, "command")
    for a in commands:
        text = hand[a["card"]]["text"]
        if "Draw" in text and len(view["hand"]) <= 4:
            return a
        if "Deal" in text and view["players"][1 - seat]["battle"]:
            return a
    mine = _units(view, seat)
    theirs = [u["id"] for u in view["players"][1 - seat]["battle"] if u["rested"]]
    best = None
    for a in _of(legal, "select", "attack"):
        attacker = mine[a["card"]]
        for target in ["player", *theirs]:
            score = _attack_score(view, seat, attacker, target)
            if score is not None and (best is None or score > best[0]):
                best = (score, a)
    if best is not None:
        return best[1]
    bases = [a for a in _of(legal, "deploy") if hand[a["card"]]["type"] == "base"]
    if bases and (me["base"] is None or me["base"]["ex"]):
        return bases[0]
    return _of(legal, "end_main")[0]
