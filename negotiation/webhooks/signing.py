"""Standard Webhooks signing: the secrets and the three headers every request carries.

Pure (standardwebhooks only). The signature covers `<id>.<timestamp>.<body>`, so a
receiver that checks it knows the body came from the hub, and the timestamp (the
moment of this attempt) bounds replays; the id stays the same on every retry.
"""

from __future__ import annotations

import base64
import secrets
from datetime import UTC, datetime

from standardwebhooks import Webhook

SECRET_PREFIX = "whsec_"
SECRET_BYTES = 32


def signing_secret_new() -> str:
    """Return a fresh signing secret in Standard Webhooks form (`whsec_<base64>`)."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def is_signing_secret(value: str) -> bool:
    """Tell whether `value` is a usable `whsec_<base64>` secret."""
    if not value.startswith(SECRET_PREFIX):
        return False
    try:
        return len(base64.b64decode(value.removeprefix(SECRET_PREFIX), validate=True)) >= 24
    except ValueError:
        return False


def signed_headers(*, secret: str, event_id: str, at: datetime, body: str) -> dict[str, str]:
    """Return the webhook-id, webhook-timestamp and webhook-signature headers for `body`."""
    # standardwebhooks reads the moment's wall clock as UTC (it replaces tzinfo rather
    # than converting): hand it UTC, or an offset would shift the signed timestamp.
    moment = at.astimezone(UTC)
    return {
        "webhook-id": event_id,
        "webhook-timestamp": str(int(moment.timestamp())),
        "webhook-signature": Webhook(secret).sign(msg_id=event_id, timestamp=moment, data=body),
    }
