"""An ESP's inbound post stored as it came; the processing job reads the mail inside.

Issue 19: in the webhook, anymail's parse of the ESP's JSON or form and of the MIME
message inside, the message turned back into bytes, our fingerprint's second parse
of those bytes and the hub look-up cost five times what storing the post costs. The
door now checks who posted (basic auth, the ESP's signature) and that the body is a
JSON document or a form, stores the body with its content type (status `posted`, no
hub yet) and answers. The job rebuilds the request from the stored body, lets
anymail read it as it would have in the webhook, and handles the mail in the same
transaction that writes what the post turned out to be: a post becomes mail once.

Exactly once, as before: an ESP posting the same body again finds its row (the key
is the body's hash until the job reads it); a retry with other bytes, or the same
mail by another door, meets the Message-ID key when the job writes it, and is kept
as a duplicate (see processing).

Amazon SES and Mandrill are read in the request as before: SNS posts subscription
confirmations that must be answered at once and notifications whose message may
have to be fetched from S3, and Mandrill's one URL carries tracking events too.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from email.utils import unquote
from io import BytesIO

from anymail.signals import inbound
from anymail.webhooks.amazon_ses import AmazonSESBaseWebhookView
from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.http import HttpRequest

from mailbridge.body_limits import FormFromBody
from mailbridge.jobs import job_enqueue_after_commit_nowait, rows_claimed_by_broker
from mailbridge.models import InboundMessage
from mailbridge.row_insert import row_insert

FORMS = ("multipart/form-data", "application/x-www-form-urlencoded")
POSTMARK = "webhook:postmark"
# The inbound posts that are a JSON array (of events); every other ESP posts an object.
JSON_ARRAYS = frozenset({"SparkPost"})


@dataclass(frozen=True)
class Carried:
    """One message an ESP's post carried, as the webhook used to store it."""

    raw: bytes
    envelope_from: str | None
    envelope_to: list[str]


def esp_source(esp_name: str) -> str:
    """The `source` of a row an ESP handed over: webhook:<esp>."""
    return f"webhook:{esp_name.lower().replace(' ', '_')}"


def message_bytes(message) -> bytes:
    """The bytes of a message anymail parsed (odd ESP-built ones as well as can be)."""
    try:
        return message.as_bytes()
    except Exception:  # noqa: BLE001 - odd ESP-built messages: keep what can be kept
        return message.as_string().encode("utf-8", "surrogateescape")


def stored_as_posted(view) -> bool:
    """True for an inbound view whose posts are stored unread (all but SES and Mandrill)."""
    return getattr(type(view), "signal", None) is inbound and not isinstance(
        view, AmazonSESBaseWebhookView
    )


def post_check(view, request: HttpRequest) -> None:
    """Raise what anymail would for a post it does not trust or cannot begin to read."""
    view.run_validators(request)
    if request.content_type in FORMS:
        request.POST  # noqa: B018 - parses the form: a broken one raises here (400)
        return
    document = json.loads(request.body)
    expected = list if view.esp_name in JSON_ARRAYS else dict
    if not isinstance(document, expected):
        raise ValueError(f"the JSON body is a {type(document).__name__}, not a {expected.__name__}")


def post_store(*, body: bytes, content_type: str, source: str) -> InboundMessage:
    """Store one ESP post unread and queue its job; the same body posted again is one row."""
    digest = hashlib.sha256(body).hexdigest()
    key = {"hub": None, "sender": "", "message_id": f"<{digest}@posted>", "body_hash": digest}
    # The row is one statement of its own. With the ORM broker the row is the job (the
    # cluster claims waiting posts, mailbridge.queue_broker); with Redis a job follows
    # it, and one lost between the two is the sweeper's (the row waits as `posted`).
    # No transaction to open and commit; inside a caller's, a savepoint keeps a
    # repeated post from breaking it.
    alone = not connection.in_atomic_block
    together = contextlib.nullcontext() if alone else transaction.atomic()
    try:
        with together:
            row = row_insert(
                InboundMessage(
                    **key,
                    post_hash=digest,
                    source=source[:40],
                    raw=body,
                    posted_type=content_type[:300],
                    status=InboundMessage.Status.POSTED,
                )
            )
            if not rows_claimed_by_broker():
                job_enqueue_after_commit_nowait(
                    "mailbridge.tasks.process_inbound", row.id, group="mailbridge-inbound"
                )
    except IntegrityError:
        return InboundMessage.objects.get(post_hash=digest)
    return row


@functools.cache
def _views() -> dict[str, tuple[type, dict]]:
    from anymail import urls

    found = {}
    for pattern in urls.urlpatterns:
        view_class = pattern.callback.view_class
        if getattr(view_class, "signal", None) is inbound:
            found[esp_source(view_class.esp_name)] = (view_class, pattern.callback.view_initkwargs)
    return found


def _rebuilt(body: bytes, content_type: str) -> HttpRequest:
    """The request the ESP made, as far as anymail's parsers read it."""
    request = WSGIRequest(
        {
            "REQUEST_METHOD": "POST",
            "CONTENT_TYPE": content_type,
            "CONTENT_LENGTH": str(len(body)),
            "PATH_INFO": "/",
            "SERVER_NAME": "localhost",
            "SERVER_PORT": "443",
            "wsgi.url_scheme": "https",
            "wsgi.input": BytesIO(body),
        }
    )
    # As the door did (mailbridge.body_limits): the body is already read, and a form
    # holding a whole message is parsed past Django's 2.5 MB field limit.
    request._body = body
    if request.content_type.startswith("multipart/"):
        request.upload_handlers = [FormFromBody(request, body)]
    return request


def post_read(row: InboundMessage) -> list[Carried]:
    """The messages a stored post carries, read by the ESP's anymail view."""
    if row.source == POSTMARK:
        carried = postmark_raw_read(bytes(row.raw))
        if carried is not None:
            return carried
    return anymail_read(row)


def anymail_read(row: InboundMessage) -> list[Carried]:
    """The messages a stored post carries, as the ESP's anymail view parses them."""
    view_class, initkwargs = _views()[row.source]
    view = view_class(**initkwargs)
    carried = []
    for event in view.parse_events(_rebuilt(bytes(row.raw), row.posted_type)):
        message = event.message
        if message is None:
            continue
        envelope_to = [message.envelope_recipient] if message.envelope_recipient else []
        carried.append(Carried(message_bytes(message), message.envelope_sender, envelope_to))
    return carried


def postmark_raw_read(body: bytes) -> list[Carried] | None:
    """Postmark's inbound post read without anymail, when it carries the message's bytes.

    Postmark's RawEmail is the message as it arrived: kept as sent, rather than parsed
    by anymail into a message the job turns back into bytes and parses again (issue
    19). The envelope is what anymail's PostmarkInboundWebhookView takes: the
    Return-Path Postmark puts first in Headers, and OriginalRecipient. Anything else
    (no RawEmail, a RawEmail that is not ASCII, whose bytes JSON carried as text in a
    charset it does not name, another record type) is anymail's to read.
    """
    try:
        event = json.loads(body)
    except ValueError:
        return None
    if not isinstance(event, dict) or event.get("RecordType", "Inbound") != "Inbound":
        return None
    raw = event.get("RawEmail")
    if not isinstance(raw, str) or not raw.isascii():
        return None
    headers = event.get("Headers") or []
    sender = None
    first = headers[0] if isinstance(headers, list) and headers else None
    if isinstance(first, dict) and str(first.get("Name", "")).lower() == "return-path":
        sender = unquote(str(first.get("Value", "")))
    recipient = event.get("OriginalRecipient")
    return [Carried(raw.encode("ascii"), sender, [recipient] if recipient else [])]


def post_open(row: InboundMessage, now: datetime) -> str | None:
    """Make a locked posted row the mail it carries; the outcome when that ends its job.

    The row's fields are set in memory and kept in `row.opened_fields`, which the
    job writes with the row's final status: until then it stays `posted`, so a
    retry or a rollback reads the post again. A post with more messages, or a mail
    to several hubs, gives the others rows of their own, as the webhook did.
    """
    from mailbridge.inbound import inbound_owners

    carried = post_read(row)
    if not carried:
        return _close(row, now, InboundMessage.Status.IGNORED, "the post carried no message", {})
    first = carried[0]
    fp, envelope, owners = inbound_owners(first.raw, first.envelope_to)
    _others_store(row, carried, owners)
    fields = {
        "hub": owners[0] if owners else None,
        "sender": fp.sender,
        "message_id": fp.message_id,
        "body_hash": fp.body_hash,
        "raw": first.raw,
        "subject": fp.subject[:500],
        "envelope_from": (first.envelope_from or "")[:320],
        "envelope_to": envelope,
        "posted_type": "",
    }
    max_bytes = settings.AIMP_MAX_MESSAGE_BYTES
    if not owners:
        return _close(row, now, InboundMessage.Status.IGNORED, "no hub owns any recipient", fields)
    if len(first.raw) > max_bytes:
        reason = f"larger than {max_bytes} bytes"
        return _close(row, now, InboundMessage.Status.IGNORED, reason, fields)
    for name, value in fields.items():
        setattr(row, name, value)
    row.opened_fields = fields
    return None


def _others_store(row: InboundMessage, carried: list[Carried], owners: list) -> None:
    """Give the post's other messages, and its first for every other hub, rows of their own."""
    from mailbridge.inbound import inbound_receive

    first = carried[0]
    for extra in carried[1:]:
        inbound_receive(
            raw=extra.raw,
            source=row.source,
            envelope_from=extra.envelope_from,
            envelope_to=extra.envelope_to,
        )
    for owner in owners[1:]:
        inbound_receive(
            raw=first.raw,
            source=row.source,
            envelope_from=first.envelope_from,
            envelope_to=first.envelope_to,
            hub=owner,
        )


def _close(row: InboundMessage, now: datetime, status: str, error: str, fields: dict) -> str:
    InboundMessage.objects.filter(id=row.id).update(
        status=status,
        error=error,
        attempts=F("attempts") + 1,
        processed_at=now,
        next_attempt_at=None,
        **fields,
    )
    return status


def post_close_duplicate(*, inbound_id: int, now: datetime) -> str | None:
    """Close a post whose mail another row already holds (ignored, naming it); None if none does."""
    from mailbridge.inbound import inbound_owners

    Status = InboundMessage.Status
    with transaction.atomic():
        row = (
            InboundMessage.objects.select_for_update()
            .filter(id=inbound_id, status=Status.POSTED)
            .first()
        )
        if row is None:
            return None
        carried = post_read(row)
        if not carried:
            return None
        fp, _, owners = inbound_owners(carried[0].raw, carried[0].envelope_to)
        twin = (
            InboundMessage.objects.filter(
                hub=owners[0] if owners else None,
                sender=fp.sender,
                message_id=fp.message_id,
                body_hash=fp.body_hash,
            )
            .exclude(id=row.id)
            .order_by("id")
            .first()
        )
        if twin is None:
            return None
        _others_store(row, carried, owners)
        return _close(row, now, Status.IGNORED, f"duplicate of inbound {twin.id}", {})
