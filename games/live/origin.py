"""Websockets are accepted only from pages of this site.

A browser sends the page's origin with every websocket handshake, and cookies go with it
whatever that origin is, so the origin is what tells our own page from another site using a
visitor's session. It must name the same scheme, host and port as the socket itself (the
rule Django's CSRF check applies to forms), or be one of CSRF_TRUSTED_ORIGINS (the public
``https://`` origin when a proxy terminates TLS and forwards plain ``ws://``). Channels'
AllowedHostsOriginValidator compares the host alone: a page on another port of the same
host (any local service, any other app behind the same name) passed it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_tuple(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) with the scheme's default port filled in; None if malformed."""
    if scheme not in DEFAULT_PORTS:
        return None
    host, port = split_domain_port(netloc.lower())
    if not host:
        return None
    if port:
        if not port.isdigit():
            return None
        number = int(port)
    else:
        number = DEFAULT_PORTS[scheme]
    return scheme, host, number


def _secure(scope: dict, headers: dict[bytes, bytes]) -> bool:
    if scope.get("scheme") == "wss":
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        # "HTTP_X_FORWARDED_PROTO" is the WSGI spelling of the header x-forwarded-proto.
        name = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode()
        return headers.get(name, b"").decode("latin-1").strip() == proxy[1]
    return False


def _trusted(origin: tuple[str, str, int]) -> bool:
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        parts = urlsplit(entry)
        trusted = _origin_tuple(parts.scheme, parts.netloc.replace("*.", "", 1))
        if trusted is None or trusted[0] != origin[0] or trusted[2] != origin[2]:
            continue
        if origin[1] == trusted[1]:
            return True
        if parts.netloc.startswith("*.") and origin[1].endswith("." + trusted[1]):
            return True
    return False


def same_origin(scope: dict) -> bool:
    """Whether a websocket handshake comes from a page of this site."""
    headers = dict(scope.get("headers") or [])
    try:
        origin_text = headers.get(b"origin", b"").decode("ascii")
        host_text = headers.get(b"host", b"").decode("ascii")
    except UnicodeDecodeError:
        return False
    if not origin_text or not host_text:
        return False  # browsers always send both; a socket without them is not a page's
    parts = urlsplit(origin_text)
    origin = _origin_tuple(parts.scheme, parts.netloc)
    if origin is None:
        return False
    host, _ = split_domain_port(host_text.lower())
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]  # as Django itself allows in DEBUG
    if not host or not validate_host(host, allowed):
        return False
    own = _origin_tuple("https" if _secure(scope, headers) else "http", host_text)
    return origin == own or _trusted(origin)


class SameOriginValidator:
    """ASGI middleware: a websocket whose origin is not this site's is refused (403)."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not same_origin(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
