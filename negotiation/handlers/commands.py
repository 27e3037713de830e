"""New mail from a member: a meeting request in plain words, or status / help."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from hubs.models import Hub, Member
from mailbridge.ratelimit import member_notice_claim
from mailbridge.types import IncomingMail
from negotiation.handlers.command_words import parse_command
from negotiation.handlers.model_calls import model_outside_transaction
from negotiation.notices.members import command_needs_thread_send, help_send, status_send
from negotiation.notices.self_service import settings_answer_send
from negotiation.self_service import settings_in, written_in_chinese
from negotiation.sender_trust import (
    CHECK_ALWAYS,
    CHECK_NEW_ADDRESSES,
    NO_CHECK,
    STRICT,
    request_check,
)
from negotiation.services import meeting_request_apply, request_context
from negotiation.services.member_settings import member_settings_apply
from negotiation.services.sender_checks import request_hold
from negotiation.services.status import member_open_meetings
from negotiation.services.written_language import written_language_note
from negotiation.understanding.service import understanding_request
from negotiation.understanding.subject_marks import without_reply_marks

# Subject lines that name no meeting: the hub asks for a topic instead of taking them.
_BORING_SUBJECTS = {
    "",
    "meeting",
    "hi",
    "hello",
    "request",
    "help",
    "status",
    "cancel",
    "meeting request",
    "new meeting",
    "schedule a meeting",
    "scheduling",
    "question",
    "quick question",
    "会议",
    "开会",
    "约会",
    "预约",
}


def telling_subject(mail: IncomingMail) -> str:
    """The subject when it says something ("Budget review"), else ""."""
    subject = " ".join(without_reply_marks(mail.subject or "").split())
    return "" if subject.lower() in _BORING_SUBJECTS else subject


def request_text(mail: IncomingMail) -> str:
    """The request as the member wrote it: a telling subject line, then the body."""
    subject = telling_subject(mail)
    if not subject or subject.lower() in mail.text.lower():
        return mail.text
    return f"{subject}\n{mail.text}"


def _reply_allowed(hub: Hub, mail: IncomingMail, purpose: str) -> bool:
    return member_notice_claim(hub=hub, address=mail.sender, purpose=purpose, now=mail.received_at)


def handle(mail: IncomingMail) -> str | None:
    """Answer status/help, point thread commands to their thread, else start a request."""
    hub = Hub.objects.get(pk=mail.hub_id)
    member = Member.objects.for_hub(hub).filter(email__iexact=mail.sender).first()
    if member is None:
        return None
    written_language_note(hub_id=hub.id, sender=mail.sender, text=mail.text)
    member.refresh_from_db(fields=["written_language"])
    settings = settings_in(mail.text, without_reply_marks(mail.subject))
    if settings:
        return _settings(hub, member, mail, settings)
    command = parse_command(mail.text) or parse_command(without_reply_marks(mail.subject))
    if command is not None:
        # Answered at the member's own address, whoever wrote: a forger learns nothing,
        # and the daily cap keeps a flood from becoming one in the member's mailbox.
        if not _reply_allowed(hub, mail, "member_reply"):
            return f"held back: daily cap on answers to {mail.sender} reached"
        with transaction.atomic():
            if command.name == "status":
                open_ = member_open_meetings(hub=hub, member=member, now=timezone.now())
                status_send(hub=hub, mail=mail, member=member, open_=open_)
            elif command.name == "help":
                help_send(hub=hub, mail=mail, member=member)
            else:
                command_needs_thread_send(hub=hub, mail=mail, member=member, command=command.name)
        return None
    return _request(hub, member, mail)


def _settings(hub: Hub, member: Member, mail: IncomingMail, settings: list) -> str | None:
    """Change the member's own settings, only on proof that they wrote; answer at their address."""
    if not _reply_allowed(hub, mail, "member_reply"):
        return f"held back: daily cap on answers to {mail.sender} reached"
    # A From line is free to forge. A strict hub changes nothing on its word alone; a
    # standard one trusts it for the member's own settings, as for a request that names
    # no new address, and answers at the member's own address, where a forgery is seen
    # (and undone by writing the old value).
    verified = mail.authenticated or hub.sender_policy != STRICT
    with transaction.atomic():
        applied = member_settings_apply(member=member, settings=settings) if verified else []
        settings_answer_send(
            hub=hub,
            mail=mail,
            member=member,
            settings=settings,
            verified=verified,
            chinese=written_in_chinese(mail.text or mail.subject),
            now=timezone.now(),
        )
    if not verified:
        return "settings not changed: sender not verified"
    return "settings: " + ", ".join(s.field for s in applied) if applied else "settings: none read"


def _request(hub: Hub, member: Member, mail: IncomingMail) -> str | None:
    text = request_text(mail)
    now = timezone.now()
    check = request_check(hub.sender_policy, authenticated=mail.authenticated)
    if check != NO_CHECK and not _reply_allowed(hub, mail, "unverified_request"):
        return f"held back: daily cap on unverified requests from {mail.sender} reached"
    if check == CHECK_ALWAYS:
        # Held before it is read: a forged request costs no model call.
        held = request_hold(
            hub=hub,
            initiator=member,
            text=text,
            now=now,
            inbound_id=mail.inbound_id,
            reason="unauthenticated request to a strict hub",
            subject_topic=telling_subject(mail),
            read_at=mail.received_at,
        )
        return None if held else "held back: daily cap on confirmations reached"
    with transaction.atomic():
        # Read against when the mail arrived: the same question on every run (memo).
        with model_outside_transaction():
            request = understanding_request(
                hub=hub,
                text=text,
                ctx=request_context(hub=hub, member=member, now=mail.received_at),
                inbound_id=mail.inbound_id,
                defer_model=True,
                whole=mail.full_text,
            )
        meeting_request_apply(
            hub=hub,
            initiator=member,
            request=request,
            text=text,
            now=now,
            inbound_id=mail.inbound_id,
            message_id=mail.message_id,
            subject_topic=telling_subject(mail),
            hold_new_addresses=check == CHECK_NEW_ADDRESSES,
            read_at=mail.received_at,
        )
    return None
