"""Correspondence and live results rate separately: two ratings per game, both shown on
player pages, each with its own leaderboard."""

import pytest
from django.contrib.auth import get_user_model

from games.matches import ratings, services
from games.matches.identity import Player
from games.models import Match, Rating, RatingChange, RatingPace

pytestmark = pytest.mark.django_db

PX = "phalanx"


@pytest.fixture(autouse=True)
def resignations_rate(settings):
    """These matches end by an early resignation, which rates nobody in the hall's set-up
    (RATED_MIN_MOVES, tests/platform/test_rating_farms.py): here every result must rate."""
    settings.RATED_MIN_MOVES = 0


def member(name: str) -> Player:
    user = get_user_model().objects.create_user(name, password="a long enough pass 1")
    return Player(user_id=user.pk, guest_id=f"g-{name}", name=name)


def finished(a: Player, b: Player, days: int | None) -> Match:
    match = services.create_match(PX, a, rated=True, correspondence_days=days)
    services.join_match(match.pk, b)
    services.resign(match.pk, b)
    return Match.objects.get(pk=match.pk)


def test_a_correspondence_result_moves_only_the_correspondence_rating():
    ada, bo = member("ada"), member("bo")
    match = finished(ada, bo, days=2)
    rows = Rating.objects.filter(user_id=ada.user_id, game=PX)
    assert [r.pace for r in rows] == [RatingPace.CORRESPONDENCE]
    assert rows[0].mu > ratings.START_MU
    assert ratings.rating_of(ada.user_id, PX).mu == ratings.START_MU, "live is untouched"
    assert ratings.rating_of(ada.user_id, PX, RatingPace.CORRESPONDENCE).mu > ratings.START_MU
    change = RatingChange.objects.get(match=match, user_id=ada.user_id)
    assert change.pace == RatingPace.CORRESPONDENCE


def test_the_player_page_shows_both_ratings_with_their_histories(client):
    ada, bo = member("ada"), member("bo")
    finished(ada, bo, days=1)
    finished(ada, bo, days=None)
    finished(ada, bo, days=None)
    page = client.get("/u/ada/").content.decode()
    assert 'data-game="phalanx" data-pace="live"' in page
    assert 'data-game="phalanx" data-pace="correspondence"' in page
    assert "/g/phalanx/leaderboard/?pace=correspondence" in page
    live = Rating.objects.get(user_id=ada.user_id, game=PX, pace=RatingPace.LIVE)
    corr = Rating.objects.get(user_id=ada.user_id, game=PX, pace=RatingPace.CORRESPONDENCE)
    assert (live.games, corr.games) == (2, 1)


def test_each_pace_has_its_own_leaderboard(client):
    ada, bo = member("ada"), member("bo")
    Rating.objects.create(user_id=ada.user_id, game=PX, mu=1700, sigma=90, games=12)
    Rating.objects.create(
        user_id=bo.user_id, game=PX, pace=RatingPace.CORRESPONDENCE, mu=1650, sigma=90, games=12
    )
    live = client.get("/g/phalanx/leaderboard/").content.decode()
    corr = client.get("/g/phalanx/leaderboard/?pace=correspondence").content.decode()
    assert 'href="/u/ada/"' in live and 'href="/u/bo/"' not in live
    assert 'href="/u/bo/"' in corr and 'href="/u/ada/"' not in corr
    odd = client.get("/g/phalanx/leaderboard/?pace=<script>").content.decode()
    assert "<script>" not in odd and 'href="/u/ada/"' in odd, "an unknown pace reads as live"
