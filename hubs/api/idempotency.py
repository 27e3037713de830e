"""Idempotency-Key on POST: the same key and body replay the stored response; another body, 422.

Keys belong to one caller (an API key or a login). Only successful responses are kept, so
a request that failed (bad input) can be corrected and sent again with the same key.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from rest_framework.utils.encoders import JSONEncoder

from hubs.api.problems import Conflict, Unprocessable
from hubs.models import IdempotentResponse

HEADER = "Idempotency-Key"
MAX_KEY_CHARS = 255


def request_fingerprint(*, method: str, path: str, data: object) -> str:
    """A hash of what makes two requests the same request."""
    body = json.dumps(data, sort_keys=True, cls=JSONEncoder)
    return hashlib.sha256(f"{method} {path}\n{body}".encode()).hexdigest()


# A claim whose request never finished (its process died) is given up after this long.
STALE_CLAIM = timedelta(minutes=10)
IN_PROGRESS = 0  # status_code of a claimed key whose request is still running


def key_claim(
    *, owner: str, key: str, fingerprint: str, now: datetime
) -> IdempotentResponse | None:
    """Claim this caller's key for a request, or return the response kept for it.

    The claim is a row written before the request runs: a twin sent at the same moment
    finds it and gets 409 (retry later) instead of running the request a second time.
    422 when the key came with another request.
    """
    if len(key) > MAX_KEY_CHARS:
        raise Unprocessable(f"{HEADER} is longer than {MAX_KEY_CHARS} characters.")
    try:
        with transaction.atomic():
            IdempotentResponse.objects.create(
                owner=owner, key=key, fingerprint=fingerprint, status_code=IN_PROGRESS
            )
        return None
    except IntegrityError:
        pass
    found = IdempotentResponse.objects.filter(owner=owner, key=key).first()
    if found is None:  # released between our insert and this read: claim again
        return key_claim(owner=owner, key=key, fingerprint=fingerprint, now=now)
    if found.fingerprint != fingerprint:
        raise Unprocessable(
            f"This {HEADER} was used for a different request; use a new key for a new request."
        )
    if found.status_code != IN_PROGRESS:
        return found
    taken = IdempotentResponse.objects.filter(
        pk=found.pk, status_code=IN_PROGRESS, created_at__lt=now - STALE_CLAIM
    ).update(created_at=now)
    if taken:
        return None
    raise Conflict(f"A request with this {HEADER} is still running; send it again in a moment.")


def key_release(*, owner: str, key: str) -> None:
    """Give up a claim whose request failed, so that it can be corrected and sent again."""
    IdempotentResponse.objects.filter(owner=owner, key=key, status_code=IN_PROGRESS).delete()


def response_keep(*, owner: str, key: str, status_code: int, data) -> None:
    """Keep a successful response on the claimed key, for replays."""
    body = json.loads(json.dumps(data, cls=JSONEncoder))
    IdempotentResponse.objects.filter(owner=owner, key=key, status_code=IN_PROGRESS).update(
        status_code=status_code, body=body
    )
