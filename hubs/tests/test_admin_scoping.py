"""HubScopedAdmin as other apps use it: lookup paths, choices of any hub-owned model."""

from types import SimpleNamespace

import pytest
from django.contrib.admin import AdminSite
from django.contrib.auth import get_user_model

from hubs.admin_scoping import HubScopedAdmin, _hub_id_of, _scope_choices, admin_hub_ids
from hubs.models import Contact, Hub, InviteCode, Member


def test_hub_id_follows_a_lookup_path():
    vote = SimpleNamespace(participant=SimpleNamespace(meeting=SimpleNamespace(hub_id=7)))
    assert _hub_id_of(vote, "participant__meeting__hub") == 7
    assert _hub_id_of(SimpleNamespace(hub_id=3), "hub") == 3
    assert _hub_id_of(SimpleNamespace(pk=5), "") == 5
    assert _hub_id_of(SimpleNamespace(participant=None), "participant__meeting__hub") is None


@pytest.fixture
def two_hubs(db):
    a = Hub.objects.create(name="A", slug="a", email="a@hub.example.com")
    b = Hub.objects.create(name="B", slug="b", email="b@hub.example.com")
    User = get_user_model()
    ann = User.objects.create_user("ann", is_staff=True)
    bob = User.objects.create_user("bob", is_staff=True)
    Member.objects.create(hub=a, email="ann@example.com", role="admin", user=ann)
    Member.objects.create(hub=b, email="bob@example.com", role="admin", user=bob)
    return a, b, ann, bob


def test_admin_hub_ids_need_an_active_staff_admin_member(two_hubs):
    a, b, ann, bob = two_hubs
    assert admin_hub_ids(ann) == {a.pk}
    bob.is_active = False
    assert admin_hub_ids(bob) == frozenset()
    member_only = get_user_model().objects.create_user("m", is_staff=True)
    Member.objects.create(hub=b, email="m@example.com", role="member", user=member_only)
    assert admin_hub_ids(member_only) == frozenset()


def test_choices_of_any_hub_owned_model_and_of_users_are_scoped(two_hubs):
    a, b, ann, bob = two_hubs
    site = AdminSite(name="scoping-test")

    class ContactAdmin(HubScopedAdmin):
        pass

    site.register(Contact, ContactAdmin)
    Contact.objects.create(hub=a, name="Ca", email="ca@example.com")
    Contact.objects.create(hub=b, name="Cb", email="cb@example.com")
    InviteCode.objects.create(hub=a, code="code-a")
    InviteCode.objects.create(hub=b, code="code-b")
    assert [c.name for c in _scope_choices(Contact.objects.all(), ann, site)] == ["Ca"]
    assert [h.name for h in _scope_choices(Hub.objects.all(), ann, site)] == ["A"]
    # Not registered on this site: found through its `hub` field.
    assert [i.code for i in _scope_choices(InviteCode.objects.all(), ann, site)] == ["code-a"]
    users = _scope_choices(get_user_model().objects.all(), ann, site)
    assert [u.username for u in users] == ["ann"]
    operator = get_user_model().objects.create_superuser("op", "op@example.com", "pw")
    assert _scope_choices(Contact.objects.all(), operator, site).count() == 2
