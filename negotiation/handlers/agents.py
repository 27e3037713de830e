"""AIMP/0.1 protocol mail from agents: validated, never a crash, votes only from participants."""

from __future__ import annotations

import json
import logging

from django.utils import timezone

from mailbridge.types import IncomingMail
from negotiation import protocol
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.services import answers_record
from negotiation.services.events_log import event_write
from negotiation.services.state import meeting_state
from negotiation.understanding.types import Answer, ProposedOption

logger = logging.getLogger(__name__)


def _session(mail: IncomingMail) -> protocol.Session | str:
    if mail.protocol is None:
        return mail.protocol_error or "no protocol.json"
    try:
        return protocol.from_json(json.dumps(mail.protocol))
    except (protocol.ProtocolError, TypeError, ValueError) as exc:
        return str(exc)


def _vote_of(item: protocol.Item, participant: Participant) -> str | None:
    wanted = {participant.address, participant.email}
    return next((v for k, v in item.votes.items() if k.lower() in wanted), None)


def _match(option_value: str, options: list[MeetingOption], zone: str) -> MeetingOption | None:
    if options and options[0].item == MeetingOption.Item.TIME:
        try:
            moment = protocol.parse_time_option(option_value, default_tz=zone)
        except protocol.ProtocolError:
            return None
        return next((o for o in options if o.start == moment), None)
    return next((o for o in options if o.place.lower() == option_value.strip().lower()), None)


def answer_from_session(
    session: protocol.Session, meeting: Meeting, participant: Participant
) -> Answer:
    """Turn the agent's vote per item into an Answer; an unknown value is a proposal."""
    state = meeting_state(meeting)
    zone = participant.time_zone or meeting.initiator.effective_time_zone
    accepted: dict[str, frozenset[str]] = {}
    proposals: list[ProposedOption] = []
    for item, ours in (
        ("time", MeetingOption.Item.TIME),
        ("location", MeetingOption.Item.LOCATION),
    ):
        theirs = session.items.get(item)
        if theirs is None:
            continue
        vote = _vote_of(theirs, participant)
        if vote is None:
            continue
        option = _match(vote, state.options[ours], zone)
        if option is not None:
            accepted[item] = frozenset({option.label})
        elif item == "time":
            try:
                start = protocol.parse_time_option(vote, default_tz=zone)
            except protocol.ProtocolError:
                continue
            proposals.append(ProposedOption(item="time", start=start))
        else:
            proposals.append(ProposedOption(item="location", place=vote))
    return Answer(
        accepted=accepted,
        rejected={},
        declined=False,
        proposals=tuple(proposals),
        question=None,
        source="rules",
        confidence=1.0,
        plain_labels=True,
    )


def handle(mail: IncomingMail) -> None:
    """Read an agent's protocol mail into the meeting; ignore what is not ours."""
    now = timezone.now()
    parsed = _session(mail)
    session_id = parsed.session_id if isinstance(parsed, protocol.Session) else mail.thread_key
    meeting = (
        Meeting.objects.filter(hub_id=mail.hub_id, session_id=session_id).first()
        if session_id
        else None
    )
    if meeting is None:
        # Not a session of this hub: recorded by the bridge as done, nothing to answer.
        logger.info("protocol mail %s for unknown session %r", mail.inbound_id, session_id)
        return
    if not isinstance(parsed, protocol.Session):
        event_write(
            meeting=meeting, kind="protocol_rejected", actor=mail.sender, now=now,
            inbound_id=mail.inbound_id, detail={"error": parsed[:500]},
        )  # fmt: skip
        return
    people = list(meeting.participants.all())
    participant = next(
        (p for p in people if p.has_agent and mail.sender in (p.agent_email, p.email)), None
    )
    if participant is None:
        event_write(
            meeting=meeting, kind="ignored_non_participant", actor=mail.sender, now=now,
            inbound_id=mail.inbound_id, detail={"protocol": True},
        )  # fmt: skip
        return
    if meeting.status != Meeting.Status.NEGOTIATING:
        event_write(
            meeting=meeting, kind="late_reply", actor=mail.sender, now=now,
            inbound_id=mail.inbound_id, detail={"status": meeting.status, "protocol": True},
        )  # fmt: skip
        return
    answer = answer_from_session(parsed, meeting, participant)
    if not answer.accepted and not answer.proposals:
        event_write(
            meeting=meeting, kind="protocol_no_vote", actor=mail.sender, now=now,
            inbound_id=mail.inbound_id, detail={"action": parsed.action},
        )  # fmt: skip
        return
    answers_record(
        meeting=meeting, participant=participant, answer=answer, now=now,
        inbound_id=mail.inbound_id, message_id=mail.message_id, echo=False,
    )  # fmt: skip
