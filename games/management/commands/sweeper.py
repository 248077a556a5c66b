"""The timer sweeper: applies overdue step timeouts, forever or once.

Safe to run in several processes at once: each due match is claimed under its row lock by
``services.fire_timeout``, and a second sweeper finds the deadline already moved on. A restart
loses nothing because deadlines are stored, not counted down in memory.
"""

import logging
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import close_old_connections, connection

from games.matches import mail, services
from games.matches.swiss import rounds as swiss_rounds

log = logging.getLogger(__name__)


def sweep_once() -> int:
    """One pass: after downtime grant fresh timers, then beat the heartbeat, then fire what
    is due. Returns the number of timeouts applied."""
    # Fresh timers first, the heartbeat after. While the beat is old no page or socket fires
    # an overdue step lazily (services.settle), so a step left overdue by downtime has its
    # full time again before anyone can time it out. Beating first left a window between the
    # beat and the grant in which a socket opening on the restarted worker timed it out.
    # The very first beat has nothing to compare with: matches played before any sweeper
    # ran were on lazy timers, and what is overdue there is a player's time, not downtime.
    gap = services.sweeper_gap()
    if gap is not None and gap > settings.SWEEPER_GAP_SECONDS:
        granted = services.grant_fresh_timers()
        log.info("after %.0fs with no sweeper, %d step(s) got a fresh timer", gap, granted)
    services.sweeper_heartbeat()
    fired = 0
    beaten = time.monotonic()
    for match_id in services.due_match_ids():
        try:
            if services.fire_timeout(match_id):
                fired += 1
        except Exception:  # one broken match must not stop the timers of all the others
            log.exception("timeout failed for match %s", match_id)
        if time.monotonic() - beaten > 1:
            # A long pass (hundreds of deadlines due at once, every sweeper busy with them)
            # must not look like downtime to the next pass, which would then grant fresh
            # timers to the deadlines still waiting their turn here.
            services.sweeper_heartbeat()
            beaten = time.monotonic()
    try:
        swiss_rounds.advance_due()  # the next round of each Swiss event whose round is over
    except Exception:  # the timers matter more: the next pass tries again
        log.exception("pairing a Swiss round failed")
    return fired


class Command(BaseCommand):
    help = "Apply due step timeouts (loop), so timers fire even when nobody is looking."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="sweep once and exit")
        parser.add_argument(
            "--interval",
            type=float,
            default=settings.SWEEPER_INTERVAL_SECONDS,
            help="seconds between sweeps",
        )

    def handle(self, *args, once=False, interval=0.5, **options):
        if once:
            self.stdout.write(f"fired {sweep_once()} timeouts, sent {mail.send_due()} mails")
            return
        self.stdout.write(f"sweeper running every {interval}s")
        sweep_until(interval, lambda: False)


def sweep_until(interval: float, done: Callable[[], bool]) -> None:
    """Sweep every ``interval`` seconds until ``done()``: here, or in ``manage.py play``,
    which sweeps in its own process rather than start another Django for it."""
    sessions_cleared_at = None
    # Mail has a thread of its own: a slow SMTP server, or hundreds of mails due at once,
    # must never hold up the timers or the heartbeat that tells other sweepers this one lives.
    threading.Thread(target=mail_until, args=(done,), name="mail", daemon=True).start()
    while not done():
        close_old_connections()
        try:
            sweep_once()
        except Exception:  # the database busy or gone for a moment: the next pass retries
            log.exception("a sweep failed")
        sessions_cleared_at = clear_sessions_if_due(sessions_cleared_at)
        time.sleep(interval)


def mail_until(done: Callable[[], bool]) -> None:
    """Send the correspondence mail that is due (games/matches/mail.py) every
    MAIL_INTERVAL_SECONDS until ``done()``: off the request path, and safe in several
    sweepers at once, since each mail is claimed by a unique row before it is sent."""
    while not done():
        close_old_connections()
        try:
            sent = mail.send_due()
            if sent:
                log.info("sent %d notification mail(s)", sent)
        except Exception:  # the database or the mail server away for a moment: next time
            log.exception("sending notification mail failed")
        time.sleep(settings.MAIL_INTERVAL_SECONDS)
    connection.close()  # this thread's own connection


def clear_sessions_if_due(last: float | None) -> float | None:
    """Delete expired sessions (what `manage.py clearsessions` does) at start and then every
    SESSION_CLEAR_SECONDS; nothing else ever removes them. Several sweepers may run it at
    once: deleting rows past their expiry twice deletes nothing more. Returns when it last
    ran."""
    now = time.monotonic()
    if last is not None and now - last < settings.SESSION_CLEAR_SECONDS:
        return last
    try:
        call_command("clearsessions")
    except Exception:  # the timers matter more than the housekeeping: try again next time
        log.exception("clearing expired sessions failed")
    return now
