"""Arenas: joining, pairing free players under the arena's lock, scoring each finished match
once with streaks ("on fire"), matches running at the end played out and counted."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.matches import services
from games.matches.arenas import entry, pairing, schedule, scoring, standings
from games.matches.identity import Player
from games.models import Arena, ArenaPairing, ArenaPlayer, Match

pytestmark = pytest.mark.django_db

PHALANX = "phalanx"


def make_arena(minutes=30, started_ago=timedelta(minutes=1), **fields) -> Arena:
    return Arena.objects.create(
        game=PHALANX,
        name="Test arena",
        starts_at=timezone.now() - started_ago,
        minutes=minutes,
        **fields,
    )


def signed_up(name: str) -> Player:
    user = get_user_model().objects.create_user(name, password="x-long-pass-123")
    return Player(user_id=user.pk, guest_id="", name=name)


def joined(arena: Arena, *names: str) -> list[Player]:
    players = [signed_up(n) for n in names]
    for p in players:
        entry.join(arena.pk, p)
        entry.beat(arena.pk, p.user_id)
    return players


def current(arena: Arena, player: Player) -> ArenaPlayer:
    return ArenaPlayer.objects.get(arena=arena, user_id=player.user_id)


def lose(arena: Arena, loser: Player) -> None:
    services.resign(current(arena, loser).match_id, loser)


def test_points_double_after_two_wins_in_a_row_until_a_result_that_is_not_a_win():
    streak, got = 0, []
    for result in "WWWWDWL":
        scored = scoring.score(result, streak)
        got.append(scored.points)
        streak = scored.streak
    assert got == [2, 2, 4, 4, 2, 2, 0]


def test_guests_cannot_join_and_joining_twice_keeps_one_entry():
    arena = make_arena()
    with pytest.raises(services.Rejected, match="Sign up"):
        entry.join(arena.pk, Player(None, "guest-x", "x"))
    ada = signed_up("ada")
    first, new = entry.join(arena.pk, ada)
    again, new_again = entry.join(arena.pk, ada)
    assert new and not new_again and first.pk == again.pk
    assert ArenaPlayer.objects.filter(arena=arena).count() == 1


def test_a_finished_or_cancelled_arena_refuses_joins():
    over = make_arena(minutes=10, started_ago=timedelta(minutes=11))
    with pytest.raises(services.Rejected, match="over"):
        entry.join(over.pk, signed_up("late"))
    called_off = make_arena(cancelled_at=timezone.now())
    with pytest.raises(services.Rejected, match="over"):
        entry.join(called_off.pk, signed_up("later"))


def test_free_present_players_are_paired_by_score_then_rating_and_away_ones_are_not():
    arena = make_arena()
    ada, bo, cy, di, ed = joined(arena, "ada", "bo", "cy", "di", "ed")
    ArenaPlayer.objects.filter(user_id=cy.user_id).update(score=4)
    ArenaPlayer.objects.filter(user_id=ada.user_id).update(rating=1700)
    entry.away(arena.pk, ed.user_id)  # left the page: paused
    codes = pairing.pair(arena.pk)
    assert len(codes) == 2
    cy_match = current(arena, cy).match
    assert current(arena, ada).match_id == cy_match.pk, "top score meets the next best"
    assert current(arena, bo).match_id == current(arena, di).match_id != cy_match.pk
    assert current(arena, ed).match_id is None
    assert pairing.pair(arena.pk) == [], "nobody free and present is left"
    assert cy_match.status == Match.Status.ACTIVE and cy_match.mode == Match.Mode.ONLINE


def test_the_last_opponent_is_avoided_when_another_player_is_free():
    arena = make_arena()
    ada, bo, cy, di = joined(arena, "ada", "bo", "cy", "di")
    pairing.pair(arena.pk)
    first_of_ada = current(arena, ada).match_id
    opponent_of_ada = {current(arena, p).match_id: p for p in (bo, cy, di)}[first_of_ada]
    for p in (ada, bo, cy, di):
        entry.beat(arena.pk, p.user_id)
    lose(arena, ada)
    others = [p for p in (bo, cy, di) if p != opponent_of_ada]
    lose(arena, others[0])
    pairing.pair(arena.pk)
    again = current(arena, ada).match_id
    assert again is not None
    assert current(arena, opponent_of_ada).match_id != again


def test_only_two_free_players_meet_again_rather_than_wait():
    arena = make_arena()
    ada, bo = joined(arena, "ada", "bo")
    pairing.pair(arena.pk)
    lose(arena, bo)
    assert len(pairing.pair(arena.pk)) == 1
    assert current(arena, ada).match_id == current(arena, bo).match_id is not None


def test_streak_scores_stored_once_and_equal_to_a_recount():
    arena = make_arena()
    ada, bo = joined(arena, "ada", "bo")
    for _ in range(3):
        pairing.pair(arena.pk)
        match_id = current(arena, bo).match_id
        lose(arena, bo)
        # Scoring the same finished match again adds nothing.
        scoring.record_result(Match.objects.get(pk=match_id))
    pairing.pair(arena.pk)
    lose(arena, ada)
    ada_row, bo_row = current(arena, ada), current(arena, bo)
    assert [r["p"] for r in ada_row.results] == [2, 2, 4, 0]
    assert (ada_row.score, ada_row.streak) == (8, 0)
    assert (bo_row.score, [r["r"] for r in bo_row.results]) == (2, ["L", "L", "L", "W"])
    assert scoring.recount(arena) == {ada_row.pk: 8, bo_row.pk: 2}
    assert [r.entry.display_name for r in standings.table(arena)] == ["ada", "bo"]


def test_a_match_running_when_time_is_up_is_played_out_and_counts():
    arena = make_arena(minutes=10, started_ago=timedelta(minutes=9))
    ada, bo = joined(arena, "ada", "bo")
    pairing.pair(arena.pk)
    Arena.objects.filter(pk=arena.pk).update(starts_at=timezone.now() - timedelta(minutes=11))
    arena.refresh_from_db()
    assert schedule.phase(arena) == schedule.ENDING
    assert pairing.pair(arena.pk) == [], "no new pairing after the end"
    lose(arena, bo)
    assert current(arena, ada).score == 2
    assert schedule.phase(arena) == schedule.FINISHED
    assert standings.arenas_of(ada.user_id)[0]["place"] == 1
    assert ArenaPairing.objects.get(arena=arena).order == 0


def test_staff_limits_for_a_new_arena():
    now = timezone.now()
    games = ["phalanx"]
    assert schedule.problems("phalanx", now + timedelta(hours=1), 30, games) == []
    assert "past" in " ".join(schedule.problems("phalanx", now - timedelta(hours=1), 30, games))
    assert "minutes" in " ".join(schedule.problems("phalanx", now, 5, games))
    assert "minutes" in " ".join(schedule.problems("phalanx", now, 500, games))
    assert schedule.problems("chess", now, 30, games)


def test_rendering_the_table_costs_the_same_few_queries_for_many_players(
    django_assert_max_num_queries,
):
    from django.template.loader import render_to_string

    from games.matches.arenas import view

    arena = make_arena()
    players = joined(arena, *[f"p{i}" for i in range(12)])
    pairing.pair(arena.pk)
    # Every open page renders this on every change: it must not grow with the table.
    with django_assert_max_num_queries(10):
        html = render_to_string("arenas/_live.html", view.context(arena, players[0]))
    assert html.count("<tr data-player=") == 12
