"""What only the initiator may do in a meeting thread: pick, wait, drop someone."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction

from negotiation.models import Meeting, Participant
from negotiation.rendering import render
from negotiation.services.events_log import event_write
from negotiation.services.mail_out import mail_participant
from negotiation.services.outcomes import meeting_confirm
from negotiation.services.state import LOCATION, TIME, meeting_state


def notice_send(
    *,
    meeting: Meeting,
    participant: Participant,
    message: str,
    kind: str,
    dedupe_key: str,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> None:
    """A short notice to one participant in the meeting's thread."""
    mail_participant(
        meeting=meeting,
        participant=participant,
        kind=kind,
        text=render(
            "short_notice",
            {
                "reader_name": participant.display_name,
                "message": message,
                "hub_name": meeting.hub.name,
            },
        ),  # fmt: skip
        dedupe_key=dedupe_key,
        cause_id=inbound_id,
        in_reply_to=message_id,
    )


def meeting_pick(
    *,
    meeting: Meeting,
    initiator: Participant,
    time_label: str,
    place_label: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> bool:
    """Confirm the options the initiator picked ('pick B2'); explain if they do not exist."""
    with transaction.atomic():
        state = meeting_state(meeting)
        chosen = {}
        for item, label in ((TIME, time_label.upper()), (LOCATION, place_label)):
            options = state.options[item]
            if not label and len(options) == 1:
                chosen[item] = options[0]
            else:
                chosen[item] = state.option(item, label)
        if chosen[TIME] is None or chosen[LOCATION] is None:
            notice_send(
                meeting=meeting,
                participant=initiator,
                kind="pick-error",
                message=(
                    "I could not find that option. Times: "
                    + ", ".join(o.label for o in state.options[TIME])
                    + "; places: "
                    + ", ".join(o.label for o in state.options[LOCATION])
                    + '. Reply e.g. "pick '
                    + (state.options[TIME][0].label if state.options[TIME] else "A")
                    + (state.options[LOCATION][0].label if state.options[LOCATION] else "1")
                    + '".'
                ),
                dedupe_key=f"pick-error:{inbound_id}",
                inbound_id=inbound_id,
                message_id=message_id,
            )
            return False
        event_write(
            meeting=meeting, kind="picked", actor=initiator.address, now=now, inbound_id=inbound_id,
            detail={"time": chosen[TIME].label, "place": chosen[LOCATION].label},
        )  # fmt: skip
        meeting_confirm(
            meeting=meeting,
            time_option=chosen[TIME],
            place_option=chosen[LOCATION],
            now=now,
            actor=initiator.address,
            inbound_id=inbound_id,
        )
        return True


def meeting_wait(
    *,
    meeting: Meeting,
    initiator: Participant,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> None:
    """Give silent participants another response window."""
    with transaction.atomic():
        meeting = Meeting.objects.select_for_update().get(pk=meeting.pk)
        meeting.deadline = now + timedelta(hours=meeting.hub.response_window_hours)
        meeting.window_notice_sent = False
        meeting.save()
        event_write(
            meeting=meeting, kind="window_extended", actor=initiator.address, now=now,
            inbound_id=inbound_id, detail={"deadline": meeting.deadline.isoformat()},
        )  # fmt: skip
        notice_send(
            meeting=meeting,
            participant=initiator,
            kind="wait-ack",
            message=f"OK, I will wait another {meeting.hub.response_window_hours} hours.",
            dedupe_key=f"wait:{inbound_id}",
            inbound_id=inbound_id,
            message_id=message_id,
        )


def meeting_drop(
    *,
    meeting: Meeting,
    initiator: Participant,
    name: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
) -> Participant | None:
    """Make a participant optional ('drop Bob'): they no longer hold the meeting up."""
    from negotiation.services.progress import meeting_progress

    with transaction.atomic():
        wanted = name.strip().lower()
        candidates = [
            p
            for p in meeting.participants.exclude(pk=initiator.pk)
            if wanted
            and (
                p.email == wanted
                or p.name.lower() == wanted
                or (p.name and p.name.lower().split()[0] == wanted)
            )
        ]
        if len(candidates) != 1:
            notice_send(
                meeting=meeting,
                participant=initiator,
                kind="drop-error",
                message=f'I could not tell whom "{name}" means. Reply "drop <name or address>".',
                dedupe_key=f"drop-error:{inbound_id}",
                inbound_id=inbound_id,
                message_id=message_id,
            )
            return None
        person = candidates[0]
        person.required = False
        person.save()
        event_write(
            meeting=meeting, kind="dropped", actor=initiator.address, now=now,
            inbound_id=inbound_id, detail={"participant": person.email},
        )  # fmt: skip
        outcome = meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id)
        if outcome != "confirmed":
            notice_send(
                meeting=meeting,
                participant=initiator,
                kind="drop-ack",
                message=f"OK, {person.display_name} no longer holds the meeting up.",
                dedupe_key=f"drop:{inbound_id}",
                inbound_id=inbound_id,
                message_id=message_id,
            )
        return person
