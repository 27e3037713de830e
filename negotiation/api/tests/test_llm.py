"""LLM settings by API: the key is write-only and never comes back; usage per month."""

from datetime import UTC, datetime, timedelta

from hubs.models import HubLLMSettings
from negotiation.models import LLMCall


def test_the_key_is_stored_encrypted_and_never_returned(hub, hub_api):
    url = f"/api/v1/llm-settings/{hub.pk}/"
    response = hub_api.patch(
        url,
        {"enabled": True, "model": "openai/gpt-4o-mini", "api_key": "sk-very-secret"},
        format="json",
    )
    assert response.status_code == 200, response.content
    for body in (response, hub_api.get(url), hub_api.get("/api/v1/llm-settings/")):
        assert b"sk-very-secret" not in body.content and b'api_key"' not in body.content
    assert response.json()["api_key_set"] is True
    assert HubLLMSettings.objects.get(hub=hub).api_key == "sk-very-secret"
    # Left out, the key stays; cleared, it goes.
    hub_api.patch(url, {"temperature": 0.5}, format="json")
    assert HubLLMSettings.objects.get(hub=hub).api_key == "sk-very-secret"
    cleared = hub_api.patch(url, {"clear_api_key": True}, format="json")
    assert cleared.json()["api_key_set"] is False


def test_settings_are_checked_as_in_the_admin(hub, hub_api, settings):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    url = f"/api/v1/llm-settings/{hub.pk}/"
    private = hub_api.patch(url, {"api_base": "http://127.0.0.1:8080/v1"}, format="json")
    assert private.status_code == 400 and private.json()["errors"][0]["field"] == "api_base"
    hot = hub_api.patch(url, {"temperature": 5}, format="json")
    assert hot.status_code == 400 and hot.json()["errors"][0]["field"] == "temperature"
    assert not HubLLMSettings.objects.exists()


def test_usage_per_month(hub, other_hub, hub_api):
    def call(at, hub_=hub, outcome="ok", tokens=10):
        row = LLMCall.objects.create(
            hub=hub_,
            purpose="reply",
            model="m",
            prompt_tokens=tokens,
            completion_tokens=1,
            cost_usd="0.5",
            outcome=outcome,
        )
        LLMCall.objects.filter(pk=row.pk).update(created_at=at)

    march, april = datetime(2026, 3, 5, tzinfo=UTC), datetime(2026, 4, 1, 1, tzinfo=UTC)
    call(march)
    call(march + timedelta(days=3), outcome="timeout")
    call(april, tokens=100)
    call(april, hub_=other_hub)
    usage = hub_api.get("/api/v1/llm-usage/").json()
    assert usage == [
        {
            "hub": hub.pk,
            "month": "2026-04",
            "calls": 1,
            "failed_calls": 0,
            "prompt_tokens": 100,
            "completion_tokens": 1,
            "total_tokens": 101,
            "cost_usd": "0.500000",
        },
        {
            "hub": hub.pk,
            "month": "2026-03",
            "calls": 2,
            "failed_calls": 1,
            "prompt_tokens": 20,
            "completion_tokens": 2,
            "total_tokens": 22,
            "cost_usd": "1.000000",
        },
    ]
    assert hub_api.get("/api/v1/llm-usage/", {"hub": "x"}).status_code == 400
