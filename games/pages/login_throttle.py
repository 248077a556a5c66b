"""Login throttling: too many failed sign-ins for one account or from one address, and
sign-in is refused until the window has passed.

Our own small module rather than django-axes: axes' backend refuses every authenticate()
call made without a request (Django's test client and shell logins among them), needs its
own middleware, cache and settings checks, and we need only two counters. The counts live in
the database (LoginFailure), so every worker of a scale-out set-up sees the same ones. The
check is an authentication backend, so every sign-in form is covered, the admin's included.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.exceptions import PermissionDenied, ValidationError
from django.dispatch import receiver
from django.utils import timezone

from games.matches import client_address
from games.models import LoginFailure
from games.pages.accounts import LoginView as ClaimingLoginView

REFUSED = (
    "Too many failed sign-ins for this account or from this address; "
    "try again in {minutes} minutes."
)


def _keys(username, request) -> list[tuple[str, int]]:
    keys = []
    if isinstance(username, str) and username:
        keys.append((f"user:{username.lower()[:150]}", settings.LOGIN_FAILURES_PER_ACCOUNT))
    address = client_address.of_request(request)
    if address:
        keys.append((f"addr:{address}", settings.LOGIN_FAILURES_PER_ADDRESS))
    return keys


def _window_start():
    return timezone.now() - timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)


def throttled(username, request) -> bool:
    since = _window_start()
    return any(
        LoginFailure.objects.filter(key=key, at__gt=since).count() >= limit
        for key, limit in _keys(username, request)
    )


class ThrottledModelBackend(ModelBackend):
    """Django's model backend, refusing (without checking the password) once a limit is
    reached: PermissionDenied stops authenticate() from trying any other backend."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        name = username if username is not None else kwargs.get("username")
        if throttled(name, request):
            if request is not None:
                request.login_throttled = True
            raise PermissionDenied("login throttled")
        return super().authenticate(request, username=username, password=password, **kwargs)


@receiver(user_login_failed, dispatch_uid="games.login_throttle.failed")
def _count_failure(sender, credentials, request=None, **kwargs):
    if request is not None and getattr(request, "login_throttled", False):
        return  # a refused attempt while throttled does not lengthen the wait
    now = timezone.now()
    LoginFailure.objects.filter(at__lte=_window_start()).delete()
    LoginFailure.objects.bulk_create(
        LoginFailure(key=key, at=now) for key, _ in _keys(credentials.get("username"), request)
    )


@receiver(user_logged_in, dispatch_uid="games.login_throttle.succeeded")
def _forget_account_failures(sender, request, user, **kwargs):
    """A successful sign-in clears its account's count (not its address's: one right
    password must not reset a guessing run against other accounts)."""
    LoginFailure.objects.filter(key=f"user:{user.get_username().lower()[:150]}").delete()


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
