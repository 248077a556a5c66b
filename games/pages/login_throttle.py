"""Login throttling: too many failed sign-ins for one account from one address, or from one
address in all, and sign-in from that address is refused until the window has passed.

Keyed per address and per account-and-address, never per account alone: otherwise anyone
could lock the owner (an admin included) out of their own account with five wrong passwords.
Every attempt is counted before its password is checked (games/pages/attempts.py), so a burst
of parallel guesses gets no more checks than the limit; a right password gives its count back.

Our own small module rather than django-axes: axes' backend refuses every authenticate()
call made without a request (Django's test client and shell logins among them), needs its
own middleware, cache and settings checks, and we need only two counters. The counts live in
the database, so every worker of a scale-out set-up sees the same ones. The check is an
authentication backend, so every sign-in form is covered, the admin's included.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in
from django.core.exceptions import PermissionDenied, ValidationError
from django.dispatch import receiver

from games.matches import client_address
from games.models import LoginFailure
from games.pages.accounts import LoginView as ClaimingLoginView

from .attempts import give_back, take

REFUSED = (
    "Too many failed sign-ins for this account or from this address; "
    "try again in {minutes} minutes."
)


def _account_key(username: str, address: str) -> str:
    return f"user:{username.lower()[:120]}|addr:{address}"  # fits the 200-character key


def _keys(username, address: str) -> list[tuple[str, int]]:
    keys = [(f"addr:{address}", settings.LOGIN_FAILURES_PER_ADDRESS)]
    if isinstance(username, str) and username:
        keys.append((_account_key(username, address), settings.LOGIN_FAILURES_PER_ACCOUNT))
    return keys


class ThrottledModelBackend(ModelBackend):
    """Django's model backend, refusing (without checking the password) once a limit is
    reached: PermissionDenied stops authenticate() from trying any other backend. A sign-in
    without a request (the shell, the test client's login()) has no address and is not
    throttled."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        name = username if username is not None else kwargs.get("username")
        address = client_address.of_request(request)
        if not address:
            return super().authenticate(request, username=username, password=password, **kwargs)
        attempt, within = take(_keys(name, address), settings.LOGIN_FAILURE_WINDOW_SECONDS)
        if not within:
            give_back(attempt)  # a refused attempt does not lengthen the wait
            request.login_throttled = True
            raise PermissionDenied("login throttled")
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None:
            give_back(attempt)  # counted as a failure until the password proved right
        return user


@receiver(user_logged_in, dispatch_uid="games.login_throttle.succeeded")
def _forget_account_failures(sender, request, user, **kwargs):
    """A successful sign-in clears its account's count from that address (not the
    address's: one right password must not reset a guessing run against other accounts)."""
    address = client_address.of_request(request)
    if address:
        key = _account_key(user.get_username(), address)
        LoginFailure.objects.filter(key=key).delete()


class ThrottledAuthenticationForm(AuthenticationForm):
    """Says why a throttled sign-in was refused instead of "wrong password"."""

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            if getattr(self.request, "login_throttled", False):
                minutes = max(1, settings.LOGIN_FAILURE_WINDOW_SECONDS // 60)
                raise ValidationError(REFUSED.format(minutes=minutes), code="throttled") from None
            raise


class LoginView(ClaimingLoginView):
    """The sign-in page (which keeps a guest's records): 429 while throttled, so scripts see
    a refusal too."""

    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if getattr(self.request, "login_throttled", False):
            response.status_code = 429
        return response
