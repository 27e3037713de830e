"""The meeting page's actions run the organiser's services; another hub's meeting is out of reach."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from hubs.models import Member
from negotiation.models import Event, Meeting
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of, recipients
from tests.world import hub_make

REQUEST = (
    "Budget review with Bob and Carol next week, Tuesday or Wednesday afternoon, "
    "at the office or on Zoom."
)


@pytest.fixture(autouse=True)
def _working_hours():
    """A Monday morning: "remind" sends nothing in the participants' quiet hours.

    On the wall clock this module failed every night (reminders are never sent at
    night), so the clock is held where the actions do what they say.
    """
    import time_machine

    with time_machine.travel("2026-11-23 09:00 +00:00", tick=True):
        yield


@pytest.fixture
def opened(db, mailflow, client):
    team = make_team()
    ann = get_user_model().objects.create_user("ann", is_staff=True)
    Member.objects.create(hub=team.hub, email="ann@example.com", role="admin", user=ann)
    client.force_login(ann)
    chat = Chat(mailflow)
    meeting = meeting_of(chat.write("alice@example.com", REQUEST, subject="Budget review")[0])
    return chat, meeting


def test_the_page_shows_the_tally_and_an_admin_decides_for_the_organiser(client, opened, mailflow):
    _, meeting = opened
    mailflow.sent()
    page = client.get(reverse("admin:negotiation_meeting_change", args=[meeting.pk]))
    assert b'id="aimp-tally"' in page.content and b"Waiting for answers" in page.content
    assert b"(Europe/Berlin)" in page.content

    form = client.get(reverse("admin:negotiation_meeting_pick", args=[meeting.pk]))
    assert form.status_code == 200
    time = meeting.options.get(item="time", label="B")
    place = meeting.options.get(item="location", label="1")
    with mailflow.capture(execute=True):  # the outbox sends once the action commits
        response = client.post(
            reverse("admin:negotiation_meeting_pick", args=[meeting.pk]),
            {"time": time.pk, "place": place.pk},
        )
    assert response.status_code == 302
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
    assert (meeting.chosen_time_id, meeting.chosen_place_id) == (time.pk, place.pk)
    assert Event.objects.filter(meeting=meeting, kind=Event.Kind.PICKED).exists()
    # Everyone is told, the organiser included, as after "pick B1" by mail.
    assert recipients(mailflow.sent()) == [
        "alice@example.com",
        "bob@example.com",
        "carol@example.com",
    ]


def test_remind_and_cancel_call_the_services(client, opened):
    _, meeting = opened
    act = "admin:negotiation_meeting_act"
    assert client.post(reverse(act, args=[meeting.pk, "remind"])).status_code == 302
    assert Event.objects.filter(meeting=meeting, kind=Event.Kind.REMINDED).exists()
    assert client.get(reverse(act, args=[meeting.pk, "cancel"])).status_code == 302
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING  # a GET changes nothing
    assert client.post(reverse(act, args=[meeting.pk, "cancel"])).status_code == 302
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CANCELLED


def test_another_hubs_admin_cannot_act(client, opened, db):
    _, meeting = opened
    stranger = get_user_model().objects.create_user("eve", is_staff=True)
    other = hub_make(name="Other", email="other@hub.example.com")
    Member.objects.create(hub=other, email="eve@example.com", role="admin", user=stranger)
    client.force_login(stranger)
    response = client.post(reverse("admin:negotiation_meeting_act", args=[meeting.pk, "cancel"]))
    assert response.status_code == 404
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING
