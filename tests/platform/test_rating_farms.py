"""Rated play needs something at stake (issue 38, E4): a second account resigning at once
rates nobody, one opponent hands over at most a day's allowance, "Play now" does not pair two
accounts from one address in its rated lane, sign-ups are throttled per address, and staff
see the pairs that play each other over and over."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.engines import get_engine
from games.live.rendering import Viewer, render_fragments
from games.matches import pairing, ratings, services
from games.matches.identity import Player
from games.models import Match, Rating, RatingChange

from .conftest import EC

pytestmark = pytest.mark.django_db
PX = "phalanx"


def member(name: str) -> Player:
    user = get_user_model().objects.create_user(name, password="a long enough pass 1")
    return Player(user_id=user.pk, guest_id=f"g-{name}", name=name)


def rated_match(a: Player, b: Player, moves: int = 0) -> Match:
    match = services.create_match(PX, a, rated=True, timed=False)
    services.join_match(match.pk, b)
    engine = get_engine(PX)
    for _ in range(moves):
        match.refresh_from_db()
        seat = min(engine.prompts(match.state).waiting)
        action = engine.bot_action(match.state, seat)
        services.submit(match.pk, a if seat == 0 else b, seat, action, match.step)
    return Match.objects.get(pk=match.pk)


def test_a_resignation_before_the_minimum_moves_rates_nobody_and_says_so(settings):
    settings.RATED_MIN_MOVES = 6
    ada, bo = member("ada"), member("bo")
    match = rated_match(ada, bo, moves=5)
    services.resign(match.pk, bo)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.outcome["winner"] == 0
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    panel = render_fragments(match, Viewer(ada, 0, False))
    assert "Given up before 6 moves: this result moves no rating." in panel
    services.resign(rated_match(ada, bo, moves=6).pk, bo)
    assert ratings.rating_of(ada.user_id, PX).mu > ratings.START_MU, "six moves: rated"


def test_ten_resignations_hand_over_at_most_the_days_allowance(settings):
    settings.RATED_MIN_MOVES = 0
    settings.RATING_GAIN_PER_OPPONENT_PER_DAY = 60
    ada, farm = member("ada"), member("farm")
    for _ in range(10):
        services.resign(rated_match(ada, farm).pk, farm)
    gained = ratings.rating_of(ada.user_id, PX).mu - ratings.START_MU
    assert gained == pytest.approx(60)
    assert ratings.rating_of(farm.user_id, PX).mu < ratings.START_MU - 60, "losses not capped"
    assert Rating.objects.get(user_id=ada.user_id).wins == 10
    other = member("other")
    services.resign(rated_match(ada, other).pk, other)
    assert ratings.rating_of(ada.user_id, PX).mu > ratings.START_MU + 60, "another opponent"


def test_play_now_rated_lane_never_pairs_two_accounts_from_one_address():
    ada, alt, bo = member("ada"), member("ada_alt"), member("bo")
    pairing.join(EC, ada, "chan-a", {}, True, True, address="203.0.113.5")
    _, paired = pairing.join(EC, alt, "chan-b", {}, True, True, address="203.0.113.5")
    assert paired is None, "one address, two accounts: not paired rated"
    _, paired = pairing.join(EC, bo, "chan-c", {}, True, True, address="198.51.100.7")
    assert paired is not None and set(paired.channels) == {"chan-a", "chan-c"}


def test_play_now_casual_lane_pairs_one_address():
    ada, alt = member("ada"), member("ada_alt")
    pairing.join(EC, ada, "chan-a", {}, True, False, address="203.0.113.5")
    _, paired = pairing.join(EC, alt, "chan-b", {}, True, False, address="203.0.113.5")
    assert paired is not None


def signup(client, name: str, address: str):
    return client.post(
        "/accounts/signup/",
        {"username": name, "password1": "violet-harbour-77", "password2": "violet-harbour-77"},
        REMOTE_ADDR=address,
    )


def test_sign_ups_are_throttled_per_address(client, settings):
    settings.SIGNUPS_PER_ADDRESS = 3
    assert signup(client, "taken", "203.0.113.5").status_code == 302
    client.logout()
    assert signup(client, "taken", "203.0.113.5").status_code == 200, "a taken name fails"
    for name in ("farm2", "farm3"):
        assert signup(client, name, "203.0.113.5").status_code == 302
        client.logout()
    refused = signup(client, "farm4", "203.0.113.5")
    assert refused.status_code == 429
    assert "Too many new accounts from this address" in refused.content.decode()
    assert not get_user_model().objects.filter(username="farm4").exists()
    assert signup(client, "elsewhere", "198.51.100.7").status_code == 302


def test_staff_see_the_pairs_that_play_each_other_over_and_over(client, settings):
    settings.RATED_MIN_MOVES = 6
    settings.SUSPICIOUS_PAIR_MATCHES = 3
    ada, farm, bo = member("ada"), member("farm"), member("bo")
    for _ in range(3):
        services.resign(rated_match(ada, farm).pk, farm)
    services.resign(rated_match(ada, bo, moves=6).pk, bo)
    staff = get_user_model().objects.create_superuser("staff", "", "a-long-staff-pw-7")
    client.force_login(staff)
    changelist = client.get(reverse("admin:games_rating_changelist")).content.decode()
    url = reverse("admin:games_rating_suspicious_pairs")
    assert f'href="{url}"' in changelist
    page = client.get(url).content.decode()
    table = page.split('id="suspicious-pairs"')[1].split("</table>")[0]
    assert "ada and farm" in table and "ada and bo" not in table, "one match is no pattern"
    row = page.split("ada and farm")[1].split("</tr>")[0]
    assert "<td>3</td>\n<td>3</td>" in row, "three rated matches, all three short"
    client.logout()
    assert client.get(url).status_code == 302, "staff only"
