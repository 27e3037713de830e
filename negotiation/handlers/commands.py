"""New mail from a member: a meeting request in plain words, or status / help."""

from __future__ import annotations

import re

from django.db import transaction
from django.utils import timezone

from hubs.models import Hub, Member
from mailbridge.types import IncomingMail
from negotiation.handlers.command_words import parse_command
from negotiation.handlers.model_calls import model_outside_transaction
from negotiation.notices.members import command_needs_thread_send, help_send, status_send
from negotiation.services import meeting_request_apply, request_context
from negotiation.services.status import member_open_meetings
from negotiation.understanding.service import understanding_request

_REPLY_PREFIX = re.compile(r"^\s*((re|fw|fwd|aw|wg)\s*:\s*)+", re.IGNORECASE)
_BORING_SUBJECTS = {"", "meeting", "hi", "hello", "request", "help", "status", "cancel"}


def telling_subject(mail: IncomingMail) -> str:
    """The subject when it says something ("Budget review"), else ""."""
    subject = " ".join(_REPLY_PREFIX.sub("", mail.subject or "").split())
    return "" if subject.lower() in _BORING_SUBJECTS else subject


def request_text(mail: IncomingMail) -> str:
    """The request as the member wrote it: a telling subject line, then the body."""
    subject = telling_subject(mail)
    if not subject or subject.lower() in mail.text.lower():
        return mail.text
    return f"{subject}\n{mail.text}"


def handle(mail: IncomingMail) -> None:
    """Answer status/help, point thread commands to their thread, else start a request."""
    hub = Hub.objects.get(pk=mail.hub_id)
    member = Member.objects.for_hub(hub).filter(email__iexact=mail.sender).first()
    if member is None:
        return
    command = parse_command(mail.text) or parse_command(_REPLY_PREFIX.sub("", mail.subject))
    with transaction.atomic():
        if command is not None and command.name == "status":
            open_ = member_open_meetings(hub=hub, member=member, now=timezone.now())
            status_send(hub=hub, mail=mail, member=member, open_=open_)
            return
        if command is not None and command.name == "help":
            help_send(hub=hub, mail=mail, member=member)
            return
        if command is not None:
            command_needs_thread_send(hub=hub, mail=mail, member=member, command=command.name)
            return
        text = request_text(mail)
        now = timezone.now()
        # Read against when the mail arrived: the same question on every run (memo).
        with model_outside_transaction():
            request = understanding_request(
                hub=hub,
                text=text,
                ctx=request_context(hub=hub, member=member, now=mail.received_at),
                inbound_id=mail.inbound_id,
                defer_model=True,
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
        )
