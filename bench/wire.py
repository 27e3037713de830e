"""Replies as they arrive on the wire: raw RFC 5322 bytes wrapped in Postmark's inbound JSON."""

import base64
import json
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from bench import procs


def reply_raw(
    *,
    sender: str,
    hub_email: str,
    subject: str,
    in_reply_to: str,
    body: str,
    message_id: str | None = None,
) -> bytes:
    """Return the bytes of a plain-text reply in a hub thread."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = hub_email
    msg["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    msg["Date"] = format_datetime(datetime.now(UTC))
    msg["Message-ID"] = message_id or make_msgid(domain=sender.split("@")[-1])
    msg["In-Reply-To"] = in_reply_to
    msg["References"] = in_reply_to
    msg.set_content(body)
    return bytes(msg)


def postmark_payload(raw: bytes, *, envelope_to: str) -> bytes:
    """Return Postmark's inbound webhook JSON carrying `raw` as RawEmail."""
    return json.dumps(
        {
            "RecordType": "Inbound",
            "OriginalRecipient": envelope_to,
            "Headers": [],
            "RawEmail": raw.decode("utf-8", "replace"),
            "MessageID": base64.b16encode(raw[-8:]).decode(),
        }
    ).encode()


WEBHOOK_PATH = "/anymail/postmark/inbound/"
BASIC_AUTH = (
    "Basic " + base64.b64encode(f"{procs.WEBHOOK_USER}:{procs.WEBHOOK_PASSWORD}".encode()).decode()
)
