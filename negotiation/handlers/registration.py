"""Registration by email: `[AIMP-INVITE:<code>]` in the subject makes the sender a member."""

import re

from django.conf import settings

from hubs.invites import RedeemStatus, invite_redeem
from hubs.models import Hub, Member
from mailbridge.ratelimit import notice_claim
from mailbridge.types import IncomingMail
from negotiation.handlers.hub_card import EXAMPLE_REQUEST, hub_card_json
from negotiation.notices.members import (
    already_member_send,
    invite_rejected_send,
    join_confirm_send,
    welcome_send,
)
from negotiation.self_service import TIME_ZONE, Setting, stated_zone
from negotiation.sender_trust import OPEN
from negotiation.services.member_settings import member_settings_apply
from negotiation.services.written_language import written_language_note
from negotiation.webhooks.services import webhook_member_joined

MAX_NAME_CHARS = 80
# Explicit phrasings only: a greeting or a sentence is never taken for a name.
_NAME_ANY = re.compile(r"^(?:my name is|name\s*[:：=-]|我叫|我是|名字\s*[:：]?)\s*(.+)$", re.I)
_NAME_CAPITALISED = re.compile(r"^(?:i am|i'm|i’m|this is)\s+(.+)$", re.I)
_TRAILING = ".,;:!?。！，"
REJECTION_REASONS = {
    RedeemStatus.UNKNOWN: "unknown",
    RedeemStatus.EXPIRED: "expired",
    RedeemStatus.USED_UP: "used_up",
}


def _plausible_name(candidate: str, *, capitalised: bool) -> str:
    name = " ".join(candidate.strip().strip(_TRAILING).split())
    if not name or len(name) > MAX_NAME_CHARS or "@" in name or "://" in name:
        return ""
    words = name.split()
    if len(words) > 5:
        return ""
    # "I am looking forward..." is a sentence; "I am Bob Smith" is a name.
    if capitalised and not all(w[0].isupper() or not w[0].isascii() for w in words):
        return ""
    return name


def registration_name(text: str) -> str:
    """Return the name a registration body states ('Name: Jane Doe', 'I'm Jane'), or ''."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines[:6]:
        for pattern, capitalised in ((_NAME_ANY, False), (_NAME_CAPITALISED, True)):
            match = pattern.match(line)
            if match:
                name = _plausible_name(match.group(1), capitalised=capitalised)
                if name:
                    return name
    return ""


def join_thread(code: str) -> str:
    """The thread of a "confirm you want to join" mail for one invite code."""
    return f"join:{code.strip().lower()[:100]}"


def _proven(hub: Hub, mail: IncomingMail) -> bool:
    """True when the sender is who the From line says, by a verdict or a join reply token."""
    if hub.sender_policy == OPEN or mail.authenticated:
        return True
    return (mail.thread_recipient or "") == mail.sender and mail.thread_key == join_thread(
        mail.invite_code or ""
    )


def handle(mail: IncomingMail) -> str | None:
    """Redeem the invite code in the subject and tell the sender the outcome."""
    hub = Hub.objects.get(pk=mail.hub_id)
    if not _proven(hub, mail):
        # Anyone can write a victim's address with a known code: the address is asked
        # first (once a day), and becomes a member only by answering from itself.
        if not notice_claim(
            hub=hub,
            address=mail.sender,
            purpose="join_confirm",
            now=mail.received_at,
            per_hub=settings.AIMP_NOTICES_PER_HUB_PER_DAY,
        ):
            return "held back: join confirmation already sent today (address or hub cap)"
        join_confirm_send(
            hub=hub,
            mail=mail,
            code=(mail.invite_code or "")[:100],
            thread=join_thread(mail.invite_code or ""),
        )
        return None
    name = registration_name(mail.text) or mail.sender_name
    result = invite_redeem(
        hub=hub, code=mail.invite_code or "", email=mail.sender, name=name, now=mail.received_at
    )
    if result.status is RedeemStatus.OK:
        webhook_member_joined(member=result.member, now=mail.received_at)
        zone = stated_zone(mail.text)
        if zone and not result.member.time_zone:  # "I live in Tokyo": never claim the hub's zone
            member_settings_apply(member=result.member, settings=[Setting(TIME_ZONE, zone)])
        if written_language_note(hub_id=hub.id, sender=mail.sender, text=mail.text):
            result.member.refresh_from_db(fields=["written_language"])
        card = hub_card_json(
            name=hub.name, email=hub.email, member_count=Member.objects.for_hub(hub).count()
        )
        welcome_send(
            hub=hub, mail=mail, member=result.member, example=EXAMPLE_REQUEST, card_json=card
        )
        return None
    # Both notices below can be triggered by anyone who forges a From address, so
    # each address gets at most one of each kind a day (PROTOCOL.md: the reference
    # does not rate limit and can be used to flood a mailbox).
    if result.status is RedeemStatus.ALREADY_MEMBER:
        if notice_claim(
            hub=hub, address=mail.sender, purpose="already_member", now=mail.received_at
        ):
            already_member_send(hub=hub, mail=mail, member=result.member, example=EXAMPLE_REQUEST)
        return None
    if notice_claim(hub=hub, address=mail.sender, purpose="invite_rejected", now=mail.received_at):
        invite = result.invite
        invite_rejected_send(
            hub=hub,
            mail=mail,
            reason=REJECTION_REASONS[result.status],
            code=(mail.invite_code or "")[:100],
            expires_on=invite.expires_on.isoformat() if invite and invite.expires_on else "",
        )
    return None
