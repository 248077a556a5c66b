"""The hall as deployed: Chromium over https and wss through Debian's nginx running
`deploy/nginx.conf`, two workers on PostgreSQL and Redis.

A match's page and sockets go to one worker by the hash of its code, lobbies to the least busy
worker (shared between nginx's processes), static files come from nginx with their cache headers, and the hall counts the address
nginx saw (alice browses from [::1], nginx reaches the workers from 127.0.0.1), never one a
client wrote into X-Forwarded-For."""

import http.client
import re
import ssl
import time
import urllib.request

import psycopg
import pytest

from tests.browser.driver import is_over, version, wait_for_change
from tests.nginx_front import NginxFront

from .test_workers import phalanx_move, settled, start_online_match, verify_chain

FORGED = "203.0.113.66"


def rows(database_url: str, sql: str, *args) -> list[tuple]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(sql, args).fetchall()


def seat_addresses(database_url: str, code: str) -> dict[int, str]:
    found = rows(
        database_url,
        "SELECT s.seat, s.ip FROM games_livesocket s JOIN games_match m ON m.id = s.match_id"
        " WHERE m.code = %s AND s.seat IS NOT NULL",
        code,
    )
    return dict(found)


def test_nginx_accepts_the_shipped_config(nginx_binary, tmp_path):
    """`nginx -t` on deploy/nginx.conf, with only ports, paths and a certificate filled in."""
    front = NginxFront(tmp_path, 18443, 18080, [18001, 18002], tmp_path / "static")
    front.write()
    checked = front.check()
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr


def play_phalanx_to_the_end(alice, bob, spectator) -> None:
    for _ in range(2000):
        if is_over(alice) and is_over(bob):
            break
        before = version(spectator)
        if phalanx_move(alice) or phalanx_move(bob):
            wait_for_change(spectator, before, 30)  # the spectator's board follows
        else:
            alice.wait_for_timeout(100)
    assert is_over(alice) and is_over(bob), "the match reached a result"


def test_players_and_a_spectator_play_phalanx_through_nginx_on_one_worker(
    shared_hall, browser_contexts
):
    front = shared_hall.front
    # Alice's browser writes its own X-Forwarded-For: nginx appends what it saw, and the hall
    # counts only that.
    alice = browser_contexts(extra_http_headers={"X-Forwarded-For": FORGED})
    bob, carol = browser_contexts(), browser_contexts()
    code = start_online_match(alice, bob, front.url_v6, front.url, "phalanx", {
        "damage_mode": "per-turn"
    })  # fmt: skip
    carol.goto(f"{front.url}/m/{code}/")
    carol.wait_for_selector("#board")
    assert carol.locator("button:has-text('Join this match')").count() == 0

    # The page and all three sockets went to the worker the code hashes to.
    match_worker = shared_hall.holder()
    shared_hall.wait_for_sockets([3 if w is match_worker else 0 for w in shared_hall.workers])
    # Lobbies go to the least busy worker, counted over lobby traffic only (the match's
    # sockets belong to the other upstream) and over all of nginx's processes: two lobbies
    # opened one after the other hold one socket on each worker.
    first_lobby = browser_contexts()
    first_lobby.goto(f"{front.url}/g/phalanx/")
    shared_hall.wait_for_total_sockets(4)
    second_lobby = browser_contexts()
    second_lobby.goto(f"{front.url}/g/phalanx/")
    shared_hall.wait_for_sockets([4 if w is match_worker else 1 for w in shared_hall.workers])
    first_lobby.close()
    second_lobby.close()

    # The address each seat's socket is counted against is the browser's, as nginx saw it.
    assert seat_addresses(shared_hall.database_url, code) == {0: "::1", 1: "127.0.0.1"}

    play_phalanx_to_the_end(alice, bob, carol)
    carol.wait_for_selector("#gameover .gameover-panel")
    verify_chain(shared_hall.database_url)


def test_static_files_come_from_nginx_with_long_cache_headers(shared_hall, collected_static):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with urllib.request.urlopen(
        f"{shared_hall.front.url}/static/css/values.css", context=context
    ) as answer:
        body = answer.read()
        headers = answer.headers
    assert body == (collected_static / "css" / "values.css").read_bytes()
    assert headers["Server"].startswith("nginx")
    assert "max-age=604800" in headers["Cache-Control"]  # `expires 7d`
    assert headers["Expires"]


def test_a_failed_sign_in_counts_against_the_address_nginx_saw(shared_hall, browser_contexts):
    """The sign-in throttle's address through the proxy: the browser's ([::1]), not the
    proxy's and not the one the browser forged in X-Forwarded-For."""
    page = browser_contexts(extra_http_headers={"X-Forwarded-For": FORGED})
    page.goto(f"{shared_hall.front.url_v6}/accounts/login/")
    page.fill("input[name=username]", "nobody-here")
    page.fill("input[name=password]", "wrong-password-1")
    page.click("button:has-text('Log in')")
    page.wait_for_selector("form .errorlist, .errornote, .errorlist")
    keys = [k for (k,) in rows(shared_hall.database_url, "SELECT key FROM games_loginfailure")]
    assert "addr:::1" in keys
    assert f"addr:{FORGED}" not in keys and "addr:127.0.0.1" not in keys


@pytest.mark.parametrize("path", ["/", "/g/phalanx/"])
def test_plain_http_is_sent_to_https(shared_hall, path):
    conn = http.client.HTTPConnection("127.0.0.1", shared_hall.front.http_port, timeout=10)
    conn.request("GET", path)
    answer = conn.getresponse()
    assert answer.status == 301
    assert answer.getheader("Location") == f"https://127.0.0.1{path}"


def play_phalanx_through_outages(pages, seconds: float = 240) -> None:
    """Like people whose connection wobbled: once every socket is back, play to the end.

    The moves are not where these tests spend: stopping 20 moves after the outage (some 35
    fewer a match) measured 117 and 114 core-seconds for the three tests against 107 and
    132 playing on, in rounds ordered ABBA. Playing on also sees the result through nginx
    after the outage."""
    settled(pages)
    end = time.monotonic() + seconds
    while not all(is_over(p) for p in pages):
        assert time.monotonic() < end, "the match did not end"
        if not any(phalanx_move(p) for p in pages if not is_over(p)):
            pages[0].wait_for_timeout(100)


def opening_moves(pages, count: int = 3) -> None:
    for _ in range(count):
        if not any(phalanx_move(p) for p in pages):
            pages[0].wait_for_timeout(100)


def worker_of_a_new_match(hall, page) -> object:
    """Create an online Phalanx match on ``page``, say which worker its socket reached, and
    cancel the challenge again, as its player would: finding one worker may take more new
    matches than the open challenges a player may hold at once (OPEN_CHALLENGES_PER_PLAYER,
    3), and the fourth would be refused with a message on the lobby."""
    page.goto(f"{hall.front.url}/g/phalanx/")
    page.check("input[name=mode][value=online]")
    page.click("button:has-text('Create match')")
    page.wait_for_url(re.compile(r"/m/\w+/$"))
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    # Only once the lobby's socket is gone and the match's is admitted does the kernel's
    # count of connections name the match's worker alone.
    sql = (
        "SELECT s.kind, m.code FROM games_livesocket s LEFT JOIN games_match m"
        " ON m.id = s.match_id WHERE s.kind = 'lobby' OR m.code = %s"
    )
    end = time.monotonic() + 30
    while rows(hall.database_url, sql, code) != [("match", code)]:
        assert time.monotonic() < end, f"match {code}: its socket never stood alone"
        page.wait_for_timeout(200)
    worker = hall.holder()
    page.click("#invite .confirm-open")
    page.click("#invite button:has-text('Yes, cancel it')")
    page.wait_for_url(re.compile(r"/g/phalanx/$"))
    return worker


def test_a_killed_match_worker_moves_both_pages_to_the_next_worker_and_comes_back(
    hall, browser_contexts
):
    alice, bob = browser_contexts(), browser_contexts()
    start_online_match(alice, bob, hall.front.url, hall.front.url, "phalanx", {
        "damage_mode": "per-turn"
    })  # fmt: skip
    doomed = hall.holder()
    hall.wait_for_sockets([2 if w is doomed else 0 for w in hall.workers])
    opening_moves([alice, bob])

    doomed.kill()  # SIGKILL: daphne and all, like a machine lost
    # Both pages reconnect by themselves; nginx, refused by the dead worker, marks it down
    # and sends them to the next worker on the ring.
    hall.wait_for_sockets([0 if w is doomed else 2 for w in hall.workers], seconds=60)
    assert "connect() failed (111: Connection refused)" in hall.front.log()
    play_phalanx_through_outages([alice, bob])
    verify_chain(hall.database_url)

    doomed.start()
    alice.close()
    bob.close()
    hall.wait_for_sockets([0, 0])
    # nginx tries a worker it marked down again after fail_timeout (10 s): from then on the
    # codes that hash to the restarted worker reach it again.
    carol = browser_contexts()
    end, reached = time.monotonic() + 120, []
    while doomed not in reached:
        assert time.monotonic() < end, "no new match reached the restarted worker"
        reached.append(worker_of_a_new_match(hall, carol))


def test_a_redis_restart_through_nginx_resyncs_both_boards(hall, browser_contexts, redis_server):
    alice, bob = browser_contexts(), browser_contexts()
    start_online_match(alice, bob, hall.front.url, hall.front.url, "phalanx", {
        "damage_mode": "per-turn"
    })  # fmt: skip
    opening_moves([alice, bob], 2)
    redis_server.stop()
    redis_server.start()  # same port, empty: every group membership is gone
    alice.wait_for_timeout(2000)
    play_phalanx_through_outages([alice, bob])
    verify_chain(hall.database_url)


def test_dropped_postgresql_connections_through_nginx_cost_no_move(hall, browser_contexts):
    alice, bob = browser_contexts(), browser_contexts()
    start_online_match(alice, bob, hall.front.url, hall.front.url, "phalanx", {
        "damage_mode": "per-turn"
    })  # fmt: skip
    opening_moves([alice, bob], 2)
    name = hall.database_url.rsplit("/", 1)[1]
    dropped = rows(
        hall.database_url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = %s AND pid <> pg_backend_pid()",
        name,
    )
    assert dropped, "the workers held connections"
    play_phalanx_through_outages([alice, bob])
    verify_chain(hall.database_url)
