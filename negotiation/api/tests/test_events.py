"""The audit feed: oldest first by cursor, filtered by meeting, kind and time."""

from datetime import timedelta

from django.utils import timezone

from negotiation.api.tests.world import rows_make
from negotiation.models import Event


def test_the_feed_pages_by_cursor_and_filters(hub, hub_api):
    rows = rows_make(hub, "a")
    second = rows_make(hub, "b").meeting
    page = hub_api.get("/api/v1/events/", {"page_size": 2}).json()
    assert len(page["results"]) == 2 and page["next"]
    everything = page["results"]
    while page["next"]:
        page = hub_api.get(page["next"]).json()
        everything += page["results"]
    ids = [e["id"] for e in everything]
    assert ids == sorted(ids) and len(ids) == Event.objects.count()
    mine = hub_api.get("/api/v1/events/", {"meeting": rows.meeting.pk}).json()["results"]
    assert {e["meeting"] for e in mine} == {rows.meeting.pk}
    assert mine[0]["kind"] == "requested" and mine[0]["actor"] == "api:a"
    started = hub_api.get("/api/v1/events/", {"kind": "started"}).json()["results"]
    assert {e["session_id"] for e in started} == {rows.meeting.session_id, second.session_id}
    later = (timezone.now() + timedelta(minutes=1)).isoformat()
    assert hub_api.get("/api/v1/events/", {"since": later}).json()["results"] == []
    assert hub_api.get("/api/v1/events/", {"kind": "nonsense"}).status_code == 400
