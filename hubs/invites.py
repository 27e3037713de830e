"""Redeeming invite codes: who may join a hub, counted so a code is never overused."""

import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum

from django.db import IntegrityError, transaction
from django.db.models import F

from hubs.models import Hub, InviteCode, Member

MAX_NAME_CHARS = 200


class RedeemStatus(StrEnum):
    OK = "ok"
    ALREADY_MEMBER = "already_member"
    UNKNOWN = "unknown"
    EXPIRED = "expired"
    USED_UP = "used_up"


@dataclass(frozen=True)
class RedeemResult:
    """The outcome; member is set for OK and ALREADY_MEMBER, invite when the code exists."""

    status: RedeemStatus
    member: Member | None = None
    invite: InviteCode | None = None

    @property
    def ok(self) -> bool:
        return self.status is RedeemStatus.OK


def invite_is_expired(*, expires_on: date | None, now: datetime, time_zone: str) -> bool:
    """Return True once the code's last valid day has ended in the given zone."""
    if expires_on is None:
        return False
    return now.astimezone(zoneinfo.ZoneInfo(time_zone)).date() > expires_on


def _clean_name(name: str) -> str:
    printable = "".join(ch if ch.isprintable() else " " for ch in name)
    return " ".join(printable.split())[:MAX_NAME_CHARS]


def invite_redeem(*, hub: Hub, code: str, email: str, name: str, now: datetime) -> RedeemResult:
    """Make the sender a member of the hub if the code allows it; send nothing."""
    email = email.strip().lower()
    code = code.strip()
    with transaction.atomic():
        member = Member.objects.for_hub(hub).filter(email__iexact=email).first()
        invite = InviteCode.objects.for_hub(hub).filter(code__iexact=code).first() if code else None
        if member is not None:
            # Told so, and no use consumed, whatever the code: nothing to redeem.
            return RedeemResult(RedeemStatus.ALREADY_MEMBER, member=member, invite=invite)
        if invite is None:
            return RedeemResult(RedeemStatus.UNKNOWN)
        if invite_is_expired(expires_on=invite.expires_on, now=now, time_zone=hub.time_zone):
            return RedeemResult(RedeemStatus.EXPIRED, invite=invite)
        try:
            with transaction.atomic():
                # The condition in the UPDATE is the limit: two racing registrations
                # cannot both pass it, whatever each read before.
                counted = InviteCode.objects.filter(pk=invite.pk, uses__lt=F("max_uses")).update(
                    uses=F("uses") + 1
                )
                if not counted:
                    invite.refresh_from_db()
                    return RedeemResult(RedeemStatus.USED_UP, invite=invite)
                member = Member.objects.create(
                    hub=hub, email=email, name=_clean_name(name), role=invite.role
                )
        except IntegrityError:
            # The same address registered in a racing transaction: the savepoint
            # rollback returned the use this attempt had counted.
            member = Member.objects.for_hub(hub).filter(email__iexact=email).first()
            if member is None:
                raise
            return RedeemResult(RedeemStatus.ALREADY_MEMBER, member=member, invite=invite)
        invite.refresh_from_db()
        return RedeemResult(RedeemStatus.OK, member=member, invite=invite)
