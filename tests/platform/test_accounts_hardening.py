"""Passwords and sign-in (issue 22, finding 10): passwords like the username are refused at
sign-up, and failed sign-ins are throttled per account-and-address and per address."""

import contextlib
from datetime import timedelta

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.utils import timezone

from games.matches.client_address import of_request as client_address
from games.models import LoginFailure
from games.pages.login_throttle import ThrottledModelBackend

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


def test_failed_sign_ins_lock_the_account_from_that_address_for_the_window(settings):
    User.objects.create_user("dana", password="violet-harbour-77")
    attacker = Client(REMOTE_ADDR="203.0.113.5")
    for _ in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        assert login(attacker, "dana", "guess").status_code == 200
    # Now even the right password is refused from that address, with a reason and a 429.
    refused = login(attacker, "DANA", "violet-harbour-77")
    assert refused.status_code == 429
    assert "Too many failed sign-ins" in refused.content.decode()
    assert not signed_in(attacker)
    # Refused attempts do not lengthen the wait; once the window has passed it works again.
    key = "user:dana|addr:203.0.113.5"
    assert LoginFailure.objects.filter(key=key).count() == 5
    LoginFailure.objects.update(at=timezone.now() - timedelta(minutes=16))
    assert login(attacker, "dana", "violet-harbour-77").status_code == 302
    assert signed_in(attacker)
    assert not LoginFailure.objects.filter(key=key).exists()


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
    client = Client(REMOTE_ADDR="203.0.113.5")
    for _ in range(settings.LOGIN_FAILURES_PER_ACCOUNT):
        client.post("/admin/login/", {"username": "root", "password": "guess"})
    client.post("/admin/login/", {"username": "root", "password": "violet-harbour-77"})
    assert not signed_in(client)


def test_guessing_from_elsewhere_never_locks_the_owner_out(settings):
    """Issue 38, E6: five wrong passwords from anyone gave the owner, admins included, a
    429 for fifteen minutes."""
    User.objects.create_superuser("root", password="violet-harbour-77")
    attacker = Client(REMOTE_ADDR="203.0.113.5")
    for _ in range(settings.LOGIN_FAILURES_PER_ACCOUNT + 3):
        login(attacker, "root", "guess")
        attacker.post("/admin/login/", {"username": "root", "password": "guess"})
    owner = Client(REMOTE_ADDR="198.51.100.7")
    assert login(owner, "root", "violet-harbour-77").status_code == 302
    assert signed_in(owner)
    admin = Client(REMOTE_ADDR="198.51.100.7")
    admin.post("/admin/login/", {"username": "root", "password": "violet-harbour-77"})
    assert signed_in(admin)


def test_parallel_wrong_passwords_get_no_more_checks_than_the_limit(settings, monkeypatch):
    """Issue 38, E6: 30 parallel wrong passwords were all checked. Here 29 more attempts
    arrive while the first one's password is being checked, the worst interleaving: only
    the limit's worth reach a password check."""
    User.objects.create_user("dana", password="violet-harbour-77")
    checked = []
    real = ModelBackend.authenticate

    def checking(self, request, username=None, password=None, **kwargs):
        checked.append(username)
        if len(checked) == 1:
            for _ in range(29):
                with contextlib.suppress(PermissionDenied):
                    ThrottledModelBackend().authenticate(request, "dana", "guess")
        return real(self, request, username=username, password=password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", checking)
    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="203.0.113.5")
    assert ThrottledModelBackend().authenticate(request, "dana", "guess") is None
    assert len(checked) == settings.LOGIN_FAILURES_PER_ACCOUNT


def test_behind_the_proxy_the_address_is_the_one_nginx_appended(settings, rf):
    request = rf.post("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 192.0.2.10", REMOTE_ADDR="127.0.0.1")
    assert client_address(request) == "127.0.0.1"
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert client_address(request) == "192.0.2.10"


@pytest.mark.parametrize(
    "name",
    [".", "..", "-", "__", "b\u043ess", "p\u0430ypal"],  # dots; a Cyrillic о / а among Latin
)
def test_usernames_that_pass_for_another_or_for_a_path_are_refused(client, name):
    User.objects.create_user("boss", password="violet-harbour-77")
    response = signup(client, name, "violet-harbour-77")
    assert response.status_code == 200 and not User.objects.filter(username=name).exists()
    assert "look alike" in response.content.decode() or "letter or digit" in (
        response.content.decode()
    )


def test_a_full_width_name_is_the_ascii_one_and_so_taken(client):
    User.objects.create_user("boss", password="violet-harbour-77")
    response = signup(client, "\uff42\uff4f\uff53\uff53", "violet-harbour-77")  # ｂｏｓｓ
    assert response.status_code == 200 and User.objects.count() == 1


def test_one_alphabet_names_are_welcome(client):
    assert signup(client, "Дмитрий", "violet-harbour-77").status_code == 302
