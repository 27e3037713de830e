"""A meeting from structured input (an integration), the same way as a member's request by mail.

The meeting is recorded as requested, then opened by requests.meeting_open: the same
participants, options, response window and invitations as a request read from an email.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction

from hubs.models import Contact, Hub, Member
from negotiation.models import Event, Meeting
from negotiation.services.events_log import event_write
from negotiation.services.options import MAX_TIME_OPTIONS
from negotiation.services.refusals import InputRefused
from negotiation.services.requests import MAX_PARTICIPANTS, Invitee, meeting_open
from negotiation.understanding.types import MeetingRequest, TimeWindow
from negotiation.untrusted_text import topic_shown

MAX_PLACES = 3
HORIZON = timedelta(days=366)  # further out is a typo, and beyond what candidates can count


@dataclass(frozen=True)
class PersonSpec:
    """Someone to invite, by address (a member's or a contact's address makes them that)."""

    email: str
    name: str = ""
    required: bool = True


@dataclass(frozen=True)
class MeetingSpec:
    """What an integration asks for; times are aware datetimes."""

    topic: str
    initiator: Member
    people: tuple[PersonSpec, ...]
    duration_minutes: int | None = None
    windows: tuple[tuple[datetime, datetime], ...] = ()
    times: tuple[tuple[datetime, datetime], ...] = ()  # explicit options, offered as they are
    places: tuple[str, ...] = ()
    response_window_hours: int | None = None


def _invitees(hub: Hub, spec: MeetingSpec) -> list[Invitee]:
    members = {
        m.email: m
        for m in Member.objects.for_hub(hub).filter(email__in=[p.email for p in spec.people])
    }
    contacts = {
        c.email: c
        for c in Contact.objects.for_hub(hub).filter(email__in=[p.email for p in spec.people])
    }
    hub_addresses = hub.addresses()
    found: dict[str, Invitee] = {}
    for index, person in enumerate(spec.people):
        email = person.email.strip().lower()
        where = f"participants.{index}"
        if email in hub_addresses:
            raise InputRefused(where, "The hub itself is never a participant.")
        if email == spec.initiator.email:
            raise InputRefused(where, "The organiser takes part already; list the others.")
        if email in found:
            raise InputRefused(where, f"{email} is listed twice.")
        known = members.get(email) or contacts.get(email)
        kind = "member" if email in members else "contact" if email in contacts else "address"
        found[email] = Invitee(
            email=email,
            name=person.name or getattr(known, "name", ""),
            kind=kind,
            optional=not person.required,
        )
    if not found:
        raise InputRefused("participants", "Invite at least one person besides the organiser.")
    if len(found) > MAX_PARTICIPANTS:
        raise InputRefused("participants", f"At most {MAX_PARTICIPANTS} participants.")
    return list(found.values())


def _checked_times(spec: MeetingSpec, now: datetime) -> list[tuple[datetime, datetime]]:
    for name, spans in (("windows", spec.windows), ("options", spec.times)):
        for index, (start, end) in enumerate(spans):
            if end <= start:
                raise InputRefused(f"{name}.{index}.end", "Must be after start.")
            if end <= now:
                raise InputRefused(f"{name}.{index}.end", "Must be in the future.")
            if end > now + HORIZON:
                raise InputRefused(f"{name}.{index}.end", "Must be within a year from now.")
    times = sorted(spec.times)
    if len(times) > MAX_TIME_OPTIONS:
        raise InputRefused("options", f"At most {MAX_TIME_OPTIONS} time options.")
    if len({start for start, _ in times}) != len(times):
        raise InputRefused("options", "Two options start at the same time.")
    for index, (start, _) in enumerate(spec.times):
        if start <= now:
            raise InputRefused(f"options.{index}.start", "Must be in the future.")
    return times


def meeting_create(*, hub: Hub, spec: MeetingSpec, actor: str, now: datetime) -> Meeting:
    """Record the request and open it: participants, options, window, invitations queued.

    Raises InputRefused (nothing is stored or sent) when the input cannot be used,
    including windows in which no time suits everyone's waking hours.
    """
    with transaction.atomic():
        if spec.initiator.hub_id != hub.pk:
            raise InputRefused("organiser", "The organiser must be a member of the hub.")
        topic = topic_shown(spec.topic)
        if not topic:
            raise InputRefused("topic", "A topic is a title: words, not links or addresses.")
        people = _invitees(hub, spec)
        times = _checked_times(spec, now)
        places = tuple(dict.fromkeys(p.strip() for p in spec.places if p.strip()))
        if len(places) > MAX_PLACES:
            raise InputRefused("places", f"At most {MAX_PLACES} places.")
        duration = spec.duration_minutes or (
            int((times[0][1] - times[0][0]).total_seconds() // 60) if times else None
        )
        meeting = Meeting.objects.create(
            hub=hub,
            initiator=spec.initiator,
            status=Meeting.Status.COLLECTING_INFO,
            topic=topic,
            duration_minutes=duration or hub.default_duration_minutes,
        )
        event_write(
            meeting=meeting,
            kind=Event.Kind.REQUESTED,
            actor=actor,
            now=now,
            detail={"via": "api", "topic": topic, "participants": [p.email for p in people]},
        )
        request = MeetingRequest(
            topic=topic,
            participants=(),
            windows=tuple(TimeWindow(start=s, end=e) for s, e in spec.windows),
            locations=places,
            duration_minutes=duration,
            missing=(),
            source="rules",
            confidence=1.0,
        )
        meeting_open(
            meeting=meeting,
            people=people,
            request=request,
            now=now,
            times=times or None,
            actor=actor,
        )
        if meeting.status == Meeting.Status.COLLECTING_INFO:
            # meeting_open found no time and queued a question by mail: undo it all.
            raise InputRefused("windows", "No time in these windows suits everyone's waking hours.")
        if spec.response_window_hours and meeting.status == Meeting.Status.NEGOTIATING:
            meeting.extend_window(deadline=now + timedelta(hours=spec.response_window_hours))
        return meeting
