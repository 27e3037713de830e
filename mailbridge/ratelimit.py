"""At most one notice per address, hub, purpose and day."""

from datetime import UTC, datetime

from django.db import IntegrityError, transaction

from mailbridge.models import NoticeClaim


def notice_claim(*, hub, address: str, purpose: str, now: datetime) -> bool:
    """Claim today's (UTC) notice of `purpose` to `address`; False when already claimed."""
    day = now.astimezone(UTC).date()
    try:
        with transaction.atomic():
            NoticeClaim.objects.create(
                hub=hub, address=address.strip().lower()[:320], purpose=purpose, day=day
            )
    except IntegrityError:
        return False
    return True
