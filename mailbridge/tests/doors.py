"""What an ESP (or someone holding its secret) posts to the doors, built as each ESP does."""

import base64
import hashlib
import hmac
import io
import json
import time

from django.test import Client, override_settings
from django.test.client import BOUNDARY, MULTIPART_CONTENT

from mailbridge.outbox import Attachment
from mailbridge.testing import build_email
from mailbridge.tests.test_webhooks import AUTH, SECRET, postmark_payload, ses_notification

SIGNING_KEY = "key-mailgun-signing-test"
POSTMARK = "/anymail/postmark/inbound/"
SES = "/anymail/amazon_ses/inbound/"
MAILGUN_MIME = "/anymail/mailgun/inbound_mime/"
MAILGUN = "/anymail/mailgun/inbound/"
SENDGRID = "/anymail/sendgrid/inbound/"
MULTIPART = MULTIPART_CONTENT


def read_posts() -> list[str]:
    """Run the job on every stored ESP post (the door stores them unread); their outcomes."""
    from mailbridge.models import InboundMessage
    from mailbridge.tasks import process_inbound

    posted = InboundMessage.objects.filter(status=InboundMessage.Status.POSTED).order_by("id")
    return [process_inbound(inbound_id) for inbound_id in posted.values_list("id", flat=True)]


def browser() -> Client:
    """A client that sees what the ESP sees: a 500 is an answer, not a raised exception."""
    return Client(raise_request_exception=False)


def mailgun_settings():
    """The secret plus Mailgun's signing key (Mailgun signs every post)."""
    return override_settings(
        ANYMAIL={"WEBHOOK_SECRET": [SECRET], "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    )


def member_mail(hub, member, *, attachment_bytes: int = 0, subject: str = "Dinner Friday?"):
    """Raw bytes of a member's mail, with a binary attachment of the given size."""
    attachments = []
    if attachment_bytes:
        # Incompressible and not text: base64 in the MIME, as a photo or PDF would be.
        blob = hashlib.sha256(b"seed").digest() * (attachment_bytes // 32 + 1)
        attachments = [Attachment("photo.jpg", blob[:attachment_bytes], "image/jpeg")]
    return build_email(
        from_=f"Alice <{member.email}>",
        to=hub.email,
        subject=subject,
        body="Could we meet Friday evening?",
        message_id=f"<door-{attachment_bytes}@example.com>",
        attachments=attachments,
    )


def postmark_body(raw: bytes, hub, member) -> bytes:
    """Postmark's JSON for `raw`, RawEmail included (its attachments are sent twice)."""
    payload = postmark_payload(raw, hub, member)
    payload["Attachments"] = [
        {
            "Name": part.get_filename(),
            "Content": base64.b64encode(part.get_payload(decode=True)).decode(),
            "ContentType": part.get_content_type(),
        }
        for part in _parts(raw)
        if part.get_filename()
    ]
    return json.dumps(payload).encode()


def _parts(raw: bytes):
    from email import message_from_bytes

    return message_from_bytes(raw).walk()


def ses_body(raw: bytes, hub, member) -> bytes:
    """An SNS notification carrying `raw` base64-encoded (SES's "SNS" action)."""
    return json.dumps(ses_notification(raw, hub, member)).encode()


def ses_headers() -> dict:
    return {
        "HTTP_X_AMZ_SNS_MESSAGE_TYPE": "Notification",
        "HTTP_X_AMZ_SNS_MESSAGE_ID": "8a8c8b1e-9d3b-5f0c-a0b6-1d2a8c1e2f3a",
    }


def mailgun_fields(hub, member) -> dict:
    """Mailgun's signed envelope fields of a forward() post."""
    timestamp, token = str(int(time.time())), "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0"
    signature = hmac.new(
        SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256
    ).hexdigest()
    return {
        "recipient": hub.email,
        "sender": member.email,
        "from": f"Alice <{member.email}>",
        "subject": "Dinner Friday?",
        "timestamp": timestamp,
        "token": token,
        "signature": signature,
    }


def multipart(fields: dict[str, str | bytes]) -> bytes:
    """multipart/form-data with BOUNDARY; bytes values are sent as they are (8-bit)."""
    lines = []
    for name, value in fields.items():
        data = value if isinstance(value, bytes) else value.encode()
        lines += [
            f"--{BOUNDARY}".encode(),
            f'Content-Disposition: form-data; name="{name}"'.encode(),
            b"",
            data,
        ]
    return b"\r\n".join([*lines, f"--{BOUNDARY}--".encode(), b""])


def mailgun_mime_body(raw: bytes, hub, member) -> bytes:
    """Mailgun's raw-MIME forward(): `body-mime` is a form field holding the whole message."""
    return multipart(mailgun_fields(hub, member) | {"body-mime": raw})


def post(client: Client, path: str, body: bytes, content_type: str, auth=AUTH, **extra):
    """POST `body` as it is, with Content-Length (the normal way)."""
    return client.generic("POST", path, body, content_type=content_type, **auth, **extra)


class CountingStream(io.RawIOBase):
    """A request body of `size` bytes made on demand, counting what the server read."""

    def __init__(self, size: int, fill: bytes = b"[") -> None:
        self.size = size
        self.fill = fill
        self.taken = 0

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        n = self.size - self.taken if n is None or n < 0 else min(n, self.size - self.taken)
        self.taken += n
        return self.fill[:1] * n


class BytesStream(CountingStream):
    """A given body, counting what the server read."""

    def __init__(self, body: bytes) -> None:
        super().__init__(len(body))
        self.body = body

    def read(self, n: int = -1) -> bytes:
        start = self.taken
        super().read(n)
        return self.body[start : self.taken]


def post_chunked(client: Client, path: str, stream, content_type: str, *, terminated=True):
    """POST without Content-Length, as a de-chunking WSGI server (gunicorn) hands it over.

    gunicorn decodes `Transfer-Encoding: chunked`, sets `wsgi.input_terminated` and no
    CONTENT_LENGTH; Django's development server sets neither and passes an empty stream.
    """
    environ = {
        "CONTENT_TYPE": content_type,
        "HTTP_TRANSFER_ENCODING": "chunked",
        "wsgi.input": stream if terminated else io.BytesIO(b""),
    }
    if terminated:
        environ["wsgi.input_terminated"] = True
    return client.generic("POST", path, b"", **environ, **AUTH)
