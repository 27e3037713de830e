"""Meetings by API: create, list filters, and the organiser's actions as Events by the key."""

from datetime import timedelta

import pytest
from django.utils import timezone

from hubs.api.testing import api_client, api_key_make
from hubs.models import Member
from mailbridge.models import OutboundMessage
from negotiation.models import Event, Meeting


@pytest.fixture
def bob(hub):
    return Member.objects.create(hub=hub, email="bob@example.com", name="Bob")


def _span(days: int, hours: int = 1) -> dict:
    start = (timezone.now() + timedelta(days=days)).replace(hour=10, minute=0, second=0)
    return {"start": start.isoformat(), "end": (start + timedelta(hours=hours)).isoformat()}


def _create(client, member, **extra):
    body = {
        "topic": "Planning",
        "organiser": member.pk,
        "participants": [{"email": "bob@example.com"}],
        "options": [_span(2), _span(3)],
        "places": ["Zoom"],
        **extra,
    }
    return client.post("/api/v1/meetings/", body, format="json")


def _actors(meeting_id: int) -> dict[str, str]:
    return dict(Event.objects.filter(meeting_id=meeting_id).values_list("kind", "actor"))


def test_create_from_windows_proposes_times_inside_them(hub_api, member, bob):
    window = _span(5, hours=8)
    response = _create(hub_api, member, options=[], windows=[window], duration_minutes=30)
    assert response.status_code == 201, response.content
    times = [o for o in response.json()["options"] if o["item"] == "time"]
    assert times and all(window["start"] <= o["start"] and o["end"] <= window["end"] for o in times)
    assert response.json()["duration_minutes"] == 30


def test_create_with_a_response_window_sets_the_deadline(hub_api, member, bob):
    response = _create(hub_api, member, response_window_hours=5)
    deadline = Meeting.objects.get(pk=response.json()["id"]).deadline
    assert timedelta(hours=4) < deadline - timezone.now() <= timedelta(hours=5)


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"participants": []}, "participants"),
        ({"participants": [{"email": "alice@example.com"}]}, "participants.0"),
        ({"participants": [{"email": "family@hub.example.com"}]}, "participants.0"),
        ({"participants": [{"member": "MEMBER", "email": "x@example.com"}]}, "participants.0"),
        ({"topic": "https://evil.example/x"}, "topic"),
        (
            {"options": [{"start": "2020-01-01T10:00:00Z", "end": "2020-01-01T11:00:00Z"}]},
            "options.0.end",
        ),
        ({"windows": [_span(2)]}, "options"),
        ({"organiser": 999999}, "organiser"),
        ({"places": ["a", "b", "c", "d"]}, "places"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_stores_nothing(hub_api, member, extra, field):
    # A real member's id (ids are not reset between tests on PostgreSQL).
    for person in extra.get("participants", []):
        if person.get("member") == "MEMBER":
            person["member"] = member.pk
    response = _create(hub_api, member, **extra)
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert field in [e["field"] for e in response.json()["errors"]]
    assert not Meeting.objects.exists() and not OutboundMessage.objects.exists()


def test_list_filters(hub_api, member, bob, hub):
    first = _create(hub_api, member).json()["id"]
    second = _create(hub_api, bob, participants=[{"email": "carol@example.com"}]).json()["id"]
    Meeting.objects.filter(pk=first).update(updated_at=timezone.now() - timedelta(days=3))

    def ids(**params):
        response = hub_api.get("/api/v1/meetings/", params)
        assert response.status_code == 200, response.content
        return sorted(m["id"] for m in response.json()["results"])

    assert ids() == [first, second]
    assert ids(organiser=bob.pk) == [second]
    assert ids(participant="carol@example.com") == [second]
    assert ids(participant="bob@example.com") == [first, second]  # Bob organises the second
    assert ids(state="negotiating") == [first, second]
    assert ids(state="confirmed") == []
    since = (timezone.now() - timedelta(days=1)).isoformat()
    assert ids(updated_since=since) == [second]
    assert ids(
        created_after=since, created_before=(timezone.now() + timedelta(days=1)).isoformat()
    ) == [first, second]
    assert hub_api.get("/api/v1/meetings/", {"state": "bogus"}).status_code == 400


def test_pick_confirms_and_the_events_name_the_key(hub, member, bob, mailoutbox):
    client = api_client(api_key_make(hub=hub, name="crm"))
    meeting_id = _create(client, member).json()["id"]
    bad = client.post(f"/api/v1/meetings/{meeting_id}/pick/", {"time": "Z", "place": "1"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "time"
    picked = client.post(f"/api/v1/meetings/{meeting_id}/pick/", {"time": "B", "place": ""})
    assert picked.status_code == 200, picked.content
    assert picked.json()["state"] == "confirmed"
    assert picked.json()["confirmed_time"]["label"] == "B"
    assert "BEGIN:VCALENDAR" in picked.json()["ics"]
    assert _actors(meeting_id)["picked"] == _actors(meeting_id)["confirmed"] == "api:crm"
    again = client.post(f"/api/v1/meetings/{meeting_id}/pick/", {"time": "A", "place": "1"})
    assert again.status_code == 409


def test_cancel_tells_everyone_and_cannot_happen_twice(hub, member, bob):
    client = api_client(api_key_make(hub=hub, name="crm"))
    meeting_id = _create(client, member).json()["id"]
    before = OutboundMessage.objects.count()
    response = client.post(f"/api/v1/meetings/{meeting_id}/cancel/")
    assert response.status_code == 200 and response.json()["state"] == "cancelled"
    assert OutboundMessage.objects.count() > before
    assert _actors(meeting_id)["cancelled"] == "api:crm"
    assert client.post(f"/api/v1/meetings/{meeting_id}/cancel/").status_code == 409


def test_remind_reaches_the_silent_within_the_caps(hub, member, bob):
    hub.quiet_hours_start = hub.quiet_hours_end = 0  # never quiet: the test runs at any hour
    hub.save()
    client = api_client(api_key_make(hub=hub, name="crm"))
    meeting_id = _create(client, member).json()["id"]
    for _ in range(2):
        response = client.post(f"/api/v1/meetings/{meeting_id}/remind/")
        assert response.json() == {"reminded": ["bob@example.com"]}
    assert client.post(f"/api/v1/meetings/{meeting_id}/remind/").json() == {"reminded": []}
    assert _actors(meeting_id)["reminded"] == "api:crm"


def test_reschedule_only_a_confirmed_meeting(hub, member, bob):
    client = api_client(api_key_make(hub=hub, name="crm"))
    meeting_id = _create(client, member).json()["id"]
    url = f"/api/v1/meetings/{meeting_id}/reschedule/"
    assert client.post(url, {}, format="json").status_code == 409
    client.post(f"/api/v1/meetings/{meeting_id}/pick/", {"time": "A", "place": "1"})
    moved = client.post(url, {"window": _span(6, hours=8)}, format="json")
    assert moved.status_code == 200, moved.content
    assert moved.json()["state"] == "negotiating" and moved.json()["confirmed_time"] is None
    live = [o for o in moved.json()["options"] if o["item"] == "time" and not o["withdrawn"]]
    assert live and all(o["label"] not in ("A", "B") for o in live)
    assert _actors(meeting_id)["rescheduled"] == "api:crm"


def test_a_read_only_key_reads_but_never_writes(hub, member, bob):
    writer = api_client(api_key_make(hub=hub))
    meeting_id = _create(writer, member).json()["id"]
    reader = api_client(api_key_make(hub=hub, access="read"))
    assert reader.get(f"/api/v1/meetings/{meeting_id}/").status_code == 200
    for response in (
        _create(reader, member),
        reader.post(f"/api/v1/meetings/{meeting_id}/cancel/"),
        reader.patch(f"/api/v1/hubs/{hub.pk}/", {"name": "X"}, format="json"),
    ):
        assert response.status_code == 403
        assert response.json()["detail"] == "This API key is read-only."
    assert Meeting.objects.count() == 1
