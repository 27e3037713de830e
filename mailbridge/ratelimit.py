"""Caps on what the hub sends that nobody asked for in a meeting, per address and hub, per day.

Anyone can forge a From line, so every answer to mail outside a meeting (help,
status, "how to join", "did you send this?") is a way to aim the hub at someone's
mailbox. Each is claimed here first; a refused claim means the mail is not sent,
and the caller records that it held it back.
"""

from datetime import UTC, datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q

from mailbridge.models import NoticeClaim


def _claim(hub, address: str, purpose: str, day) -> bool:
    try:
        with transaction.atomic():
            NoticeClaim.objects.create(hub=hub, address=address, purpose=purpose, day=day)
    except IntegrityError:
        return False
    return True


def notice_claim(
    *,
    hub,
    address: str,
    purpose: str,
    now: datetime,
    per_address: int = 1,
    per_hub: int | None = None,
) -> bool:
    """Claim one of today's (UTC) notices of `purpose` to `address`; False when a cap is reached.

    Up to `per_address` to one address, and up to `per_hub` of this purpose from the
    hub to anyone (None: no hub cap). Two racing claims may pass the hub cap by one
    each; the per-address cap is exact (a unique row per slot).
    """
    day = now.astimezone(UTC).date()
    address = address.strip().lower()[:320]
    if per_hub is not None:
        sent = NoticeClaim.objects.filter(hub=hub, day=day).filter(
            Q(purpose=purpose) | Q(purpose__startswith=f"{purpose}#")
        )
        if sent.count() >= per_hub:
            return False
    for slot in range(max(per_address, 0)):
        if _claim(hub, address, purpose if slot == 0 else f"{purpose}#{slot}", day):
            return True
    return False


def member_notice_claim(*, hub, address: str, purpose: str, now: datetime) -> bool:
    """Claim one of a member's daily answers to mail outside a meeting (help, status, checks)."""
    return notice_claim(
        hub=hub,
        address=address,
        purpose=purpose,
        now=now,
        per_address=settings.AIMP_NOTICES_PER_ADDRESS_PER_DAY,
        per_hub=settings.AIMP_NOTICES_PER_HUB_PER_DAY,
    )
