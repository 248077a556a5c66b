"""The Card Battle engine: the contract methods over state.py, battle.py, view.py, bot.py."""

from __future__ import annotations

from typing import Any

from games.engines.core import (
    DRAW,
    Action,
    Engine,
    Event,
    IllegalAction,
    Outcome,
    Prompts,
    State,
    clone,
)

from . import bot
from .cards import DECK_TYPES, STRATEGIES
from .decks import MAX_NAME_LENGTH, READY_MADE_DECKS, normalise_deck, validate_deck
from .state import SEATS, Step, initial_state, record_pick
from .view import build_view

CHOOSE = "choose_deck"
CONFIG_KEYS = {"decks", "deck"}

# CB-TIME-02: the hall's limit for locking in a deck (the seed gives none). Long enough to
# read the four ready-made decks and one's own; short enough that a match abandoned at this
# step ends within minutes instead of counting as "in play" for ever.
DECK_CHOICE_SECONDS = 180


def ready_made_actions() -> list[Action]:
    """One ``choose_deck`` action per ready-made deck (fresh dicts every call)."""
    return [
        {"type": CHOOSE, "name": name, "deck": normalise_deck(deck)}
        for name, deck in READY_MADE_DECKS.items()
    ]


def _check_choice(action: Any) -> tuple[str, dict[str, Any]]:
    """Validate a ``choose_deck`` payload fully (it may be a saved deck the platform offers)."""
    if not isinstance(action, dict):
        raise IllegalAction("MALFORMED", "An action must be an object with a type.")
    if action.get("type") != CHOOSE:
        raise IllegalAction("UNKNOWN_ACTION", "That is not an action of this game.")
    extra = sorted(str(k) for k in action if k not in {"type", "name", "deck"})
    if extra:
        raise IllegalAction("MALFORMED", "That action has fields it does not take.")
    name = action.get("name")
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction("BAD_NAME", "Choose a deck by name: the deck name is missing.")
    if len(name) > MAX_NAME_LENGTH:
        raise IllegalAction("BAD_NAME", f"Deck names are at most {MAX_NAME_LENGTH} characters.")
    errors = validate_deck(action.get("deck"))
    if errors:
        raise IllegalAction("BAD_DECK", " ".join(errors))
    return name.strip(), normalise_deck(action["deck"])


class CardBattleEngine(Engine):
    slug = "card-battle"
    name = "Card Battle"
    pitch = "Build a 20-card deck, pick a type and a strategy, and watch the battle unfold."
    # The only decision is a deck that becomes public once both are in, so sharing a device
    # costs little: each seat sees only "has chosen" for the other until the reveal.
    hot_seat = True
    # Level 2 takes the deck with the best simulated win rate against the field of
    # ready-made decks (the opponent's hidden pick sampled from that field); level 1 one of
    # the near-best at random (bot.py).
    bot_levels = (1, 2)
    has_clock = False  # CB-TIME-01: no step is timed, so "Timed" would mean nothing
    # The lobby offers to pick the bot's deck (only when playing the bot, which sits in seat
    # 2); "let the bot choose" leaves the choice to bot_action.
    match_options = [
        {
            "key": "bot_deck",
            "label": "The bot's deck (when playing the bot)",
            "choices": [["", "Let the bot choose"]] + [[name, name] for name in READY_MADE_DECKS],
            "default": "",
            "modes": ["bot"],
        }
    ]

    def config_from_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Lobby options -> match config: a chosen bot deck is pre-chosen for seat 2."""
        config = {k: v for k, v in options.items() if k != "bot_deck"}
        name = options.get("bot_deck")
        if name:
            config["decks"] = {"1": {"name": name, "deck": dict(READY_MADE_DECKS[name])}}
        return config

    def rematch_config(self, state: State) -> dict[str, Any]:
        """A rematch with sides swapped: each player keeps its deck on the other side (the
        platform swaps the people and gives the rematch a fresh seed). A side that never picked (the
        match was given up first) chooses again in the rematch."""
        picks = state["picks"]
        decks = {
            str(new): {"name": picks[str(old)]["name"], "deck": dict(picks[str(old)]["deck"])}
            for new, old in ((0, 1), (1, 0))
            if picks[str(old)] is not None
        }
        return {"decks": decks} if decks else {}

    # -- configuration -------------------------------------------------------------------
    def validate_config(self, config: dict[str, Any]) -> list[str]:
        """``{}`` is the standard game. Optional keys:

        - ``"decks"``: ``{"0"|"1": {"name": str, "deck": deck}}`` pre-chosen decks (a bot's
          deck picked by its challenger, or both for a swapped rematch: then ``setup``
          resolves the battle at once);
        - ``"deck"``: one deck, validated as ``validate_deck`` does (for the Deck model).
        """
        if not isinstance(config, dict):
            return ["The match options must be an object."]
        errors = [
            f"Unknown option {k!r}." for k in sorted(map(str, config)) if k not in CONFIG_KEYS
        ]
        if "deck" in config:
            errors += validate_deck(config["deck"])
        decks = config.get("decks", {})
        if not isinstance(decks, dict):
            return errors + ["'decks' must map seats '0'/'1' to {name, deck}."]
        for key, choice in decks.items():
            if key not in ("0", "1"):
                errors.append(f"'decks' has an unknown seat {key!r}: use '0' or '1'.")
                continue
            try:
                _check_choice({"type": CHOOSE, **choice} if isinstance(choice, dict) else None)
            except IllegalAction as exc:
                errors.append(f"Seat {int(key) + 1}'s deck: {exc.message}")
        return errors

    def setup(self, config: dict[str, Any], seed: str) -> State:
        errors = self.validate_config(config or {})
        if errors:
            raise ValueError(" ".join(errors))
        state = initial_state(seed)
        for key in sorted((config or {}).get("decks", {})):
            name, deck = _check_choice({"type": CHOOSE, **config["decks"][key]})
            record_pick(state, int(key), name, deck)
        return state

    # -- who acts --------------------------------------------------------------------------
    def prompts(self, state: State) -> Prompts:
        if state["step"] == Step.OVER:
            return Prompts(step=str(Step.OVER))
        waiting = {s: CHOOSE for s in SEATS if state["picks"][str(s)] is None}
        # The seed gives no time limit (CB-TIME-01); the hall's clock on the deck choice
        # (CB-TIME-02) ends a match left at this step instead of keeping it in play for ever.
        return Prompts(
            step=str(Step.CHOOSE_DECK),
            waiting=waiting,
            time_limit=DECK_CHOICE_SECONDS,
            simultaneous=True,
        )

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["step"] != Step.CHOOSE_DECK or seat not in SEATS:
            return []
        if state["picks"][str(seat)] is not None:
            return []
        return ready_made_actions()

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if seat not in SEATS:
            raise IllegalAction("BAD_SEAT", "Only seats 1 and 2 play Card Battle.")
        if state["step"] == Step.OVER:
            raise IllegalAction("GAME_OVER", "The battle is already over.")
        name, deck = _check_choice(action)
        if state["picks"][str(seat)] is not None:
            raise IllegalAction("ALREADY_CHOSEN", "You have already locked in your deck.")
        new = clone(state)
        record_pick(new, seat, name, deck)
        events: list[Event] = [{"type": "deck_chosen", "seat": seat}]
        if new["step"] == Step.OVER:
            events.append({"type": "battle_resolved", **new["outcome"]})
        return new, events

    def timeout(self, state: State) -> tuple[State, list[Event]]:
        """The deck choice's clock ran out (CB-TIME-02): each seat still choosing gets the
        Balanced deck, so the battle resolves and the match ends."""
        if state["step"] == Step.OVER:
            raise IllegalAction("GAME_OVER", "The battle is already over.")
        new = clone(state)
        events: list[Event] = []
        for seat in SEATS:
            if new["picks"][str(seat)] is None and new["step"] != Step.OVER:
                record_pick(new, seat, "Balanced", normalise_deck(READY_MADE_DECKS["Balanced"]))
                events.append({"type": "deck_auto_chosen", "seat": seat, "name": "Balanced"})
        return new, events

    # -- what people see ---------------------------------------------------------------------
    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def outcome(self, state: State) -> Outcome | None:
        result = state.get("outcome")
        if result is None:
            return None
        return Outcome(
            result=result["result"] if result["result"] != "draw" else DRAW,
            winner=result["winner"],
            reason=result["reason"],
            message=result["message"],
        )

    def action_label(self, state: State, seat: int, action: Action) -> str:
        deck = action.get("deck") if isinstance(action, dict) else None
        if not isinstance(deck, dict):
            return str(action.get("type", "action")) if isinstance(action, dict) else "action"
        kind = DECK_TYPES.get(deck.get("deck_type"), {}).get("label", "?")
        strategy = STRATEGIES.get(deck.get("strategy"), {}).get("label", "?")
        return f"Play {action.get('name', 'deck')} ({kind} · {strategy})"

    def bot_action(self, state: State, seat: int, level: int = 1) -> Action:
        view = self.view(state, seat)  # the bot decides from its own view only
        actions = self.legal_actions(state, seat)
        if view["over"] or not actions:
            raise IllegalAction("NOT_PROMPTED", "The bot has nothing to decide now.")
        # The match seed keys the bot's own randomness (README: core.rng(seed, "bot", ...)).
        return bot.pick_deck(actions, state["seed"], seat, level)
