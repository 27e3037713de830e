"""Protocol mail: protocol.json for an agent, with a readable body for the human behind it."""

from __future__ import annotations

from collections.abc import Sequence

from mailbridge.outbox import Attachment
from negotiation.models import Meeting, Participant
from negotiation.notices.delivery import mail_participant
from negotiation.rendering import option_rows, protocol_subject, reader_tz, render
from negotiation.services.state import LOCATION, TIME, MeetingState


def protocol_mail_send(
    *,
    meeting: Meeting,
    agent: Participant,
    state: MeetingState,
    action: str,
    document: str,
    attachments: Sequence[Attachment] = (),
    cause_id: int | None = None,
) -> bool:
    """One AIMP/0.1 mail to one agent: this version of the session as protocol.json."""
    tz_name = reader_tz(agent, meeting)
    text = render(
        "meetings/agent_body",
        {
            "action": action,
            "topic": meeting.topic,
            "times": option_rows(state.options[TIME], tz_name),
            "places": option_rows(state.options[LOCATION], tz_name),
        },
    )
    return mail_participant(
        meeting=meeting,
        participant=agent,
        kind=f"protocol_{action}",
        text=text,
        dedupe_key=f"protocol:{agent.id}:v{meeting.version}",
        cause_id=cause_id,
        attachments=(
            Attachment("protocol.json", document.encode(), "application/json"),
            *attachments,
        ),
        extra_headers={"X-AIMP-Version": "0.1", "X-AIMP-Session": meeting.session_id},
        subject=protocol_subject(meeting),
    )
