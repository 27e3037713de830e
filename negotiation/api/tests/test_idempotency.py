"""Creating a meeting twice with one Idempotency-Key makes one meeting and one set of mail."""

from datetime import timedelta

from django.utils import timezone

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
