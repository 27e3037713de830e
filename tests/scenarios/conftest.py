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


# Moments at which a conversation reads differently: "next Tuesday" on a Monday is
# tomorrow or a week later (both are offered), on a Sunday both readings coincide;
# in summer New York is on EDT and Berlin's afternoon starts at 12:00 UTC; just after
# midnight in Berlin it is already Friday there but still Thursday in UTC.
MOMENTS = {
    "sunday": "2026-11-22T09:30:00+00:00",
    "monday": "2026-11-23T09:30:00+00:00",
    "tuesday": "2026-11-24T09:30:00+00:00",
    "summer": "2027-06-14T09:30:00+00:00",
    "friday_night": "2026-11-26T23:30:00+00:00",
}


@pytest.fixture
def today(request):
    """Hold the whole test at the moment named by its parameter (the clock ticking)."""
    with time_machine.travel(datetime.fromisoformat(MOMENTS[request.param]), tick=True):
        yield request.param
