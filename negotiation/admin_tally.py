"""What the meeting page of the admin shows: who chose what, when, and how the hub knows.

Read-only: the answers are the Votes; where each came from is the Event written in the
same step (same actor, same moment): words or labels read from a reply (ANSWERED, its
`source` and `labels`), the member's preferences (AUTO_ACCEPTED), an agent's protocol
mail (the participant has an agent), a time proposed from a calendar (COUNTER_PROPOSED);
calendar answers to the invitation (CALENDAR_ANSWERED) are shown beside each person.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo

from negotiation.models import Event, Meeting, MeetingOption, Participant
from negotiation.rendering import format_slot

STATE_WORDS = {
    Meeting.Status.COLLECTING_INFO: "Waiting for the organiser to say what is missing",
    Meeting.Status.NEGOTIATING: "Waiting for answers",
    Meeting.Status.ESCALATED: "Waiting for the organiser's decision",
    Meeting.Status.CONFIRMED: "Confirmed",
    Meeting.Status.CANCELLED: "Cancelled",
}
_PARTSTAT_WORDS = {"ACCEPTED": "accepted", "DECLINED": "declined", "TENTATIVE": "maybe"}


@dataclass(frozen=True)
class Cell:
    """One person's judgement of one option: 'yes', 'no' or '' (not answered)."""

    mark: str
    css: str
    when: str = ""
    source: str = ""


@dataclass
class Row:
    person: str
    role: str
    answer: str
    cells: list[Cell] = field(default_factory=list)
    calendar: str = ""


@dataclass
class Tally:
    zone: str
    zone_abbrev: str
    state: str
    confirmed: str
    deadline: str
    options: list[dict]
    rows: list[Row]
    totals: list[str]


def local_time(moment: datetime | None, zone: str) -> str:
    """'Wed 2 Dec 2026, 14:00 CET' in the hub's zone; '' for no moment."""
    if moment is None:
        return ""
    local = moment.astimezone(ZoneInfo(zone))
    return f"{local:%a} {local.day} {local:%b %Y}, {local:%H:%M} {local.tzname()}"


def _source(event: Event | None, person: Participant) -> str:
    if event is None:
        return ""
    if event.kind == Event.Kind.OPTIONS_ADDED:
        return "proposed it"
    if event.kind == Event.Kind.AUTO_ACCEPTED:
        return "auto-accept (their preferences)"
    if event.kind == Event.Kind.COUNTER_PROPOSED:
        return "their calendar"
    if person.has_agent:
        return "their agent (protocol mail)"
    if event.kind == Event.Kind.ANSWERED:
        if event.detail.get("source") == "model":
            return "words (read by the model)"
        return "labels" if event.detail.get("labels") else "words"
    return event.get_kind_display().lower()


def _option_text(option: MeetingOption, zone: str) -> str:
    if option.item == MeetingOption.Item.TIME:
        return format_slot(option.start, option.end, zone)
    return option.place


def meeting_tally(meeting: Meeting) -> Tally:
    """The grid of participants by options, with each answer's time and source."""
    zone = meeting.hub.time_zone
    options = list(
        meeting.options.filter(withdrawn=False).select_related("proposed_by").order_by("item", "id")
    )
    options.sort(key=lambda o: (o.item != MeetingOption.Item.TIME, o.id))
    people = list(meeting.participants.all().prefetch_related("votes"))
    events = list(
        meeting.events.filter(
            kind__in=[
                Event.Kind.ANSWERED,
                Event.Kind.AUTO_ACCEPTED,
                Event.Kind.COUNTER_PROPOSED,
                Event.Kind.OPTIONS_ADDED,
                Event.Kind.CALENDAR_ANSWERED,
            ]
        ).order_by("created_at", "id")
    )
    by_moment = {
        (e.actor, e.created_at): e for e in events if e.kind != Event.Kind.CALENDAR_ANSWERED
    }
    calendar = {e.actor: e.detail for e in events if e.kind == Event.Kind.CALENDAR_ANSWERED}
    rows = []
    yes_counts = [0] * len(options)
    for person in people:
        votes = {v.option_id: v for v in person.votes.all()}
        row = Row(
            person=str(person),
            role=", ".join(
                word
                for word, on in (
                    ("organiser", person.is_initiator),
                    ("optional", not person.required),
                    ("taken off", person.dropped),
                    ("address bounced", person.undeliverable),
                )
                if on
            ),
            answer="can't come"
            if person.declined
            else ("not answered yet" if person.last_answered_at is None else ""),
        )
        for index, option in enumerate(options):
            vote = votes.get(option.id)
            if vote is None:
                row.cells.append(Cell(mark="–", css="none"))
                continue
            yes_counts[index] += vote.accepted
            event = by_moment.get((person.address, vote.answered_at)) or by_moment.get(
                (person.email, vote.answered_at)
            )
            row.cells.append(
                Cell(
                    mark="yes" if vote.accepted else "no",
                    css="yes" if vote.accepted else "no",
                    when=local_time(vote.answered_at, zone),
                    source=_source(event, person),
                )
            )
        answer = calendar.get(person.email)
        if answer:
            partstat = answer.get("partstat", "")
            row.calendar = _PARTSTAT_WORDS.get(partstat, partstat.lower() or "answered")
        rows.append(row)
    chosen = ""
    if meeting.chosen_time_id and meeting.chosen_place_id:
        chosen_time = next((o for o in options if o.id == meeting.chosen_time_id), None)
        chosen_time = chosen_time or MeetingOption.objects.get(pk=meeting.chosen_time_id)
        chosen_place = next((o for o in options if o.id == meeting.chosen_place_id), None)
        chosen_place = chosen_place or MeetingOption.objects.get(pk=meeting.chosen_place_id)
        chosen = f"{_option_text(chosen_time, zone)}, {chosen_place.place}"
    present = sum(1 for p in people if not p.dropped)
    return Tally(
        zone=zone,
        zone_abbrev=datetime.now(ZoneInfo(zone)).tzname() or zone,
        state=STATE_WORDS.get(meeting.status, meeting.get_status_display()),
        confirmed=chosen,
        deadline=local_time(meeting.deadline, zone) if meeting.is_open else "",
        options=[
            {
                "label": o.label,
                "kind": "time" if o.item == MeetingOption.Item.TIME else "place",
                "text": _option_text(o, zone),
                "note": f"suggested by {o.proposed_by.display_name}" if o.proposed_by else "",
                "chosen": o.id in (meeting.chosen_time_id, meeting.chosen_place_id),
            }
            for o in options
        ],
        rows=rows,
        totals=[f"{n}/{present}" for n in yes_counts],
    )
