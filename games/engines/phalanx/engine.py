"""The Phalanx engine: the contract of ``games.engines.core.Engine`` for ruleset 0.2.0-draft.

Actions (exactly what ``legal_actions`` returns and the UI sends back)::

    {"type": "deploy", "card": "PX0-QS"}                      deployment, next fixed slot
    {"type": "attack", "attacker": "PX0-QS", "column": 2}     combat, front card of column 2
    {"type": "pass"}                                          combat
    {"type": "reinforce", "card": "PX1-5H"}                   reinforcement of the open column
    {"type": "forfeit"}                                       combat or reinforcement

Columns are 0-based in actions and state, 1-based in labels. Each decision has the hall's
limit (PXC-1, games/engines/phalanx/clock.py); ``timeout`` takes the default for the active seat
(PXC-2) and logs it as a timeout, and a third timeout in a row loses the match (PXC-3).
"""

from __future__ import annotations

from typing import Any

from games.engines.core import Engine, IllegalAction, Outcome, Prompts
from games.engines.core.clock import note_move

from . import bot, clock, rules
from .cards import (
    COLUMNS,
    FRONT,
    ActionType,
    Phase,
    is_card_id,
    short_name,
    sort_key,
)
from .combat import resolve_column
from .state import move_copy, setup_state, validate_config
from .txlog import append_entry, hash_before
from .view import build_view

# Which actions each phase accepts, and the keys each action carries besides "type".
PHASE_ACTIONS = {
    Phase.DEPLOY: {ActionType.DEPLOY},
    Phase.COMBAT: {ActionType.ATTACK, ActionType.PASS, ActionType.FORFEIT},
    Phase.REINFORCE: {ActionType.REINFORCE, ActionType.FORFEIT},
    Phase.OVER: set(),
}
ACTION_KEYS = {
    ActionType.DEPLOY: {"type", "card"},
    ActionType.ATTACK: {"type", "attacker", "column"},
    ActionType.PASS: {"type"},
    ActionType.REINFORCE: {"type", "card"},
    ActionType.FORFEIT: {"type"},
}
PROMPT_KINDS = {Phase.DEPLOY: "deploy", Phase.COMBAT: "attack", Phase.REINFORCE: "reinforce"}
# The phase and action-type names as they come in (plain strings): a dict look-up where
# building the enum member would cost a class call on every move.
ACTION_TYPES = {kind.value: kind for kind in ActionType}


class PhalanxEngine(Engine):
    slug = "phalanx"
    name = "Phalanx"
    pitch = "Two 52-card armies in 2x4 grids: strike down a column, overflow into LP, reinforce."
    hot_seat = True
    bot_levels = (1, 2)
    # Offered by the lobby's create form (games/matches/options.py); validate_config has the last word.
    match_options = [
        {
            "key": "damage_mode",
            "label": "Damage mode",
            "choices": [
                ["cumulative", "Cumulative (damage stays on cards)"],
                ["per-turn", "Per turn (cards heal each turn)"],
            ],
            "default": "cumulative",
        }
    ]

    # -- options and set-up -------------------------------------------------------------
    def validate_config(self, config: dict[str, Any]) -> list[str]:
        return validate_config(config)

    def setup(self, config: dict[str, Any], seed: str) -> dict:
        errors = validate_config(config)
        if errors:
            raise ValueError("; ".join(errors))
        return setup_state(config, str(seed))

    # -- who acts -----------------------------------------------------------------------
    def prompts(self, state: dict) -> Prompts:
        phase = state["phase"]
        if phase == Phase.OVER:
            return Prompts(step="over")
        step = f"{phase}:{state['turn']}:{len(state['txlog'])}"
        return Prompts(
            step=step,
            waiting={state["active"]: PROMPT_KINDS[phase]},
            time_limit=clock.limit(phase),
        )

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        phase = state["phase"]
        if phase == Phase.OVER or seat != state["active"]:
            return []
        player = state["players"][seat]
        hand = sorted(player["hand"], key=sort_key)  # stable, readable button order
        if phase == Phase.DEPLOY:
            return [{"type": "deploy", "card": c} for c in hand]
        if phase == Phase.REINFORCE:
            return [{"type": "reinforce", "card": c} for c in hand] + [{"type": "forfeit"}]
        front = player["grid"][FRONT]
        attacks = [
            {"type": "attack", "attacker": slot["id"], "column": column}
            for column, slot in enumerate(front)
            if slot is not None
        ]
        return [*attacks, {"type": "pass"}, {"type": "forfeit"}]

    # -- applying actions ---------------------------------------------------------------
    def _validate(self, state: dict, seat: Any, action: Any) -> ActionType:
        if state["phase"] == Phase.OVER:
            raise IllegalAction("GAME_OVER", "The match is over.")
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalAction("BAD_SEAT", "Phalanx has seats 0 and 1.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("BAD_ACTION", "An action is an object with a 'type'.")
        kind = ACTION_TYPES.get(action["type"])
        if kind is None:
            raise IllegalAction("UNKNOWN_ACTION", "That is not an action of this game.")
        if set(action) != ACTION_KEYS[kind]:
            raise IllegalAction(
                "BAD_ACTION", f"A {kind.value} action needs exactly {sorted(ACTION_KEYS[kind])}."
            )
        if seat != state["active"]:
            raise IllegalAction("NOT_YOUR_TURN", "It is not your turn.")
        phase = state["phase"]
        if kind not in PHASE_ACTIONS[phase]:
            raise IllegalAction("WRONG_PHASE", f"You cannot {kind.value} during {phase}.")
        player = state["players"][seat]
        if kind in (ActionType.DEPLOY, ActionType.REINFORCE) and (
            not is_card_id(action["card"]) or action["card"] not in player["hand"]
        ):
            raise IllegalAction("NOT_IN_HAND", "That card is not in your hand.")
        if kind == ActionType.ATTACK:
            column = action["column"]
            if type(column) is not int or not 0 <= column < COLUMNS:
                raise IllegalAction("BAD_COLUMN", "Columns are numbered 0 to 3.")
            slot = player["grid"][FRONT][column]
            if slot is None:
                raise IllegalAction("NO_ATTACKER", "You have no front-row card in that column.")
            if slot["id"] != action["attacker"]:
                raise IllegalAction("BAD_ATTACKER", "Only the front-row card of a column attacks.")
        return kind

    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        kind = self._validate(state, seat, action)
        before = hash_before(state)
        phase, turn = state["phase"], state["turn"]
        new = move_copy(state)
        if kind == ActionType.DEPLOY:
            events, details = rules.deploy(new, seat, action["card"])
        elif kind == ActionType.ATTACK:
            events, details = rules.attack(new, seat, action["column"])
        elif kind == ActionType.PASS:
            events, details = rules.pass_turn(new, seat)
        elif kind == ActionType.REINFORCE:
            events, details = rules.reinforce(new, seat, action["card"])
        else:
            events, details = rules.forfeit(new, seat)
        note_move(new, seat)  # PXC-3: a move of its own breaks a seat's run of timeouts
        append_entry(new, before, seat, action, phase, turn, details)
        return new, events

    def timeout(self, state: dict) -> tuple[dict, list[dict]]:
        """PXC-2: the active seat's time ran out; it takes the default move, logged in the
        transaction log as a timeout. PXC-3: the third in a row loses by abandonment."""
        if state["phase"] == Phase.OVER:
            raise IllegalAction("GAME_OVER", "The match is over.")
        seat = state["active"]
        action = clock.default_action(state)
        before = hash_before(state)
        phase, turn = state["phase"], state["turn"]
        new = move_copy(state)
        if action["type"] == ActionType.PASS:
            events, details = rules.pass_turn(new, seat)
        elif action["type"] == ActionType.DEPLOY:
            events, details = rules.deploy(new, seat, action["card"])
        else:
            events, details = rules.reinforce(new, seat, action["card"])
        events = [{"type": "timeout", "seat": seat, "phase": phase}, *events]
        events += clock.abandon_if_due(new, seat, rules.finish)
        append_entry(new, before, seat, action, phase, turn, details, timeout=True)
        return new, events

    # -- reading ------------------------------------------------------------------------
    def view(self, state: dict, viewer: int | None) -> dict:
        return build_view(state, viewer)

    def outcome(self, state: dict) -> Outcome | None:
        result = state["outcome"]
        if result is None:
            return None
        return Outcome(result["result"], result["winner"], result["reason"], result["message"])

    def action_label(self, state: dict, seat: int, action: dict) -> str:
        kind = action.get("type")
        if kind == ActionType.DEPLOY:
            placed = sum(1 for r in state["players"][seat]["grid"] for s in r if s is not None)
            row = "front" if placed < COLUMNS else "back"
            return f"Deploy {short_name(action['card'])} to {row} {placed % COLUMNS + 1}"
        if kind == ActionType.ATTACK:
            return f"{short_name(action['attacker'])} attacks column {action['column'] + 1}: " + (
                self.attack_preview(state, seat, action)
            )
        if kind == ActionType.REINFORCE:
            column = state["reinforce"]["column"] + 1 if state["reinforce"] else "?"
            return f"Reinforce column {column} with {short_name(action['card'])}"
        if kind == ActionType.PASS:
            return "Pass"
        if kind == ActionType.FORFEIT:
            return "Forfeit"
        return str(kind)

    def attack_preview(self, state: dict, seat: int, action: dict) -> str:
        """What an attack would do, from public information: 'destroys 7♦, K♣ 11→9 HP, 3 LP'."""
        enemy = state["players"][1 - seat]
        column = action["column"]
        result = resolve_column(
            action["attacker"],
            enemy["grid"][0][column],
            enemy["grid"][1][column],
            enemy["lp"],
        )
        parts = [f"destroys {short_name(c)}" for c in result["destroyed"]]
        hits = [s for s in result["steps"][:-1] if not s["destroyed"]]
        parts += [f"{short_name(s['card']['id'])} {s['hpBefore']}→{s['hpAfter']} HP" for s in hits]
        parts.append(f"{result['totalLpDamage']} LP")
        return ", ".join(parts)

    def bot_action(self, state: dict, seat: int, level: int = 1) -> dict:
        if level >= 2:
            from .search import choose

            return choose(self, state, seat)
        return bot.choose(self.view(state, seat), seat, self.legal_actions(state, seat), level)
