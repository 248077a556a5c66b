"""The Elemental Clash engine: the contract methods, dispatching to the rule modules.

Actions (exact dicts, also what ``legal_actions`` returns):

- draft:  ``{"type": "pick", "card": "EC0-r1o2"}``  one of the seat's 4 options; final.
- battle: ``{"type": "select", "card": "EC0-c03"}`` a legal hand card; hidden; changeable
  until locked (ECR-8). ``{"type": "lock"}`` locks the current selection in; when a seat has
  no legal selection at all it may lock with none and gets the S3 auto-select (ECD-2).

The step resolves when every prompted seat has picked/locked, or on ``timeout``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games.engines.core import Engine, IllegalAction, Outcome, Prompts, refuse_unread_fields

from . import bot, draft, selection, turn
from . import view as view_mod
from .cards import cost, name
from .constants import STAGE_DRAFT, STAGE_OVER, TURN_TIMER
from .state import new_state, start_battle, work_copy

# The keys each action type takes besides its type (anything else is refused, not logged).
ACTION_FIELDS = {"pick": frozenset({"card"}), "select": frozenset({"card"}), "lock": frozenset()}

CONFIG_KEYS = {"untimed"}


def _waits_for(player: dict) -> bool:
    """Whether a battle turn still waits for this seat: a hand to play from, not locked in
    (ECR-6). Asked several times a move: ``selection.must_select``'s test is written out."""
    return bool(player["hand"]) and not player["locked"]


def _battle_waiting(state: dict) -> list[int]:
    """The seats a battle turn still waits for."""
    return [p["seat"] for p in state["players"] if _waits_for(p)]


# The prompts of one step with these seats still deciding, built once and handed out for
# every state at that point: ``prompts`` is asked once per move, and building its answer
# (the step's name, a frozen dataclass) cost about 1 µs. Shared between states, so nothing
# may change a returned ``waiting`` (no caller does: it is read as the contract's frozen
# answer). The steps are few: six draft rounds and a battle of under thirty turns (every
# turn plays a card of six, or keeps one it cannot afford while energy grows), each with up
# to four sets of seats, timed or not.
@cache
def _draft_prompts(draft_round: int, seat0: bool, seat1: bool, untimed: bool) -> Prompts:
    """``seat0``/``seat1``: whether that seat has still to pick."""
    return _step_prompts(
        f"draft-r{draft_round}",
        (seat0, seat1),
        "draft_pick",
        draft.time_limit(draft_round),
        untimed,
    )


@cache
def _battle_prompts(turn_number: int, seat0: bool, seat1: bool, untimed: bool) -> Prompts:
    """``seat0``/``seat1``: whether the turn still waits for that seat."""
    return _step_prompts(
        f"battle-t{turn_number}", (seat0, seat1), "select_card", TURN_TIMER, untimed
    )


def _step_prompts(
    step: str, waits: tuple[bool, bool], decision: str, seconds: int, untimed: bool
) -> Prompts:
    return Prompts(
        step=step,
        waiting={seat: decision for seat in (0, 1) if waits[seat]},
        time_limit=None if untimed else seconds,  # ECR-13: hot-seat may be played untimed
        simultaneous=True,
    )


class ElementalClash(Engine):
    slug = "elemental-clash"
    name = "Elemental Clash"
    seats = 2
    pitch = "Draft six elemental cards, then duel with walls, miners and attacks chosen in secret."
    hot_seat = True  # S5 / ECR-13
    bot_levels = (1, 2)
    untimed_only_hot_seat = True  # ECR-13: timers apply in every mode; hot-seat may be untimed
    live_only_reason = (  # ECX-LIVE
        "Elemental Clash is played live only: its rules time every draft round and battle "
        "step in seconds (ECR-13), so it cannot wait days for a decision."
    )

    # ---- set-up -------------------------------------------------------------------------
    def validate_config(self, config: dict[str, Any]) -> list[str]:
        if not isinstance(config, dict):
            return ["The match options must be a mapping."]
        errors = [f"Unknown option: {k}." for k in sorted(set(config) - CONFIG_KEYS)]
        if "untimed" in config and not isinstance(config["untimed"], bool):
            errors.append("The option 'untimed' must be true or false.")
        return errors

    def setup(self, config: dict[str, Any], seed: str) -> dict:
        errors = self.validate_config(config or {})
        if errors:
            raise ValueError("; ".join(errors))
        return new_state(config or {}, str(seed))

    # ---- who acts ---------------------------------------------------------------------
    def prompts(self, state: dict) -> Prompts:
        stage = state["stage"]
        if stage == STAGE_OVER:
            return Prompts(step="over")
        untimed = state["config"]["untimed"]
        if stage == STAGE_DRAFT:
            d = state["draft"]
            picks = d["picks"]
            return _draft_prompts(d["round"], picks[0] is None, picks[1] is None, untimed)
        player0, player1 = state["players"]
        return _battle_prompts(state["turn"], _waits_for(player0), _waits_for(player1), untimed)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in (0, 1) or state["stage"] == STAGE_OVER:
            return []
        if state["stage"] == STAGE_DRAFT:
            if state["draft"]["picks"][seat] is not None:
                return []
            return [{"type": "pick", "card": o["id"]} for o in state["draft"]["options"][seat]]
        player = state["players"][seat]
        if not _waits_for(player):
            return []
        selected = player["selection"]
        playable = selection.playable_subtypes(player)
        actions = [
            {"type": "select", "card": c["id"]}
            for c in player["hand"]
            if c["subtype"] in playable and c["id"] != selected
        ]
        # With nothing selected every playable card is offered: no action, no playable card.
        if selected is not None or not actions:
            actions.append({"type": "lock"})
        return actions

    # ---- moves --------------------------------------------------------------------------
    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        if seat not in (0, 1):
            raise IllegalAction("BAD_SEAT", "There is no such seat.")
        if state["stage"] == STAGE_OVER:
            raise IllegalAction("GAME_OVER", "The match is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("BAD_ACTION", "An action needs a type.")
        kind = action["type"]
        if kind not in ("pick", "select", "lock"):
            raise IllegalAction(
                "UNKNOWN_TYPE",
                "That is not an action of this game. Passing is not allowed: pick a card.",
            )
        refuse_unread_fields(action, ACTION_FIELDS)
        new = work_copy(state)
        if state["stage"] == STAGE_DRAFT:
            if kind != "pick":
                raise IllegalAction("WRONG_STEP", "The draft is on: pick one of your options.")
            return new, self._pick(new, seat, action)
        if kind == "pick":
            raise IllegalAction("WRONG_STEP", "The draft is over.")
        player = new["players"][seat]
        if not selection.must_select(player):
            raise IllegalAction("NOT_PROMPTED", "Your hand is empty: you play no card this turn.")
        if player["locked"]:
            raise IllegalAction("ALREADY_LOCKED", "You have already locked in this turn.")
        if kind == "select":
            return new, self._select(player, action)
        return new, self._lock(new, player)

    def _pick(self, state: dict, seat: int, action: dict) -> list[dict]:
        d = state["draft"]
        if d["picks"][seat] is not None:
            raise IllegalAction("ALREADY_PICKED", "You already picked this round.")
        option = action.get("card")
        # A list or object here would be unhashable in the set test below: refuse it first.
        if not isinstance(option, str) or option not in {o["id"] for o in d["options"][seat]}:
            raise IllegalAction("NOT_AN_OPTION", "That card is not one of your options.")
        draft.record_pick(state, seat, option, auto=False)
        events = [{"type": "picked", "seat": seat, "round": d["round"]}]
        return events + self._after_draft_pick(state)

    def _after_draft_pick(self, state: dict) -> list[dict]:
        if not draft.round_complete(state):
            return []
        finished_round = state["draft"]["round"]
        if draft.advance_round(state):
            start_battle(state)
            return [{"type": "draft_complete"}]
        return [{"type": "draft_round", "round": finished_round + 1}]

    def _select(self, player: dict, action: dict) -> list[dict]:
        wanted = action.get("card")
        card = next((c for c in player["hand"] if c["id"] == wanted), None)
        if card is None:
            raise IllegalAction("NOT_IN_HAND", "That card is not in your hand.")
        if card["id"] == player["selection"]:
            raise IllegalAction("ALREADY_SELECTED", "That card is already your selection.")
        if not selection.is_playable(player, card):
            reason = selection.unplayable_reason(player, card)
            raise IllegalAction("UNPLAYABLE", f"You cannot play {name(card)}: {reason}")
        player["selection"] = card["id"]
        return [{"type": "selected", "seat": player["seat"]}]

    def _lock(self, state: dict, player: dict) -> list[dict]:
        if player["selection"] is None:
            if selection.playable_cards(player):
                raise IllegalAction("NOTHING_SELECTED", "Select a card before locking in.")
            # ECD-2: nothing in hand can be played by choice, so locking asks for S3.
            player["selection"] = selection.auto_select(state, player["seat"])
            player["auto"] = True
        player["locked"] = True
        events = [{"type": "locked", "seat": player["seat"]}]
        if not _battle_waiting(state):
            events += turn.resolve_turn(state)
        return events

    def timeout(self, state: dict) -> tuple[dict, list[dict]]:
        if state["stage"] == STAGE_OVER:
            raise IllegalAction("GAME_OVER", "The match is over.")
        new = work_copy(state)
        events: list[dict] = [{"type": "timeout", "step": self.prompts(state).step}]
        if new["stage"] == STAGE_DRAFT:
            for seat in (0, 1):
                if new["draft"]["picks"][seat] is None:
                    draft.record_pick(new, seat, draft.auto_pick(new, seat), auto=True)
                    events.append({"type": "auto_pick", "seat": seat})
            return new, events + self._after_draft_pick(new)
        for player in new["players"]:
            if not selection.must_select(player) or player["locked"]:
                continue
            # S4: an unlocked selection stands; S3 fills an empty one.
            if player["selection"] is None:
                player["selection"] = selection.auto_select(new, player["seat"])
                player["auto"] = True
                events.append({"type": "auto_select", "seat": player["seat"]})
            player["locked"] = True
        return new, events + turn.resolve_turn(new)

    # ---- reading ------------------------------------------------------------------------
    def view(self, state: dict, viewer: int | None) -> dict:
        return view_mod.build(state, viewer, self.prompts(state))

    def outcome(self, state: dict) -> Outcome | None:
        o = state["outcome"]
        if o is None:
            return None
        return Outcome(
            result=o["result"], winner=o["winner"], reason=o["reason"], message=o["message"]
        )

    def action_label(self, state: dict, seat: int, action: dict) -> str:
        kind = action.get("type")
        if kind == "lock":
            return "Lock in"
        if kind == "pick":
            options = state["draft"]["options"][seat] if state["stage"] == STAGE_DRAFT else []
            card = next((o for o in options if o["id"] == action.get("card")), None)
            return f"Pick {name(card)}" if card else "Pick"
        if kind == "select":
            hand = state["players"][seat]["hand"]
            card = next((c for c in hand if c["id"] == action.get("card")), None)
            return f"Play {name(card)} ({cost(card)})" if card else "Play"
        return str(kind)

    def bot_action(self, state: dict, seat: int, level: int = 1) -> dict:
        if level >= 2:
            from .search import choose

            return choose(self, state, seat)
        return bot.choose(self.view(state, seat), self.legal_actions(state, seat))
