"""The fault and load suite: real processes on 127.0.0.1 against PostgreSQL and Redis.

Tests here carry the `reliability` marker and run only when DATABASE_URL points at
PostgreSQL and REDIS_URL is set (CI's second run). Elsewhere they are skipped with
that reason; with CI=true on PostgreSQL a missing REDIS_URL is an error, not a skip.
Sizes come from RELIABILITY_* environment variables (see product.py).
"""

import os

import pytest

from tests.reliability.figures import RECORDED, figures_table
from tests.reliability.product import Product


def _scale_path() -> tuple[bool, str]:
    from django.conf import settings

    on_pg = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    has_redis = bool(os.environ.get("REDIS_URL"))
    if on_pg and has_redis:
        return True, ""
    return False, "reliability suite runs on PostgreSQL + Redis only (DATABASE_URL, REDIS_URL)"


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "reliability: fault and load suite (real processes, PostgreSQL + Redis only)"
    )


def pytest_collection_modifyitems(config, items):
    marked = [item for item in items if "reliability" in item.keywords]
    if not marked:
        return
    ok, reason = _scale_path()
    if ok:
        return
    from django.conf import settings

    on_pg = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    if os.environ.get("CI") == "true" and on_pg:
        raise pytest.UsageError(f"CI on PostgreSQL must run the reliability suite: {reason}")
    for item in marked:
        item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture
def product(request, transactional_db, tmp_path):
    """The product's web server and worker cluster on this test's database (stopped after).

    On Redis unless a test asks, with `indirect` parametrisation, for "orm": the ORM
    broker, with no Redis, whose queue is the database's rows.
    """
    broker = getattr(request, "param", "redis")
    running = Product(tmp_path, broker=broker)
    if broker == "orm":
        # Without Redis the cache is a table of the database, as on the embedded defaults.
        running.manage("createcachetable")
    try:
        yield running
    finally:
        running.stop()


def pytest_terminal_summary(terminalreporter):
    if RECORDED:
        terminalreporter.section("reliability figures")
        for line in figures_table():
            terminalreporter.write_line(line)
