import socket

import pytest

from tests.llm_fake.server import FakeLLM


@pytest.fixture(scope="session")
def fake_llm_server():
    server = FakeLLM().start()
    yield server
    server.stop()


@pytest.fixture
def fake_llm(fake_llm_server):
    fake_llm_server.reset()
    yield fake_llm_server
    fake_llm_server.reset()


@pytest.fixture
def hub(db):
    from hubs.models import Hub, Member

    hub = Hub.objects.create(
        name="Acme", slug="acme", email="hub@acme.test", time_zone="Europe/Berlin"
    )
    Member.objects.create(hub=hub, email="admin@acme.test", name="Ada Admin", role="admin")
    Member.objects.create(hub=hub, email="bob@example.com", name="Bob Jones")
    return hub


@pytest.fixture
def llm_settings(hub, fake_llm):
    from hubs.models import HubLLMSettings

    return HubLLMSettings.objects.create(
        hub=hub,
        enabled=True,
        model="openai/fake-model",
        api_base=fake_llm.api_base,
        api_key="sk-test-secret",
        timeout_seconds=5,
        max_tokens=300,
    )


@pytest.fixture
def refused_api_base():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"  # nothing listens there any more
