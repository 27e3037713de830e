"""Mail to members and would-be members outside any meeting: joining, help, status."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext

from hubs.models import Hub, Member
from mailbridge.outbox import Attachment, OutboundMail, outbox_reply
from mailbridge.types import IncomingMail
from negotiation.notices.language import in_member_language, in_stranger_language
from negotiation.rendering import format_instant, format_slot, name_list, names, render
from negotiation.services.status import OpenMeetings


def _answer(
    hub: Hub,
    mail: IncomingMail,
    *,
    to: str,
    kind: str,
    subject: str,
    text: str,
    attachments: tuple[Attachment, ...] = (),
) -> None:
    answer = OutboundMail(to=to, subject=subject, text=text, kind=kind, attachments=attachments)
    outbox_reply(hub=hub, mail=mail, answer=answer)


def _registration_text(hub: Hub, template: str, **context) -> str:
    return render_to_string(
        f"email/registration/{template}.txt",
        {"hub_name": hub.name, "hub_email": hub.email, **context},
    )


@in_member_language("member")
def welcome_send(
    *, hub: Hub, mail: IncomingMail, member: Member, example: str, card_json: str
) -> None:
    """Welcome a new member in prose; the hub card for agents is attached as hub-card.json."""
    text = _registration_text(
        hub,
        "welcome",
        name=member.name,
        is_admin=member.role == Member.Role.ADMIN,
        time_zone=member.time_zone,
        hub_time_zone=hub.time_zone,
        example=example,
    )
    card = Attachment(
        filename="hub-card.json", content=card_json.encode(), mimetype="application/json"
    )
    _answer(
        hub,
        mail,
        to=mail.sender,
        kind="registration_welcome",
        subject=gettext("Welcome to %(hub)s") % {"hub": hub.name},
        text=text,
        attachments=(card,),
    )


@in_stranger_language
def join_confirm_send(*, hub: Hub, mail: IncomingMail, code: str, thread: str) -> None:
    """Ask the address that wants to join whether it really does (its reply joins it)."""
    text = _registration_text(hub, "join_confirm", code=code)
    outbox_reply(
        hub=hub,
        mail=mail,
        answer=OutboundMail(
            to=mail.sender,
            subject=gettext("Confirm: join %(hub)s") % {"hub": hub.name} + f" [AIMP-INVITE:{code}]",
            text=text,
            kind="registration_confirm",
            thread_key=thread,
        ),
    )


@in_member_language("member")
def already_member_send(*, hub: Hub, mail: IncomingMail, member: Member, example: str) -> None:
    """Someone already a member used an invite code."""
    text = _registration_text(hub, "already_member", name=member.name, example=example)
    _answer(
        hub,
        mail,
        to=mail.sender,
        kind="registration_already_member",
        subject=gettext("You are already a member of %(hub)s") % {"hub": hub.name},
        text=text,
    )


@in_stranger_language
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
        subject=gettext("Your invite code for %(hub)s was not accepted") % {"hub": hub.name},
        text=text,
    )


@in_stranger_language
def join_instructions_send(*, hub: Hub, mail: IncomingMail) -> None:
    """Tell a stranger how to join with an invite code."""
    _answer(
        hub,
        mail,
        to=mail.sender,
        kind="unknown_sender",
        subject=gettext("How to join %(hub)s") % {"hub": hub.name},
        text=_registration_text(hub, "unknown_sender"),
    )


@in_member_language("member")
def help_send(*, hub: Hub, mail: IncomingMail, member: Member) -> None:
    """What the hub understands, for a member who wrote `help`."""
    context = {"reader_name": member.name or gettext("there"), "hub_name": hub.name}
    subject = gettext("How to use %(hub)s") % {"hub": hub.name}
    text = render("meetings/help", context)
    _answer(hub, mail, to=member.email, kind="help", subject=subject, text=text)


def _reminded(person) -> str:
    if person.reminders_sent == 1:
        return gettext("%(name)s (reminded once)") % {"name": person.display_name}
    if person.reminders_sent >= 2:
        return gettext("%(name)s (reminded twice)") % {"name": person.display_name}
    return person.display_name


def _waiting(silent) -> str:
    """'Bob and Carol (reminded once)': who has not answered, and whether the hub asked again."""
    return name_list([_reminded(p) for p in silent])


def _state_words(meeting, member: Member) -> str:
    """Where a meeting stands, as its reader would say it."""
    mine = meeting.initiator_id == member.id
    if meeting.status == meeting.Status.COLLECTING_INFO:
        if mine:
            return gettext("I asked you for what is missing")
        return gettext("the request is being completed")
    if meeting.status == meeting.Status.ESCALATED:
        if mine:
            return gettext('waiting for your decision (reply in its thread, e.g. "pick B2")')
        return gettext("waiting for the organiser's decision")
    return gettext("waiting for answers")


@in_member_language("member")
def status_send(*, hub: Hub, mail: IncomingMail, member: Member, open_: OpenMeetings) -> None:
    """A member's open and coming meetings in plain words, for `status` (no internal ids)."""
    zone = member.effective_time_zone
    rows = [
        {
            "topic": meeting.topic or gettext("(request incomplete)"),
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
        "reader_name": member.name or gettext("there"),
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
        subject=gettext("Your meetings at %(hub)s") % {"hub": hub.name},
        text=render("meetings/status", context),
    )


@in_member_language("member")
def command_needs_thread_send(
    *, hub: Hub, mail: IncomingMail, member: Member, command: str
) -> None:
    """A meeting command arrived outside a meeting's thread."""
    context = {"reader_name": member.name or gettext("there"), "hub_name": hub.name}
    message = render("meetings/notices/command_needs_thread", {**context, "command": command})
    _answer(
        hub,
        mail,
        to=member.email,
        kind="command-needs-thread",
        subject=gettext("Which meeting? (%(hub)s)") % {"hub": hub.name},
        text=render("meetings/short_notice", {**context, "message": message}),
    )
