"""Helpers for the meeting conversations: a team hub, and mail in and out as a chat."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from django.utils import timezone
from icalendar import Calendar

from hubs.models import Contact, Hub, Member
from mailbridge.testing import build_email
from negotiation.models import Meeting
from tests.world import hub_make

HUB = "team@hub.example.com"
# People's mail carries the tag alone; protocol mail adds the session's version.
TAG = re.compile(r"\[AIMP:(m-[a-z2-7]{20,})\](?: v(\d+))? ")


@dataclass
class Team:
    hub: Hub
    alice: Member
    bob: Member
    carol: Member
    dave: Contact


def make_team(*, carol_tz: str = "Europe/Berlin", **hub_fields) -> Team:
    """A hub with three members (Alice asks) and Dave, a contact outside the hub."""
    hub = hub_make(name="Team", email=HUB, time_zone="Europe/Berlin", **hub_fields)
    return Team(
        hub=hub,
        alice=Member.objects.create(
            hub=hub, email="alice@example.com", name="Alice", time_zone="Europe/Berlin"
        ),
        bob=Member.objects.create(
            hub=hub, email="bob@example.com", name="Bob Brown", time_zone="Europe/London"
        ),
        carol=Member.objects.create(
            hub=hub, email="carol@example.com", name="Carol", time_zone=carol_tz
        ),
        dave=Contact.objects.create(hub=hub, name="Dave", email="dave@example.org"),
    )


class Chat:
    """One conversation with the hub: every call returns the mail the hub sent because of it."""

    def __init__(self, mailflow):
        self.flow = mailflow
        self.all_sent: list = []

    def _collect(self) -> list:
        sent = self.flow.sent()
        self.all_sent += sent
        return sent

    def write(self, from_: str, body: str, subject: str = "Meeting", **kwargs) -> list:
        """A new mail (not a reply) to the hub."""
        self.last_row = self.flow.deliver(
            build_email(from_=from_, to=HUB, subject=subject, body=body, **kwargs), to=HUB
        )
        return self._collect()

    def reply(self, message, from_: str, body: str, **kwargs) -> list:
        """A reply to a message the hub sent."""
        self.last_row = self.flow.reply(message, from_=from_, body=body, **kwargs)
        return self._collect()

    def count_to(self, address: str) -> int:
        return sum(1 for m in self.all_sent if m.to == [address])


def _date_in(days: int) -> date:
    return timezone.now().date() + timedelta(days=days)


def day_in(days: int) -> str:
    """A date `days` from today as people write it ("December 10"): unambiguous any weekday."""
    day = _date_in(days)
    return f"{day:%B} {day.day}"


def weekday_in(days: int) -> str:
    """The weekday name of the date `days` from today, as day_in() writes that date."""
    return f"{_date_in(days):%A}"


def dated_request(first: int, second: int) -> str:
    """Alice's budget request for two afternoons named by date: one reading on any weekday.

    "Next Tuesday or Wednesday" means two weeks' worth of options on a Monday or a
    Tuesday (both readings of "next" are offered), so a reply naming a weekday is
    rightly unclear then; tests that need exactly one option per weekday use this.
    """
    return (
        f"Meeting about the budget with Bob and Carol on {day_in(first)} or {day_in(second)} "
        "afternoon, on Zoom."
    )


def to(messages: list, address: str):
    """The one message sent to `address` (fails if there is not exactly one)."""
    found = [m for m in messages if m.to == [address]]
    assert len(found) == 1, f"{len(found)} messages to {address}: {[m.subject for m in messages]}"
    return found[0]


def recipients(messages: list) -> list[str]:
    """Sorted recipients; each message must have exactly one (no shared To: lists)."""
    for m in messages:
        assert len(m.to) == 1 and not m.cc and not m.bcc, m.to
    return sorted(m.to[0] for m in messages)


def meeting_of(message) -> Meeting:
    """The meeting a hub message belongs to, by its subject tag."""
    match = TAG.search(message.subject)
    assert match, message.subject
    return Meeting.objects.get(session_id=match.group(1))


def ics_of(message) -> Calendar:
    """The parsed invite.ics attachment (an attachment, not an alternative part)."""
    files = [a for a in message.attachments if a[0] == "invite.ics"]
    assert len(files) == 1, message.attachments
    _, content, mimetype = files[0]
    assert mimetype.startswith("text/calendar")
    assert not any("calendar" in alt[1] for alt in getattr(message, "alternatives", []))
    return Calendar.from_ical(content)


def only_event(cal: Calendar):
    events = [c for c in cal.walk() if c.name == "VEVENT"]
    assert len(events) == 1
    return events[0]


def option_line(body: str, label: str) -> str:
    """The text of option `label` in a mail body ('  A. Tue 1 Dec ...')."""
    match = re.search(rf"^\s+{re.escape(label)}\. (.+)$", body, re.MULTILINE)
    assert match, f"no option {label} in:\n{body}"
    return match.group(1).strip()
