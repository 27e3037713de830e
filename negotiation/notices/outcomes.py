"""The mails at the ends of a round: confirmation, cancellation, escalation, and the
initiator's notices that someone declined or that the response window passed."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import translation

from mailbridge.outbox import Attachment
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.delivery import (
    ParticipantMail,
    ics_in_reader_language,
    mail_participant,
    mail_participants,
)
from negotiation.notices.language import (
    in_reader_language,
    participant_language,
    participant_languages,
)
from negotiation.notices.tally import tally_text
from negotiation.rendering import format_slot, names, reader_context, reader_tz, render
from negotiation.services.state import MeetingState, best_pick


def confirmations_send(
    *,
    meeting: Meeting,
    people: Sequence[Participant],
    time: MeetingOption,
    place: MeetingOption,
    invite: Attachment,
    cause_id: int | None,
    update: str = "",
    again_to: str = "",
) -> int:
    """Everyone human gets the confirmation with invite.ics, in one go; return how many.

    `update` says what changed in a confirmed meeting ("Bob no longer attends"); a
    confirmation after a reschedule says the meeting moved; `again_to` sends it once
    more, to a participant's new address.
    """
    mails = []
    languages = participant_languages([p for p in people if not p.has_agent], meeting)
    for person in people:
        if person.has_agent:
            continue
        with translation.override(languages[person.id]):
            text = render(
                "meetings/confirmation",
                reader_context(
                    meeting,
                    person,
                    when=format_slot(time.start, time.end, reader_tz(person, meeting)),
                    where=place.place,
                    who=names(p for p in people if not p.declined),
                    absent=names(p for p in people if p.declined),
                    update=update,
                    # Only a reschedule or a revision moves the calendar sequence.
                    moved=meeting.ics_sequence > 0,
                    declined=person.declined,
                ),
            )
            invite_for_reader = ics_in_reader_language(invite, meeting)
        mails.append(
            ParticipantMail(
                participant=person,
                kind="confirmation",
                text=text,
                dedupe_key=f"confirm:{person.id}:s{meeting.ics_sequence}"
                + (f":{again_to}" if again_to else ""),
                cause_id=cause_id,
                # Someone who said they cannot come gets no REQUEST asking them to reply.
                attachments=() if person.declined else (invite_for_reader,),
            )
        )
    return mail_participants(meeting=meeting, mails=mails)


def cancellations_send(
    *,
    meeting: Meeting,
    people: Sequence[Participant],
    by: Participant | None,
    was_confirmed: bool,
    withdrawal: Attachment | None,
    cause_id: int | None,
) -> None:
    """Everyone gets the cancellation; after a confirmation with METHOD:CANCEL attached."""
    for person in people:
        _cancellation_send(
            meeting=meeting,
            reader=person,
            by=by,
            was_confirmed=was_confirmed,
            withdrawal=withdrawal,
            cause_id=cause_id,
        )


@in_reader_language("reader")
def _cancellation_send(
    *,
    meeting: Meeting,
    reader: Participant,
    by: Participant | None,
    was_confirmed: bool,
    withdrawal: Attachment | None,
    cause_id: int | None,
) -> None:
    when = ""
    if was_confirmed:
        when = format_slot(
            meeting.chosen_time.start, meeting.chosen_time.end, reader_tz(reader, meeting)
        )
    context = reader_context(
        meeting,
        reader,
        by_you=by is None or reader.id == by.id,
        by_name=by.display_name if by is not None else "",
        when=when,
        where=meeting.chosen_place.place if was_confirmed else "",
        ics=was_confirmed,
    )
    mail_participant(
        meeting=meeting,
        participant=reader,
        kind="cancellation",
        text=render("meetings/cancellation", context),
        dedupe_key=f"cancel:{reader.id}:s{meeting.ics_sequence}",
        cause_id=cause_id,
        attachments=(ics_in_reader_language(withdrawal, meeting),) if withdrawal else (),
    )


def escalations_send(*, meeting: Meeting, state: MeetingState, cause_id: int | None) -> None:
    """The tally to every human; the initiator is asked to pick."""
    initiator = next(p for p in state.participants if p.is_initiator)
    languages = participant_languages([p for p in state.participants if not p.has_agent], meeting)
    for person in state.participants:
        if person.has_agent:
            continue
        with translation.override(languages[person.id]):
            _escalation_send(meeting, state, person, initiator, cause_id)


def _escalation_send(
    meeting: Meeting,
    state: MeetingState,
    person: Participant,
    initiator: Participant,
    cause_id: int | None,
) -> None:
    pick_time, pick_place = best_pick(state)
    context = reader_context(
        meeting,
        person,
        rounds=meeting.round,
        for_initiator=person.is_initiator,
        initiator_name=initiator.display_name,
        tally=tally_text(meeting, person, state),
        example_pick=pick_time + pick_place,
        example_time=pick_time,
        example_place=pick_place,
    )
    mail_participant(
        meeting=meeting,
        participant=person,
        kind="escalation",
        text=render("meetings/escalation", context),
        dedupe_key=f"escalation:{person.id}:v{meeting.version}",
        cause_id=cause_id,
    )


def declined_notice_send(
    *, meeting: Meeting, state: MeetingState, decliner: Participant, cause_id: int | None
) -> bool:
    """Tell the initiator that a required person can't make it, with the tally."""
    initiator = next(p for p in state.participants if p.is_initiator)
    with translation.override(participant_language(initiator, meeting)):
        return _declined_notice_send(meeting, state, decliner, initiator, cause_id)


def _declined_notice_send(
    meeting: Meeting,
    state: MeetingState,
    decliner: Participant,
    initiator: Participant,
    cause_id: int | None,
) -> bool:
    context = reader_context(
        meeting,
        initiator,
        by_you=decliner.id == initiator.id,
        decliner_name=decliner.display_name,
        decliner_short=decliner.name.split()[0] if decliner.name else decliner.email,
        tally=tally_text(meeting, initiator, state),
    )
    return mail_participant(
        meeting=meeting,
        participant=initiator,
        kind="declined_notice",
        text=render("meetings/declined_notice", context),
        dedupe_key=f"declined:{decliner.id}:r{meeting.round}",
        cause_id=cause_id,
    )


def window_passed_send(*, meeting: Meeting, state: MeetingState) -> bool:
    """Tell the initiator the response window passed with required people silent."""
    initiator = next(p for p in state.participants if p.is_initiator)
    with translation.override(participant_language(initiator, meeting)):
        return _window_passed_send(meeting, state, initiator)


def _window_passed_send(meeting: Meeting, state: MeetingState, initiator: Participant) -> bool:
    pick_time, pick_place = best_pick(state)
    context = reader_context(
        meeting,
        initiator,
        silent=names(state.silent_required()),
        tally=tally_text(meeting, initiator, state),
        example_pick=pick_time + pick_place,
        example_time=pick_time,
        example_place=pick_place,
        window_hours=meeting.hub.response_window_hours,
    )
    return mail_participant(
        meeting=meeting,
        participant=initiator,
        kind="window_passed",
        text=render("meetings/window_passed", context),
        dedupe_key=f"window:{meeting.deadline.isoformat()}",
    )
