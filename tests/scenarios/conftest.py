"""Fixtures for whole email conversations with a hub."""

from datetime import datetime

import pytest
import time_machine

from .meeting_kit import Chat, make_team


@pytest.fixture
def team(db):
    return make_team()


@pytest.fixture
def chat(mailflow):
    return Chat(mailflow)


# Days on which a conversation reads differently: "next Tuesday" on a Monday is
# tomorrow or a week later (both are offered), on a Sunday both readings coincide;
# in summer New York is on EDT and Berlin's afternoon starts at 12:00 UTC.
DAYS = {
    "sunday": "2026-11-22",
    "monday": "2026-11-23",
    "tuesday": "2026-11-24",
    "summer": "2027-06-14",
}


@pytest.fixture
def today(request):
    """Hold the whole test on the day named by its parameter (09:30 UTC, clock ticking)."""
    day = DAYS[request.param]
    with time_machine.travel(datetime.fromisoformat(f"{day}T09:30:00+00:00"), tick=True):
        yield request.param
