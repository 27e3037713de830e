"""One HTTP POST to a subscriber, made only to the address that was checked.

The URL is a tenant's: its host is resolved now, every address is checked (hubs.
tenant_network, the same rule as a hub's LLM, IMAP and SMTP hosts), and the socket is
opened to the checked address itself, so DNS cannot change between check and connect.
The name is kept for the Host header and TLS (SNI, certificate). Redirects are not
followed (http.client never does), the timeout is short, and only a short excerpt of
the answer is kept.
"""

from __future__ import annotations

import http.client
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from hubs.outbound_hosts import HostRefused, url_host_port
from hubs.tenant_network import tenant_address

EXCERPT_CHARS = 200
USER_AGENT = "AIMP-Hub-Webhooks/1"


@dataclass(frozen=True)
class Answer:
    """What the subscriber answered: its status code and the start of its body."""

    status: int
    excerpt: str

    @property
    def ok(self) -> bool:
        """Return True for a 2xx answer (the only kind that counts as delivered)."""
        return 200 <= self.status < 300


class DeliveryError(Exception):
    """The request did not get an answer; the message is one line, safe to show."""


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def _target(url: str) -> str:
    parts = urlsplit(url.strip())
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def _excerpt(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace")
    return "".join(c if c.isprintable() else " " for c in text)[:EXCERPT_CHARS]


def _error_line(exc: BaseException) -> str:
    if isinstance(exc, HostRefused):
        return str(exc)
    if isinstance(exc, TimeoutError | socket.timeout):
        return "timed out"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, ssl.SSLError | ssl.CertificateError):
        return "TLS error"
    if isinstance(exc, http.client.HTTPException):
        return f"not an HTTP answer ({type(exc).__name__})"
    return f"connection failed ({type(exc).__name__})"


def webhook_post(*, url: str, body: bytes, headers: dict[str, str], timeout: float) -> Answer:
    """POST `body` to `url` at its checked address; DeliveryError when there is no answer."""
    try:
        host, port = url_host_port(url)
        address = str(tenant_address(host, port))
        https = urlsplit(url.strip()).scheme.lower() == "https"
        kind = _PinnedHTTPS if https else _PinnedHTTP
        conn = kind(host, port, address=address, timeout=timeout)
        try:
            conn.request(
                "POST",
                _target(url),
                body=body,
                headers={
                    "Content-Type": "application/json",
                    "User-Agent": USER_AGENT,
                    **headers,
                },
            )
            response = conn.getresponse()
            return Answer(status=response.status, excerpt=_excerpt(response.read(EXCERPT_CHARS)))
        finally:
            conn.close()
    except (OSError, HostRefused, http.client.HTTPException) as exc:
        raise DeliveryError(_error_line(exc)) from exc
