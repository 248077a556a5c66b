"""The websocket origin check compares scheme, host and port (issue 22, finding 10): a page
on another port or scheme of the same host cannot open a socket with a visitor's cookies."""

import pytest
from channels.testing import WebsocketCommunicator

from games.live.origin import same_origin
from project.asgi import application

from .conftest import EC

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def opens(origin: bytes | None, host: bytes = b"testserver", extra=()) -> bool:
    headers = [(b"host", host), *extra]
    if origin is not None:
        headers.append((b"origin", origin))
    comm = WebsocketCommunicator(application, f"/ws/lobby/{EC}/", headers=headers)
    connected, _ = await comm.connect(timeout=5)
    if connected:
        await comm.disconnect()
    return connected


async def test_the_sites_own_origin_is_accepted():
    assert await opens(b"http://testserver")
    assert await opens(b"http://testserver:8000", host=b"testserver:8000")
    assert await opens(b"http://TestServer:80", host=b"testserver")  # the default port said


@pytest.mark.parametrize(
    "origin, host",
    [
        (b"http://testserver:9999", b"testserver"),  # another port of the same host
        (b"http://testserver", b"testserver:8000"),
        (b"https://testserver", b"testserver"),  # another scheme
        (b"http://evil.example", b"testserver"),
        (b"http://evil.example", b"evil.example"),  # a host this site does not serve
        (b"null", b"testserver"),  # sandboxed frames and file:// pages
        (b"http://testserver@evil.example", b"testserver"),
        (b"http://testserver:abc", b"testserver"),
        (b"\xff\xfe", b"testserver"),
        (None, b"testserver"),  # no origin at all: not a browser page
    ],
)
async def test_another_origin_is_refused(origin, host):
    assert not await opens(origin, host)


async def test_a_trusted_public_origin_behind_a_tls_proxy(settings):
    """nginx terminates TLS and forwards plain ws://: the page's https:// origin is trusted
    by configuration, or recognised from the proxy's X-Forwarded-Proto."""
    public = [(b"host", b"duelhall.example")]
    settings.ALLOWED_HOSTS = ["duelhall.example"]
    scope = {"type": "websocket", "scheme": "ws"}
    https = [*public, (b"origin", b"https://duelhall.example")]
    assert not same_origin({**scope, "headers": https})
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    forwarded = [*https, (b"x-forwarded-proto", b"https")]
    assert same_origin({**scope, "headers": forwarded})
    assert not same_origin({**scope, "headers": https})
    settings.CSRF_TRUSTED_ORIGINS = ["https://duelhall.example"]
    assert same_origin({**scope, "headers": https})
    assert not same_origin(
        {**scope, "headers": [*public, (b"origin", b"https://duelhall.example:8443")]}
    )
    settings.CSRF_TRUSTED_ORIGINS = ["https://*.duelhall.example"]
    sub = [(b"host", b"duelhall.example"), (b"origin", b"https://play.duelhall.example")]
    assert same_origin({**scope, "headers": sub})
