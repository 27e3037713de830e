"""Test support for every app: build mail, deliver it through the real pipeline.

Loaded as a pytest plugin from the root conftest.py (`pytest_plugins`).
"""

import re
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from email.message import EmailMessage as StdEmailMessage
from email.utils import format_datetime, make_msgid
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from mailbridge.outbox import Attachment


TEST_AUTHSERV_ID = "mx.aimp.test"


def build_email(
    *,
    from_: str,
    to: str,
    subject: str,
    body: str,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    headers: Mapping[str, str] | None = None,
    attachments: Sequence["Attachment"] = (),
    message_id: str | None = None,
    date: datetime | None = None,
    authenticated: bool = True,
) -> bytes:
    """Return the raw bytes of a plain-text mail as a person's mail client would send it.

    `authenticated` mail arrives as through the operator's MX (`TEST_AUTHSERV_ID`, trusted
    in the test settings), which found DKIM and DMARC passing for the From domain; a
    forger's mail (`authenticated=False`) carries no such verdict.
    """
    msg = StdEmailMessage()
    if authenticated:
        domain = from_.rpartition("@")[2].strip().strip(">").lower()
        msg["Authentication-Results"] = (
            f"{TEST_AUTHSERV_ID}; dkim=pass header.d={domain} header.s=mail; "
            f"spf=pass smtp.mailfrom={domain}; dmarc=pass header.from={domain}"
        )
    msg["From"] = from_
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(date or datetime.now(UTC))
    msg["Message-ID"] = message_id or make_msgid(domain=from_.rpartition("@")[2].strip(">") or "x")
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
    if references:
        msg["References"] = " ".join(references)
    for name, value in (headers or {}).items():
        msg[name] = value
    msg.set_content(body)
    for item in attachments:
        maintype, _, subtype = item.mimetype.partition("/")
        msg.add_attachment(
            item.content,
            maintype=maintype,
            subtype=subtype or "octet-stream",
            filename=item.filename,
        )
    return msg.as_bytes()


class MailFlow:
    """Deliver raw mail through store -> process -> send, synchronously, and read what was sent."""

    def __init__(self, capture_on_commit) -> None:
        self._capture = capture_on_commit
        # For work a test runs itself (a periodic job): its mail is sent on commit too.
        self.capture = capture_on_commit
        self._seen = 0

    def deliver(self, raw: bytes, *, to: str | Sequence[str] | None = None, source: str = "test"):
        """Store and process `raw` (envelope recipients `to`), send what it caused; return the row."""
        from mailbridge.inbound import inbound_receive

        envelope = [to] if isinstance(to, str) else list(to or [])
        with self._capture(execute=True):
            row = inbound_receive(raw=raw, source=source, envelope_to=envelope)
        if row is not None:
            row.refresh_from_db()
        return row

    def sent(self) -> list:
        """Return the messages sent since the last call (consumed)."""
        from django.core import mail

        new = mail.outbox[self._seen :]
        self._seen = len(mail.outbox)
        return list(new)

    def reply(
        self,
        to_message,
        *,
        from_: str,
        body: str,
        subject: str | None = None,
        authenticated: bool = True,
    ):
        """Reply to a sent message as its recipient would (Re:, In-Reply-To, to its Reply-To)."""
        headers = {k.lower(): v for k, v in to_message.extra_headers.items()}
        message_id = headers.get("message-id", "")
        references = [*headers.get("references", "").split(), message_id]
        target = to_message.reply_to[0] if to_message.reply_to else to_message.from_email
        raw = build_email(
            from_=from_,
            to=target,
            subject=subject or f"Re: {to_message.subject}",
            body=body,
            in_reply_to=message_id or None,
            references=[r for r in references if r],
            authenticated=authenticated,
        )
        return self.deliver(raw, to=target)


@pytest.fixture
def mailflow(django_capture_on_commit_callbacks, mailoutbox):
    """A MailFlow bound to this test's database and mail outbox."""
    return MailFlow(django_capture_on_commit_callbacks)


@pytest.fixture
def mail_handlers():
    """Start the test with no handlers registered; set some with `mail_handlers[kind] = fn`.

    The registry the apps built at start-up is restored after the test.
    """
    from mailbridge import dispatch

    saved = dict(dispatch._handlers)
    dispatch._handlers.clear()

    class _Registry(dict):
        def __setitem__(self, kind, handler):
            dispatch.register_handler(kind, handler)
            super().__setitem__(kind, handler)

        def __delitem__(self, kind):
            dispatch.unregister_handler(kind)
            super().__delitem__(kind)

    yield _Registry()
    dispatch._handlers.clear()
    dispatch._handlers.update(saved)


def dkim_key_pair() -> tuple[bytes, bytes]:
    """A new RSA private key (PEM) and the DNS TXT record that publishes its public half."""
    import base64

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return private, b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)


def dkim_signed(raw: bytes, domain: str, private: bytes, selector: bytes = b"s1") -> bytes:
    """Return `raw` with a real DKIM-Signature of `domain` over From, To and Subject."""
    import dkim

    signature = dkim.sign(
        raw, selector, domain.encode(), private, include_headers=[b"from", b"to", b"subject"]
    )
    return signature + raw


@pytest.fixture
def dkim_dns(monkeypatch):
    """A DNS of TXT records the test publishes for the hub's DKIM check (no resolver here)."""
    from mailbridge import dkim_check

    records: dict[bytes, bytes] = {}
    monkeypatch.setattr(dkim_check, "txt_lookup", lambda name, timeout=5: records.get(name))
    return records


# libpq's trace: one line per protocol message; a query's text is quoted, newlines and all.
_QUERY_SENT = re.compile(r'^F\t\d+\tQuery\t "(.*?)"\n(?=[FB]\t|\Z)', re.M | re.S)


@contextmanager
def queries_sent() -> Iterator[list[str]]:
    """Collect the Query messages (round trips) psycopg sends to PostgreSQL in the block."""
    from django.db import connection
    from psycopg import pq

    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    sent: list[str] = []
    with tempfile.TemporaryFile("w+") as trace:
        pgconn.trace(trace.fileno())
        pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)
        try:
            yield sent
        finally:
            pgconn.untrace()
        trace.seek(0)
        sent += _QUERY_SENT.findall(trace.read())
