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
from games.engines.core.kept import KeptByIdentity

from .cards import DamageMode, Phase, deck


class NotStandard(Exception):
    """A part of the state the engine would not have written this way."""


# Raised by the fast path for anything outside the layout: a look-up that misses (KeyError),
# a value of another type (TypeError) or an explicit check (NotStandard).
NOT_STANDARD = (NotStandard, KeyError, TypeError)

CARD_IDS = frozenset(deck(0) + deck(1))
# INTS_ONLY: the numbers are written only when exactly int, since the encoder writes True as
# ``true`` and 1.0 as ``1.0``; an int is written by int.__repr__, as the encoder does.
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
_PLAYER_TEXTS = KeptByIdentity(_PLAYER_LIMIT)
# The options and names of the last match written (``_match_texts``).
_MATCH_TEXTS: list[tuple | None] = [None]
# Every state key but the combat log and ``timeouts``, which only the first timeout adds.
STATE_SIZE = 14


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


def _player(player: dict) -> str:
    """A player's text, kept by identity: a move changes at most one player and shares the
    other with the state before it (``state.move_copy``), so one of the two was written
    already. This holds because a player is never changed once it is in a state the engine
    returned (the rules change only the copy ``state.own_player`` makes during the move,
    and the hash is taken after the move), which ``txlog.hash_before`` relies on too."""
    return _PLAYER_TEXTS.get(player, _player_text)


def _player_text(player: dict) -> str:
    if type(player) is not dict or len(player) != 5:  # the five keys looked up below
        raise NotStandard
    grid, lp = player["grid"], player["lp"]
    if type(grid) is not list or type(lp) is not int:  # exactly int (see INTS_ONLY)
        raise NotStandard
    return (
        f'{{"discard":{_cards(player["discard"])},"drawpile":{_cards(player["drawpile"])},'
        f'"grid":[{",".join([_row(row) for row in grid])}],"hand":{_cards(player["hand"])},'
        f'"lp":{lp}}}'
    )


def _players(players: object) -> str:
    if type(players) is not list:
        raise NotStandard
    return "[" + ",".join([_player(player) for player in players]) + "]"


def _options(options: object) -> str:
    if type(options) is not dict or len(options) != 1:
        raise NotStandard
    return OPTIONS_TEXTS[options["damage_mode"]]


def _match_texts(options: object, ruleset: object, seed: object) -> tuple[str, str]:
    """The texts of the options and of ``"ruleset":...,"seed":...``, kept for the last
    match written: a move shares these three with the state before it (``state.move_copy``),
    and the options are replaced rather than changed, like a player."""
    kept = _MATCH_TEXTS[0]
    if kept is not None and kept[0] is options and kept[1] is ruleset and kept[2] is seed:
        return kept[3], kept[4]
    options_text = _options(options)
    names_text = f'"ruleset":{_string(ruleset)},"seed":{_string(seed)}'
    _MATCH_TEXTS[0] = (options, ruleset, seed, options_text, names_text)
    return options_text, names_text


def standard_opening_and_closing(state: dict) -> tuple[str, str]:
    """``{"active":A,"combat_log":[`` and ``],"deployed":...}``: the canonical JSON of
    ``state`` without ``txlog`` before and after the combat log's entries. Raises one of
    ``NOT_STANDARD`` unless ``state`` has exactly the engine's keys and value types."""
    has_timeouts = "timeouts" in state
    if len(state) != STATE_SIZE + has_timeouts or "txlog" not in state:
        raise NotStandard
    # Every key is looked up below (a missing one raises KeyError), so with the size checked
    # there is no other key. The ints are checked inline: a function call per
    # number cost more than the check. Exactly int (see INTS_ONLY).
    active, deployed, first = state["active"], state["deployed"], state["first_deployer"]
    quiet, turn, outcome, reinforce = (
        state["quiet_turns"],
        state["turn"],
        state["outcome"],
        state["reinforce"],
    )
    if (
        type(deployed) is not int
        or type(first) is not int
        or type(quiet) is not int
        or type(turn) is not int
        or (active is not None and type(active) is not int)
        or type(state["combat_log"]) is not list
    ):
        raise NotStandard
    opening = f'{{"active":{"null" if active is None else active},"combat_log":['
    timeouts = ',"timeouts":' + canonical_json(state["timeouts"]) if has_timeouts else ""
    options_text, names_text = _match_texts(state["options"], state["ruleset"], state["seed"])
    closing = (
        f'],"deployed":{deployed},"first_deployer":{first},"options":{options_text},'
        f'"outcome":{"null" if outcome is None else canonical_json(outcome)},'
        f'"phase":{PHASE_TEXTS[state["phase"]]},"players":{_players(state["players"])},'
        f'"quiet_turns":{quiet},'
        f'"reinforce":{"null" if reinforce is None else canonical_json(reinforce)},'
        f'{names_text}{timeouts},"turn":{turn}}}'
    )
    return opening, closing
