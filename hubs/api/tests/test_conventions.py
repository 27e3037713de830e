"""Conventions every endpoint shares: problem+json, Idempotency-Key, the rate per key."""

from hubs.api.testing import api_client, api_key_make
from hubs.models import Contact

PROBLEM_KEYS = {"type", "title", "status", "detail"}


def test_errors_are_problem_documents(hub, other_hub, hub_api):
    cases = {
        400: hub_api.post("/api/v1/contacts/", {"name": "", "email": "not-an-address"}),
        403: hub_api.post("/api/v1/hubs/", {"name": "X", "email": "x@example.com"}),
        404: hub_api.get(f"/api/v1/hubs/{other_hub.pk}/"),
        401: api_client().get("/api/v1/hubs/"),
    }
    for status, response in cases.items():
        assert response.status_code == status
        assert response["Content-Type"] == "application/problem+json"
        body = response.json()
        assert set(body) >= PROBLEM_KEYS and body["status"] == status
    fields = {e["field"] for e in cases[400].json()["errors"]}
    assert fields == {"name", "email"}
    assert "email" in cases[400].json()["detail"]


def test_malformed_json_is_a_400_not_a_500(hub_api):
    response = hub_api.generic(
        "POST", "/api/v1/contacts/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"


def test_the_same_idempotency_key_replays_the_first_response(hub, hub_api):
    body = {"name": "Dave", "email": "dave@example.org"}
    first = hub_api.post("/api/v1/contacts/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    second = hub_api.post("/api/v1/contacts/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert second["Idempotent-Replayed"] == "true"
    assert Contact.objects.count() == 1
    other = hub_api.post(
        "/api/v1/contacts/", {**body, "name": "Eve"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert other.status_code == 422
    assert other["Content-Type"] == "application/problem+json"
    # Keys belong to one caller: another key may use the same Idempotency-Key.
    stranger = api_client(api_key_make(hub=hub, name="other"))
    fresh = stranger.post(
        "/api/v1/contacts/", {"name": "Fay", "email": "fay@example.org"}, HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert fresh.status_code == 201 and Contact.objects.count() == 2


def test_a_failed_request_can_be_retried_with_the_same_key(hub_api):
    bad = hub_api.post("/api/v1/contacts/", {"name": "Dave"}, HTTP_IDEMPOTENCY_KEY="k-2")
    assert bad.status_code == 400
    fixed = hub_api.post(
        "/api/v1/contacts/", {"name": "Dave", "email": "d@example.org"}, HTTP_IDEMPOTENCY_KEY="k-2"
    )
    assert fixed.status_code == 201


def test_each_key_has_its_own_rate_and_hears_when_to_retry(hub, settings):
    settings.AIMP_API_RATE = "3/minute"
    busy = api_client(api_key_make(hub=hub, name="busy"))
    calm = api_client(api_key_make(hub=hub, name="calm"))
    assert [busy.get("/api/v1/hubs/").status_code for _ in range(3)] == [200, 200, 200]
    limited = busy.get("/api/v1/hubs/")
    assert limited.status_code == 429
    assert limited["Content-Type"] == "application/problem+json"
    assert 1 <= int(limited["Retry-After"]) <= 60
    assert calm.get("/api/v1/hubs/").status_code == 200
