"""`make sweep` holds the clock at each moment: check that it really does."""

import os
from datetime import datetime, timedelta

import pytest
from django.utils import timezone


def test_the_clock_starts_at_the_sweep_moment():
    moment = os.environ.get("AIMP_TEST_CLOCK")
    if not moment:
        pytest.skip("no AIMP_TEST_CLOCK: the default run reads today's date")
    # Ticking from the start of each test: a few seconds at most, never a day.
    assert abs(timezone.now() - datetime.fromisoformat(moment)) < timedelta(minutes=5)
