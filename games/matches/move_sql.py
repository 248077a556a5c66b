"""The three statements every move makes, written out once instead of built per move.

A move reads the locked row's version, appends a log entry and writes the match back under
the version it read (games/matches/services.py). Through the ORM each of these compiled its SQL
anew: at 200 matches the query compiler cost more than SQLite itself (bench/: of a move's
2.5 ms on the writer thread, ~1 ms went to building three statements that never change,
against 0.3 ms executing them).

So the text of each statement is built once per database vendor, from the models' own
table and column names, and values are prepared by the fields themselves
(``get_db_prep_save``: JSON, time zones and PostgreSQL's jsonb come out exactly as the ORM
writes them; tests/platform/test_move_sql.py compares). Nothing else here decides anything:
the callers keep the transaction, the lock and the version check. The only caller is
games/matches/services.py, which stays the only code that changes a match.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import JSONField
from django.db.transaction import TransactionManagementError
from django.utils import timezone

from games.engines.core.hashing import prebuilt_encoder
from games.models import Match, MatchAction

# What a move changes on the match row; the same set _save always wrote.
MATCH_COLUMNS = (
    "status",
    "state",
    "version",
    "step",
    "deadline_at",
    "outcome",
    "finished_at",
    "updated_at",
)
_STATE = MATCH_COLUMNS.index("state")
ACTION_COLUMNS = (
    "match",
    "seq",
    "seat",
    "kind",
    "action",
    "events",
    "step",
    "hash_before",
    "hash_after",
    "created_at",
)


@dataclass(frozen=True)
class Statements:
    lock_version: str
    append_action: str
    write_match: str


@cache
def _statements(vendor: str, locks_rows: bool) -> Statements:
    quote = connection.ops.quote_name
    match_table, action_table = quote(Match._meta.db_table), quote(MatchAction._meta.db_table)
    pk = quote(Match._meta.pk.column)
    version = quote(Match._meta.get_field("version").column)
    columns = [quote(MatchAction._meta.get_field(f).column) for f in ACTION_COLUMNS]
    sets = ", ".join(f"{quote(Match._meta.get_field(f).column)} = %s" for f in MATCH_COLUMNS)
    # On SQLite the IMMEDIATE transaction (settings) already holds the database's write lock.
    lock = " FOR UPDATE" if locks_rows else ""
    return Statements(
        lock_version=f"SELECT {version} FROM {match_table} WHERE {pk} = %s{lock}",
        append_action=(
            f"INSERT INTO {action_table} ({', '.join(columns)}) "
            f"VALUES ({', '.join(['%s'] * len(columns))})"
        ),
        write_match=f"UPDATE {match_table} SET {sets} WHERE {pk} = %s AND {version} = %s",
    )


def _sql(db=None) -> Statements:
    db = db or _db()
    return _statements(db.vendor, db.features.has_select_for_update)


def _db():
    """This thread's connection, looked up once per statement: ``django.db.connection`` is a
    proxy that looks it up again (in asgiref's Local) on every attribute, and preparing a
    move's eighteen values through it cost more than the statements' text."""
    return connections[DEFAULT_DB_ALIAS]


@cache
def _fields(model, names: tuple[str, ...]) -> tuple:
    return tuple(model._meta.get_field(name) for name in names)


# ``json.dumps`` with its defaults, which is how the ORM encodes a JSON column where it sends
# text (SQLite: ``adapt_json_value``), built once: the same text comes out.
_ENCODE_AS_THE_ORM = prebuilt_encoder(
    ascii_only=True, item_separator=", ", key_separator=": ", sort_keys=False
)


def _prepared(db, fields: tuple, values) -> list:
    """The values as the fields prepare them for saving, JSON encoded once per value."""
    json_as_text = db.vendor == "sqlite" and _ENCODE_AS_THE_ORM is not None
    params = []
    for field, value in zip(fields, values, strict=True):
        if json_as_text and value is not None and type(field) is JSONField and not field.encoder:
            params.append("".join(_ENCODE_AS_THE_ORM(value, 0)))
        else:
            params.append(field.get_db_prep_save(value, db))
    return params


def locked_version(match_id: int) -> int | None:
    """The row's version, locked until the transaction ends; None if there is no match."""
    db = _db()
    if not db.in_atomic_block:
        # As the ORM's select_for_update does: outside a transaction the lock would end
        # with the statement, and the caller would believe it held it.
        raise TransactionManagementError("locked_version() outside a transaction locks nothing")
    with db.cursor() as cursor:
        cursor.execute(_sql(db).lock_version, [match_id])
        row = cursor.fetchone()
    return None if row is None else row[0]


def append_action(match_id: int, **entry) -> None:
    """Insert one log entry: ``entry`` holds every column of ACTION_COLUMNS but match and
    created_at. The unique (match, seq) constraint still refuses a second writer."""
    # ``step`` may be left out (an entry of unknown step is stored with an empty one, which
    # verification skips).
    values = {"step": "", **entry, "match": match_id, "created_at": timezone.now()}
    db = _db()
    params = _prepared(
        db, _fields(MatchAction, ACTION_COLUMNS), [values[name] for name in ACTION_COLUMNS]
    )
    with db.cursor() as cursor:
        cursor.execute(_sql(db).append_action, params)


def _json_text(db, text: str):
    """The parameter that stores ``text``, JSON already encoded, as a JSON column's value:
    the text itself where the ORM sends text (SQLite), wrapped as the ORM wraps its own
    on PostgreSQL (jsonb), where it is sent as it is rather than encoded again."""
    if db.vendor == "postgresql":
        from django.db.backends.postgresql.psycopg_any import Jsonb

        return Jsonb(text, dumps=str)
    return text


def write_match(match: Match, expected_version: int, state_json: str | None = None) -> bool:
    """Write the move's columns of ``match`` if the row is still at ``expected_version``.
    Returns whether it was. ``state_json``: the JSON of ``match.state``, when the caller
    has encoded it already (a move has, for its hash), written instead of encoding again."""
    db = _db()
    values = [getattr(match, name) for name in MATCH_COLUMNS]
    if state_json is not None:
        values[_STATE] = None  # not encoded again: its text is put in below
    params = _prepared(db, _fields(Match, MATCH_COLUMNS), values)
    if state_json is not None:
        params[_STATE] = _json_text(db, state_json)
    with db.cursor() as cursor:
        cursor.execute(_sql(db).write_match, [*params, match.pk, expected_version])
        return cursor.rowcount == 1
