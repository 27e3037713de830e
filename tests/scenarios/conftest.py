"""Fixtures for whole email conversations with a hub."""

from datetime import datetime

import pytest
import time_machine

from .meeting_kit import Chat, make_team
from .moments import MOMENTS


@pytest.fixture
def team(db):
    return make_team()


@pytest.fixture
def chat(mailflow):
    return Chat(mailflow)


@pytest.fixture
def today(request):
    """Hold the whole test at the moment named by its parameter (the clock ticking)."""
    with time_machine.travel(datetime.fromisoformat(MOMENTS[request.param]), tick=True):
        yield request.param
