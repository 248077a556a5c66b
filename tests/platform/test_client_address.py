"""The client address behind a proxy (issue 38, E2): X-Forwarded-For is believed only from a
trusted proxy, for an HTTP request and a websocket scope alike."""

import pytest

from games.matches import client_address

NGINX = "127.0.0.1"


@pytest.fixture
def behind_nginx(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "::1"]


def test_without_trusted_proxies_the_peer_is_the_client_whatever_it_claims(settings, rf):
    settings.TRUSTED_PROXIES = []
    request = rf.get("/", REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="192.0.2.10")
    assert client_address.of_request(request) == NGINX


def test_a_trusted_proxy_names_the_client_it_appended(behind_nginx, rf):
    # The client wrote the first entry itself; nginx appended the address it saw.
    request = rf.get("/", REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="6.6.6.6, 192.0.2.10")
    assert client_address.of_request(request) == "192.0.2.10"


def test_a_forged_header_from_an_untrusted_peer_is_ignored(behind_nginx, rf):
    request = rf.get("/", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="192.0.2.10")
    assert client_address.of_request(request) == "198.51.100.7"


def test_a_chain_of_trusted_proxies_is_skipped_from_the_right(settings, rf):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8"]
    request = rf.get("/", REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="6.6.6.6, 192.0.2.10, 10.1.2.3")
    assert client_address.of_request(request) == "192.0.2.10"


def test_garbage_in_the_header_stops_at_the_last_address_a_proxy_vouched_for(behind_nginx, rf):
    for header in ("<script>", "", " , ", "1.2.3.4.5", "x" * 5000):
        request = rf.get("/", REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR=header)
        assert client_address.of_request(request) == NGINX


def test_ipv6_peers_and_clients(behind_nginx, rf):
    request = rf.get("/", REMOTE_ADDR="::1", HTTP_X_FORWARDED_FOR="2001:db8::7")
    assert client_address.of_request(request) == "2001:db8::7"


def test_a_websocket_scope_reads_the_same_header(behind_nginx):
    scope = {
        "client": [NGINX, 40000],
        "headers": [(b"host", b"x"), (b"x-forwarded-for", b"6.6.6.6, 192.0.2.10")],
    }
    assert client_address.of_scope(scope) == "192.0.2.10"
    scope["client"] = ["198.51.100.7", 40000]
    assert client_address.of_scope(scope) == "198.51.100.7"
    assert client_address.of_scope({"headers": []}) == ""
