"""Resolving a whole battle from two decks and a seed (CB-FLOW-*, CB-DRAW-*, CB-ATTACK-*, ...).

Nobody decides anything once both decks are in, so the battle runs start to finish here. The
record it builds is plain JSON and public (CBR-10: deck order is visible, the dice are logged):

- ``decks``: per seat ``{"name", "deck_type", "strategy", "cards"}``;
- ``log``: every event in order (turn starts, draws, stops, equalization, d6 rolls, the
  queue, attacks, skips, deaths, slides, activations, the end), each with ``kind``, ``turn``,
  ``phase`` and a readable ``text``;
- ``turns``: one summary per turn (mana, spent, draws, HP and field sizes at its end);
- ``hp``, ``fields``, ``deck_pos``, ``turn``: where the battle stopped; ``result``: how.

The functions named ``*_phase``/``play_turn``/``run_battle`` work IN PLACE on a battle dict:
callers that must not mutate (the engine) pass a fresh one. The seed is an argument, never a
field, so the record can be shown as it is. Die number ``n`` of a battle is
``core.rng(seed, "d6", n)``, with ``n`` kept in ``battle["rolls"]``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from .cards import CARD_TYPES, DECK_SIZE, FIELD_SLOTS, START_HP, card_stats, mana_for_turn
from .dice import roll_d6
from .targeting import choose_target

Battle = dict[str, Any]
Card = dict[str, Any]

# Unreachable guard: every turn with a card on a field deals at least 10 damage to a finite
# pool of HP (two players and at most 40 cards), so a battle ends long before this.
MAX_TURNS = 1000


class Phase(StrEnum):
    MANA = "mana"
    DRAW = "draw"
    EQUALIZE = "equalize"
    ATTACK = "attack"
    END_TURN = "end_turn"
    END = "end"


# The phases as log entries store them: plain strings read as globals. Looking up an enum
# member costs about as much as building the entry's dict, and a battle logs ~210 entries.
MANA = Phase.MANA.value
DRAW = Phase.DRAW.value
EQUALIZE = Phase.EQUALIZE.value
ATTACK = Phase.ATTACK.value
END_TURN = Phase.END_TURN.value
END = Phase.END.value


class EndReason(StrEnum):
    HP_ZERO = "hp_zero"  # CB-END-01
    EXHAUSTION = "deck_exhaustion"  # CB-END-02, higher HP wins
    TREATY = "treaty"  # CB-END-02, equal HP


# Seat 0 is "Player 1": the texts name a player about 60 times a battle.
_PLAYER_NAMES = ("Player 1", "Player 2")


def player(seat: int) -> str:
    return _PLAYER_NAMES[seat]


# A card's label and uid depend only on its seat, its place in the deck and its name, and a
# battle prints about 180 labels, so every one of them is built once here: 2 x 20 uids and
# 2 x 20 x 5 labels. These tables are only read, never changed.
_CARD_UIDS = [[f"CB{seat}-{index:02d}" for index in range(DECK_SIZE)] for seat in (0, 1)]
_CARD_LABELS = [
    [
        {name: f"P{seat + 1} {name} #{index + 1}" for name in CARD_TYPES}
        for index in range(DECK_SIZE)
    ]
    for seat in (0, 1)
]


def card_label(card: Card) -> str:
    """How the log names a card, e.g. ``P1 Goblin #3`` (seat 0's third card, a Goblin)."""
    return _CARD_LABELS[card["seat"]][card["deck_index"]][card["name"]]


def card_uid(seat: int, deck_index: int) -> str:
    """The public id of the card at ``deck_index`` of ``seat``'s deck, e.g. ``CB0-07``."""
    return _CARD_UIDS[seat][deck_index]


def new_battle(decks: list[dict[str, Any]], names: list[str] | None = None) -> Battle:
    """A battle before turn 1. ``decks`` are two validated decks (seat 0, seat 1)."""
    names = names or ["", ""]
    return {
        "decks": [
            {
                "name": names[seat],
                "deck_type": deck["deck_type"],
                "strategy": deck["strategy"],
                "cards": list(deck["cards"]),
            }
            for seat, deck in enumerate(decks)
        ],
        "turn": 0,
        "hp": [START_HP, START_HP],
        "mana": [0, 0],
        "deck_pos": [0, 0],
        "fields": [[], []],
        "rolls": 0,
        "log": [],
        "turns": [],
        "result": None,
    }


def make_card(battle: Battle, seat: int, deck_index: int, active: bool) -> Card:
    deck = battle["decks"][seat]
    name = deck["cards"][deck_index]
    stats = card_stats(name, deck["deck_type"])
    return {
        "uid": card_uid(seat, deck_index),
        "seat": seat,
        "deck_index": deck_index,
        "name": name,
        "cost": stats["cost"],
        "hp": stats["hp"],
        "max_hp": stats["hp"],
        "attack": stats["attack"],
        "speed": stats["speed"],
        "boosted": stats["boosted"],
        "active": active,
        "attacked": False,
    }


def _place(battle: Battle, seat: int, phase: str, free: bool) -> Card:
    """Take the next card of ``seat``'s deck onto the leftmost free slot (CB-PLACE-01).

    It is active only if it lands on an empty field (CBR-3).
    """
    field = battle["fields"][seat]
    index = battle["deck_pos"][seat]
    card = make_card(battle, seat, index, active=not field)
    field.append(card)
    battle["deck_pos"][seat] = index + 1
    state = "active at once (empty field)" if card["active"] else "inactive this turn"
    how = "free" if free else f"for {card['cost']} mana, {battle['mana'][seat]} left"
    battle["log"].append(
        {
            "kind": "draw",
            "turn": battle["turn"],
            "phase": phase,
            "text": f"{player(seat)} draws {card['name']} #{index + 1} ({how}) into slot "
            f"{len(field)}: {state}.",
            "seat": seat,
            "card": dict(card),
            "slot": len(field) - 1,
            "deck_index": index,
            "free": free,
            "mana_left": battle["mana"][seat],
        }
    )
    return card


def draw_phase(battle: Battle, seat: int) -> int:
    """Draw in deck order while the field has room, the deck has cards and the next card is
    affordable; stop at the first unaffordable card (CB-DRAW-*, CBR-2). Returns cards drawn."""
    deck = battle["decks"][seat]["cards"]
    field = battle["fields"][seat]
    drawn = 0
    was_empty = battle["deck_pos"][seat] >= DECK_SIZE
    while True:
        pos = battle["deck_pos"][seat]
        if len(field) >= FIELD_SLOTS:
            reason, text = "full", f"{player(seat)}'s field is full."
            break
        if pos >= len(deck):
            reason, text = "empty", f"{player(seat)}'s deck is empty."
            break
        cost = card_stats(deck[pos], battle["decks"][seat]["deck_type"])["cost"]
        if int(cost) > battle["mana"][seat]:  # type: ignore[arg-type]
            reason = "mana"
            text = (
                f"{player(seat)} stops: {deck[pos]} #{pos + 1} costs {cost}, "
                f"{battle['mana'][seat]} mana left."
            )
            break
        battle["mana"][seat] -= int(cost)  # type: ignore[arg-type]
        _place(battle, seat, DRAW, free=False)
        drawn += 1
    if not was_empty:
        battle["log"].append(
            {
                "kind": "draw_stop",
                "turn": battle["turn"],
                "phase": DRAW,
                "text": text,
                "seat": seat,
                "reason": reason,
            }
        )
    return drawn


def equalize_phase(battle: Battle) -> list[int]:
    """The seat with fewer field cards draws free cards in deck order until the counts are
    equal, its field is full or its deck is empty (CB-EQUAL-01, CBR-4). Returns free draws."""
    free = [0, 0]
    counts = [len(f) for f in battle["fields"]]
    if counts[0] == counts[1]:
        return free
    behind = 0 if counts[0] < counts[1] else 1
    target = counts[1 - behind]
    if battle["deck_pos"][behind] >= DECK_SIZE:
        return free
    battle["log"].append(
        {
            "kind": "equalize",
            "turn": battle["turn"],
            "phase": EQUALIZE,
            "text": f"Equalization: {player(behind)} has {counts[behind]} card(s) against "
            f"{target} and draws free cards.",
            "seat": behind,
        }
    )
    field = battle["fields"][behind]
    while len(field) < target and len(field) < FIELD_SLOTS:
        if battle["deck_pos"][behind] >= DECK_SIZE:
            break
        _place(battle, behind, EQUALIZE, free=True)
        free[behind] += 1
    return free


def _d6(battle: Battle, seed: str) -> int:
    number = battle["rolls"]
    battle["rolls"] = number + 1
    # core.rng(seed, "d6", number).randint(1, 6), its generator named without the general
    # key joining (see dice.py).
    return roll_d6(f"{seed}:d6:{number}")


def _order_tie(battle: Battle, seed: str, group: list[Card]) -> list[Card]:
    """Order cards of equal speed: each rolls a d6, higher first; still-tied cards roll again
    among themselves (CB-QUEUE-02, CBR-5). Every roll is logged."""
    # (card, its roll) in the group's order, which is the order the dice are rolled in.
    rolled = [(card, _d6(battle, seed)) for card in group]
    speed = group[0]["speed"]
    battle["log"].append(
        {
            "kind": "roll",
            "turn": battle["turn"],
            "phase": ATTACK,
            "text": f"Speed tie at {speed}: "
            + ", ".join([f"{card_label(card)} rolls {roll}" for card, roll in rolled])
            + ".",
            "speed": speed,
            "rolls": [{"uid": card["uid"], "roll": roll} for card, roll in rolled],
        }
    )
    ordered: list[Card] = []
    for value in sorted({roll for _, roll in rolled}, reverse=True):
        same = [card for card, roll in rolled if roll == value]
        ordered.extend(same if len(same) == 1 else _order_tie(battle, seed, same))
    return ordered


def _queue_cards(battle: Battle, seed: str) -> list[Card]:
    """All active cards of both seats by speed, highest first; inactive cards never enter
    (CB-QUEUE-01, CB-QUEUE-03). The cards are the fields' own dicts, not copies."""
    active = [card for field in battle["fields"] for card in field if card["active"]]
    queue: list[Card] = []
    for speed in sorted({c["speed"] for c in active}, reverse=True):
        group = [c for c in active if c["speed"] == speed]
        queue.extend(group if len(group) == 1 else _order_tie(battle, seed, group))
    return queue


def build_queue(battle: Battle, seed: str) -> list[str]:
    """Uids of all active cards of both seats by speed, highest first; inactive cards never
    enter (CB-QUEUE-01, CB-QUEUE-03)."""
    return [c["uid"] for c in _queue_cards(battle, seed)]


def _finish(battle: Battle, result: str, winner: int | None, reason: EndReason) -> None:
    hp = battle["hp"]
    if winner is None:
        text = f"Treaty: both players have {hp[0]} HP. The battle is a draw."
    elif reason == EndReason.HP_ZERO:
        text = f"{player(1 - winner)} falls to {hp[1 - winner]} HP. {player(winner)} wins!"
    else:
        text = (
            f"Both decks and fields are empty: {player(winner)} wins on HP "
            f"({hp[winner]} to {hp[1 - winner]})."
        )
    battle["result"] = {
        "result": result,
        "winner": winner,
        "reason": str(reason),
        "turn": battle["turn"],
        "hp": list(hp),
    }
    battle["log"].append(
        {
            "kind": "end",
            "turn": battle["turn"],
            "phase": END,
            "text": text,
            "result": result,
            "winner": winner,
            "reason": str(reason),
        }
    )


def attack_phase(battle: Battle, seed: str) -> None:
    """Every queued card attacks once, in order (CB-ATTACK-*, CBR-6..8). A destroyed card's
    attack is skipped; a destroyed target leaves at once and the cards right of it slide left;
    a player at 0 HP or below ends the battle and the rest of the queue does not attack."""
    queue = _queue_cards(battle, seed)
    if not queue:
        battle["log"].append(
            {
                "kind": "queue",
                "turn": battle["turn"],
                "phase": ATTACK,
                "text": "No active cards: nobody attacks.",
                "order": [],
            }
        )
        return
    # No card joins a field during the attacks, so this names every card the phase mentions.
    labels = {c["uid"]: card_label(c) for field in battle["fields"] for c in field}
    order = [c["uid"] for c in queue]
    log = battle["log"]
    turn = battle["turn"]
    log.append(
        {
            "kind": "queue",
            "turn": turn,
            "phase": ATTACK,
            "text": "Attack order: " + ", ".join([labels[u] for u in order]) + ".",
            "order": order,
        }
    )
    # The queue holds the fields' own card dicts, which the attacks change in place, so an
    # attacker needs no search of the fields: it is gone exactly when it was destroyed here.
    destroyed: set[str] = set()
    fields, hp = battle["fields"], battle["hp"]
    strategies = [deck["strategy"] for deck in battle["decks"]]
    for attacker in queue:
        uid = attacker["uid"]
        if uid in destroyed:
            log.append(
                {
                    "kind": "skip",
                    "turn": turn,
                    "phase": ATTACK,
                    "text": f"{labels[uid]} was destroyed before its attack.",
                    "uid": uid,
                }
            )
            continue
        seat = attacker["seat"]
        enemy = 1 - seat
        enemy_field = fields[enemy]
        damage = attacker["attack"]
        target_slot = choose_target(strategies[seat], damage, enemy_field)
        attacker["attacked"] = True
        if target_slot is None:
            before = hp[enemy]
            after = before - damage
            hp[enemy] = after
            log.append(
                {
                    "kind": "attack",
                    "turn": turn,
                    "phase": ATTACK,
                    # A player shows no HP below 0.
                    "text": f"{labels[uid]} hits {player(enemy)} for {damage}: "
                    f"{before} → {max(0, after)} HP.",
                    "seat": seat,
                    "attacker": uid,
                    "target": None,
                    "target_seat": enemy,
                    "damage": damage,
                    "hp_before": before,
                    "hp_after": after,
                }
            )
            if after <= 0:
                _finish(battle, "win", seat, EndReason.HP_ZERO)
                return
            continue
        target = enemy_field[target_slot]
        target_uid = target["uid"]
        before = target["hp"]
        after = before - damage
        target["hp"] = after
        log.append(
            {
                "kind": "attack",
                "turn": turn,
                "phase": ATTACK,
                "text": f"{labels[uid]} hits {labels[target_uid]} for {damage}: "
                f"{before} → {max(0, after)} HP.",
                "seat": seat,
                "attacker": uid,
                "target": target_uid,
                "target_seat": enemy,
                "damage": damage,
                "hp_before": before,
                "hp_after": after,
            }
        )
        if after <= 0:
            del enemy_field[target_slot]
            destroyed.add(target_uid)
            log.append(
                {
                    "kind": "death",
                    "turn": turn,
                    "phase": ATTACK,
                    "text": f"{labels[target_uid]} is destroyed.",
                    "seat": enemy,
                    "uid": target_uid,
                    "slot": target_slot,
                }
            )
            if target_slot < len(enemy_field):
                log.append(
                    {
                        "kind": "slide",
                        "turn": turn,
                        "phase": ATTACK,
                        "text": f"{player(enemy)}'s cards slide left: "
                        + ", ".join([labels[c["uid"]] for c in enemy_field])
                        + ".",
                        "seat": enemy,
                        "order": [c["uid"] for c in enemy_field],
                    }
                )


def end_turn(battle: Battle) -> None:
    """Every inactive card becomes active; attack marks reset (CB-STATE-02)."""
    woke = []
    for field in battle["fields"]:
        for card in field:
            if not card["active"]:
                card["active"] = True
                woke.append(card)
            card["attacked"] = False
    if woke:
        battle["log"].append(
            {
                "kind": "activate",
                "turn": battle["turn"],
                "phase": END_TURN,
                "text": "Now active: " + ", ".join([card_label(c) for c in woke]) + ".",
                "uids": [c["uid"] for c in woke],
            }
        )


def exhausted(battle: Battle) -> bool:
    """Both decks and both fields empty (CB-END-02)."""
    return min(battle["deck_pos"]) >= DECK_SIZE and not any(battle["fields"])


def play_turn(battle: Battle, seed: str) -> None:
    """One whole turn: mana, both draws, equalization, attacks, activation (CB-FLOW-01)."""
    if exhausted(battle):
        hp = battle["hp"]
        if hp[0] == hp[1]:
            _finish(battle, "draw", None, EndReason.TREATY)
        else:
            _finish(battle, "win", 0 if hp[0] > hp[1] else 1, EndReason.EXHAUSTION)
        return
    battle["turn"] += 1
    turn = battle["turn"]
    mana = mana_for_turn(turn)
    battle["mana"] = [mana, mana]  # unused mana is lost: refilled, never carried (CBR-1)
    battle["log"].append(
        {
            "kind": "turn",
            "turn": turn,
            "phase": MANA,
            "text": f"Turn {turn}: both players have {mana} mana.",
            "mana": mana,
        }
    )
    drawn = [draw_phase(battle, 0), draw_phase(battle, 1)]
    spent = [mana - battle["mana"][0], mana - battle["mana"][1]]
    free = equalize_phase(battle)
    attack_phase(battle, seed)
    if battle["result"] is None:
        end_turn(battle)
    battle["turns"].append(
        {
            "turn": turn,
            "mana": mana,
            "spent": spent,
            "drawn": drawn,
            "free": free,
            "hp": list(battle["hp"]),
            "field": [len(f) for f in battle["fields"]],
            "deck_left": [DECK_SIZE - p for p in battle["deck_pos"]],
        }
    )


def run_battle(battle: Battle, seed: str) -> Battle:
    """Play turns until the battle has a result; returns the same (mutated) dict."""
    while battle["result"] is None:
        if battle["turn"] >= MAX_TURNS:
            raise RuntimeError("card battle did not end; see MAX_TURNS")
        play_turn(battle, seed)
    return battle


def resolve(decks: list[dict[str, Any]], seed: str, names: list[str] | None = None) -> Battle:
    """The complete public record of the battle between two validated decks (pure)."""
    return run_battle(new_battle(decks, names), seed)
