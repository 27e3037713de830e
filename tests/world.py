"""One world for the whole suite: hubs, their people and the fake model server.

Loaded as a pytest plugin from the root conftest.py, so no test module defines its own
`hub`. A module that needs the hub in another shape says so with a marker:

    pytestmark = pytest.mark.hub(time_zone="Asia/Tokyo", members=[("alice@example.com", "Alice")])

and a test that needs a second or odd hub builds it with `hub_make`.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from tests.llm_fake.server import FakeLLM

FAMILY = "family@hub.example.com"
FAMILY_ALIAS = "fam@alias.example.com"


def hub_make(
    *,
    name: str = "Family",
    email: str | None = None,
    aliases: Iterable[str] = (),
    members: Iterable[tuple[str, ...]] = (),
    **fields,
):
    """Create a hub, its aliases and members ((email, name[, role]) each); return the hub."""
    from hubs.models import Hub, HubAlias, Member

    slug = fields.pop("slug", name.lower().replace(" ", "-"))
    hub = Hub.objects.create(
        name=name, slug=slug, email=email or f"{slug}@hub.example.com", **fields
    )
    for alias in aliases:
        HubAlias.objects.create(hub=hub, email=alias)
    for email_, member_name, *role in members:
        Member.objects.create(
            hub=hub, email=email_, name=member_name, role=role[0] if role else "member"
        )
    return hub


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "hub(**fields): the shape of the `hub` fixture's hub (see tests/world.py)"
    )


@pytest.fixture
def hub(request, db):
    """The Family hub (family@hub.example.com, alias fam@alias.example.com), or the marker's."""
    marker = request.node.get_closest_marker("hub")
    shape = {"aliases": (FAMILY_ALIAS,), **(marker.kwargs if marker else {})}
    return hub_make(**shape)


@pytest.fixture
def other_hub(db):
    """A second tenant, to prove the first never sees it."""
    return hub_make(name="Team")


@pytest.fixture
def member(hub):
    """Alice, an ordinary member of `hub`."""
    from hubs.models import Member

    return Member.objects.get_or_create(
        hub=hub, email="alice@example.com", defaults={"name": "Alice"}
    )[0]


@pytest.fixture(scope="session")
def fake_llm_server():
    """One OpenAI-compatible HTTP server for the session (tests/llm_fake)."""
    server = FakeLLM().start()
    yield server
    server.stop()


@pytest.fixture
def fake_llm(fake_llm_server):
    """The fake model, with no scripted answers left from another test."""
    fake_llm_server.reset()
    yield fake_llm_server
    fake_llm_server.reset()


def llm_settings_make(hub, fake: FakeLLM, **fields):
    """Point `hub`'s language model at the fake server; return its settings."""
    from hubs.models import HubLLMSettings

    values = {
        "enabled": True,
        "model": "openai/fake-model",
        "api_base": fake.api_base,
        "api_key": "sk-test-secret",
        "timeout_seconds": 5,
        "max_tokens": 300,
        **fields,
    }
    return HubLLMSettings.objects.create(hub=hub, **values)


@pytest.fixture
def llm_settings(hub, fake_llm):
    """`hub` with its model on the fake server."""
    return llm_settings_make(hub, fake_llm)
