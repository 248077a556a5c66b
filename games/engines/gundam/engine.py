"""The Gundam engine object: the contract's methods on top of the rules modules.

Composed moves (keep ``legal_actions`` short): an attack, a Pilot pairing, a targeted Command,
Support and a Base ability are offered as ``{"type": "select", "mode": m, "card": id}``
followed by ``{"type": "target", "target": t}`` (or ``{"type": "cancel"}``); the discard
choice at the hand limit is built with ``{"type": "toggle_discard", "card": id}``. ``apply``
also accepts each complete move in one dict (``{"type": "attack", "attacker": id,
"target": "player"|unit id}`` ...), which is what tests use to check validation order.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from ..core import WIN, Engine, IllegalAction, Outcome, Prompts, refuse_unread_fields, rng
from ..core.clock import note_move
from . import bot as bot_module
from . import clock
from .cards import BASE, COMMAND, EFFECT_OPS, PILOT, STARTER_DECKS, UNIT, card
from .decks import validate_deck
from .flow import default_discard, is_over, start_match
from .moves import (
    INVALID_ACTION,
    INVALID_CARD,
    INVALID_PHASE,
    INVALID_TARGET,
    MOVES,
    NOT_YOUR_TURN,
    SELECT_MODES,
    check_select,
    check_toggle_attacker,
    compose,
    guard,
    legal_targets,
    pending_source,
    toggled_attackers,
)
from .state import (
    BLOCK_SECONDS,
    CHOOSE_DECK_SECONDS,
    DEFAULT_OPTIONS,
    END_PHASE,
    HAND_LIMITS,
    MAIN_PHASE,
    MAX_UNITS,
    RESOURCE_PHASE,
    SEATS,
    STAGE_CHOOSE_DECK,
    STAGE_OVER,
    add_log,
    composing_copy,
    find_unit,
    options,
    player,
    seat_name,
    work_copy,
)
from .view import build_view

# Actions that keep a half-built selection alive; every other accepted move drops it.
_SELECTION_MOVES = ("select", "toggle_discard", "toggle_attacker")
# Actions that change only the half-built selection (and the counters): see composing_copy.
_COMPOSING_MOVES = (*_SELECTION_MOVES, "cancel")

# The keys each action type takes besides its type, complete moves and selection steps alike
# (anything else is refused, not logged).
ACTION_FIELDS = {
    kind: frozenset(keys)
    for kind, keys in {
        "choose_deck": ("name", "deck"),
        "play_resource": ("cardId",),  # GDR-2: the seed's cardId is taken and ignored
        "skip_resource": (),
        "deploy": ("card", "trash", "position"),
        "pair": ("pilot", "unit"),
        "attack": ("attacker", "attackers", "target"),
        "command": ("card", "target"),
        "support": ("unit", "target"),
        "base_ability": ("target",),
        "end_main": (),
        "end_turn": ("discard",),
        "block": ("unit",),
        "pass_block": (),
        "select": ("mode", "card"),
        "target": ("target",),
        "toggle_attacker": ("card",),
        "cancel": (),
        "toggle_discard": ("card",),
    }.items()
}


def validate_config(config: Any) -> list[str]:
    """Match options and optional ready decks. Keys (all optional):

    - ``first_player_draws`` (bool, default False; GDR-3's published variant),
    - ``hand_limit`` (7 or 10, default 7; GDR-14),
    - ``seventh_unit_trashes`` (bool, default False; GDR-15),
    - ``decks``: ``{"0": {"name": str, "deck": <deck>}, "1": ...}`` to seat a deck without
      the choose_deck step (each deck checked by ``validate_deck``).
    """
    if not isinstance(config, dict):
        return ["The match options must be an object."]
    errors = []
    for key in sorted(set(config) - set(DEFAULT_OPTIONS) - {"decks"}):
        errors.append(f"Unknown match option {key!r}.")
    for key in ("first_player_draws", "seventh_unit_trashes"):
        if key in config and not isinstance(config[key], bool):
            errors.append(f"{key} must be true or false.")
    if "hand_limit" in config and (
        isinstance(config["hand_limit"], bool) or config["hand_limit"] not in HAND_LIMITS
    ):
        errors.append("hand_limit must be 7 (the spec) or 10 (the published rules).")
    decks = config.get("decks", {})
    if not isinstance(decks, dict):
        errors.append('decks must map a seat ("0" or "1") to {"name": ..., "deck": ...}.')
        return errors
    for seat_key, entry in decks.items():
        if seat_key not in ("0", "1"):
            errors.append(f'decks: unknown seat {seat_key!r} (use "0" or "1").')
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("name", ""), str):
            errors.append(f'decks[{seat_key}] must be {{"name": str, "deck": <deck>}}.')
            continue
        errors.extend(f"Seat {seat_key} deck: {e}" for e in validate_deck(entry.get("deck")))
    return errors


# One Prompts per step and waiting seat, shared by every state at that point (nothing changes
# a returned ``waiting``): the playing loop asks for them before every move.


@cache
def _block_prompts(turn: int, n: int, defender: int) -> Prompts:
    return Prompts(step=f"t{turn}-block-{n}", waiting={defender: "block"}, time_limit=BLOCK_SECONDS)


@cache
def _phase_prompts(turn: int, phase: str, current: int, kind: str) -> Prompts:
    return Prompts(
        step=f"t{turn}-{phase}", waiting={current: kind}, time_limit=clock.phase_limit(phase)
    )


class GundamEngine(Engine):
    slug = "gundam"
    name = "Gundam Card Game"
    seats = 2
    pitch = "Deploy mobile suits, pair pilots and break six shields in a duel of OG01 decks."
    hot_seat = False
    bot_levels = (1, 2)
    # The published-rule variants the rulings name, offered by the lobby's create form. Each
    # choice reads after its label, in the form and in a challenge's line ("A seventh Unit:
    # replaces one you trash"); the rules' own choice says so in words.
    match_options = [
        {
            "key": "first_player_draws",
            "label": "Turn 1 for the first player",
            "choices": [[False, "no draw, as the rules say"], [True, "draws a card"]],
            "default": False,
        },
        {
            "key": "hand_limit",
            "label": "Hand limit",
            "choices": [[7, "7 cards, as the rules say"], [10, "10 cards"]],
            "default": 7,
        },
        {
            "key": "seventh_unit_trashes",
            "label": "A seventh Unit",
            "choices": [
                [False, "cannot be deployed, as the rules say"],
                [True, "replaces one you trash"],
            ],
            "default": False,
        },
    ]

    # ------------------------------------------------------------ setup and config

    def validate_config(self, config: dict[str, Any]) -> list[str]:
        return validate_config(config)

    def setup(self, config: dict[str, Any], seed: str) -> dict[str, Any]:
        errors = validate_config(config or {})
        if errors:
            raise ValueError("; ".join(errors))
        from .flow import new_state

        opts = {k: (config or {}).get(k, v) for k, v in DEFAULT_OPTIONS.items()}
        state = new_state(opts, seed)
        for seat_key, entry in (config or {}).get("decks", {}).items():
            deck = entry["deck"]
            state["choices"][seat_key] = {
                "name": entry.get("name") or "Custom deck",
                "deck": {"main": list(deck["main"]), "resource": list(deck["resource"])},
            }
        if all(state["choices"][str(s)] is not None for s in SEATS):
            start_match(state)
        return state

    # ------------------------------------------------------------ prompts

    def prompts(self, state: dict[str, Any]) -> Prompts:
        stage = state["stage"]
        if stage == STAGE_OVER:
            return Prompts(step="over")
        if stage == STAGE_CHOOSE_DECK:
            waiting = {s: "choose_deck" for s in SEATS if state["choices"][str(s)] is None}
            return Prompts(
                step="choose_deck",
                waiting=waiting,
                time_limit=CHOOSE_DECK_SECONDS,
                simultaneous=True,
            )
        attack = state["attack"]
        if attack is not None and attack["step"] == "block":
            return _block_prompts(state["turn"], attack["n"], 1 - attack["seat"])
        kind = "target" if state["pending"] else state["phase"]
        return _phase_prompts(state["turn"], state["phase"], state["current"], kind)

    # ------------------------------------------------------------ legal actions

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        stage = state["stage"]
        if stage == STAGE_OVER or seat not in SEATS:
            return []
        if stage == STAGE_CHOOSE_DECK:
            if state["choices"][str(seat)] is not None:
                return []
            return [
                {"type": "choose_deck", "name": name, "deck": copy.deepcopy(deck)}
                for name, deck in STARTER_DECKS.items()
            ]
        attack = state["attack"]
        if attack is not None:
            return self._block_actions(state, seat) if attack["step"] == "block" else []
        if seat != state["current"]:
            return []
        phase = state["phase"]
        pending = state["pending"]
        if pending is not None and pending["mode"] in SELECT_MODES:
            out = [
                {"type": "target", "target": t}
                for t in legal_targets(state, seat, pending["mode"], pending_source(pending))
            ]
            if pending["mode"] == "attack":
                # GDR-5: more attackers may join (or leave) the list before the target.
                toggles = [
                    {"type": "toggle_attacker", "card": u["id"]}
                    for u in player(state, seat)["battle"]
                ]
                out += self._valid(state, seat, toggles)
            return out + [{"type": "cancel"}]
        if phase == RESOURCE_PHASE:
            return self._valid(state, seat, [{"type": "play_resource"}, {"type": "skip_resource"}])
        if phase == MAIN_PHASE:
            return self._main_actions(state, seat)
        if phase == END_PHASE:
            return self._end_actions(state, seat)
        return []

    def _valid(self, state, seat, candidates):
        return [action for action in candidates if self._check(state, seat, action) is None]

    def _block_actions(self, state, seat):
        p = player(state, seat)
        cands = [{"type": "block", "unit": u["id"]} for u in p["battle"]]
        return self._valid(state, seat, cands + [{"type": "pass_block"}])

    def _command_actions(self, state, seat, cid):
        info = card(state["cards"][cid])
        if EFFECT_OPS[info["effect"]["op"]] is None:
            return [{"type": "command", "card": cid}]
        return [{"type": "select", "mode": "command", "card": cid}]

    def _main_actions(self, state, seat):
        p = player(state, seat)
        cands: list[dict[str, Any]] = []
        full = len(p["battle"]) >= MAX_UNITS and options(state)["seventh_unit_trashes"]
        for cid in p["hand"]:
            kind = card(state["cards"][cid])["type"]
            if kind == UNIT and full:
                cands.extend({"type": "deploy", "card": cid, "trash": u["id"]} for u in p["battle"])
            elif kind in (UNIT, BASE):
                cands.append({"type": "deploy", "card": cid})
            elif kind == PILOT:
                cands.append({"type": "select", "mode": "pair", "card": cid})
            elif kind == COMMAND:
                cands.extend(self._command_actions(state, seat, cid))
        for unit in p["battle"]:
            cands.append({"type": "select", "mode": "attack", "card": unit["id"]})
            cands.append({"type": "select", "mode": "support", "card": unit["id"]})
        if p["base"] is not None:
            cands.append({"type": "select", "mode": "base", "card": p["base"]["id"]})
        cands.append({"type": "end_main"})
        return self._valid(state, seat, cands)

    def _end_actions(self, state, seat):
        p = player(state, seat)
        cands: list[dict[str, Any]] = []
        for cid in p["hand"]:
            if card(state["cards"][cid])["type"] == COMMAND:
                cands.extend(self._command_actions(state, seat, cid))
        excess = len(p["hand"]) - options(state)["hand_limit"]
        if excess > 0:
            cands.extend({"type": "toggle_discard", "card": cid} for cid in p["hand"])
            pending = state["pending"]
            marked = pending["cards"] if pending and pending["mode"] == "discard" else []
            if len(marked) == excess:
                cands.append({"type": "end_turn", "discard": list(marked)})
        cands.append({"type": "end_turn"})
        return self._valid(state, seat, cands)

    # ------------------------------------------------------------ apply

    def _check(self, state, seat, action):
        """Validate without changing anything: the move's refusal ``(code, message)``, or None
        when it is legal (``apply`` raises the refusal as IllegalAction)."""
        kind = action.get("type")
        if kind in MOVES:
            return MOVES[kind][0](state, seat, action)
        if kind == "select":
            return check_select(state, seat, action)
        if kind == "target":
            if refused := self._own_pending(state, seat):
                return refused
            pending = state["pending"]
            if pending["mode"] not in SELECT_MODES:
                return INVALID_PHASE, "Nothing is selected."
            move = compose(pending["mode"], pending_source(pending), action.get("target"))
            return MOVES[move["type"]][0](state, seat, move)
        if kind == "toggle_attacker":
            return check_toggle_attacker(state, seat, action)
        if kind == "cancel":
            return self._own_pending(state, seat)
        if kind == "toggle_discard":
            return self._check_toggle_discard(state, seat, action)
        return INVALID_ACTION, "That is not an action of this game."

    @staticmethod
    def _check_toggle_discard(state, seat, action):
        if refused := guard(state, seat, (END_PHASE,), "Choosing discards"):
            return refused
        p = player(state, seat)
        cid = action.get("card")
        if cid not in p["hand"]:
            return INVALID_CARD, "That card is not in your hand."
        excess = len(p["hand"]) - options(state)["hand_limit"]
        if excess <= 0:
            return INVALID_TARGET, "Your hand is within the limit."
        pending = state["pending"]
        marked = pending["cards"] if pending and pending["mode"] == "discard" else []
        if cid not in marked and len(marked) >= excess:
            return INVALID_TARGET, f"You only discard {excess} card(s)."
        return None

    @staticmethod
    def _own_pending(state, seat):
        """Refused unless the seat has a half-built move of its own."""
        if is_over(state):
            return "GAME_OVER", "The game is over."
        pending = state["pending"]
        if pending is None or state["attack"] is not None:
            return INVALID_PHASE, "Nothing is selected."
        if pending["seat"] != seat:
            return NOT_YOUR_TURN, "It is not your turn."
        return None

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(INVALID_ACTION, 'An action is an object with a "type".')
        if seat not in SEATS:
            raise IllegalAction(NOT_YOUR_TURN, "Only seats 0 and 1 play.")
        refuse_unread_fields(action, ACTION_FIELDS)
        refused = self._check(state, seat, action)
        if refused:
            raise IllegalAction(*refused)
        kind = action["type"]
        new = composing_copy(state) if kind in _COMPOSING_MOVES else work_copy(state)
        mark = new["counters"]["log"]
        new["counters"]["actions"] += 1
        note_move(new, seat)  # GUN-X-ABANDON: a move of its own breaks a seat's run
        if kind == "select":
            new["pending"] = {"seat": seat, "mode": action["mode"], "card": action["card"]}
            if action["mode"] == "attack":
                new["pending"]["attackers"] = [action["card"]]
        elif kind == "toggle_attacker":
            pending = new["pending"]
            pending["attackers"] = toggled_attackers(pending["attackers"], action["card"])
            pending["card"] = pending["attackers"][0]
        elif kind == "cancel":
            new["pending"] = None
        elif kind == "toggle_discard":
            pending = new["pending"]
            if not pending or pending["mode"] != "discard":
                pending = new["pending"] = {"seat": seat, "mode": "discard", "cards": []}
            if action["card"] in pending["cards"]:
                pending["cards"].remove(action["card"])
            else:
                pending["cards"].append(action["card"])
        elif kind == "target":
            pending = new["pending"]
            move = compose(pending["mode"], pending_source(pending), action["target"])
            new["pending"] = None
            MOVES[move["type"]][1](new, seat, move)
        else:
            if kind not in ("choose_deck", "block", "pass_block"):
                new["pending"] = None
            MOVES[kind][1](new, seat, action)
        return new, self._events(new, mark, seat, kind)

    @staticmethod
    def _events(state, mark, seat, kind):
        events = [{"type": "action", "seat": seat, "action": kind}]
        log = state["log"]
        # add_log numbers lines in the order it appends them (and only ever drops old ones), so
        # the move's lines, numbered past ``mark``, are the last ones: found from the end
        # without reading the whole log (up to 60 routine lines and every destruction).
        first = len(log)
        while first and log[first - 1]["n"] > mark:
            first -= 1
        events.extend({"type": e["kind"], "text": e["text"]} for e in log[first:])
        return events

    # ------------------------------------------------------------ timeout

    def timeout(self, state: dict[str, Any]):
        """Deck choice: an unchosen seat gets a starter deck (seeded). Block step: pass
        (GUN-X-BLOCK-TIMER). A phase of the active turn: GUN-X-TIMEOUT. Every seat that ran out
        of time counts towards GUN-X-ABANDON."""
        stage = state["stage"]
        if stage == STAGE_OVER:
            raise IllegalAction("GAME_OVER", "The game is over.")
        new = work_copy(state)
        mark = new["counters"]["log"]
        if stage == STAGE_CHOOSE_DECK:
            names = sorted(STARTER_DECKS)
            late = [s for s in SEATS if new["choices"][str(s)] is None]
            for seat in late:
                add_log(new, "timeout", f"{seat_name(seat)} ran out of time: a deck was dealt.")
                name = rng(new["seed"], "autodeck", seat).choice(names)
                new["choices"][str(seat)] = {
                    "name": name,
                    "deck": copy.deepcopy(STARTER_DECKS[name]),
                }
            start_match(new)
        elif state["attack"] is not None and state["attack"]["step"] == "block":
            from .combat import pass_block

            late = [1 - state["attack"]["seat"]]
            pass_block(new, timed_out=True)
        elif clock.phase_limit(state["phase"]) is not None:
            late = [state["current"]]
            clock.turn_timeout(new)
        else:  # pragma: no cover - a match at rest waits in one of the steps above
            raise IllegalAction(INVALID_PHASE, "This step has no time limit.")
        clock.abandon_if_due(new, late)
        return new, self._events(new, mark, None, "timeout")

    # ------------------------------------------------------------ view, outcome, labels

    def view(self, state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["winner"] is None:
            return None
        last = next((e["text"] for e in reversed(state["log"]) if e["kind"] == "game_over"), "")
        return Outcome(result=WIN, winner=state["winner"], reason=state["reason"], message=last)

    def action_label(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        return label(state, seat, action)

    def bot_action(self, state: dict[str, Any], seat: int, level: int = 1) -> dict[str, Any]:
        if level >= 2:
            from .search import choose

            return choose(self, state, seat)
        return bot_module.choose(
            self.view(state, seat), self.legal_actions(state, seat), state["seed"], level
        )


def _card_name(state, cid):
    no = state["cards"].get(cid)
    return card(no)["name"] if no else str(cid)


def label(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """A short button text for an action."""
    kind = action.get("type")
    if kind == "choose_deck":
        return f"Play {action.get('name') or 'this deck'}"
    if kind == "play_resource":
        return "Place a resource"
    if kind == "skip_resource":
        return "Skip the resource"
    if kind == "deploy":
        text = f"Deploy {_card_name(state, action['card'])}"
        if action.get("trash"):
            text += f" (trash {_card_name(state, action['trash'])})"
        return text
    if kind == "select":
        name = _card_name(state, action["card"])
        return {
            "pair": f"Pair {name}…",
            "attack": f"Attack with {name}…",
            "command": f"Play {name}…",
            "support": f"Support from {name}…",
            "base": f"Use {name}…",
        }.get(action["mode"], name)
    if kind == "target":
        target = action["target"]
        if target == "player":
            return "The opponent"
        owner = 0 if find_unit(player(state, 0), target) else 1
        who = "your" if owner == seat else "enemy"
        return f"{_card_name(state, target)} ({who})"
    if kind == "command":
        return f"Play {_card_name(state, action['card'])}"
    if kind == "cancel":
        return "Cancel"
    if kind == "end_main":
        return "End main phase"
    if kind == "end_turn":
        if action.get("discard"):
            return f"End turn, discarding {len(action['discard'])}"
        extra = len(default_discard(state, seat)) if state["players"] else 0
        return f"End turn (discard last {extra})" if extra else "End turn"
    if kind == "toggle_discard":
        pending = state["pending"] or {}
        name = _card_name(state, action["card"])
        if pending.get("mode") == "discard" and action["card"] in pending.get("cards", []):
            return f"Keep {name}"
        return f"Discard {name}"
    if kind == "toggle_attacker":
        pending = state["pending"] or {}
        name = _card_name(state, action["card"])
        if action["card"] in pending.get("attackers", []):
            return f"Leave {name} out"
        return f"Add {name} to the attack"
    if kind == "block":
        return f"Block with {_card_name(state, action['unit'])}"
    if kind == "pass_block":
        return "Don't block"
    if kind in ("attack", "pair", "support", "base_ability"):
        return kind.replace("_", " ").capitalize()
    return str(kind)
