"""IMAP and SMTP connections to a hub's own servers, made only to checked addresses.

The host a hub typed is resolved at connect time (DNS may have changed since the form
was saved), every address is checked (hubs.tenant_network), and the socket is opened to
the checked address itself, so a second lookup cannot swap in another one. The name is
kept for TLS (SNI, certificate) and the protocol. Errors become one line of fact: the
bytes a server answered are not the tenant's to read when they came from a service
that is not a mail server.
"""

from __future__ import annotations

import imaplib
import smtplib
import socket
import ssl
from typing import Any

from django.core.mail.backends.smtp import EmailBackend
from imap_tools import BaseMailBox, MailBox, MailBoxStartTls, MailBoxUnencrypted
from imap_tools.errors import ImapToolsError, MailboxLoginError, MailboxStarttlsError
from imap_tools.utils import check_command_status

from hubs.outbound_hosts import HostRefused
from hubs.tenant_network import tenant_address


def _pinned_imap(base: type[imaplib.IMAP4], address: str) -> type[imaplib.IMAP4]:
    class Pinned(base):  # type: ignore[valid-type, misc]
        def _create_socket(self, timeout: float | None) -> socket.socket:
            target = (address, self.port)
            sock = (
                socket.create_connection(target, timeout)
                if timeout is not None
                else socket.create_connection(target)
            )
            if isinstance(self, imaplib.IMAP4_SSL):
                return self.ssl_context.wrap_socket(sock, server_hostname=self.host)
            return sock

    return Pinned


def _verifying_context() -> ssl.SSLContext:
    # imaplib's default context verifies nothing (ssl._create_stdlib_context): without
    # this, anyone on the path could pose as the hub's mail server and read its password.
    return ssl.create_default_context()


class _PinnedSSL(MailBox):
    def __init__(self, address: str, host: str, port: int, timeout: float) -> None:
        self._address = address
        super().__init__(host, port, timeout=timeout, ssl_context=_verifying_context())

    def _get_mailbox_client(self) -> imaplib.IMAP4:
        return _pinned_imap(imaplib.IMAP4_SSL, self._address)(
            self._host, self._port, ssl_context=self._ssl_context, timeout=self._timeout
        )


class _PinnedStartTls(MailBoxStartTls):
    def __init__(self, address: str, host: str, port: int, timeout: float) -> None:
        self._address = address
        super().__init__(host, port, timeout=timeout, ssl_context=_verifying_context())

    def _get_mailbox_client(self) -> imaplib.IMAP4:
        client = _pinned_imap(imaplib.IMAP4, self._address)(self._host, self._port, self._timeout)
        check_command_status(client.starttls(self._ssl_context), MailboxStarttlsError)
        return client


class _PinnedPlain(MailBoxUnencrypted):
    def __init__(self, address: str, host: str, port: int, timeout: float) -> None:
        self._address = address
        super().__init__(host, port, timeout=timeout)

    def _get_mailbox_client(self) -> imaplib.IMAP4:
        return _pinned_imap(imaplib.IMAP4, self._address)(self._host, self._port, self._timeout)


_MAILBOXES = {"ssl": _PinnedSSL, "starttls": _PinnedStartTls, "none": _PinnedPlain}


def open_tenant_mailbox(security: str, host: str, port: int, timeout: float) -> BaseMailBox:
    """Connect (not log in) to a hub's IMAP server at its checked address (HostRefused)."""
    address = str(tenant_address(host, port))
    return _MAILBOXES[security](address, host, port, timeout)


class TenantSmtpBackend(EmailBackend):
    """Django's SMTP backend, connecting only to the checked address of the hub's host."""

    @property
    def connection_class(self) -> Any:
        base = smtplib.SMTP_SSL if self.use_ssl else smtplib.SMTP
        address = str(tenant_address(self.host, self.port))

        class Pinned(base):  # type: ignore[valid-type, misc]
            def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
                # SMTP_SSL wraps the socket with server_hostname=self._host: still the name.
                return super()._get_socket(address, port, timeout)

        return Pinned


def connect_error_line(exc: BaseException) -> str:
    """Return one line for a failed IMAP/SMTP connection, without the server's words."""
    if isinstance(exc, HostRefused):
        return str(exc)
    if isinstance(exc, MailboxLoginError | smtplib.SMTPAuthenticationError):
        return "login failed (check the user name and password)"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, socket.gaierror):
        return "host not found"
    if isinstance(exc, TimeoutError):
        return "timed out"
    if isinstance(exc, ssl.SSLError | ssl.CertificateError):
        return "TLS error"
    if isinstance(exc, ImapToolsError):
        return f"the IMAP server refused a command ({type(exc).__name__})"
    if isinstance(exc, imaplib.IMAP4.error):
        return "the server did not answer as an IMAP server"
    if isinstance(exc, smtplib.SMTPException):
        return f"the SMTP server refused ({type(exc).__name__})"
    if isinstance(exc, OSError):
        return "connection failed"
    # Not the network: the hub's own processing (a database error...), safe to show.
    return f"{type(exc).__name__}: {exc}"[:500]
