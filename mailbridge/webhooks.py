"""The ESP door: anymail webhook receivers, and the answers the door gives.

An ESP retries what gets a 5xx and drops what gets a 4xx, so the answer says whose
fault it was. A body anymail cannot read (bad JSON, lying UTF-8, a MIME it chokes
on, a payload meant for another URL) is the sender's: 400 with a short plain-text
reason, and the body is kept for the operator. Our own failure (the database is
down, a setting is missing) is ours: 5xx, so the ESP retries and nothing is lost.
"""

import email.errors
import functools
import logging
from collections.abc import Callable

from anymail.exceptions import (
    AnymailConfigurationError,
    AnymailError,
    AnymailImproperlyInstalled,
    AnymailWebhookValidationFailure,
)
from anymail.signals import inbound, tracking
from anymail.utils import get_request_basic_auth
from anymail.webhooks.amazon_ses import AmazonSESBaseWebhookView, AnymailBotoClientAPIError
from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.db import DatabaseError
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.crypto import constant_time_compare

from mailbridge.body_limits import BodyRefused, body_take, webhook_body_limit
from mailbridge.posted import (
    esp_source,
    message_bytes,
    post_check,
    post_store,
    stored_as_posted,
)

logger = logging.getLogger(__name__)
INBOUND_RECEIVER_UID = "mailbridge-anymail-inbound"

# Raised while reading what the sender posted: the body is at fault (400).
MALFORMED = (
    ValueError,  # JSONDecodeError, UnicodeDecodeError, binascii.Error, AnymailInvalidAddress
    TypeError,
    LookupError,  # KeyError, IndexError, an unknown charset
    AttributeError,  # a JSON list or string where anymail expects an object
    RecursionError,  # [[[[... nested past the interpreter's stack
    ArithmeticError,
    email.errors.MessageError,
    MultiPartParserError,
    AnymailError,  # malformed SNS envelopes, addresses
    # Raised while dispatching only for a payload posted to the wrong URL (inbound to
    # tracking...): the ESP's configuration, which a retry cannot fix. Settings are read
    # when the view is built, outside this net.
    AnymailConfigurationError,
)
# Raised by our side even while reading: retrying later can succeed (5xx). Checked first,
# as some are AnymailError subclasses too. A failed signature check (SuspiciousOperation)
# stays Django's 400: it is not kept, it may be anyone's.
OURS = (
    DatabaseError,
    MemoryError,
    OSError,  # network or disk (S3 download, temporary upload files)
    AnymailImproperlyInstalled,
    AnymailBotoClientAPIError,
    SuspiciousOperation,
)


class ReceiverFailed(Exception):
    """Our receiver could not store what anymail parsed: the ESP must retry (5xx)."""


def webhooks_secured() -> bool:
    """True when webhooks may be served: a WEBHOOK_SECRET is set, or DEBUG is on."""
    secret = (getattr(settings, "ANYMAIL", None) or {}).get("WEBHOOK_SECRET")
    return bool(secret) or settings.DEBUG


def _plain(status: int, text: str) -> HttpResponse:
    return HttpResponse(text + "\n", status=status, content_type="text/plain; charset=utf-8")


def require_webhook_secret(view):
    """Answer 503 and touch nothing when webhooks would be open to anyone."""

    @functools.wraps(view)
    def guarded(request, *args, **kwargs):
        if not webhooks_secured():
            logger.error("webhook refused: set ANYMAIL_WEBHOOK_SECRET (DEBUG is off)")
            return _plain(503, "Webhooks are disabled until ANYMAIL_WEBHOOK_SECRET is set.")
        return view(request, *args, **kwargs)

    return guarded


def _check_basic_auth(view, request: HttpRequest) -> HttpResponse | None:
    """Check anymail's basic auth before the body is read; a refusal as anymail answers it."""
    # anymail checks it among its validators, some of which read the body first
    # (SES parses the JSON, Mailgun the form): a stranger's malformed or huge body
    # would then be read, and answered 500.
    allowed = getattr(view, "basic_auth", None)
    if not allowed:
        return None  # DEBUG without a secret: require_webhook_secret decided to serve
    given = get_request_basic_auth(request)
    if given is not None and any(constant_time_compare(given, a) for a in allowed):
        return None
    if isinstance(view, AmazonSESBaseWebhookView) and not request.META.get("HTTP_AUTHORIZATION"):
        # SNS sends credentials only after a 401 challenge (anymail answers the same).
        response = HttpResponse(status=401)
        response["WWW-Authenticate"] = 'Basic realm="Anymail WEBHOOK_SECRET"'
        return response
    raise AnymailWebhookValidationFailure(
        f"Missing or invalid basic auth in Anymail {view.esp_name} webhook"
    )


def _reject(view, request: HttpRequest, body: bytes, exc: Exception) -> HttpResponse:
    """Answer 400 for a body anymail could not read, and keep the body for the operator."""
    esp = str(getattr(view, "esp_name", "ESP"))
    kind = type(exc).__name__
    # Some messages quote the whole body (SES: "Malformed SNS message body b'...'").
    detail = str(exc)[:1000]
    error = f"{request.path} ({request.content_type or 'no content type'}): {kind}: {detail}"
    if body:
        from mailbridge.inbound import inbound_keep_rejected

        # Kept from tracking URLs too: an inbound message posted there is a member's mail.
        # A DatabaseError here is ours: it propagates (5xx) and the ESP posts again.
        row = inbound_keep_rejected(raw=body, source=esp_source(esp), error=error)
        logger.warning("webhook body rejected (%s), kept as inbound %s", kind, row.id)
    else:
        logger.warning("empty webhook body rejected: %s", error[:500])
    return _plain(400, f"Malformed {esp} webhook body ({kind}).")


def webhook_door(view_func: Callable) -> Callable:
    """Wrap one anymail view: auth before reading, bounded body, 400 for what cannot be read."""
    view_class = view_func.view_class
    initkwargs = view_func.view_initkwargs

    @functools.wraps(view_func)
    def door(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        # What View.as_view() does, in two steps: building the view reads our settings
        # (a missing signing key is our fault: it raises, 500); dispatching reads the body.
        view = view_class(**initkwargs)
        view.setup(request, *args, **kwargs)
        if request.method != "POST":
            return view.dispatch(request, *args, **kwargs)
        refusal = _check_basic_auth(view, request)
        if refusal is not None:
            return refusal
        try:
            body = body_take(request, limit=webhook_body_limit())
        except BodyRefused as exc:
            logger.warning("webhook body refused (%s): %s", exc.status, exc.reason)
            return _plain(exc.status, exc.reason)
        try:
            if stored_as_posted(view):
                # Checked and stored, read by the job (mailbridge.posted): the ESP's
                # answer no longer waits for the MIME parse and the hub look-up.
                post_check(view, request)
                post_store(
                    body=body,
                    content_type=request.META.get("CONTENT_TYPE", ""),
                    source=esp_source(view.esp_name),
                )
                return HttpResponse()
            return view.dispatch(request, *args, **kwargs)
        except (ReceiverFailed, *OURS):
            raise
        except MALFORMED as exc:
            return _reject(view, request, body, exc)

    return door


@receiver(inbound, dispatch_uid=INBOUND_RECEIVER_UID)
def on_inbound(sender, event, esp_name, **kwargs) -> None:
    """Store one ESP-delivered message and schedule it (nothing else happens here)."""
    from mailbridge.inbound import inbound_receive

    # Reading the message is reading the sender's body: an error here is a 400.
    message = event.message
    envelope_to = [message.envelope_recipient] if message.envelope_recipient else []
    raw = message_bytes(message)
    try:
        inbound_receive(
            raw=raw,
            source=esp_source(esp_name),
            envelope_from=message.envelope_sender,
            envelope_to=envelope_to,
        )
    except Exception as exc:
        raise ReceiverFailed(f"storing a {esp_name} message failed: {exc}") from exc


@receiver(tracking, dispatch_uid="mailbridge-anymail-tracking")
def on_tracking(sender, event, esp_name, **kwargs) -> None:
    """Record a delivery/bounce/complaint event on the outbound row it is about."""
    from mailbridge.tracking import outbound_track

    fields = {
        "esp_name": esp_name,
        "event_type": str(event.event_type or ""),
        "provider_message_id": str(event.message_id or ""),
        "recipient": str(event.recipient or ""),
        "metadata": dict(event.metadata or {}),
        "description": str(event.description or event.reject_reason or ""),
        "timestamp": event.timestamp,
    }
    try:
        outbound_track(**fields)
    except Exception as exc:
        raise ReceiverFailed(f"recording a {esp_name} tracking event failed: {exc}") from exc
