"""Meeting views and request contexts shared by the understanding tests."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from negotiation.understanding.types import MeetingView, OptionView, PersonRef, RequestContext

BERLIN = ZoneInfo("Europe/Berlin")

# The `hub` these tests use (tests/world.py): Bob is a member a request can name, Ada
# the admin who hears about the model's budget.
ACME = pytest.mark.hub(
    name="Acme",
    email="hub@acme.test",
    time_zone="Europe/Berlin",
    members=[("admin@acme.test", "Ada Admin", "admin"), ("bob@example.com", "Bob Jones")],
)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    """A March 2026 instant in Berlin."""
    return datetime(2026, 3, day, hour, minute, tzinfo=BERLIN)


def standard_view(message_date: datetime | None = None) -> MeetingView:
    """Mon 2 March 2026: A Tue 10:00, B Wed 14:00, C Thu 09:30; 1 Zoom, 2 Office 3F."""
    times = {"A": at(3, 10), "B": at(4, 14), "C": at(5, 9, 30)}
    options = [
        OptionView(k, "time", v.isoformat(), v, v + timedelta(hours=1)) for k, v in times.items()
    ]
    options += [OptionView("1", "location", "Zoom"), OptionView("2", "location", "Office 3F")]
    return MeetingView("Q1 review", tuple(options), "Europe/Berlin", message_date or at(2, 8), 60)


def request_context() -> RequestContext:
    return RequestContext(
        sender_email="alice@example.com",
        sender_name="Alice Smith",
        message_date=at(2, 8),
        sender_tz="Europe/Berlin",
        hub_tz="Europe/Berlin",
        members=(
            PersonRef("Alice Smith", "alice@example.com", "member"),
            PersonRef("Bob Jones", "bob@example.com", "member"),
            PersonRef("Carol White", "carol@example.com", "member"),
        ),
        contacts=(PersonRef("Dave Brown", "dave@partner.org", "contact"),),
        default_duration_minutes=60,
    )
