"""AIMP/0.1 protocol mail from agents: validated, never a crash, votes only from participants.

Protocol mail bypasses the auto-reply filter (agents are machines that answer machines),
so nothing upstream stops two machines answering each other. What the hub sends in answer
to an agent is keyed to the meeting's version (protocol_out: one mail per agent per
version), and the version moves only when the state does: a re-statement, or the same
mail twice, gets no answer. The one answer an agent can provoke again and again is
`counter`: each new option it proposes starts a round, and the hub sends the new version
to every agent (and asks every person about the option). The hub's round limit bounds
that, but it is a per-hub setting meant for people and can be high; so the rounds one
agent may start in one session are capped here as well (settings.AIMP_AGENT_MAX_ROUNDS,
5 as in PROTOCOL.md: "more than 5 rounds without consensus: escalate"), per meeting and
not per time window: a window only slows a loop down, which resumes when the window has
passed, while a meeting's rounds are a count that ends. The agent that would go past it
gets what AIMP prescribes, an escalation to the humans: one last `escalate` mail, after
which the session no longer answers anyone's protocol mail.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from datetime import datetime

from django.conf import settings
from django.utils import timezone

from hubs.models import AgentPolicy, Contact, Hub, Member
from mailbridge.addresses import split_plus
from mailbridge.models import InboundMessage
from mailbridge.types import IncomingMail, MailKind
from negotiation import protocol
from negotiation.agent_admission import refusal
from negotiation.models import Event, Meeting, MeetingOption, Participant
from negotiation.sender_trust import STRICT
from negotiation.services import answers_record, meeting_escalate
from negotiation.services.events_log import mail_event_write
from negotiation.services.outside_sessions import (
    led_session_follow,
    outside_session_invite,
    outside_session_open,
    represented_members,
)
from negotiation.services.protocol_replies import protocol_reply_send
from negotiation.services.state import MeetingState, meeting_locked, meeting_state
from negotiation.services.wire import history_merge
from negotiation.understanding.types import Answer, ProposedOption

logger = logging.getLogger(__name__)

# What may start a session the hub joins: a propose, or the reference's first answer
# when its propose went to someone else first.
JOINABLE = frozenset({protocol.ACTION_PROPOSE, protocol.ACTION_COUNTER, protocol.ACTION_ACCEPT})


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
    session: protocol.Session,
    meeting: Meeting,
    participant: Participant,
    state: MeetingState | None = None,
) -> Answer:
    """Turn the agent's vote per item into an Answer; an unknown value is a proposal."""
    state = state or meeting_state(meeting)
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


def rounds_started(meeting: Meeting, participant: Participant) -> int:
    """Count the rounds this participant's protocol mail started in the meeting."""
    # Only protocol mail counts: the person behind the agent may add options by writing
    # to the hub, and those rounds are theirs (the hub's round limit governs them).
    # The meeting's few rounds first, then their messages by primary key: never a scan
    # of the hub's mail.
    started = Event.objects.filter(
        meeting=meeting, kind=Event.Kind.OPTIONS_ADDED, actor=participant.address
    ).values("inbound_id")
    return InboundMessage.objects.filter(id__in=started, kind=MailKind.PROTOCOL.value).count()


def _proposal_text(proposal: ProposedOption) -> str:
    if proposal.start is not None:
        return protocol.format_time_option(proposal.start)
    return proposal.place or ""


def _escalate_past_round_cap(
    mail: IncomingMail,
    meeting: Meeting,
    participant: Participant,
    answer: Answer,
    state: MeetingState,
    now: datetime,
) -> bool:
    """Escalate when this answer would start one round too many for its agent; True if so."""
    limit = settings.AIMP_AGENT_MAX_ROUNDS
    if not answer.proposals or rounds_started(meeting, participant) < limit:
        return False
    mail_event_write(
        meeting=meeting,
        kind=Event.Kind.PROTOCOL_ROUND_CAP,
        mail=mail,
        now=now,
        actor=participant.address,
        detail={"limit": limit, "dropped": [_proposal_text(p) for p in answer.proposals][:20]},
    )
    logger.warning(
        "agent %s proposed again after %s rounds in %s: escalating",
        participant.address,
        limit,
        meeting.session_id,
    )
    if answer.accepted:
        # Its votes on the options already there still count (they may settle the meeting).
        answers_record(
            meeting=meeting,
            participant=participant,
            answer=replace(answer, proposals=()),
            now=now,
            inbound_id=mail.inbound_id,
            message_id=mail.message_id,
            echo=False,
            state=state,
        )
    meeting_escalate(
        meeting=meeting,
        now=now,
        inbound_id=mail.inbound_id,
        reason=f"agent {participant.address} proposed again after starting {limit} rounds "
        f"(AIMP_AGENT_MAX_ROUNDS={limit})",
    )
    return True


def _admission_refusal(hub, sender: str) -> str | None:
    """Why the hub's agent policy keeps this sender out of sessions it did not start."""
    known: list[str] = []
    if hub.agent_policy == AgentPolicy.CONTACTS:
        contacts = Contact.objects.filter(hub=hub).values_list("email", "agent_email")
        known = [a for pair in contacts for a in pair if a]
        known += Member.objects.filter(hub=hub).values_list("email", flat=True)
    return refusal(
        policy=hub.agent_policy, sender=sender, known=known, allow_list=hub.agent_allow_list
    )


def _outside_session(mail: IncomingMail, parsed: protocol.Session | str, now: datetime) -> None:
    """Protocol mail about no session of this hub: a card request, a refusal, or nothing."""
    hub = Hub.objects.get(pk=mail.hub_id)
    session = parsed if isinstance(parsed, protocol.Session) else None
    if session is None:
        protocol_reply_send(
            hub=hub, mail=mail, action=protocol.ACTION_NOT_UNDERSTOOD, reason=parsed, now=now
        )
        return
    refused = _admission_refusal(hub, mail.sender)
    if refused:
        protocol_reply_send(
            hub=hub,
            mail=mail,
            action=protocol.ACTION_REFUSE,
            reason=refused,
            now=now,
            parsed=session,
        )
        return
    if session.action == protocol.ACTION_CARD:
        protocol_reply_send(
            hub=hub,
            mail=mail,
            action=protocol.ACTION_CARD,
            reason="the card of this hub",
            now=now,
            parsed=session,
        )
        return
    members = represented_members(hub=hub, participants=session.participants)
    if session.action in JOINABLE and session.status == protocol.STATUS_NEGOTIATING and members:
        meeting = outside_session_open(
            hub=hub,
            session=session,
            leader=mail.sender,
            members=members,
            now=now,
            inbound_id=mail.inbound_id,
        )
        if meeting is not None:
            participant = meeting.participant_for(mail.sender)
            if participant is not None:
                answers_record(
                    meeting=meeting,
                    participant=participant,
                    answer=answer_from_session(session, meeting, participant),
                    now=now,
                    inbound_id=mail.inbound_id,
                    echo=False,
                )
            outside_session_invite(meeting=meeting, now=now, inbound_id=mail.inbound_id)
            return
    logger.info("protocol mail %s for unknown session %r", mail.inbound_id, session.session_id)


def handle(mail: IncomingMail) -> None:
    """Read an agent's protocol mail into the meeting; ignore what is not ours."""
    now = timezone.now()
    parsed = _session(mail)
    if isinstance(parsed, protocol.Session) and parsed.action in protocol.FINAL_ACTIONS:
        # A refuse or not-understood ends an exchange: recorded by the bridge, never answered.
        logger.info("agent %s: %s in %s", mail.sender, parsed.action, parsed.session_id)
        return
    session_id = parsed.session_id if isinstance(parsed, protocol.Session) else mail.thread_key
    meeting = (
        Meeting.objects.filter(hub_id=mail.hub_id, session_id=session_id).first()
        if session_id
        else None
    )
    if meeting is None:
        _outside_session(mail, parsed, now)
        return
    if not isinstance(parsed, protocol.Session):
        mail_event_write(
            meeting=meeting,
            kind=Event.Kind.PROTOCOL_REJECTED,
            mail=mail,
            now=now,
            detail={"error": parsed[:500]},
        )
        if meeting.participant_for(mail.sender) is not None:
            protocol_reply_send(
                hub=meeting.hub,
                mail=mail,
                action=protocol.ACTION_NOT_UNDERSTOOD,
                reason=parsed,
                now=now,
            )
        return
    speakers = _speakers(meeting, mail.sender)
    if not speakers:
        mail_event_write(
            meeting=meeting,
            kind=Event.Kind.IGNORED_NON_PARTICIPANT,
            mail=mail,
            now=now,
            detail={"protocol": True},
        )
        return
    if meeting.hub.sender_policy == STRICT and not mail.authenticated:
        # Agents answer every participant, not the Reply-To, so no reply token pairs with
        # their From: the session id (known to participants only) is all a standard hub
        # can check. A strict hub wants the agent's domain to vouch for it. No notice:
        # a machine would answer it.
        mail_event_write(
            meeting=meeting,
            kind=Event.Kind.SENDER_REFUSED,
            mail=mail,
            now=now,
            detail={"for": speakers[0].email, "reason": "agent not authenticated (strict hub)"},
        )
        return
    # Locked before reading its status and state: two mails from one agent processed at
    # once cannot both slip under the round cap.
    meeting = meeting_locked(meeting.pk)
    leads = bool(meeting.led_by) and mail.sender == meeting.led_by
    if leads and meeting.status == Meeting.Status.ESCALATED:
        # The leader's people decided after its escalation: its confirm settles it here too.
        led_session_follow(
            meeting=meeting, session=parsed, leader=mail.sender, now=now, inbound_id=mail.inbound_id
        )
        return
    if meeting.status != Meeting.Status.NEGOTIATING:
        mail_event_write(
            meeting=meeting,
            kind=Event.Kind.LATE_REPLY,
            mail=mail,
            now=now,
            detail={"status": meeting.status, "protocol": True},
        )
        return
    # The thread's versions and history are the session's, whoever wrote them: the hub's
    # next mail comes after this one and carries its entries.
    history_merge(meeting=meeting, session=parsed)
    meeting.version_seen(parsed.version)
    for participant in speakers:
        if meeting.status != Meeting.Status.NEGOTIATING:
            break
        _read_votes(mail, meeting, participant, parsed, now, leads)
    if leads:
        led_session_follow(
            meeting=meeting, session=parsed, leader=mail.sender, now=now, inbound_id=mail.inbound_id
        )


def _speakers(meeting: Meeting, sender: str) -> list[Participant]:
    """The agent participants a protocol mail from `sender` speaks for."""
    # An agent writes from its own address. A hub writes from its primary address for
    # all the people it represents, each named in the session by an address of its own
    # ("<hub>+<token>@..."): its mail speaks for each of them.
    sender = sender.lower()
    return [
        p
        for p in meeting.participants.present()
        if p.has_agent and sender in (p.agent_email, split_plus(p.agent_email)[0])
    ]


def _read_votes(
    mail: IncomingMail,
    meeting: Meeting,
    participant: Participant,
    parsed: protocol.Session,
    now: datetime,
    leads: bool,
) -> None:
    state = meeting_state(meeting)
    answer = answer_from_session(parsed, meeting, participant, state)
    if not answer.accepted and not answer.proposals:
        if not leads:
            mail_event_write(
                meeting=meeting,
                kind=Event.Kind.PROTOCOL_NO_VOTE,
                mail=mail,
                now=now,
                detail={"action": parsed.action},
            )
        return
    if _escalate_past_round_cap(mail, meeting, participant, answer, state, now):
        return
    answers_record(
        meeting=meeting,
        participant=participant,
        answer=answer,
        now=now,
        inbound_id=mail.inbound_id,
        message_id=mail.message_id,
        echo=False,
        state=state,
    )
