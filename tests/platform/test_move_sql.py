"""The hand-written statements of a move (games/matches/move_sql.py) write what the ORM would.

tests/scale/test_move_sql_postgresql.py runs these same tests on PostgreSQL (jsonb, row locks).
"""

from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.transaction import TransactionManagementError
from django.utils import timezone

from games.engines.core import canonical_json
from games.matches import move_sql, services
from games.models import Match, MatchAction

from .conftest import EC, persona

pytestmark = pytest.mark.django_db(transaction=True)

# JSON that trips naive encoders: non-ASCII, quotes, nesting, null, floats, empty containers.
AWKWARD = {"name": 'Zoë "the" ⚡', "nested": [{"a": None, "b": 1.5}, [], {}], "n": -3}
FIELDS = ("seat", "kind", "action", "events", "hash_before", "hash_after")


def a_match() -> Match:
    match = services.create_match(EC, persona("alice"), timed=False)
    services.join_match(match.pk, persona("bob"))
    return Match.objects.get(pk=match.pk)


def test_a_log_entry_reads_back_as_the_orm_would_have_written_it():
    match = a_match()
    seq = match.actions.count() + 1
    entry = {
        "seat": 1,
        "kind": MatchAction.Kind.ACTION,
        "action": AWKWARD,
        "events": [AWKWARD, {"type": "x"}],
        "hash_before": "a" * 64,
        "hash_after": "b" * 64,
    }
    with transaction.atomic():
        move_sql.append_action(match.pk, seq=seq, **entry)
        MatchAction.objects.create(match=match, seq=seq + 1, **entry)
    ours, orms = MatchAction.objects.filter(match=match, seq__in=(seq, seq + 1)).order_by("seq")
    assert {f: getattr(ours, f) for f in FIELDS} == entry
    assert {f: getattr(ours, f) for f in FIELDS} == {f: getattr(orms, f) for f in FIELDS}
    assert abs(ours.created_at - orms.created_at) < timedelta(seconds=5)


def test_a_log_entrys_json_is_the_very_text_the_orm_writes():
    match = a_match()
    seq = match.actions.count() + 1
    entry = {"seat": 1, "kind": MatchAction.Kind.ACTION, "hash_before": "a" * 64}
    entry |= {"action": AWKWARD, "events": [AWKWARD, {"type": "x"}], "hash_after": "b" * 64}
    with transaction.atomic():
        move_sql.append_action(match.pk, seq=seq, **entry)
        MatchAction.objects.create(match=match, seq=seq + 1, **entry)
    table = MatchAction._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT action, events FROM {table} WHERE match_id = %s AND seq IN (%s, %s)"
            " ORDER BY seq",
            [match.pk, seq, seq + 1],
        )
        ours, orms = cursor.fetchall()
    assert ours == orms, "byte for byte (jsonb on PostgreSQL keeps its own form of both)"


def test_a_system_entry_may_have_no_seat_and_no_action():
    match = a_match()
    seq = match.actions.count() + 1
    with transaction.atomic():
        move_sql.append_action(
            match.pk,
            seq=seq,
            seat=None,
            kind=MatchAction.Kind.TIMEOUT,
            action=None,
            events=[],
            hash_before="c" * 64,
            hash_after="d" * 64,
        )
    entry = MatchAction.objects.get(match=match, seq=seq)
    assert (entry.seat, entry.action, entry.events) == (None, None, [])


def test_a_second_entry_with_the_same_seq_is_refused():
    match = a_match()
    entry = {
        "seq": match.actions.count() + 1,
        "seat": 0,
        "kind": MatchAction.Kind.ACTION,
        "action": {},
        "events": [],
        "hash_before": "e" * 64,
        "hash_after": "f" * 64,
    }
    with transaction.atomic():
        move_sql.append_action(match.pk, **entry)
    with pytest.raises(IntegrityError), transaction.atomic():
        move_sql.append_action(match.pk, **entry)
    assert match.actions.filter(seq=entry["seq"]).count() == 1


def test_the_match_row_is_written_only_at_the_expected_version():
    match = a_match()
    expected = match.version
    deadline = timezone.now() + timedelta(seconds=30)
    match.state, match.step, match.deadline_at = AWKWARD, "draft-r2", deadline
    match.outcome, match.version, match.updated_at = {"kind": "draw"}, expected + 1, timezone.now()
    with transaction.atomic():
        assert not move_sql.write_match(match, expected - 1), "a stale version writes nothing"
        assert Match.objects.get(pk=match.pk).version == expected
        assert move_sql.write_match(match, expected)
    row = Match.objects.get(pk=match.pk)
    assert (row.state, row.step, row.version, row.outcome) == (
        AWKWARD,
        "draft-r2",
        expected + 1,
        {"kind": "draw"},
    )
    assert row.deadline_at == deadline, "time zones round-trip"


def test_a_states_json_made_already_is_written_as_it_is():
    match = a_match()
    expected = match.version
    match.state, match.version = {"ignored": "the text is written"}, expected + 1
    with transaction.atomic():
        assert move_sql.write_match(match, expected, state_json=canonical_json(AWKWARD))
    assert Match.objects.get(pk=match.pk).state == AWKWARD


def test_the_locked_version_is_the_rows():
    match = a_match()
    with transaction.atomic():
        assert move_sql.locked_version(match.pk) == match.version
        assert move_sql.locked_version(match.pk + 1000) is None
    with pytest.raises(TransactionManagementError):
        move_sql.locked_version(match.pk)  # a lock outside a transaction would be no lock
