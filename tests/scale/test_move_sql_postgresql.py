"""The hand-written statements of a move, on PostgreSQL: jsonb values and FOR UPDATE."""

import pytest
from django.db import connection

from tests.platform.test_move_sql import (  # noqa: F401  (collected here again)
    test_a_log_entry_reads_back_as_the_orm_would_have_written_it,
    test_a_log_entrys_json_is_the_very_text_the_orm_writes,
    test_a_second_entry_with_the_same_seq_is_refused,
    test_a_states_json_made_already_is_written_as_it_is,
    test_a_system_entry_may_have_no_seat_and_no_action,
    test_the_locked_version_is_the_rows,
    test_the_match_row_is_written_only_at_the_expected_version,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_these_run_on_postgresql_with_a_row_lock():
    from games.matches import move_sql

    assert connection.vendor == "postgresql", "run with DATABASE_URL (make test does)"
    assert move_sql._sql().lock_version.endswith(" FOR UPDATE")
