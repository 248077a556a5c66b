"""The newest thing a viewer can read in the match's log, in words, for the page's screen
reader announcer (static/js/notify.js says "Ada moved: <this>").

It is read from the viewer's own engine view, never from the state: a view already holds
only what this viewer may see, so the announcement cannot tell more than the board does.
``key`` lets the page tell a new entry from one it has announced already (logs are capped,
so their length alone stops changing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.matches.outcomes import with_names


@dataclass(frozen=True)
class LatestEvent:
    key: str = ""
    text: str = ""


NOTHING = LatestEvent()


def _elemental_clash(view: dict[str, Any]) -> LatestEvent:
    log = view.get("log") or []  # newest turn first
    if not log:
        return NOTHING
    return LatestEvent(f"t{log[0].get('turn')}", "; ".join(log[0].get("lines") or []))


def _phalanx(view: dict[str, Any]) -> LatestEvent:
    log = view.get("combat_log") or []
    if not log:
        return NOTHING
    e = log[-1]
    words = [
        f"Seat {e['attackerSeat'] + 1}'s {e['attackerCard']['name']} attacks column "
        f"{e['column_label']} for {e['baseDamage']}"
    ]
    destroyed = [c["name"] for c in e.get("destroyed") or [] if c]
    if destroyed:
        words.append("destroyed " + ", ".join(destroyed))
    last = e["steps"][-1] if e.get("steps") else None
    if last and "card" not in last and last["lpAfter"] != last["lpBefore"]:
        words.append(f"Seat {e['defenderSeat'] + 1}'s LP {last['lpBefore']} to {last['lpAfter']}")
    return LatestEvent(f"a{len(log)}", "; ".join(words))


def _text_log(view: dict[str, Any]) -> LatestEvent:
    """Gundam and ShapeShips: a log of sentences, oldest first."""
    log = view.get("log") or []
    if not log:
        return NOTHING
    last = log[-1]
    return LatestEvent(f"{len(log)}.{last.get('n', '')}.{last.get('turn')}", str(last["text"]))


# Card Battle is left out on purpose: its battle plays back turn by turn on the page, and
# announcing the last line of the log would tell the end before the playback shows it.
READERS = {
    "elemental-clash": _elemental_clash,
    "phalanx": _phalanx,
    "gundam": _text_log,
    "shapeships": _text_log,
}


def latest_event(game: str, view: dict[str, Any], names: dict[str, str]) -> LatestEvent:
    reader = READERS.get(game)
    if reader is None or not isinstance(view, dict):
        return NOTHING
    found = reader(view)
    return LatestEvent(found.key, with_names(found.text, names))
