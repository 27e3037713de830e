"""Webhook subscriptions by API: the secret once, private addresses refused, scoped by hub."""

from negotiation.models import WebhookSubscription


def test_subscribe_see_the_secret_once_rotate_and_remove(hub, hub_api, monkeypatch):
    monkeypatch.setattr("hubs.outbound_hosts.system_resolve", lambda host, port: ["93.184.215.14"])
    made = hub_api.post(
        "/api/v1/webhooks/",
        {"url": "https://hooks.example.com/aimp", "event_types": ["meeting.confirmed"]},
        format="json",
    )
    assert made.status_code == 201, made.content
    secret = made.json()["secret"]
    assert secret.startswith("whsec_")
    sub_id = made.json()["id"]
    assert "secret" not in hub_api.get(f"/api/v1/webhooks/{sub_id}/").json()
    rotated = hub_api.post(f"/api/v1/webhooks/{sub_id}/rotate-secret/").json()["secret"]
    assert rotated != secret
    off = hub_api.patch(f"/api/v1/webhooks/{sub_id}/", {"active": False}, format="json")
    assert off.json()["active"] is False
    assert hub_api.delete(f"/api/v1/webhooks/{sub_id}/").status_code == 204
    assert not WebhookSubscription.objects.exists()


def test_a_url_that_resolves_to_a_private_address_is_refused(hub, hub_api, settings):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = False
    for url in ("http://127.0.0.1:9000/hook", "http://10.0.0.5/hook", "http://localhost/x"):
        response = hub_api.post(
            "/api/v1/webhooks/", {"url": url, "event_types": ["meeting.created"]}, format="json"
        )
        assert response.status_code == 400, (url, response.content)
        assert response.json()["errors"][0]["field"] == "url"
    bad_type = hub_api.post(
        "/api/v1/webhooks/",
        {"url": "https://x.example.com", "event_types": ["nope"]},
        format="json",
    )
    assert bad_type.json()["errors"][0]["field"] == "event_types.0"
    assert not WebhookSubscription.objects.exists()


def test_a_member_created_by_api_is_announced(hub, hub_api):
    from negotiation.models import WebhookDelivery

    WebhookSubscription.objects.create(
        hub=hub, url="https://hooks.example.com/x", event_types=["member.joined"]
    )
    response = hub_api.post("/api/v1/members/", {"email": "new@example.com"}, format="json")
    assert response.status_code == 201
    [delivery] = WebhookDelivery.objects.filter(hub=hub)
    assert delivery.event_type == "member.joined"
