"""The people around an arena scale test, run against the workers' PostgreSQL database
(``python -m tests.scale.arena_actors COMMAND ...`` with DATABASE_URL set):

- ``setup N``: N signed-up players in a Phalanx arena that starts in an hour, each joined,
  with a signed-in session; prints the arena and the session cookies as JSON.
- ``start ARENA SECONDS``: starts it now (as staff's "Start now") so that it ends in SECONDS.
- ``results SEED``: finishes arena matches at random (either seat resigns) until the arena
  is over and nothing of it is in play; prints how many it finished.
- ``check ARENA``: prints the stored scores, a recount from the match rows, and the
  bookkeeping that must hold (scoring orders, results per player, current matches).
"""

import json
import random
import sys
import time
from datetime import timedelta

import django


def setup(count: int) -> dict:
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from django.utils import timezone

    from games.matches.arenas import entry
    from games.matches.identity import Player
    from games.models import Arena

    arena = Arena.objects.create(
        game="phalanx", name="Scale arena", starts_at=timezone.now() + timedelta(hours=1), minutes=1
    )
    cookies = []
    for i in range(count):
        user = get_user_model().objects.create_user(f"racer{i:02d}", password="x-long-pass-1")
        entry.join(arena.pk, Player(user.pk, "", user.username))
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies.append(f"sessionid={session.session_key}")
    return {"arena": arena.pk, "cookies": cookies}


def start(arena_id: int, seconds: int) -> dict:
    from django.utils import timezone

    from games.models import Arena

    # A one-minute arena that started early enough to end SECONDS from now.
    starts_at = timezone.now() + timedelta(seconds=seconds) - timedelta(minutes=1)
    Arena.objects.filter(pk=arena_id).update(starts_at=starts_at)
    return {"started": arena_id}


def results(seed: str) -> int:
    from games.matches import services
    from games.matches.arenas import schedule
    from games.matches.identity import Player
    from games.models import Arena, Match

    rng = random.Random(seed)
    finished = 0
    arena = Arena.objects.get(name="Scale arena")
    while True:
        arena.refresh_from_db()
        active = list(
            Match.objects.filter(arena_pairing__arena=arena, status=Match.Status.ACTIVE)
            .prefetch_related("seats")
            .order_by("?")[:3]
        )
        if not active and schedule.phase(arena) == schedule.FINISHED:
            return finished
        for match in active:
            seat = rng.choice(list(match.seats.all()))
            try:
                services.resign(match.pk, Player(seat.user_id, "", seat.display_name))
                finished += 1
            except services.Rejected:
                pass  # finished meanwhile by someone else's hand
        time.sleep(rng.uniform(0.05, 0.25))


def check(arena_id: int) -> dict:
    from games.matches.arenas import scoring
    from games.models import Arena, ArenaPairing, ArenaPlayer

    arena = Arena.objects.get(pk=arena_id)
    players = list(ArenaPlayer.objects.filter(arena=arena))
    pairings = list(ArenaPairing.objects.filter(arena=arena).select_related("match"))
    games_of = {p.pk: 0 for p in players}
    for pairing in pairings:
        if pairing.order is not None:
            games_of[pairing.first_id] += 1
            games_of[pairing.second_id] += 1
    return {
        "stored": {str(p.pk): p.score for p in players},
        "recount": {str(k): v for k, v in scoring.recount(arena).items()},
        "orders": sorted(p.order for p in pairings if p.order is not None),
        "pairings": len(pairings),
        "unscored_finished": sum(
            1 for p in pairings if p.order is None and p.match.status == "finished"
        ),
        "results_match_games": all(len(p.results) == games_of[p.pk] for p in players),
        "still_in_a_match": sum(1 for p in players if p.match_id is not None),
    }


if __name__ == "__main__":
    django.setup()
    command, args = sys.argv[1], sys.argv[2:]
    if command == "setup":
        print(json.dumps(setup(int(args[0]))))
    elif command == "start":
        print(json.dumps(start(int(args[0]), int(args[1]))))
    elif command == "results":
        print(json.dumps(results(args[0])))
    elif command == "check":
        print(json.dumps(check(int(args[0]))))
