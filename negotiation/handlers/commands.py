"""New mail from a member: a meeting request in plain words, or status / help."""

from __future__ import annotations

import re

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from hubs.models import Hub, Member
from mailbridge.outbox import OutboundMail, outbox_reply
from mailbridge.types import IncomingMail
from negotiation.handlers.command_words import parse_command
from negotiation.handlers.model_calls import model_outside_transaction
from negotiation.models import Meeting
from negotiation.rendering import names, render
from negotiation.services import meeting_request_apply, request_context
from negotiation.services.state import meeting_state
from negotiation.understanding.service import understanding_request

_REPLY_PREFIX = re.compile(r"^\s*((re|fw|fwd|aw|wg)\s*:\s*)+", re.IGNORECASE)
_BORING_SUBJECTS = {"", "meeting", "hi", "hello", "request", "help", "status", "cancel"}


def _reply(hub: Hub, member: Member, mail: IncomingMail, *, kind: str, subject: str, text: str):
    outbox_reply(
        hub=hub,
        mail=mail,
        answer=OutboundMail(to=member.email, subject=subject, text=text, kind=kind),
    )


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


STATUS_MEETINGS_LISTED = 20


def status_text(hub: Hub, member: Member) -> str:
    """The member's open meetings (asked for or invited to) and who has not answered."""
    meetings = (
        Meeting.objects.for_hub(hub)
        .filter(
            Q(status__in=Meeting.OPEN_STATUSES, participants__email=member.email)
            | Q(initiator=member, status=Meeting.Status.COLLECTING_INFO)
        )
        .distinct()
        .order_by("created_at")
    )
    total = meetings.count()
    rows = []
    # A mail is read, not scrolled: the oldest open meetings are listed (they are the
    # nearest to their deadlines), the rest counted, and the reads stay bounded.
    for meeting in meetings[:STATUS_MEETINGS_LISTED]:
        state = meeting_state(meeting)
        rows.append(
            {
                "topic": meeting.topic or "(request incomplete)",
                "session_id": meeting.session_id,
                "status": meeting.get_status_display().lower(),
                "waiting": names(state.silent_required()),
            }
        )
    return render(
        "meetings/status",
        {
            "reader_name": member.name or "there",
            "meetings": rows,
            "more": total - len(rows),
            "hub_name": hub.name,
        },
    )


def handle(mail: IncomingMail) -> None:
    """Answer status/help, point thread commands to their thread, else start a request."""
    hub = Hub.objects.get(pk=mail.hub_id)
    member = Member.objects.for_hub(hub).filter(email__iexact=mail.sender).first()
    if member is None:
        return
    command = parse_command(mail.text) or parse_command(_REPLY_PREFIX.sub("", mail.subject))
    with transaction.atomic():
        if command is not None and command.name == "status":
            _reply(
                hub,
                member,
                mail,
                kind="status",
                subject=f"Your meetings at {hub.name}",
                text=status_text(hub, member),
            )
            return
        if command is not None and command.name == "help":
            _reply(
                hub,
                member,
                mail,
                kind="help",
                subject=f"How to use {hub.name}",
                text=render(
                    "meetings/help", {"reader_name": member.name or "there", "hub_name": hub.name}
                ),
            )
            return
        if command is not None:
            context = {"reader_name": member.name or "there", "hub_name": hub.name}
            message = render(
                "meetings/notices/command_needs_thread", {**context, "command": command.name}
            )
            _reply(
                hub,
                member,
                mail,
                kind="command-needs-thread",
                subject=f"Which meeting? ({hub.name})",
                text=render("meetings/short_notice", {**context, "message": message}),
            )
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
