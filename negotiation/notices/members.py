"""Mail to members and would-be members outside any meeting: joining, help, status."""

from __future__ import annotations

from django.template.loader import render_to_string

from hubs.models import Hub, Member
from mailbridge.outbox import OutboundMail, outbox_reply
from mailbridge.types import IncomingMail
from negotiation.rendering import format_instant, format_slot, names, render
from negotiation.services.status import OpenMeetings


def _answer(hub: Hub, mail: IncomingMail, *, to: str, kind: str, subject: str, text: str) -> None:
    outbox_reply(
        hub=hub, mail=mail, answer=OutboundMail(to=to, subject=subject, text=text, kind=kind)
    )


def _registration_text(hub: Hub, template: str, **context) -> str:
    return render_to_string(
        f"email/registration/{template}.txt",
        {"hub_name": hub.name, "hub_email": hub.email, **context},
    )


def welcome_send(
    *, hub: Hub, mail: IncomingMail, member: Member, example: str, card_json: str
) -> None:
    """Welcome a new member: how to ask for a meeting, and the hub card for agents."""
    text = _registration_text(
        hub,
        "welcome",
        name=member.name,
        is_admin=member.role == Member.Role.ADMIN,
        time_zone=member.time_zone,
        hub_time_zone=hub.time_zone,
        example=example,
        card_json=card_json,
    )
    _answer(
        hub,
        mail,
        to=mail.sender,
        kind="registration_welcome",
        subject=f"Welcome to {hub.name}",
        text=text,
    )


def join_confirm_send(*, hub: Hub, mail: IncomingMail, code: str, thread: str) -> None:
    """Ask the address that wants to join whether it really does (its reply joins it)."""
    text = _registration_text(hub, "join_confirm", code=code)
    outbox_reply(
        hub=hub,
        mail=mail,
        answer=OutboundMail(
            to=mail.sender,
            subject=f"Confirm: join {hub.name} [AIMP-INVITE:{code}]",
            text=text,
            kind="registration_confirm",
            thread_key=thread,
        ),
    )


def already_member_send(*, hub: Hub, mail: IncomingMail, member: Member, example: str) -> None:
    """Someone already a member used an invite code."""
    text = _registration_text(hub, "already_member", name=member.name, example=example)
    _answer(
        hub,
        mail,
        to=mail.sender,
        kind="registration_already_member",
        subject=f"You are already a member of {hub.name}",
        text=text,
    )


def invite_rejected_send(
    *, hub: Hub, mail: IncomingMail, reason: str, code: str, expires_on: str
) -> None:
    """An invite code was unknown, expired or used up."""
    text = _registration_text(hub, "rejected", reason=reason, code=code, expires_on=expires_on)
    _answer(
        hub,
        mail,
        to=mail.sender,
        kind="registration_rejected",
        subject=f"Your invite code for {hub.name} was not accepted",
        text=text,
    )


def join_instructions_send(*, hub: Hub, mail: IncomingMail) -> None:
    """Tell a stranger how to join with an invite code."""
    _answer(
        hub,
        mail,
        to=mail.sender,
        kind="unknown_sender",
        subject=f"How to join {hub.name}",
        text=_registration_text(hub, "unknown_sender"),
    )


def help_send(*, hub: Hub, mail: IncomingMail, member: Member) -> None:
    """What the hub understands, for a member who wrote `help`."""
    text = render("meetings/help", {"reader_name": member.name or "there", "hub_name": hub.name})
    _answer(hub, mail, to=member.email, kind="help", subject=f"How to use {hub.name}", text=text)


_REMINDED = {1: " (reminded once)", 2: " (reminded twice)"}


def _waiting(silent) -> str:
    """'Bob and Carol (reminded once)': who has not answered, and whether the hub asked again."""
    listed = [p.display_name + _REMINDED.get(p.reminders_sent, "") for p in silent]
    return ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else "".join(listed)


def _state_words(meeting, member: Member) -> str:
    """Where a meeting stands, as its reader would say it."""
    mine = meeting.initiator_id == member.id
    if meeting.status == meeting.Status.COLLECTING_INFO:
        return "I asked you for what is missing" if mine else "the request is being completed"
    if meeting.status == meeting.Status.ESCALATED:
        return (
            'waiting for your decision (reply in its thread, e.g. "pick B2")'
            if mine
            else ("waiting for the organiser's decision")
        )
    return "waiting for answers"


def status_send(*, hub: Hub, mail: IncomingMail, member: Member, open_: OpenMeetings) -> None:
    """A member's open and coming meetings in plain words, for `status` (no internal ids)."""
    zone = member.effective_time_zone
    rows = [
        {
            "topic": meeting.topic or "(request incomplete)",
            "state": _state_words(meeting, member),
            "organiser": ""
            if meeting.initiator_id == member.id
            else str(meeting.initiator.name or meeting.initiator.email),
            "until": format_instant(meeting.deadline, zone)
            if meeting.deadline and meeting.status == meeting.Status.NEGOTIATING
            else "",
            "waiting": _waiting(silent),
        }
        for meeting, silent in open_.meetings
    ]
    upcoming = [
        {
            "topic": meeting.topic,
            "when": format_slot(meeting.chosen_time.start, meeting.chosen_time.end, zone),
            "where": meeting.chosen_place.place if meeting.chosen_place else "",
            "absent": names(absent),
            "maybe": names(maybe),
        }
        for meeting, absent, maybe in open_.upcoming
    ]
    context = {
        "reader_name": member.name or "there",
        "meetings": rows,
        "more": open_.more,
        "upcoming": upcoming,
        "hub_name": hub.name,
        "zone": zone,
    }
    _answer(
        hub,
        mail,
        to=member.email,
        kind="status",
        subject=f"Your meetings at {hub.name}",
        text=render("meetings/status", context),
    )


def command_needs_thread_send(
    *, hub: Hub, mail: IncomingMail, member: Member, command: str
) -> None:
    """A meeting command arrived outside a meeting's thread."""
    context = {"reader_name": member.name or "there", "hub_name": hub.name}
    message = render("meetings/notices/command_needs_thread", {**context, "command": command})
    _answer(
        hub,
        mail,
        to=member.email,
        kind="command-needs-thread",
        subject=f"Which meeting? ({hub.name})",
        text=render("meetings/short_notice", {**context, "message": message}),
    )
