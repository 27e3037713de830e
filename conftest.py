"""Project-wide pytest fixtures."""

import os
from datetime import datetime

import pytest

from aimp_site.catalogues import catalogues_compile

pytest_plugins = ["mailbridge.testing", "tests.world"]


def pytest_configure(config):
    """Compile missing or stale translation catalogues, so a fresh clone's pytest works."""
    # Workers of pytest-xdist find them compiled by the controller.
    if not hasattr(config, "workerinput"):
        catalogues_compile()


@pytest.fixture(autouse=True)
def _no_remembered_hub_addresses():
    """Start every test with nothing remembered of the previous test's hubs (rolled back)."""
    from hubs.address_cache import hub_addresses_forget

    hub_addresses_forget()
    yield
    hub_addresses_forget()


@pytest.fixture(autouse=True)
def _clock_from_environment():
    """Start every test's clock at AIMP_TEST_CLOCK (ISO 8601) when set (`make sweep`)."""
    moment = os.environ.get("AIMP_TEST_CLOCK")
    if not moment:
        yield
        return
    import time_machine

    # Ticking: code that waits or measures time still sees it pass. A test's own
    # time-machine travel (the scenarios' `today`) nests inside this one and wins.
    with time_machine.travel(datetime.fromisoformat(moment), tick=True):
        yield
