"""Meetings in the admin: each hub admin sees only their hub's meetings, read-only."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from hubs.models import Hub, Member
from negotiation.models import Event, Meeting, Participant


@pytest.fixture
def world(db):
    User = get_user_model()
    rows = {}
    for slug in ("red", "blue"):
        hub = Hub.objects.create(name=slug.title(), slug=slug, email=f"{slug}@hub.example.com")
        user = User.objects.create_user(f"{slug}-admin", is_staff=True)
        admin = Member.objects.create(
            hub=hub, email=f"admin@{slug}.example", role=Member.Role.ADMIN, user=user
        )
        meeting = Meeting.objects.create(hub=hub, initiator=admin, topic=f"{slug} secret plan")
        Participant.objects.create(hub=hub, meeting=meeting, email=admin.email, kind="member")
        Event.objects.create(
            hub=hub,
            meeting=meeting,
            kind="started",
            actor=admin.email,
            created_at=meeting.created_at,
        )
        rows[slug] = (hub, user, meeting)
    rows["operator"] = User.objects.create_superuser("root", "root@example.com", "x")
    return rows


@pytest.mark.parametrize("model", ["meeting", "participant", "meetingoption", "vote", "event"])
def test_changelists_open_for_the_operator(client, world, model):
    client.force_login(world["operator"])
    assert client.get(reverse(f"admin:negotiation_{model}_changelist")).status_code == 200


def test_hub_admin_sees_own_meetings_only(client, world):
    _, red_user, red_meeting = world["red"]
    _, _, blue_meeting = world["blue"]
    client.force_login(red_user)
    body = client.get(reverse("admin:negotiation_meeting_changelist")).content.decode()
    assert "red secret plan" in body and "blue secret plan" not in body
    page = client.get(reverse("admin:negotiation_meeting_change", args=[red_meeting.pk]))
    assert page.status_code == 200 and "started" in page.content.decode()
    other = client.get(reverse("admin:negotiation_meeting_change", args=[blue_meeting.pk]))
    assert other.status_code in (302, 404)
    events = client.get(reverse("admin:negotiation_event_changelist")).content.decode()
    assert "admin@red.example" in events and "admin@blue.example" not in events


def test_meetings_are_read_only_even_for_the_operator(client, world):
    _, _, meeting = world["red"]
    client.force_login(world["operator"])
    url = reverse("admin:negotiation_meeting_change", args=[meeting.pk])
    client.post(url, {"topic": "changed", "status": "cancelled"})
    meeting.refresh_from_db()
    assert meeting.topic == "red secret plan" and meeting.status == Meeting.Status.NEGOTIATING
    assert client.get(reverse("admin:negotiation_meeting_add")).status_code == 403


def test_the_meeting_page_says_each_persons_answer_in_words(client, mailflow, db):
    from django.contrib.auth import get_user_model

    from tests.scenarios.meeting_kit import Chat, make_team, meeting_of, to

    make_team()
    chat = Chat(mailflow)
    invitations = chat.write(
        "alice@example.com",
        "Budget review with Bob and Carol next Tuesday afternoon, on Zoom.",
        subject="Budget review",
    )
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "Is there a dial-in?")
    meeting = meeting_of(invitations[0])
    client.force_login(get_user_model().objects.create_superuser("root", "r@example.com", "x"))
    page = client.get(reverse("admin:negotiation_meeting_change", args=[meeting.pk]))
    body = page.content.decode()
    assert "time A, place 1" in body  # Bob
    assert "1 question(s) or note(s) passed on" in body  # Carol
    assert "no answer yet" in body  # Alice
