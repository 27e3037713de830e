"""Creating a meeting twice with one Idempotency-Key makes one meeting and one set of mail."""

from datetime import timedelta

from django.utils import timezone

from hubs.api.idempotency import IN_PROGRESS, request_fingerprint
from hubs.models import ApiKey, IdempotentResponse
from mailbridge.models import OutboundMessage
from negotiation.models import Meeting


def test_one_key_one_meeting(hub, member, hub_api):
    start = timezone.now() + timedelta(days=2)
    body = {
        "topic": "Planning",
        "organiser": member.pk,
        "participants": [{"email": "bob@example.com"}],
        "options": [{"start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat()}],
    }
    first = hub_api.post("/api/v1/meetings/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-1")
    sent = OutboundMessage.objects.count()
    second = hub_api.post("/api/v1/meetings/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-1")
    assert first.status_code == second.status_code == 201
    assert first.json() == second.json()
    assert Meeting.objects.count() == 1 and OutboundMessage.objects.count() == sent
    changed = {**body, "topic": "Other"}
    response = hub_api.post("/api/v1/meetings/", changed, format="json", HTTP_IDEMPOTENCY_KEY="m-1")
    assert response.status_code == 422 and Meeting.objects.count() == 1


def _body(member):
    start = timezone.now() + timedelta(days=2)
    return {
        "topic": "Planning",
        "organiser": member.pk,
        "participants": [{"email": "bob@example.com"}],
        "options": [{"start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat()}],
    }


def _claim_running(key: str, body: dict, age: timedelta) -> None:
    """What a twin request sent a moment earlier leaves while it still runs."""
    [api_key] = ApiKey.objects.all()
    row = IdempotentResponse.objects.create(
        owner=f"key:{api_key.pk}",
        key=key,
        fingerprint=request_fingerprint(method="POST", path="/api/v1/meetings/", data=body),
        status_code=IN_PROGRESS,
    )
    IdempotentResponse.objects.filter(pk=row.pk).update(created_at=timezone.now() - age)


def test_a_twin_sent_while_the_first_still_runs_gets_409_not_a_second_meeting(hub, member, hub_api):
    body = _body(member)
    _claim_running("m-2", body, age=timedelta(seconds=1))
    response = hub_api.post("/api/v1/meetings/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-2")
    assert response.status_code == 409
    assert response["Content-Type"].startswith("application/problem+json")
    assert Meeting.objects.count() == 0


def test_a_claim_left_by_a_request_that_died_is_taken_over(hub, member, hub_api):
    body = _body(member)
    _claim_running("m-3", body, age=timedelta(minutes=11))
    response = hub_api.post("/api/v1/meetings/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-3")
    assert response.status_code == 201 and Meeting.objects.count() == 1
    again = hub_api.post("/api/v1/meetings/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-3")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"


def test_a_failed_request_leaves_no_claim_and_can_be_corrected_with_the_same_key(
    hub, member, hub_api
):
    bad = hub_api.post("/api/v1/meetings/", {}, format="json", HTTP_IDEMPOTENCY_KEY="m-4")
    assert bad.status_code == 400
    assert not IdempotentResponse.objects.filter(key="m-4").exists()
    body = _body(member)
    good = hub_api.post("/api/v1/meetings/", body, format="json", HTTP_IDEMPOTENCY_KEY="m-4")
    assert good.status_code == 201
