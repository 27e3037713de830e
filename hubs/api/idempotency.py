"""Idempotency-Key on POST: the same key and body replay the stored response; another body, 422.

Keys belong to one caller (an API key or a login). Only successful responses are kept, so
a request that failed (bad input) can be corrected and sent again with the same key.
"""

from __future__ import annotations

import hashlib
import json

from django.db import IntegrityError, transaction
from rest_framework.utils.encoders import JSONEncoder

from hubs.api.problems import Unprocessable
from hubs.models import IdempotentResponse

HEADER = "Idempotency-Key"
MAX_KEY_CHARS = 255


def request_fingerprint(*, method: str, path: str, data: object) -> str:
    """A hash of what makes two requests the same request."""
    body = json.dumps(data, sort_keys=True, cls=JSONEncoder)
    return hashlib.sha256(f"{method} {path}\n{body}".encode()).hexdigest()


def stored_response(*, owner: str, key: str, fingerprint: str) -> IdempotentResponse | None:
    """The response kept for this caller's key; 422 when the key came with another request."""
    if len(key) > MAX_KEY_CHARS:
        raise Unprocessable(f"{HEADER} is longer than {MAX_KEY_CHARS} characters.")
    found = IdempotentResponse.objects.filter(owner=owner, key=key).first()
    if found is not None and found.fingerprint != fingerprint:
        raise Unprocessable(
            f"This {HEADER} was used for a different request; use a new key for a new request."
        )
    return found


def response_keep(*, owner: str, key: str, fingerprint: str, status_code: int, data) -> None:
    """Keep a successful response for replays (a concurrent twin's copy wins)."""
    body = json.loads(json.dumps(data, cls=JSONEncoder))
    try:
        with transaction.atomic():
            IdempotentResponse.objects.create(
                owner=owner, key=key, fingerprint=fingerprint, status_code=status_code, body=body
            )
    except IntegrityError:
        pass
