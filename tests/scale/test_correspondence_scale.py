"""200 correspondence deadlines falling due at once, with two daphne workers each running a
sweeper on PostgreSQL and channels-redis: every deadline fires exactly once, and every
match sends at most one mail (its "your move" before the deadline; nothing after)."""

import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import psycopg
import pytest
from django.conf import settings as django_settings

from games.matches import hall_clock
from tests.live import free_port
from tests.scale.conftest import ROOT, Worker, stop_all

MATCHES = 200
DAY = 86_400

SEED = """
from django.contrib.auth import get_user_model
from games.matches import services
from games.matches.identity import Player

users = get_user_model().objects
for i in range({n}):
    a = users.create_user(f"ada{{i}}", email=f"ada{{i}}@example.com", password="pw 123456 x")
    b = users.create_user(f"bo{{i}}", email=f"bo{{i}}@example.com", password="pw 123456 x")
    pa = Player(user_id=a.pk, guest_id="", name=a.username)
    pb = Player(user_id=b.pk, guest_id="", name=b.username)
    match = services.create_match("phalanx", pa, correspondence_days=1, seed=f"corr-{{i}}")
    services.join_match(match.pk, pb)
print("seeded")
"""


def query(url: str, sql: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(sql).fetchall()


def wait_until(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"{what} within {seconds}s")


@pytest.fixture
def corr_env(worker_database, redis_server, tmp_path) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": worker_database,
        "REDIS_URL": redis_server.url,
        "DEBUG": "false",
        "SECRET_KEY": django_settings.SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "HALL_CLOCK_SHIFT_FILE": str(tmp_path / "clock-shift"),
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(tmp_path / "mail"),
        "MAIL_INTERVAL_SECONDS": "0.5",
        "SWEEPER_INTERVAL_SECONDS": "0.25",
    }


def test_two_sweepers_fire_200_due_deadlines_once_and_mail_each_match_at_most_once(
    corr_env, worker_database, tmp_path
):
    # The scale tests share one database: count only the matches seeded here.
    first = query(worker_database, "select coalesce(max(id), 0) from games_match")[0][0]
    seeded = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SEED.format(n=MATCHES)],
        cwd=ROOT,
        env=corr_env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "seeded" in seeded.stdout, seeded.stderr[-2000:]
    # Both workers sweep (and mail): they start together on 200 waiting moves.
    pair = [
        Worker(corr_env, free_port(), sweeper=True, log=tmp_path / f"worker{i}.log")
        for i in range(2)
    ]
    try:
        for worker in pair:
            worker.start()
        sql_mails = f"select count(*) from games_mailsent where match_id > {first}"
        wait_until(lambda: query(worker_database, sql_mails)[0][0] >= MATCHES, 120, "200 mails")
        # Every deadline falls due at once for both sweepers.
        hall_clock.move_ahead(Path(corr_env["HALL_CLOCK_SHIFT_FILE"]), DAY + 60)
        sql_done = f"select count(*) from games_match where status = 'finished' and id > {first}"
        wait_until(lambda: query(worker_database, sql_done)[0][0] == MATCHES, 180, "all ended")
        time.sleep(3)  # a second sweeper that would fire (or mail) twice has had its chance
    finally:
        stop_all(pair)

    expiries = query(
        worker_database,
        "select match_id, count(*) from games_matchaction"
        f" where kind = 'expired' and match_id > {first} group by 1",
    )
    assert len(expiries) == MATCHES and {n for _, n in expiries} == {1}, "each fired once"
    entries = query(
        worker_database, f"select count(*) from games_matchaction where match_id > {first}"
    )[0][0]
    assert entries == MATCHES, "no other entry: the expiry alone ended each match"
    reasons = query(
        worker_database,
        f"select distinct outcome->>'reason' from games_match where id > {first}",
    )
    assert reasons == [("correspondence_time",)]

    claimed = query(
        worker_database,
        f"select match_id, count(*) from games_mailsent where match_id > {first} group by 1",
    )
    assert len(claimed) == MATCHES and {n for _, n in claimed} == {1}
    codes = Counter()
    for path in (tmp_path / "mail").iterdir():
        codes.update(re.findall(r"/m/(\w+)/", path.read_text()))
    assert len(codes) == MATCHES and set(codes.values()) == {1}, "one mail per match, sent once"
    print(
        f"{MATCHES} deadlines fired once each by 2 sweepers; "
        f"{sum(codes.values())} mails for {len(codes)} matches"
    )
