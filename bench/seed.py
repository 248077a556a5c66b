"""Seed a benchmark database with guest sessions and started online matches.

    python -m bench.seed OUT.json --slots N --per-slot K --game SLUG

Run by ``bench.live`` with the server's environment (SQLITE_PATH or DATABASE_URL) before
the server starts. Each slot is one pair of guests (two session rows) with ``K`` matches
already joined and active, played one after the other. With ``--bot-slots M`` there are also
M bot slots: one guest each, with ``K`` matches against a bot of ``--bot-level`` (the guest
in seat 1, the bot in seat 2). Matches are created through ``games.matches.services`` like
any other.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--slots", type=int, required=True)
    parser.add_argument("--per-slot", type=int, default=2)
    parser.add_argument("--game", default="elemental-clash")
    parser.add_argument("--bot-slots", type=int, default=0)
    parser.add_argument("--bot-level", type=int, default=2)
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
    import django

    django.setup()
    from django.contrib.sessions.backends.db import SessionStore

    from games.matches import services
    from games.matches.identity import Player

    slots = []
    for i in range(args.slots):
        players, cookies = [], []
        for seat in (0, 1):
            guest_id, name = f"bench-{os.getpid()}-{i}-{seat}", f"Bench{i}s{seat}"
            session = SessionStore()
            session["guest_id"], session["guest_name"] = guest_id, name
            session.create()
            players.append(Player(user_id=None, guest_id=guest_id, name=name))
            cookies.append(session.session_key)
        codes = []
        for _ in range(args.per_slot):
            match = services.create_match(args.game, players[0], mode="online", timed=False)
            services.join_match(match.pk, players[1])
            codes.append(match.code)
        slots.append({"cookies": cookies, "codes": codes})
    bot_slots = []
    for i in range(args.bot_slots):
        guest_id, name = f"bench-{os.getpid()}-bot{i}", f"Bench{i}vBot"
        session = SessionStore()
        session["guest_id"], session["guest_name"] = guest_id, name
        session.create()
        player = Player(user_id=None, guest_id=guest_id, name=name)
        codes = [
            services.create_match(
                args.game, player, mode="bot", timed=False, bot_level=args.bot_level
            ).code
            for _ in range(args.per_slot)
        ]
        bot_slots.append({"cookies": [session.session_key], "codes": codes})
    with open(args.out, "w") as fh:
        json.dump({"game": args.game, "slots": slots, "bot_slots": bot_slots}, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
