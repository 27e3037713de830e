"""A member's meeting request: complete it (asking for what is missing), then open it."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction

from hubs.models import Contact, Hub, Member
from negotiation.candidates import CandidateInput, propose_places, propose_times
from negotiation.models import Event, Meeting, MeetingOption, Participant
from negotiation.notices.requests import missing_info_send
from negotiation.services.events_log import HUB_ACTOR, event_write
from negotiation.services.invitations import invitations_send
from negotiation.services.planning import participant_prefs
from negotiation.services.progress import meeting_progress
from negotiation.services.sender_checks import request_hold, request_meeting_create
from negotiation.understanding.types import MeetingRequest, PersonRef, RequestContext, Unclear
from negotiation.untrusted_text import topic_shown

ADDRESS_RE = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+")
MAX_PARTICIPANTS = 30


def request_context(*, hub: Hub, member: Member, now: datetime) -> RequestContext:
    """The people and zones a member's request is read against."""
    members = tuple(
        PersonRef(name=m.name, email=m.email, kind="member") for m in Member.objects.for_hub(hub)
    )
    contacts = tuple(
        PersonRef(name=c.name, email=c.email, kind="contact") for c in Contact.objects.for_hub(hub)
    )
    return RequestContext(
        sender_email=member.email,
        sender_name=member.name,
        message_date=now,
        sender_tz=member.effective_time_zone,
        hub_tz=hub.time_zone,
        members=members,
        contacts=contacts,
        default_duration_minutes=hub.default_duration_minutes,
    )


@dataclass(frozen=True)
class Invitee:
    """A resolved participant, before the Participant row exists."""

    email: str
    name: str
    kind: str
    optional: bool


def _resolve(
    hub: Hub, initiator: Member, request: MeetingRequest
) -> tuple[list[Invitee], list[str]]:
    """Participants with addresses (hub and initiator left out) and names still unknown."""
    hub_addresses = hub.addresses()
    people: dict[str, Invitee] = {}
    unknown: list[str] = []
    for ref in request.participants:
        if ref.email is None or ref.source == "unknown":
            if ref.name and ref.name not in unknown:
                unknown.append(ref.name)
            continue
        email = ref.email.strip().lower()
        # The hub is never a voter (the reference implementation's fatal bug).
        if email in hub_addresses or email == initiator.email or email in people:
            continue
        kind = {"member": "member", "contact": "contact"}.get(ref.source, "address")
        people[email] = Invitee(email=email, name=ref.name, kind=kind, optional=ref.optional)
    return list(people.values())[:MAX_PARTICIPANTS], unknown


def contacts_learn(*, hub: Hub, names: list[str], text: str) -> list[str]:
    """Pair names the hub asked about with addresses in the member's answer; return the rest."""
    addresses = [a.lower() for a in ADDRESS_RE.findall(text)]
    hub_addresses = hub.addresses()
    addresses = [a for a in dict.fromkeys(addresses) if a not in hub_addresses]
    remaining = []
    lines = text.splitlines()
    for name in names:
        # Prefer an address on the same line as the name ("Bob: bob@example.com").
        match = next(
            (
                a
                for line in lines
                if name.lower() in line.lower()
                for a in ADDRESS_RE.findall(line)
                if a.lower() in addresses
            ),
            None,
        )
        if match is None and len(names) == 1 and len(addresses) == 1:
            match = addresses[0]
        if match is None:
            remaining.append(name)
            continue
        match = match.lower()
        addresses.remove(match)
        if not Contact.objects.for_hub(hub).filter(email__iexact=match).exists():
            Contact.objects.create(hub=hub, name=name, email=match)
    return remaining


def meeting_request_apply(
    *,
    hub: Hub,
    initiator: Member,
    request: MeetingRequest | Unclear,
    text: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
    meeting: Meeting | None = None,
    subject_topic: str = "",
    hold_new_addresses: bool = False,
    read_at: datetime | None = None,
) -> Meeting:
    """Start (or complete) a request: ask once for what is missing, else open the meeting.

    `subject_topic` (the subject of the member's first mail) is the topic when the text
    names none: people title their mail with what the meeting is about. With
    `hold_new_addresses` (the request's sender is not proven), a request that would write
    to addresses the hub does not know waits for the member's "yes" instead.
    """
    with transaction.atomic():
        if meeting is None:
            meeting = request_meeting_create(
                hub=hub,
                initiator=initiator,
                text=text,
                subject_topic=subject_topic,
                now=now,
                inbound_id=inbound_id,
            )
        fallback_topic = meeting.draft.get("subject_topic", "")
        if isinstance(request, Unclear):
            missing, people, unknown = ["topic", "participants", "time"], [], []
        else:
            people, unknown = _resolve(hub, initiator, request)
            missing = [m for m in request.missing if m in ("topic", "participants", "time")]
            if not people and not unknown and "participants" not in missing:
                missing.append("participants")
            # The topic is every participant's subject line: a title, never a link.
            meeting.topic = topic_shown(request.topic or meeting.topic or fallback_topic) or ""
        if meeting.topic and "topic" in missing:
            missing.remove("topic")
        if missing or unknown:
            return _ask_for_missing(
                meeting, initiator, missing, unknown, now, inbound_id, message_id
            )
        new_addresses = [p.email for p in people if p.kind == "address"]
        if hold_new_addresses and new_addresses:
            request_hold(
                hub=hub,
                initiator=initiator,
                text=text,
                now=now,
                inbound_id=inbound_id,
                reason="unauthenticated request naming addresses the hub does not know",
                meeting=meeting,
                addresses=new_addresses,
                read_at=read_at,
            )
            return meeting
        return meeting_open(
            meeting=meeting, people=people, request=request, now=now, inbound_id=inbound_id
        )


def _ask_for_missing(
    meeting: Meeting,
    initiator: Member,
    missing: list[str],
    unknown: list[str],
    now: datetime,
    inbound_id: int | None,
    message_id: str | None,
) -> Meeting:
    meeting.draft = {**meeting.draft, "missing": missing, "unknown": unknown}
    meeting.save()
    event_write(
        meeting=meeting,
        kind=Event.Kind.INFO_REQUESTED,
        actor=HUB_ACTOR,
        now=now,
        inbound_id=inbound_id,
        detail={"missing": missing, "unknown": unknown},
    )
    missing_info_send(
        meeting=meeting,
        initiator=initiator,
        missing=missing,
        unknown=unknown,
        dedupe_key=f"{meeting.session_id}:missing:{inbound_id or now.isoformat()}",
        inbound_id=inbound_id,
        message_id=message_id,
    )
    return meeting


def _participant(meeting: Meeting, spec: Invitee) -> Participant:
    hub = meeting.hub
    zone, known, has_agent, agent_email = "", False, False, ""
    if spec.kind == "member":
        member = Member.objects.for_hub(hub).filter(email__iexact=spec.email).first()
        if member is not None:
            zone, known = member.effective_time_zone, True
    elif spec.kind == "contact":
        contact = Contact.objects.for_hub(hub).filter(email__iexact=spec.email).first()
        if contact is not None:
            zone, known = contact.time_zone, bool(contact.time_zone)
            has_agent, agent_email = contact.has_agent, contact.agent_email
    return Participant.objects.create(
        hub=hub,
        meeting=meeting,
        email=spec.email,
        name=spec.name,
        kind=spec.kind,
        time_zone=zone,
        time_zone_known=known,
        required=not spec.optional,
        has_agent=has_agent,
        agent_email=agent_email,
    )


def meeting_open(
    *,
    meeting: Meeting,
    people: list[Invitee],
    request: MeetingRequest,
    now: datetime,
    inbound_id: int | None = None,
    times: list[tuple[datetime, datetime]] | None = None,
    actor: str | None = None,
) -> Meeting:
    """Create participants and options, start the response window, send the invitations.

    `times`, when given, are the time options as they are (an integration's explicit
    options) instead of times proposed from the windows; `actor` who started it, when
    not the initiator by mail.
    """
    with transaction.atomic():
        hub, initiator = meeting.hub, meeting.initiator
        meeting.duration_minutes = request.duration_minutes or hub.default_duration_minutes
        participants = [
            Participant.objects.create(
                hub=hub,
                meeting=meeting,
                email=initiator.email,
                name=initiator.name,
                kind=Participant.Kind.MEMBER,
                is_initiator=True,
                time_zone=initiator.effective_time_zone,
                time_zone_known=True,
            )
        ]
        participants += [_participant(meeting, spec) for spec in people]
        inp = CandidateInput(
            now=now,
            duration=timedelta(minutes=meeting.duration_minutes),
            planning_tz=initiator.effective_time_zone,
            windows=tuple((w.start, w.end) for w in request.windows),
            people=participant_prefs(participants, initiator),
            stated_places=tuple(request.locations),
            default_places=tuple(getattr(hub, "default_locations", None) or ()),
        )
        times = propose_times(inp) if times is None else times
        if not times:
            # Nothing fits everyone's waking hours in the stated windows: ask again rather
            # than invent a time nobody gave.
            meeting.participants.all().delete()
            return _ask_for_missing(meeting, initiator, ["time_fit"], [], now, inbound_id, None)
        meeting.draft = {
            "windows": [[w.start.isoformat(), w.end.isoformat()] for w in request.windows]
        }
        meeting.open(
            deadline=now + timedelta(hours=hub.response_window_hours),
            also=("topic", "duration_minutes", "draft", "request_text"),
        )
        # One INSERT for every option: the statements a request costs do not depend on
        # how many times the day of the request leaves open.
        MeetingOption.objects.bulk_create(
            [
                *(
                    MeetingOption(
                        hub=hub,
                        meeting=meeting,
                        item=MeetingOption.Item.TIME,
                        label=letter,
                        start=start,
                        end=end,
                    )
                    for letter, (start, end) in zip(string.ascii_uppercase, times, strict=False)
                ),
                *(
                    MeetingOption(
                        hub=hub,
                        meeting=meeting,
                        item=MeetingOption.Item.LOCATION,
                        label=str(number),
                        place=place[:300],
                    )
                    for number, place in enumerate(propose_places(inp), start=1)
                ),
            ]
        )
        event_write(
            meeting=meeting,
            kind=Event.Kind.STARTED,
            actor=actor or initiator.email,
            now=now,
            inbound_id=inbound_id,
            detail={
                "participants": [p.email for p in participants],
                "options": [str(o) for o in meeting.options.all()],
            },
        )
        answered = invitations_send(meeting=meeting, now=now, cause_id=inbound_id)
        if answered is not None:
            # Everyone may have answered now (all of them from preferences): confirm at once.
            meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id, state=answered)
        return meeting
