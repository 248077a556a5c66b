"""The address of the person on the other end of an HTTP request or a websocket.

Behind a proxy the TCP peer is the proxy: every player has the same address, so a cap or a
throttle keyed on the peer is one cap for the whole site. The proxy says whom it serves in
X-Forwarded-For (deploy/nginx.conf appends the address it saw to whatever the client sent).
That header is believed only when the peer is one of ``settings.TRUSTED_PROXIES``: anyone
reaching a worker directly could write it. Read from the right, each entry a trusted proxy
appended is skipped; the first one that is not a trusted proxy is the client. Entries left of
it were written by the client and are never read.

Every place that keys on an address (socket caps, sign-in throttle) asks here, so the rule is
the same for pages and sockets.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings

# The longest textual IPv6 address (LiveSocket.ip holds this many characters).
MAX_ADDRESS_LENGTH = 45
# A header longer than any real proxy chain is not read past this many entries from the right.
MAX_HOPS = 16


@lru_cache(maxsize=8)
def _networks(trusted: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in trusted)


def _parsed(text: str):
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _is_trusted(address) -> bool:
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    return any(address.version == net.version and address in net for net in networks)


def resolve(peer: str, forwarded_for: str) -> str:
    """The client's address, from the TCP peer and the X-Forwarded-For header it sent."""
    peer = (peer or "")[:MAX_ADDRESS_LENGTH]
    peer_address = _parsed(peer)
    if peer_address is None or not _is_trusted(peer_address):
        return peer
    client = str(peer_address)
    hops = forwarded_for.split(",")[-MAX_HOPS:] if forwarded_for else []
    for hop in reversed(hops):
        address = _parsed(hop)
        if address is None:
            # Not something a proxy of ours writes: stop at the last address one vouched for.
            break
        client = str(address)
        if not _is_trusted(address):
            break
    return client


def of_request(request) -> str:
    """The client address of a Django request ("" without one)."""
    if request is None:
        return ""
    meta = request.META
    return resolve(meta.get("REMOTE_ADDR", ""), meta.get("HTTP_X_FORWARDED_FOR", ""))


def of_scope(scope) -> str:
    """The client address of an ASGI (websocket or HTTP) scope ("" without one)."""
    client = scope.get("client") or ("", 0)
    # Several X-Forwarded-For headers mean one list, in order (RFC 9110, 5.3).
    forwarded = ",".join(
        value.decode("latin-1")
        for name, value in scope.get("headers") or ()
        if name.lower() == b"x-forwarded-for"
    )
    return resolve(str(client[0] or ""), forwarded)
