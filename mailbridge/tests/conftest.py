import pytest

from hubs.models import Hub, HubAlias, Member


@pytest.fixture
def hub(db):
    hub = Hub.objects.create(name="Family", slug="family", email="family@hub.example.com")
    HubAlias.objects.create(hub=hub, email="fam@alias.example.com")
    return hub


@pytest.fixture
def other_hub(db):
    return Hub.objects.create(name="Team", slug="team", email="team@hub.example.com")


@pytest.fixture
def member(hub):
    return Member.objects.create(hub=hub, email="alice@example.com", name="Alice")
