"""Ratings move in the transaction that finishes a rated match, and only then."""

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.urls import reverse

from games.engines import get_engine
from games.matches import ratings, services
from games.matches.identity import Player
from games.models import Match, Rating, RatingChange

from .conftest import EC, persona

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def results_rate_however_short(settings):
    """These tests are about the rating maths and finish matches by resigning at once; the
    guards against rating farms are tested in test_rating_farms.py."""
    settings.RATED_MIN_MOVES = 0
    settings.RATING_GAIN_PER_OPPONENT_PER_DAY = 10_000


def member(name: str) -> Player:
    user = get_user_model().objects.create_user(name, password="a long enough pass 1")
    return Player(user_id=user.pk, guest_id=f"g-{name}", name=name)


def rated_match(a: Player, b: Player, game: str = EC) -> Match:
    match = services.create_match(game, a, rated=True)
    services.join_match(match.pk, b)
    return Match.objects.get(pk=match.pk)


def rating(player: Player, game: str = EC) -> Rating:
    return Rating.objects.get(user_id=player.user_id, game=game)


def test_a_win_raises_the_winner_and_lowers_the_loser():
    ada, bo = member("ada"), member("bo")
    match = rated_match(ada, bo)
    services.resign(match.pk, bo)
    assert rating(ada).mu > ratings.START_MU > rating(bo).mu
    assert (rating(ada).wins, rating(ada).losses, rating(bo).losses) == (1, 0, 1)
    assert rating(ada).sigma < ratings.START_SIGMA, "a result makes the rating more certain"
    change = RatingChange.objects.get(match=match, user_id=ada.user_id)
    assert change.mu_before == ratings.START_MU and change.mu_after == rating(ada).mu


def test_a_loss_from_seat_one_moves_the_other_way():
    ada, bo = member("ada"), member("bo")
    match = rated_match(ada, bo)
    services.resign(match.pk, ada)
    assert rating(bo).mu > ratings.START_MU > rating(ada).mu


def test_a_draw_between_equals_keeps_both_at_their_rating_and_counts_a_draw():
    ada, bo = member("ada"), member("bo")
    match = rated_match(ada, bo)
    with_outcome = Match.objects.get(pk=match.pk)
    with_outcome.outcome = {"result": "draw", "winner": None, "reason": "agreed", "message": ""}
    ratings.record_result(with_outcome)
    assert rating(ada).mu == pytest.approx(ratings.START_MU)
    assert rating(ada).draws == rating(bo).draws == 1
    assert rating(ada).sigma < ratings.START_SIGMA


def test_a_draw_against_a_stronger_player_gains_rating():
    ada, bo = member("ada"), member("bo")
    Rating.objects.create(user_id=bo.user_id, game=EC, mu=1800, sigma=200, games=30)
    match = rated_match(ada, bo)
    match.outcome = {"result": "draw", "winner": None, "reason": "agreed", "message": ""}
    ratings.record_result(match)
    assert rating(ada).mu > ratings.START_MU and rating(bo).mu < 1800


def test_a_time_out_counts_like_any_result(settings):
    ada, bo = member("ada"), member("bo")
    match = rated_match(ada, bo)
    engine = get_engine(EC)
    state = match.state
    # Let every step of the match time out until it ends: the rules' defaults decide it.
    for _ in range(500):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        Match.objects.filter(pk=match.pk).update(deadline_at=match.created_at)
        services.fire_timeout(match.pk)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED, engine.prompts(state)
    assert RatingChange.objects.filter(match=match).count() == 2
    total = rating(ada).wins + rating(ada).losses + rating(ada).draws
    assert total == 1


def test_casual_matches_leave_ratings_alone():
    ada, bo = member("ada"), member("bo")
    match = services.create_match(EC, ada)
    services.join_match(match.pk, bo)
    services.resign(match.pk, bo)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_aborted_matches_leave_ratings_alone():
    ada = member("ada")
    match = services.create_match(EC, ada, rated=True)
    services.abort_match(match.pk, ada)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    assert not RatingChange.objects.exists()


def test_bots_and_guests_never_take_part():
    ada = member("ada")
    with pytest.raises(services.Rejected):
        services.create_match(EC, ada, mode=Match.Mode.BOT, rated=True)
    with pytest.raises(services.Rejected):
        services.create_match(EC, persona("guest"), rated=True)
    match = services.create_match(EC, ada, rated=True)
    with pytest.raises(services.Rejected) as refused:
        services.join_match(match.pk, persona("guest"))
    assert refused.value.code == "SIGN_IN"
    bot_match = services.create_match(EC, ada, mode=Match.Mode.BOT)
    services.resign(bot_match.pk, ada)
    assert not RatingChange.objects.exists()


def test_a_match_is_rated_once_even_if_asked_twice():
    ada, bo = member("ada"), member("bo")
    match = rated_match(ada, bo)
    services.resign(match.pk, bo)
    before = rating(ada).mu
    # The unique (match, user) pair refuses a second change, rolling the update back.
    with pytest.raises(IntegrityError), transaction.atomic():
        ratings.record_result(Match.objects.get(pk=match.pk))
    assert rating(ada).mu == before


def test_rematch_stays_rated():
    ada, bo = member("ada"), member("bo")
    match = rated_match(ada, bo)
    services.resign(match.pk, bo)
    assert services.rematch(match.pk, ada).rated


def test_provisional_until_ten_games_and_off_the_leaderboard(client):
    ada, bo = member("ada"), member("bo")
    for _ in range(ratings.PROVISIONAL_GAMES - 1):
        services.resign(rated_match(ada, bo).pk, bo)
    assert ratings.rating_of(ada.user_id, EC).provisional
    assert ratings.leaderboard(EC) == []
    page = client.get(reverse("leaderboard", args=[EC])).content.decode()
    assert "2 provisional players" in page
    services.resign(rated_match(ada, bo).pk, bo)
    shown = ratings.rating_of(ada.user_id, EC)
    assert not shown.provisional and "?" not in str(shown)
    board = [r.user.get_username() for r in ratings.leaderboard(EC)]
    assert board == ["ada", "bo"]
    page = client.get(reverse("leaderboard", args=[EC])).content.decode()
    assert page.index("/u/ada/") < page.index("/u/bo/")


def test_player_page_shows_ratings_counts_history_and_replays(client):
    ada, bo = member("ada"), member("bo")
    first = rated_match(ada, bo)
    services.resign(first.pk, bo)
    second = rated_match(bo, ada)
    services.resign(second.pk, bo)
    page = client.get(reverse("player", args=["ada"])).content.decode()
    assert "Elemental Clash" in page and str(ratings.rating_of(ada.user_id, EC)) in page
    assert "<polyline" in page, "two rated games draw a rating history"
    assert reverse("replay", args=[first.code]) in page
    assert "Won" in page and reverse("player", args=["bo"]) in page
    assert client.get(reverse("player", args=["nobody"])).status_code == 404


def test_the_admin_shows_ratings_and_the_queue(admin_client):
    from games.matches import pairing

    ada, bo = member("ada"), member("bo")
    services.resign(rated_match(ada, bo).pk, bo)
    pairing.join(EC, persona("cy"), "chan-c", {}, True, False)
    page = admin_client.get("/admin/games/rating/").content.decode()
    assert "ada" in page and "bo" in page
    assert "cy" in admin_client.get("/admin/games/queueentry/").content.decode()
    assert admin_client.get("/admin/games/ratingchange/").status_code == 200


def test_names_link_to_player_pages_from_the_board_and_the_lobby(client):
    """Accounts' names on a board's status bar and in the lobby's open challenges link to
    their player pages; guests and bots have none."""
    from games.live.rendering import Viewer, render_status

    ada, bo = member("ada"), member("bo")
    waiting = services.create_match(EC, ada, rated=True)
    lobby = client.get(reverse("lobby", args=[EC])).content.decode()
    assert f'href="{reverse("player", args=["ada"])}"' in lobby and "rated" in lobby
    services.join_match(waiting.pk, bo)
    match = Match.objects.get(pk=waiting.pk)
    bar = render_status(match, Viewer(ada, 0))
    assert reverse("player", args=["ada"]) in bar and reverse("player", args=["bo"]) in bar
    bot_match = services.create_match(EC, persona("gus"), mode=Match.Mode.BOT)
    bar = render_status(Match.objects.get(pk=bot_match.pk), Viewer(persona("gus"), 0))
    assert "/u/" not in bar
