"""Hubs, members, contacts and invite codes through the API, for hub keys and the operator."""

import pytest

from hubs.api.testing import api_client, api_key_make
from hubs.models import Contact, Hub, InviteCode, Member


def test_the_operator_lists_creates_and_deactivates_hubs(hub, other_hub, operator_api):
    listed = operator_api.get("/api/v1/hubs/").json()["results"]
    assert {h["id"] for h in listed} == {hub.pk, other_hub.pk}
    created = operator_api.post(
        "/api/v1/hubs/",
        {
            "name": "Club",
            "email": "Club@Hub.example.com",
            "time_zone": "Asia/Tokyo",
            "max_rounds": 3,
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    new = Hub.objects.get(pk=created.json()["id"])
    assert (new.email, new.time_zone, new.max_rounds, new.slug) == (
        "club@hub.example.com",
        "Asia/Tokyo",
        3,
        "club",
    )
    duplicate = operator_api.post(
        "/api/v1/hubs/", {"name": "Again", "email": "CLUB@hub.example.com"}, format="json"
    )
    assert duplicate.status_code == 400
    off = operator_api.post(f"/api/v1/hubs/{new.pk}/deactivate/")
    assert off.status_code == 200 and off.json()["active"] is False


def test_a_hub_key_reads_and_sets_its_own_hub_only(hub, other_hub, hub_api):
    assert [h["id"] for h in hub_api.get("/api/v1/hubs/").json()["results"]] == [hub.pk]
    changed = hub_api.patch(
        f"/api/v1/hubs/{hub.pk}/",
        {"response_window_hours": 48, "email": "stolen@hub.example.com", "active": False},
        format="json",
    )
    assert changed.status_code == 200, changed.content
    hub.refresh_from_db()
    # Settings change; the addresses and the switch are the operator's.
    assert (hub.response_window_hours, hub.email, hub.active) == (
        48,
        "family@hub.example.com",
        True,
    )
    assert hub_api.post("/api/v1/hubs/", {"name": "X", "email": "x@x.example"}).status_code == 403
    assert hub_api.post(f"/api/v1/hubs/{hub.pk}/deactivate/").status_code == 403
    bad = hub_api.patch(f"/api/v1/hubs/{hub.pk}/", {"time_zone": "Mars/Base"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "time_zone"


def test_members_are_added_changed_and_removed(hub, hub_api):
    created = hub_api.post(
        "/api/v1/members/",
        {
            "email": "Bob@Example.com",
            "name": "Bob",
            "preferred_times": [{"days": ["mon", "tue"], "start": "09:00", "end": "12:00"}],
            "auto_accept": True,
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    bob = Member.objects.get(pk=created.json()["id"])
    assert (bob.hub, bob.email, bob.auto_accept) == (hub, "bob@example.com", True)
    assert bob.preferred_times == [{"days": ["mon", "tue"], "start": "09:00", "end": "12:00"}]
    again = hub_api.post("/api/v1/members/", {"email": "bob@example.com"}, format="json")
    assert again.status_code == 400 and again.json()["errors"][0]["field"] == "email"
    slot = hub_api.patch(
        f"/api/v1/members/{bob.pk}/",
        {"blocked_times": [{"days": ["fri"], "start": "14:00", "end": "13:00"}]},
        format="json",
    )
    assert slot.status_code == 400
    assert slot.json()["errors"][0]["field"] == "blocked_times.0.end"
    assert (
        hub_api.patch(f"/api/v1/members/{bob.pk}/", {"name": "Robert"}).json()["name"] == "Robert"
    )
    assert hub_api.delete(f"/api/v1/members/{bob.pk}/").status_code == 204
    assert not Member.objects.filter(pk=bob.pk).exists()


def test_a_member_who_organises_meetings_cannot_be_removed(hub, member, hub_api):
    from negotiation.models import Meeting

    Meeting.objects.create(hub=hub, initiator=member)
    response = hub_api.delete(f"/api/v1/members/{member.pk}/")
    assert response.status_code == 409
    assert response["Content-Type"] == "application/problem+json"


def test_contacts_carry_their_agent_address(hub, hub_api):
    missing = hub_api.post(
        "/api/v1/contacts/", {"name": "Dave", "email": "dave@example.org", "has_agent": True}
    )
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "agent_email"
    created = hub_api.post(
        "/api/v1/contacts/",
        {
            "name": "Dave",
            "email": "dave@example.org",
            "has_agent": True,
            "agent_email": "bot@dave.example",
        },
    )
    assert created.status_code == 201, created.content
    assert created.json()["agent_email"] == "bot@dave.example"
    contact = Contact.objects.get(pk=created.json()["id"])
    assert (
        hub_api.get("/api/v1/contacts/", {"has_agent": "true"}).json()["results"][0]["id"]
        == contact.pk
    )
    assert hub_api.delete(f"/api/v1/contacts/{contact.pk}/").status_code == 204


def test_invite_codes_are_made_seen_and_revoked(hub, hub_api):
    made = hub_api.post(
        "/api/v1/invite-codes/", {"max_uses": 3, "expires_on": "2099-12-31"}, format="json"
    )
    assert made.status_code == 201, made.content
    code = made.json()["code"]
    assert len(code) > 20 and made.json()["uses"] == 0 and made.json()["remaining_uses"] == 3
    InviteCode.objects.filter(code=code).update(uses=2)
    seen = hub_api.get(f"/api/v1/invite-codes/{made.json()['id']}/").json()
    assert (seen["uses"], seen["remaining_uses"]) == (2, 1)
    named = hub_api.post("/api/v1/invite-codes/", {"code": "welcome-2026"}, format="json")
    assert named.json()["code"] == "welcome-2026"
    twice = hub_api.post("/api/v1/invite-codes/", {"code": "WELCOME-2026"}, format="json")
    assert twice.status_code == 400
    bad = hub_api.post("/api/v1/invite-codes/", {"code": "no spaces!", "max_uses": 0})
    assert {e["field"] for e in bad.json()["errors"]} == {"code", "max_uses"}
    assert hub_api.delete(f"/api/v1/invite-codes/{made.json()['id']}/").status_code == 204
    assert not InviteCode.objects.filter(code=code).exists()


@pytest.mark.parametrize("path", ["/api/v1/members/", "/api/v1/contacts/", "/api/v1/invite-codes/"])
def test_the_operator_names_the_hub_of_a_new_row(hub, operator_api, path):
    body = {"name": "Zed", "email": "zed@example.com"}
    response = operator_api.post(path, body, format="json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "hub"
    response = operator_api.post(path, {**body, "hub": hub.pk}, format="json")
    assert response.status_code == 201 and response.json()["hub"] == hub.pk


def test_a_hub_admins_staff_session_is_scoped_like_a_hub_key(hub, other_hub, member, client):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("ann", password="pw", is_staff=True)
    Member.objects.create(hub=hub, email="ann@example.com", role="admin", user=user)
    client.force_login(user)
    listed = client.get("/api/v1/hubs/", HTTP_ACCEPT="application/json").json()["results"]
    assert [h["id"] for h in listed] == [hub.pk]
    assert client.get(f"/api/v1/hubs/{other_hub.pk}/").status_code == 404
    assert client.get("/api/v1/members/", HTTP_ACCEPT="text/html").status_code == 200  # browsable
    stranger = get_user_model().objects.create_user("sam", password="pw", is_staff=True)
    client.force_login(stranger)
    assert client.get("/api/v1/hubs/").status_code == 403


def test_revoked_and_expired_keys_are_refused(hub):
    from datetime import timedelta

    from django.utils import timezone

    from hubs.models import ApiKey

    key = api_key_make(hub=hub)
    row = ApiKey.objects.get(hub=hub)
    assert api_client(key).get("/api/v1/hubs/").status_code == 200
    assert row.__class__.objects.get(pk=row.pk).last_used_at is not None
    ApiKey.objects.filter(pk=row.pk).update(expiry_date=timezone.now() - timedelta(seconds=1))
    assert api_client(key).get("/api/v1/hubs/").status_code == 401
    ApiKey.objects.filter(pk=row.pk).update(expiry_date=None, revoked=True)
    response = api_client(key).get("/api/v1/hubs/")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Api-Key"
    assert api_client(key + "x").get("/api/v1/hubs/").status_code == 401
