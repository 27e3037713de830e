"""Sessions another AIMP agent starts: the hub joins as the agent of the members it names.

The outside agent leads: it settles the session (`confirm`) or hands it to the humans
(`escalate`), and the hub follows. The members it names are asked by plain mail in their
usual way (their preferences answer when they decide), and each answer goes back in
protocol form to every participant, under the address the session named them by.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction

from hubs.models import Hub, Member
from mailbridge.addresses import plus_address, split_plus
from mailbridge.models import ReplyToken
from mailbridge.outbox import reply_token_for
from negotiation import protocol
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.services.invitations import invitations_send
from negotiation.services.options import options_create
from negotiation.services.outcomes import meeting_confirm, meeting_escalate
from negotiation.services.state import LOCATION, TIME, meeting_state
from negotiation.services.wire import WIRE_RECIPIENT, history_merge
from negotiation.services.wire_answers import answer_cast, stance_of
from negotiation.understanding.types import ProposedOption

MEMBER_THREAD = "member"


def member_agent_address(*, member: Member) -> str:
    """The member's own address for AIMP agents: the hub's, with a token that names them."""
    token = reply_token_for(
        hub=member.hub, thread_key=MEMBER_THREAD, recipient=f"{WIRE_RECIPIENT}{member.email}"
    )
    return plus_address(member.hub.email, token.token)


def represented_members(*, hub: Hub, participants: tuple[str, ...]) -> list[tuple[Member, str]]:
    """The hub's members a session names, each with the address it names them by."""
    # The hub's bare address stands for its admins (or its only member): an agent that
    # invites "the family" reaches whoever runs the hub. A token address names one
    # member, whatever session or card it was learnt from.
    ours = hub.addresses()
    found: dict[str, tuple[Member, str]] = {}
    for address in participants:
        base, token = split_plus(address.lower())
        if base not in ours:
            continue
        if token:
            row = ReplyToken.objects.filter(hub=hub, token=token).first()
            email = (row.recipient if row else "").removeprefix(WIRE_RECIPIENT)
            people = Member.objects.filter(hub=hub, email=email)
        else:
            people = Member.objects.filter(hub=hub, role=Member.Role.ADMIN)
            if not people.exists():
                people = Member.objects.filter(hub=hub)
                people = people if people.count() == 1 else people.none()
        for member in people:
            found.setdefault(member.email, (member, address))
    return list(found.values())


def _options(
    session: protocol.Session, zone: str, duration: int
) -> list[tuple[str, ProposedOption]]:
    proposals: list[tuple[str, ProposedOption]] = []
    for value in session.items.get("time", protocol.Item(options=(), votes={})).options:
        try:
            start = protocol.parse_time_option(value, default_tz=zone)
        except protocol.ProtocolError:
            continue
        proposals.append(
            (
                TIME,
                ProposedOption(item="time", start=start, end=start + timedelta(minutes=duration)),
            )
        )
    for value in session.items.get("location", protocol.Item(options=(), votes={})).options:
        proposals.append((LOCATION, ProposedOption(item="location", place=value[:300])))
    return proposals


def outside_session_open(
    *,
    hub: Hub,
    session: protocol.Session,
    leader: str,
    members: list[tuple[Member, str]],
    now: datetime,
    inbound_id: int | None = None,
) -> Meeting | None:
    """Join a session `leader` started: a meeting led by it, the named members asked."""
    if not members or len(session.session_id) > 64:
        return None
    first = members[0][0]
    extension = session.extensions.get("duration_minutes")
    duration = extension if isinstance(extension, int) and 5 <= extension <= 24 * 60 else None
    duration = duration or hub.default_duration_minutes
    try:
        with transaction.atomic():
            meeting = Meeting.objects.create(
                hub=hub,
                session_id=session.session_id,
                topic=" ".join(session.topic.split())[:300],
                initiator=first,
                status=Meeting.Status.NEGOTIATING,
                version=session.version,
                duration_minutes=duration,
                deadline=now + timedelta(hours=hub.response_window_hours),
                led_by=leader,
            )
    except IntegrityError:
        return None  # the same propose twice, processed at once: the other one joined
    history_merge(meeting=meeting, session=session)
    ours = {address.lower() for _, address in members}
    for n, (member, address) in enumerate(members):
        Participant.objects.create(
            hub=hub,
            meeting=meeting,
            email=member.email,
            name=member.name,
            kind=Participant.Kind.MEMBER,
            is_initiator=n == 0,  # the hub's side of the meeting: told of escalations
            time_zone=member.effective_time_zone,
            time_zone_known=bool(member.time_zone),
            wire_address=address,
        )
    # Everyone else on the session is reached on the wire, as AIMP requires; the leader
    # too, even when it does not list itself (a hub never does): it is who settles.
    others = list(session.participants)
    if leader.lower() not in {a.lower() for a in others}:
        others.append(leader)
    for address in others:
        if address.lower() in ours or split_plus(address.lower())[0] in hub.addresses():
            continue
        Participant.objects.create(
            hub=hub,
            meeting=meeting,
            email=address.lower(),
            kind=Participant.Kind.ADDRESS,
            has_agent=True,
            agent_email=address.lower(),
            required=address.lower() == leader.lower(),
        )
    options_create(
        meeting=meeting,
        proposer=None,
        proposals=_options(session, first.effective_time_zone, duration),
        round_added=1,
        now=now,
        inbound_id=inbound_id,
    )
    return meeting


def outside_session_invite(
    *, meeting: Meeting, now: datetime, inbound_id: int | None = None
) -> None:
    """Ask the meeting's members by mail; cast at once what their preferences answered."""
    before = {p.id: stance_of(meeting_state(meeting), p) for p in meeting.participants.all()}
    state = invitations_send(meeting=meeting, now=now, cause_id=inbound_id, propose=False)
    if state is None:
        return
    for person in state.participants:
        if not person.has_agent:
            answer_cast(
                meeting=meeting,
                participant=person,
                before=before[person.id],
                state=state,
                now=now,
                inbound_id=inbound_id,
            )


def led_outcome(
    session: protocol.Session, meeting: Meeting, zone: str
) -> tuple[MeetingOption, MeetingOption] | None:
    """The time and place a leader's `confirm` settled on, as the meeting's options."""
    # Consensus of every vote, else what the leader itself voted for: the initiator may
    # settle without the hub (AIMP lets the initiator confirm).
    resolved = protocol.resolution(session) or {
        name: next((v for k, v in item.votes.items() if k.lower() == meeting.led_by), None)
        for name, item in session.items.items()
    }
    state = meeting_state(meeting)
    chosen = []
    for item, ours in (("time", TIME), ("location", LOCATION)):
        value = resolved.get(item)
        if value is None:
            return None
        if ours == TIME:
            try:
                moment = protocol.parse_time_option(value, default_tz=zone)
            except protocol.ProtocolError:
                return None
            match = next((o for o in state.options[TIME] if o.start == moment), None)
        else:
            match = next((o for o in state.options[LOCATION] if o.place == value), None)
        if match is None:
            return None
        chosen.append(match)
    return chosen[0], chosen[1]


def led_session_follow(
    *,
    meeting: Meeting,
    session: protocol.Session,
    leader: str,
    now: datetime,
    inbound_id: int | None = None,
) -> None:
    """The agent leading the session settled it or gave it to the humans: so does the hub."""
    meeting.refresh_from_db(fields=["status", "version", "chosen_time", "chosen_place"])
    if meeting.status not in (Meeting.Status.NEGOTIATING, Meeting.Status.ESCALATED):
        return
    escalated = meeting.status == Meeting.Status.ESCALATED
    if session.action == protocol.ACTION_ESCALATE or session.status == protocol.STATUS_ESCALATED:
        if escalated:
            return
        meeting_escalate(
            meeting=meeting,
            now=now,
            inbound_id=inbound_id,
            reason=f"{leader}, who leads the session, escalated it to the people",
        )
        return
    if session.action != protocol.ACTION_CONFIRM and session.status != protocol.STATUS_CONFIRMED:
        return
    settled = led_outcome(session, meeting, meeting.initiator.effective_time_zone)
    if settled is None and escalated:
        return
    if settled is None:
        meeting_escalate(
            meeting=meeting,
            now=now,
            inbound_id=inbound_id,
            reason=f"{leader} confirmed a time or place that is not on the table",
        )
        return
    meeting_confirm(
        meeting=meeting,
        time_option=settled[0],
        place_option=settled[1],
        now=now,
        inbound_id=inbound_id,
        actor=leader,
    )
