"""An integration asks for a meeting by API; people answer by mail; the API reads the outcome."""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils import timezone
from icalendar import Calendar

from hubs.api.testing import _fresh_api_throttle, api_client, api_key_make  # noqa: F401
from mailbridge.models import OutboundMessage
from negotiation.models import Event, Meeting

from .meeting_kit import recipients, to

BERLIN = ZoneInfo("Europe/Berlin")
PEOPLE = ["alice@example.com", "bob@example.com", "carol@example.com", "dave@example.org"]


def _morning(days: int) -> dict:
    day = timezone.now().astimezone(BERLIN).date() + timedelta(days=days)
    start = datetime.combine(day, time(11, 0), BERLIN)
    return {"start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat()}


def test_a_meeting_made_by_api_is_answered_by_mail_and_read_back(team, chat):
    client = api_client(api_key_make(hub=team.hub, name="crm"))
    body = {
        "topic": "Budget review",
        "organiser": team.alice.pk,
        "participants": [
            {"member": team.bob.pk},
            {"email": "carol@example.com"},  # a member's address makes her a member
            {"contact": team.dave.pk, "required": False},
        ],
        "options": [_morning(3), _morning(4)],
        "places": ["the office", "Zoom"],
    }
    with chat.flow.capture(execute=True):
        created = client.post("/api/v1/meetings/", body, format="json")
    assert created.status_code == 201, created.content
    meeting = Meeting.objects.get(pk=created.json()["id"])
    # The same invitations as a request by mail: queued as outbound rows, then sent.
    queued = OutboundMessage.objects.filter(hub=team.hub, thread_key__contains=meeting.session_id)
    assert sorted(queued.values_list("to_email", flat=True)) == PEOPLE
    invitations = chat._collect()
    assert recipients(invitations) == PEOPLE
    assert "Budget review" in to(invitations, "bob@example.com").subject
    kinds = {p["email"]: p["kind"] for p in created.json()["participants"]}
    assert kinds == {
        "alice@example.com": "member",
        "bob@example.com": "member",
        "carol@example.com": "member",
        "dave@example.org": "contact",
    }
    assert [o["label"] for o in created.json()["options"] if o["item"] == "time"] == ["A", "B"]
    actors = dict(Event.objects.filter(meeting=meeting).values_list("kind", "actor"))
    assert actors["requested"] == actors["started"] == "api:crm"

    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "B and 2")
    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "B 2")
    confirmations = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "B, 2")
    assert "alice@example.com" in recipients(confirmations)

    detail = client.get(f"/api/v1/meetings/{meeting.pk}/").json()
    assert detail["state"] == "confirmed"
    assert detail["confirmed_time"]["label"] == "B"
    assert detail["confirmed_place"]["place"] == "Zoom"
    assert detail["tally"]["time"]["chosen"] == "B"
    bob = next(p for p in detail["participants"] if p["email"] == "bob@example.com")
    assert {(a["option"], a["accepted"]) for a in bob["answers"]} >= {("B", True), ("2", True)}
    assert all(a["answered_at"] for a in bob["answers"])
    event = next(c for c in Calendar.from_ical(detail["ics"]).walk() if c.name == "VEVENT")
    assert event["UID"] == f"{meeting.session_id}@hub.example.com"
    assert event.decoded("DTSTART").astimezone(BERLIN).hour == 11
    assert str(event["LOCATION"]) == "Zoom"

    listed = client.get(
        "/api/v1/meetings/", {"state": "confirmed", "participant": "bob@example.com"}
    )
    assert [m["id"] for m in listed.json()["results"]] == [meeting.pk]
