"""Posting to a subscriber: a real HTTP server on 127.0.0.1, the address checked and pinned."""

import socket

import pytest

from hubs.outbound_hosts import HostRefused
from negotiation.tests.webhooks.receiver import Receiver
from negotiation.webhooks.transport import EXCERPT_CHARS, DeliveryError, webhook_post


@pytest.fixture
def receiver():
    r = Receiver().start()
    yield r
    r.stop()


def _post(url: str, **kwargs):
    return webhook_post(
        url=url, body=b'{"a":1}', headers={"webhook-id": "msg_x"}, timeout=2, **kwargs
    )


def test_posts_the_body_and_headers_and_keeps_a_short_excerpt(receiver):
    receiver.statuses = [500]
    answer = _post(receiver.url)
    assert (answer.status, answer.ok) == (500, False)
    assert len(answer.excerpt) == EXCERPT_CHARS and answer.excerpt.startswith("server says no")
    [seen] = receiver.received
    assert seen.path == "/hooks/aimp?source=test"
    assert seen.body == b'{"a":1}'
    assert seen.headers["webhook-id"] == "msg_x"
    assert seen.headers["content-type"] == "application/json"
    assert seen.headers["host"] == f"127.0.0.1:{receiver.server.server_address[1]}"
    assert _post(receiver.url).ok


def test_a_redirect_is_not_followed(receiver):
    receiver.statuses = [302]
    receiver.redirect_to = receiver.url + "&again=1"
    answer = _post(receiver.url)
    assert answer.status == 302 and not answer.ok
    assert len(receiver.received) == 1


def test_loopback_is_refused_when_the_operator_does_not_allow_it(receiver, settings):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    with pytest.raises(DeliveryError, match="loopback"):
        _post(receiver.url)
    assert receiver.received == []


def test_the_connection_goes_to_the_address_that_was_checked(receiver, settings, monkeypatch):
    # The name resolves to 127.0.0.1 when checked; a second lookup would say otherwise,
    # and must not be made.
    port = receiver.server.server_address[1]
    lookups = []
    real = socket.getaddrinfo

    def resolve_once(host, *args, **kwargs):
        if host == "127.0.0.1":
            return real(host, *args, **kwargs)  # the checked address itself: no lookup
        lookups.append(host)
        if len(lookups) > 1:
            raise AssertionError("resolved twice")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]

    monkeypatch.setattr(socket, "getaddrinfo", resolve_once)
    answer = _post(f"http://hooks.example.test:{port}/in")
    assert answer.ok and lookups == ["hooks.example.test"]
    assert receiver.received[0].headers["host"] == f"hooks.example.test:{port}"


def test_a_name_that_resolves_inward_is_refused_at_send_time(settings, monkeypatch):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.5", 443))],
    )
    with pytest.raises(DeliveryError, match="10.0.0.5 is a private address"):
        _post("https://rebinding.example.test/hook")


@pytest.mark.parametrize("url", ["ftp://example.com/x", "http:///nohost", "http://a b/"])
def test_bad_urls_never_connect(url):
    with pytest.raises(DeliveryError, match="address not allowed"):
        _post(url)


def test_no_answer_is_one_line():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DeliveryError) as caught:
        _post(f"http://127.0.0.1:{port}/")
    assert str(caught.value) == "connection refused"
    assert isinstance(caught.value.__cause__, ConnectionRefusedError | HostRefused)
