"""Replies in a meeting's thread: answers, the initiator's commands, late mail."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from hubs.models import Hub, Member
from mailbridge.types import IncomingMail
from negotiation.handlers import commands, unknown_sender
from negotiation.handlers.command_words import parse_command
from negotiation.handlers.meeting_commands import initiator_command
from negotiation.handlers.model_calls import model_outside_transaction
from negotiation.handlers.questions import (
    asks_the_initiator,
    initiator_answers,
    note_pass_on,
    question_pass_on,
    tells_the_initiator,
)
from negotiation.handlers.senders import acting_participant, command_allowed, organiser_verified
from negotiation.models import Event, Meeting, Participant
from negotiation.notices.answers import clarification_send
from negotiation.notices.questions import question_thread_parts
from negotiation.notices.short import after_end_send
from negotiation.rendering import reader_tz
from negotiation.services import (
    answers_record,
    meeting_cancel,
    meeting_request_apply,
    request_context,
)
from negotiation.services.events_log import mail_event_write
from negotiation.services.participant_names import participant_name_learn
from negotiation.services.questions_cap import questions_capped, unanswered_questions
from negotiation.services.requests import contacts_learn
from negotiation.services.rescheduling import participant_withdraw
from negotiation.services.sender_checks import confirmation_word, request_hold, request_release
from negotiation.services.state import (
    MeetingState,
    meeting_in_thread,
    meeting_view,
    state_build,
)
from negotiation.services.state_read import people_options_votes
from negotiation.services.written_language import written_language_note
from negotiation.understanding.service import understanding_reply, understanding_request
from negotiation.understanding.types import ITEMS, Answer, Unclear


def handle(mail: IncomingMail) -> str | None:
    """Handle one reply in a thread the hub started."""
    # Locked from the start (the job's transaction holds it): everything read below
    # stays current, so the answer is recorded without reading the meeting again.
    # Before anything answers: the answer is written in the language of this mail.
    written_language_note(hub_id=mail.hub_id, sender=mail.sender, text=mail.text)
    question = question_thread_parts(mail.thread_key) if mail.thread_key else None
    session_id = question[0] if question else mail.thread_key
    meeting = meeting_in_thread(mail.hub_id, session_id) if mail.thread_key else None
    hub = meeting.hub if meeting is not None else Hub.objects.get(pk=mail.hub_id)
    if meeting is None:
        return _not_a_meeting(hub, mail)
    now = timezone.now()
    if meeting.status == Meeting.Status.COLLECTING_INFO:
        _complete_request(hub, meeting, mail, now)
        return
    # People, options and votes in one read: most replies need all three.
    people, options, votes = people_options_votes(meeting)
    if question is not None:
        initiator_answers(meeting, people, question[1], mail, now)
        return
    participant = acting_participant(hub, meeting, mail, people, now)
    if participant is None:
        return
    participant_name_learn(participant=participant, display_name=mail.sender_name)
    command = parse_command(mail.text) if participant.is_initiator else None
    if command is not None:
        if not command_allowed(hub, meeting, participant, mail, now):
            return
        if initiator_command(meeting, participant, command, mail, now):
            return
    if meeting.status != Meeting.Status.NEGOTIATING:
        _after_end(hub, meeting, participant, mail, now, state_build(people, options, votes))
        return
    state = state_build(people, options, votes)
    _answer(hub, meeting, participant, mail, now, state)


def _not_a_meeting(hub: Hub, mail: IncomingMail) -> str | None:
    # A reply to a thread that is not a meeting (e.g. the welcome mail): members get
    # the member-command treatment, anyone else the unknown-sender one.
    if Member.objects.for_hub(hub).filter(email__iexact=mail.sender).exists():
        return commands.handle(mail)
    return unknown_sender.handle(mail)


def _complete_request(hub: Hub, meeting: Meeting, mail: IncomingMail, now) -> None:
    initiator = meeting.initiator
    if not organiser_verified(hub, initiator.email, mail):
        mail_event_write(
            meeting=meeting, kind=Event.Kind.IGNORED_NON_PARTICIPANT, mail=mail, now=now
        )
        return
    command = parse_command(mail.text)
    held = bool(meeting.draft.get("sender_check"))
    word = confirmation_word(mail.text) if held else ""
    if (command is not None and command.name == "cancel") or word == "no":
        # Nobody was invited yet: the request is dropped, and no one is told.
        meeting_cancel(meeting=meeting, by=None, now=now, inbound_id=mail.inbound_id)
        return
    if held and word != "yes":
        request_hold(
            hub=hub,
            initiator=initiator,
            text=meeting.request_text,
            now=now,
            inbound_id=mail.inbound_id,
            reason="the answer was neither yes nor no",
            meeting=meeting,
        )
        return
    with transaction.atomic():
        read_at = mail.received_at
        if held:
            read_at = request_release(
                meeting=meeting, now=mail.received_at, inbound_id=mail.inbound_id
            )
        unknown = list(meeting.draft.get("unknown", []))
        if unknown:
            contacts_learn(hub=hub, names=unknown, text=mail.text)
        text = meeting.request_text if held else f"{meeting.request_text}\n{mail.text}"
        meeting.request_text = text
        # Read against when the mail arrived: the same question on every run (memo).
        ctx = request_context(hub=hub, member=initiator, now=read_at)
        with model_outside_transaction():
            request = understanding_request(
                hub=hub, text=text, ctx=ctx, inbound_id=mail.inbound_id, defer_model=True
            )
        meeting_request_apply(
            hub=hub,
            initiator=initiator,
            request=request,
            text=text,
            now=now,
            inbound_id=mail.inbound_id,
            message_id=mail.message_id,
            meeting=meeting,
        )


def _after_end(hub, meeting, participant, mail: IncomingMail, now, state: MeetingState) -> None:
    """Late mail changes nothing and gets at most one short notice per person and state.

    Except to a confirmed meeting: "I can't make it any more" makes the initiator choose,
    and questions and notes ("I'll be ten minutes late") are passed on to them.
    """
    if (
        meeting.status == Meeting.Status.CONFIRMED
        and not participant.is_initiator
        and not participant.has_agent
        and not participant.declined
    ):
        people = state.participants
        reading = _read(hub, meeting, participant, mail, state)
        if asks_the_initiator(reading, participant):
            initiator = next(p for p in people if p.is_initiator)
            question_pass_on(meeting, participant, initiator, reading, mail, now, acknowledge=True)
            return
        if isinstance(reading, Answer) and reading.declined:
            participant_withdraw(
                meeting=meeting,
                person=participant,
                words=mail.text,
                now=now,
                inbound_id=mail.inbound_id,
                message_id=mail.message_id,
            )
            return
        votes_only = (
            isinstance(reading, Answer) and not reading.proposals and not _is_empty(reading)
        )
        if not votes_only and tells_the_initiator(mail.text, participant):
            initiator = next(p for p in people if p.is_initiator)
            note_pass_on(meeting, participant, initiator, mail, now)
            return
    mail_event_write(
        meeting=meeting,
        kind=Event.Kind.LATE_REPLY,
        mail=mail,
        now=now,
        actor=participant.address,
        detail={"status": meeting.status},
    )
    if participant.has_agent:
        return  # never answer a machine with a notice it may answer again
    after_end_send(
        meeting=meeting,
        reader=participant,
        inbound_id=mail.inbound_id,
        message_id=mail.message_id,
    )


def _is_empty(answer: Answer) -> bool:
    return not (
        answer.declined
        or answer.proposals
        or any(answer.accepted.get(i) or answer.rejected.get(i) for i in ITEMS)
    )


def _answer(
    hub: Hub, meeting: Meeting, participant: Participant, mail, now, state: MeetingState
) -> None:
    result = _read(hub, meeting, participant, mail, state)
    if asks_the_initiator(result, participant):
        # "B works. Is there parking?" does both; a bare question is only passed on.
        initiator = next(p for p in state.participants if p.is_initiator)
        bare = _is_empty(result)
        question_pass_on(meeting, participant, initiator, result, mail, now, acknowledge=bare)
        if bare:
            return
    if isinstance(result, Unclear) or _is_empty(result):
        _clarify(meeting, participant, mail, now, result, state)
        return
    answers_record(
        meeting=meeting,
        participant=participant,
        answer=result,
        now=now,
        inbound_id=mail.inbound_id,
        message_id=mail.message_id,
        state=state,
    )


def _read(hub: Hub, meeting: Meeting, participant, mail, state: MeetingState) -> Answer | Unclear:
    # "Tomorrow" means the day after the mail arrived, however late the job runs; and
    # the same inputs on every run let the handler find the answer prepared outside
    # the transaction (negotiation.handlers.model_calls).
    view = meeting_view(
        meeting,
        reader_tz=reader_tz(participant, meeting),
        message_date=mail.received_at,
        options=state.options,
    )
    with model_outside_transaction():
        return understanding_reply(
            hub=hub, text=mail.text, view=view, inbound_id=mail.inbound_id, defer_model=True
        )


def _clarify(meeting, participant, mail, now, result, state: MeetingState) -> None:
    """One short mail restating the options: never a guess, and never a third in a row."""
    with transaction.atomic():
        reason = result.reason if isinstance(result, Unclear) else "no option named"
        asked = unanswered_questions(meeting=meeting, participant=participant)
        mail_event_write(
            meeting=meeting,
            kind=Event.Kind.UNCLEAR_REPLY,
            mail=mail,
            now=now,
            actor=participant.address,
            detail={"reason": reason, "asked": asked < settings.AIMP_MAX_UNANSWERED_QUESTIONS},
        )
        if asked >= settings.AIMP_MAX_UNANSWERED_QUESTIONS:
            # Whatever answers every question unclearly (an auto-responder with no
            # Auto-Submitted header, a confused person) stops getting questions; the
            # organiser hears once and can drop them or write to them directly.
            questions_capped(meeting=meeting, participant=participant, now=now, mail=mail)
            return
        clarification_send(
            meeting=meeting,
            reader=participant,
            options=state.options,
            inbound_id=mail.inbound_id,
            message_id=mail.message_id,
            words=mail.text,
        )
