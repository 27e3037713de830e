"""Value types shared by the rules engine, the LLM engine and their callers (no Django)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

Item = Literal["time", "location"]
Source = Literal["rules", "model"]
ITEMS: tuple[Item, Item] = ("time", "location")


@dataclass(frozen=True)
class OptionView:
    id: str  # "A" / "1" (also the label shown to people)
    item: Item
    value: str  # time: ISO 8601 start with offset; location: the place text
    start: datetime | None = None
    end: datetime | None = None


@dataclass(frozen=True)
class MeetingView:
    topic: str
    options: tuple[OptionView, ...]
    reader_tz: str
    message_date: datetime
    duration_minutes: int

    def ids(self, item: Item) -> tuple[str, ...]:
        """Option ids of one item, in display order."""
        return tuple(o.id for o in self.options if o.item == item)


@dataclass(frozen=True)
class ProposedOption:
    item: Item
    start: datetime | None = None
    end: datetime | None = None
    place: str | None = None


@dataclass(frozen=True)
class Answer:
    accepted: Mapping[Item, frozenset[str]]
    rejected: Mapping[Item, frozenset[str]]
    declined: bool
    proposals: tuple[ProposedOption, ...]
    question: str | None
    source: Source
    confidence: float
    plain_labels: bool


@dataclass(frozen=True)
class Unclear:
    reason: str
    source: Source


@dataclass(frozen=True)
class PersonRef:
    name: str
    email: str
    kind: Literal["member", "contact"]


@dataclass(frozen=True)
class RequestContext:
    sender_email: str
    sender_name: str
    message_date: datetime
    sender_tz: str
    hub_tz: str
    members: tuple[PersonRef, ...]
    contacts: tuple[PersonRef, ...]
    default_duration_minutes: int


@dataclass(frozen=True)
class ParticipantRef:
    name: str
    email: str | None
    source: Literal["member", "contact", "address", "unknown"]
    optional: bool


@dataclass(frozen=True)
class TimeWindow:
    start: datetime
    end: datetime


@dataclass(frozen=True)
class MeetingRequest:
    topic: str | None
    participants: tuple[ParticipantRef, ...]
    windows: tuple[TimeWindow, ...]
    locations: tuple[str, ...]
    duration_minutes: int | None
    missing: tuple[str, ...]
    source: Source
    confidence: float
    notes: tuple[str, ...] = field(default=())  # why something was left out (for logs and admins)
