"""Queueing the mail that notices write: one message per person, threaded by session id."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext

from hubs.models import Member
from mailbridge.outbox import Attachment, OutboundMail, outbox_enqueue, outbox_enqueue_many
from negotiation.calendar_invite import invite_described
from negotiation.models import Meeting, Participant
from negotiation.rendering import render, subject_for

ICS_MIMETYPE = "text/calendar; method={method}"


@dataclass(frozen=True)
class ParticipantMail:
    """One mail to one participant, as mail_participant's arguments (meeting aside)."""

    participant: Participant
    kind: str
    text: str
    dedupe_key: str
    cause_id: int | None = None
    in_reply_to: str | None = None
    attachments: Sequence[Attachment] = ()
    extra_headers: dict[str, str] | None = None
    subject: str | None = None  # protocol mail's; people's is the meeting's own
    thread: str | None = None  # a side thread of the meeting's (a forwarded question)


def _message(meeting: Meeting, mail: ParticipantMail) -> OutboundMail:
    return OutboundMail(
        to=mail.participant.address,
        subject=mail.subject or subject_for(meeting),
        text=mail.text,
        attachments=mail.attachments,
        thread_key=mail.thread or meeting.session_id,
        in_reply_to=mail.in_reply_to,
        references=(mail.in_reply_to,) if mail.in_reply_to else (),
        cause_id=mail.cause_id,
        kind=f"meeting:{mail.kind}",
        dedupe_key=f"{meeting.session_id}:{mail.dedupe_key}",
        extra_headers=mail.extra_headers,
    )


def mail_participant(
    *,
    meeting: Meeting,
    participant: Participant,
    kind: str,
    text: str,
    dedupe_key: str,
    cause_id: int | None = None,
    in_reply_to: str | None = None,
    attachments: Sequence[Attachment] = (),
    extra_headers: dict[str, str] | None = None,
    subject: str | None = None,
    thread: str | None = None,
) -> bool:
    """Queue one mail to one participant (never a shared To: list); False if undeliverable.

    It threads under the last mail that participant got about the meeting.
    """
    if participant.undeliverable:
        return False
    mail = ParticipantMail(
        participant=participant,
        kind=kind,
        text=text,
        dedupe_key=dedupe_key,
        cause_id=cause_id,
        in_reply_to=in_reply_to,
        attachments=attachments,
        extra_headers=extra_headers,
        subject=subject,
        thread=thread,
    )
    outbox_enqueue(hub=meeting.hub, mail=_message(meeting, mail))
    return True


def meeting_mail_send(
    *,
    meeting: Meeting,
    reader: Participant,
    kind: str,
    context: dict,
    dedupe_key: str,
    cause_id: int | None,
    attachments: Sequence[Attachment] = (),
) -> bool:
    """Queue templates/email/meetings/<kind>.txt, rendered with `context`, to one reader."""
    return mail_participant(
        meeting=meeting,
        participant=reader,
        kind=kind,
        text=render(f"meetings/{kind}", context),
        dedupe_key=dedupe_key,
        cause_id=cause_id,
        attachments=attachments,
    )


def mail_participants(*, meeting: Meeting, mails: Sequence[ParticipantMail]) -> int:
    """Queue one mail to each participant at once (as mail_participant each); return how many."""
    deliverable = [m for m in mails if not m.participant.undeliverable]
    if deliverable:
        outbox_enqueue_many(hub=meeting.hub, mails=[_message(meeting, m) for m in deliverable])
    return len(deliverable)


def mail_member(
    *,
    meeting: Meeting,
    member: Member,
    kind: str,
    text: str,
    dedupe_key: str,
    cause_id: int | None = None,
    in_reply_to: str | None = None,
) -> None:
    """Queue one mail to a member who is not (yet) a participant, in the meeting's thread."""
    outbox_enqueue(
        hub=member.hub,
        mail=OutboundMail(
            to=member.email,
            subject=subject_for(meeting),
            text=text,
            thread_key=meeting.session_id,
            in_reply_to=in_reply_to,
            references=(in_reply_to,) if in_reply_to else (),
            cause_id=cause_id,
            kind=f"meeting:{kind}",
            dedupe_key=dedupe_key,
        ),
    )


def _description(meeting: Meeting) -> str:
    return gettext("Scheduled by %(hub)s. Reference: %(reference)s") % {
        "hub": meeting.hub.name,
        "reference": meeting.session_id,
    }


def ics_in_reader_language(attachment: Attachment, meeting: Meeting) -> Attachment:
    """invite.ics with the words the hub wrote in it (DESCRIPTION) in the active language.

    SUMMARY is the meeting's topic, the organiser's own words, and stays as written.
    """
    described = _description(meeting)
    with translation.override("en"):
        if described == _description(meeting):
            return attachment
    return Attachment(
        filename=attachment.filename,
        content=invite_described(attachment.content, described),
        mimetype=attachment.mimetype,
    )


def ics_attachment(content: bytes, method: str) -> Attachment:
    """invite.ics as an attachment: ESPs reject text/calendar alternatives (NOTES.md)."""
    return Attachment(
        filename="invite.ics", content=content, mimetype=ICS_MIMETYPE.format(method=method)
    )
