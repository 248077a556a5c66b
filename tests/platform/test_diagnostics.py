"""What SIGUSR1 makes a serving process report (games/live/diagnostics.py), which the soak
benchmark reads to tell a leak from garbage not yet collected."""

import logging
import re

from games.live import diagnostics
from games.live.consumers import MatchConsumer

LINE = re.compile(r"soak-stats tasks=-?\d+ sockets=\d+ watchers=\d+ socket_objects=(\d+)")


def reported_socket_objects(caplog) -> int:
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger=diagnostics.__name__):
        diagnostics._report(None, None)
    (match,) = [LINE.search(r.getMessage()) for r in caplog.records if "soak-stats" in r.message]
    return int(match.group(1))


def test_a_consumer_something_holds_is_counted_and_a_dropped_one_in_a_cycle_is_not(caplog):
    baseline = reported_socket_objects(caplog)
    held = MatchConsumer()
    assert reported_socket_objects(caplog) == baseline + 1
    held.myself = held  # a cycle, as a closed socket's objects form
    del held
    # Gone only once collected: the report collects before it counts.
    assert reported_socket_objects(caplog) == baseline
