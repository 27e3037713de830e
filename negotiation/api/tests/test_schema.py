"""The OpenAPI schema: committed as openapi.yaml, and the live API keeps to it (schemathesis)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from aimp_site.wsgi import application
from hubs.api.testing import api_key_make
from negotiation.api.tests.world import rows_make
from tests.world import hub_make

COMMITTED = Path(__file__).resolve().parents[3] / "openapi.yaml"
REGENERATE = ".venv/bin/python manage.py spectacular --file openapi.yaml --validate"
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def test_the_committed_schema_is_the_generated_one(tmp_path):
    generated = tmp_path / "openapi.yaml"
    call_command("spectacular", "--file", str(generated), "--validate", "--fail-on-warn")
    assert generated.read_text() == COMMITTED.read_text(), (
        f"openapi.yaml is out of date: regenerate it with `{REGENERATE}`"
    )


def test_the_docs_are_served_without_a_cdn(client):
    page = client.get("/api/v1/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page
    # Every asset from this server, no address elsewhere: a bare "cdn" anywhere in the page
    # also matched the CSRF token Swagger's page embeds, which is random (a flaky failure).
    assets = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)""", page)
    assert assets and all(url.startswith("/static/") for url in assets)
    assert not re.search(r"(?:https?:)?//[^\s\"'<>]*cdn", page, re.I)
    assert client.get("/api/v1/schema/").status_code == 200


schema = schemathesis.openapi.from_path(str(COMMITTED))
schema.app = application
# Examples and fuzzing only: the coverage phase's many boundary cases per operation take
# minutes on a small machine; the bound below keeps the whole run near a minute.
schema.config.phases.coverage.enabled = False


@pytest.fixture
def hub_key(db):
    """A hub with a meeting, mail and model use, and its read-write key."""
    mine = rows_make(hub_make(name="Alpha"), "a")
    rows_make(hub_make(name="Beta"), "b")
    return api_key_make(hub=mine.hub, name="fuzz")


@schema.parametrize()
@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_keeps_to_the_schema(case, hub_key, settings):
    settings.AIMP_API_RATE = "100000/minute"
    # Called as a WSGI app, Django closes the database connection when a request ends,
    # which on PostgreSQL is the test's own transaction (Django's test client does the
    # same disconnect).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        case.call_and_validate(headers={"Authorization": f"Api-Key {hub_key}"}, checks=CHECKS)
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
