"""AIMP/0.1 mail to participants who have an agent: the same session, as protocol.json."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from mailbridge.addresses import split_plus
from mailbridge.outbox import Attachment
from negotiation import protocol
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.agents import protocol_mail_send
from negotiation.services.state import MeetingState, meeting_state
from negotiation.services.wire import wire_addresses

ITEM_NAMES = {"time": MeetingOption.Item.TIME, "location": MeetingOption.Item.LOCATION}


def meeting_zone(meeting: Meeting) -> str:
    """The zone the meeting's times are written in on the wire: its initiator's."""
    return meeting.initiator.effective_time_zone


def option_value(option: MeetingOption, zone: str = "UTC") -> str:
    """The option as AIMP writes it: ISO 8601 with the zone's offset for times, else the text."""
    # An agent compares times with its owner's local preferences: 14:00+01:00 says what
    # the people of the meeting see, 13:00Z makes every such comparison a conversion.
    if option.item == MeetingOption.Item.TIME:
        return protocol.format_time_option(option.start.astimezone(ZoneInfo(zone)))
    return option.place


def wire_vote(
    options: Sequence[MeetingOption], mine: dict[int, bool], support: Counter
) -> MeetingOption | None:
    """The one option AIMP/0.1 lets a person vote for: of those they accept, the most accepted."""
    # An agent settles an item when every vote names the same option, so the vote written
    # for a person who accepts several is the one the others are likeliest to share.
    accepted = [o for o in options if mine.get(o.id) is True]
    return max(accepted, key=lambda o: support[o.id], default=None)


def session_for(
    meeting: Meeting, state: MeetingState, *, action: str, summary: str
) -> protocol.Session:
    """Describe the meeting as an AIMP session at its current version (hub never a voter)."""
    wire = wire_addresses(meeting=meeting, participants=state.participants)
    zone = meeting_zone(meeting)
    support = Counter(
        option_id
        for person in state.participants
        for option_id, yes in state.votes.get(person.id, {}).items()
        if yes
    )
    items = {}
    for name, item in ITEM_NAMES.items():
        options = state.options[item]
        votes: dict[str, str | None] = {}
        for person in state.participants:
            chosen = wire_vote(options, state.votes.get(person.id, {}), support)
            votes[wire[person.id]] = option_value(chosen, zone) if chosen else None
        items[name] = protocol.Item(
            options=tuple(option_value(o, zone) for o in options), votes=votes
        )
    history = tuple(
        protocol.HistoryEntry(
            version=h["version"], from_=h["from"], action=h["action"], summary=h["summary"]
        )
        for h in meeting.protocol_history
    )
    status = {
        Meeting.Status.CONFIRMED: protocol.STATUS_CONFIRMED,
        Meeting.Status.ESCALATED: protocol.STATUS_ESCALATED,
    }.get(meeting.status, protocol.STATUS_NEGOTIATING)
    if not _own_entry(meeting, history):
        history = (
            *history,
            protocol.HistoryEntry(meeting.version, meeting.hub.email, action, summary[:900]),
        )
    return protocol.Session(
        session_id=meeting.session_id,
        version=meeting.version,
        from_=meeting.hub.email,
        action=action,
        participants=tuple(wire[p.id] for p in state.participants),
        topic=meeting.topic[:900],
        items=items,
        status=status,
        history=history,
        extensions={"duration_minutes": meeting.duration_minutes, "round": meeting.round},
    )


def _own_entry(meeting: Meeting, history) -> bool:
    hub = meeting.hub.email
    return any(h.version == meeting.version and h.from_.lower() == hub for h in history)


def protocol_record(meeting: Meeting, *, action: str, summary: str) -> None:
    """Remember this version's history entry (so later versions carry the whole history)."""
    hub = meeting.hub.email
    if any(
        h["version"] == meeting.version and h["from"].lower() == hub
        for h in meeting.protocol_history
    ):
        return
    meeting.protocol_history = [
        *meeting.protocol_history,
        {
            "version": meeting.version,
            "from": meeting.hub.email,
            "action": action,
            "summary": summary[:900],
        },
    ]
    meeting.save(update_fields=["protocol_history", "updated_at"])


def _one_per_mailbox(agents: list[Participant]) -> list[Participant]:
    """One of each group of agents that one mailbox reads: another hub's per-person addresses."""
    # A hub names each person it represents "<hub>+<token>@..."; all of them reach the
    # same hub, which reads the session once whatever address it came to.
    seen: set[str] = set()
    kept = []
    for agent in agents:
        box = split_plus(agent.address)[0]
        if box not in seen:
            seen.add(box)
            kept.append(agent)
    return kept


def protocol_send(
    *,
    meeting: Meeting,
    action: str,
    summary: str,
    now: datetime,
    cause_id: int | None = None,
    attachments: tuple[Attachment, ...] = (),
    only: list[Participant] | None = None,
    state: MeetingState | None = None,
) -> int:
    """Send the session to every agent participant (or `only` those); return how many.

    `state` is the meeting's current state when the caller holds it.
    """
    if only is not None and not any(p.has_agent for p in only):
        return 0
    if meeting.led_by and action in (protocol.ACTION_CONFIRM, protocol.ACTION_ESCALATE):
        # The agent that leads the session settled it and told everyone: the hub follows
        # and tells its own people, and echoes nothing back to the agents.
        return 0
    state = state or meeting_state(meeting)
    agents = _one_per_mailbox(
        [p for p in (only if only is not None else state.participants) if p.has_agent]
    )
    if not agents:
        return 0
    protocol_record(meeting, action=action, summary=summary)
    document = protocol.to_json(session_for(meeting, state, action=action, summary=summary))
    return sum(
        protocol_mail_send(
            meeting=meeting,
            agent=agent,
            state=state,
            action=action,
            document=document,
            attachments=attachments,
            cause_id=cause_id,
        )
        for agent in agents
    )
