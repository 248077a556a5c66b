"""The canonical JSON around a state's combat log, written for the engine's own state layout.

``hashing.game_hash`` hashes ``{"active":A,"combat_log":[...],"deployed":...}`` (the state
without ``txlog``, keys sorted, no spaces, ``ensure_ascii=False``). The combat log's entries
are hashed once each; what is left per move is mostly the two players (~1.3 KB), which the
general C encoder writes in about 15 us, a third of them sorting the keys of the 16 grid
slots. Here the same text is written knowing the layout (``state.py``):

- a card list is a list of card ids (``PX0-QS``), which JSON writes between quotes as they
  are, so it is the ids joined with ``","``;
- a grid slot ``{"id", "hp"}`` is one of 104 cards x 12 HP values, its text from a table;
- the other values are a handful of known strings, small ints and None.

Anything else (a key missing or added, a value of another type, an id that is not a card's)
raises one of ``NOT_STANDARD`` and the caller falls back to the general encoder, so the text,
and the hash, is the same for every state; ``tests/engines/phalanx/test_tail.py`` checks both
ways agree on played states and on states outside the layout.
"""

from __future__ import annotations

from json.encoder import encode_basestring  # what ``canonical_json`` quotes strings with

from games.engines.core import canonical_json

from .cards import DamageMode, Phase, deck


class NotStandard(Exception):
    """A part of the state the engine would not have written this way."""


# Raised by the fast path for anything outside the layout: a look-up that misses (KeyError),
# a value of another type (TypeError) or an explicit check (NotStandard).
NOT_STANDARD = (NotStandard, KeyError, TypeError)

CARD_IDS = frozenset(deck(0) + deck(1))
MAX_HP = 11  # a King, a Queen or a Jack at full HP (PHX-CARDS-002)
# ``{"hp":7,"id":"PX0-7S"}`` per (card, HP): keys in sorted order, as the encoder writes them.
SLOT_TEXTS = {
    (cid, hp): canonical_json({"id": cid, "hp": hp}) for cid in CARD_IDS for hp in range(MAX_HP + 1)
}
PHASE_TEXTS = {phase.value: canonical_json(phase.value) for phase in Phase}
OPTIONS_TEXTS = {mode.value: canonical_json({"damage_mode": mode.value}) for mode in DamageMode}
# The players' texts by id, each beside the player itself so that the id is not reused while
# it is kept; emptied at the limit. A move needs only the text written one move earlier, and
# keeping more players alive costs more than it saves: with 2,000 kept, a playout took 9%
# more CPU time than with no cache at all (while counting 11% fewer instructions).
_PLAYER_LIMIT = 16
_PLAYER_TEXTS: dict[int, tuple[dict, str]] = {}
# Every state key but the combat log and ``timeouts``, which only the first timeout adds.
STATE_SIZE = 14


def _int(value: object) -> str:
    # Exactly int: the encoder writes True as ``true`` and 1.0 as ``1.0``.
    if type(value) is not int:
        raise NotStandard
    return str(value)  # int.__repr__, which is what the encoder calls


def _int_or_null(value: object) -> str:
    return "null" if value is None else _int(value)


def _text(value: object) -> str:
    """Any value, by the general encoder (the parts that are None on most moves)."""
    return "null" if value is None else canonical_json(value)


def _string(value: object) -> str:
    if type(value) is not str:
        raise NotStandard
    return encode_basestring(value)


def _cards(cards: object) -> str:
    if type(cards) is not list:
        raise NotStandard
    if not cards:
        return "[]"
    if not CARD_IDS.issuperset(cards):  # a card id needs no escaping; anything else might
        raise NotStandard
    return '["' + '","'.join(cards) + '"]'


def _row(row: object) -> str:
    # The slots are written in this loop rather than by a function per slot: a call per
    # slot cost a third of the grid's time.
    if type(row) is not list:
        raise NotStandard
    texts = []
    for slot in row:
        if slot is None:
            texts.append("null")
        elif type(slot["hp"]) is int and len(slot) == 2:
            texts.append(SLOT_TEXTS[slot["id"], slot["hp"]])
        else:
            raise NotStandard
    return "[" + ",".join(texts) + "]"


def _grid(grid: object) -> str:
    if type(grid) is not list:
        raise NotStandard
    return "[" + ",".join([_row(row) for row in grid]) + "]"


def _player(player: dict) -> str:
    """A player's text, kept by identity: a move changes at most one player and shares the
    other with the state before it (``state.move_copy``), so one of the two was written
    already. This holds because a player is never changed once it is in a state the engine
    returned (the rules change only the copy ``state.own_player`` makes during the move,
    and the hash is taken after the move), which ``txlog.hash_before`` relies on too."""
    cached = _PLAYER_TEXTS.get(id(player))
    if cached is not None and cached[0] is player:
        return cached[1]
    text = _player_text(player)
    if len(_PLAYER_TEXTS) >= _PLAYER_LIMIT:
        _PLAYER_TEXTS.clear()
    _PLAYER_TEXTS[id(player)] = (player, text)
    return text


def _player_text(player: dict) -> str:
    if type(player) is not dict or len(player) != 5:  # the five keys looked up below
        raise NotStandard
    return (
        f'{{"discard":{_cards(player["discard"])},"drawpile":{_cards(player["drawpile"])},'
        f'"grid":{_grid(player["grid"])},"hand":{_cards(player["hand"])},'
        f'"lp":{_int(player["lp"])}}}'
    )


def _players(players: object) -> str:
    if type(players) is not list:
        raise NotStandard
    return "[" + ",".join([_player(player) for player in players]) + "]"


def _options(options: object) -> str:
    if type(options) is not dict or len(options) != 1:
        raise NotStandard
    return OPTIONS_TEXTS[options["damage_mode"]]


def standard_opening_and_closing(state: dict) -> tuple[str, str]:
    """``{"active":A,"combat_log":[`` and ``],"deployed":...}``: the canonical JSON of
    ``state`` without ``txlog`` before and after the combat log's entries. Raises one of
    ``NOT_STANDARD`` unless ``state`` has exactly the engine's keys and value types."""
    has_timeouts = "timeouts" in state
    if len(state) != STATE_SIZE + has_timeouts or "txlog" not in state:
        raise NotStandard
    # Every key is looked up below (a missing one raises KeyError), so with the size checked
    # there is no other key.
    opening = '{"active":' + _int_or_null(state["active"]) + ',"combat_log":['
    timeouts = ',"timeouts":' + canonical_json(state["timeouts"]) if has_timeouts else ""
    if type(state["combat_log"]) is not list:
        raise NotStandard
    closing = (
        f'],"deployed":{_int(state["deployed"])},'
        f'"first_deployer":{_int(state["first_deployer"])},'
        f'"options":{_options(state["options"])},"outcome":{_text(state["outcome"])},'
        f'"phase":{PHASE_TEXTS[state["phase"]]},"players":{_players(state["players"])},'
        f'"quiet_turns":{_int(state["quiet_turns"])},"reinforce":{_text(state["reinforce"])},'
        f'"ruleset":{_string(state["ruleset"])},"seed":{_string(state["seed"])}'
        f'{timeouts},"turn":{_int(state["turn"])}}}'
    )
    return opening, closing
