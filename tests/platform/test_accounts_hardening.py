"""Passwords and sign-in (issue 22, finding 10): passwords like the username are refused at
sign-up, and failed sign-ins are throttled per account and per address."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games.matches.client_address import of_request as client_address
from games.models import LoginFailure

pytestmark = pytest.mark.django_db


def signup(client, username, password):
    return client.post(
        "/accounts/signup/", {"username": username, "password1": password, "password2": password}
    )


@pytest.mark.parametrize(
    "username, password",
    [("cardshark", "cardshark"), ("cardshark", "Cardshark1"), ("numbers", "8675309123")],
    ids=["equal-to-username", "like-the-username", "all-digits"],
)
def test_a_weak_password_is_refused_at_signup(client, username, password):
    response = signup(client, username, password)
    assert response.status_code == 200
    assert response.context["form"].errors["password2"]
    assert not User.objects.filter(username=username).exists()


def test_a_good_password_signs_up(client):
    assert signup(client, "cardshark", "violet-harbour-77").status_code == 302
    assert User.objects.filter(username="cardshark").exists()


def login(client, username, password, **extra):
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_failed_sign_ins_lock_the_account_for_the_window(settings):
    User.objects.create_user("dana", password="violet-harbour-77")
    attacker = Client()
    for _ in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        assert login(attacker, "dana", "guess").status_code == 200
    # Now even the right password is refused, from any address, with a reason and a 429.
    owner = Client(REMOTE_ADDR="10.0.0.9")
    refused = login(owner, "DANA", "violet-harbour-77")
    assert refused.status_code == 429
    assert "Too many failed sign-ins" in refused.content.decode()
    assert not signed_in(owner)
    # Refused attempts do not lengthen the wait; once the window has passed it works again.
    assert LoginFailure.objects.filter(key="user:dana").count() == 5
    LoginFailure.objects.update(at=timezone.now() - timedelta(minutes=16))
    assert login(owner, "dana", "violet-harbour-77").status_code == 302
    assert signed_in(owner)
    assert not LoginFailure.objects.filter(key="user:dana").exists()


def test_one_address_guessing_many_accounts_is_stopped(settings):
    User.objects.create_user("erin", password="violet-harbour-77")
    attacker = Client(REMOTE_ADDR="203.0.113.5")
    for n in range(settings.LOGIN_FAILURES_PER_ADDRESS):
        login(attacker, f"someone{n}", "guess")
    assert login(attacker, "erin", "violet-harbour-77").status_code == 429
    assert not signed_in(attacker)
    assert login(Client(REMOTE_ADDR="198.51.100.7"), "erin", "violet-harbour-77").status_code == 302


def test_the_admin_sign_in_is_throttled_too(settings):
    User.objects.create_superuser("root", password="violet-harbour-77")
    client = Client()
    for _ in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        client.post("/admin/login/", {"username": "root", "password": "guess"})
    client.post("/admin/login/", {"username": "root", "password": "violet-harbour-77"})
    assert not signed_in(client)


def test_behind_the_proxy_the_address_is_the_one_nginx_appended(settings, rf):
    request = rf.post("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 192.0.2.10", REMOTE_ADDR="127.0.0.1")
    assert client_address(request) == "127.0.0.1"
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert client_address(request) == "192.0.2.10"
