"""The mails at the ends of a round: confirmation, cancellation, escalation, and the
initiator's notices that someone declined or that the response window passed."""

from __future__ import annotations

from collections.abc import Sequence

from mailbridge.outbox import Attachment
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.delivery import ParticipantMail, mail_participant, mail_participants
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
    coming = names(p for p in people if not p.declined)
    absent = names(p for p in people if p.declined)
    return mail_participants(
        meeting=meeting,
        mails=[
            ParticipantMail(
                participant=person,
                kind="confirmation",
                text=render(
                    "meetings/confirmation",
                    reader_context(
                        meeting,
                        person,
                        when=format_slot(time.start, time.end, reader_tz(person, meeting)),
                        where=place.place,
                        who=coming,
                        absent=absent,
                        update=update,
                        # Only a reschedule or a revision moves the calendar sequence.
                        moved=meeting.ics_sequence > 0,
                        declined=person.declined,
                    ),
                ),
                dedupe_key=f"confirm:{person.id}:s{meeting.ics_sequence}"
                + (f":{again_to}" if again_to else ""),
                cause_id=cause_id,
                # Someone who said they cannot come gets no REQUEST asking them to reply.
                attachments=() if person.declined else (invite,),
            )
            for person in people
            if not person.has_agent
        ],
    )


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
        when = ""
        if was_confirmed:
            when = format_slot(
                meeting.chosen_time.start, meeting.chosen_time.end, reader_tz(person, meeting)
            )
        context = reader_context(
            meeting,
            person,
            by_name="You" if by is None or person.id == by.id else by.display_name,
            when=when,
            where=meeting.chosen_place.place if was_confirmed else "",
            ics=was_confirmed,
        )
        mail_participant(
            meeting=meeting,
            participant=person,
            kind="cancellation",
            text=render("meetings/cancellation", context),
            dedupe_key=f"cancel:{person.id}:s{meeting.ics_sequence}",
            cause_id=cause_id,
            attachments=(withdrawal,) if withdrawal else (),
        )


def escalations_send(*, meeting: Meeting, state: MeetingState, cause_id: int | None) -> None:
    """The tally to every human; the initiator is asked to pick."""
    pick_time, pick_place = best_pick(state)
    initiator = next(p for p in state.participants if p.is_initiator)
    for person in state.participants:
        if person.has_agent:
            continue
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
    context = reader_context(
        meeting,
        initiator,
        decliner_name="You" if decliner.id == initiator.id else decliner.display_name,
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
