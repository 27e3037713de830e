"""Test support for the API: keys, and a client that sends one (a pytest plugin)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from hubs.models import ApiKey


def api_key_make(*, hub=None, access: str = ApiKey.Access.WRITE, name: str = "test") -> str:
    """Make an API key (hub None: the operator's) and return the key itself."""
    _, key = ApiKey.objects.create_key(name=name, hub=hub, access=access)
    return key


def api_client(key: str | None = None) -> APIClient:
    """A client that sends `Authorization: Api-Key <key>` (none without a key)."""
    client = APIClient()
    if key:
        client.credentials(HTTP_AUTHORIZATION=f"Api-Key {key}")
    return client


@pytest.fixture(autouse=True)
def _fresh_api_throttle(monkeypatch):
    """Every test counts its requests in a cache of its own.

    Not `cache.clear()`: on Redis that empties the database every parallel test worker
    shares, wiping another test's counters halfway.
    """
    from django.core.cache.backends.locmem import LocMemCache

    from hubs.api.throttling import ApiKeyRateThrottle

    monkeypatch.setattr(ApiKeyRateThrottle, "cache", LocMemCache(f"throttle-{id(monkeypatch)}", {}))
    yield


@pytest.fixture
def hub_api(hub):
    """A read-write client of `hub`'s own key."""
    return api_client(api_key_make(hub=hub, name="hub-key"))


@pytest.fixture
def operator_api(db):
    """A read-write client of an operator key."""
    return api_client(api_key_make(name="operator-key"))
