"""A hub admin sees and touches only their own hubs in the real admin; the operator sees all."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from hubs.models import Contact, Hub, HubAlias, InviteCode, Member
from hubs.services import hub_admin_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    """Hubs A and B run by Ann, hub C run by Carl; each hub has one row of every kind."""
    hubs = {}
    for key in "abc":
        hub = Hub.objects.create(
            name=f"Hub{key.upper()}", slug=f"hub-{key}", email=f"{key}@hub.example.com"
        )
        HubAlias.objects.create(hub=hub, email=f"alias-{key}@hub.example.com")
        Member.objects.create(
            hub=hub, email=f"member-{key}@example.com", name=f"Member{key.upper()}"
        )
        Contact.objects.create(
            hub=hub, name=f"Contact{key.upper()}", email=f"contact-{key}@example.com"
        )
        InviteCode.objects.create(hub=hub, code=f"code-{key}-secret", max_uses=2)
        hubs[key] = hub
    ann_a = Member.objects.create(hub=hubs["a"], email="ann@example.com", name="Ann", role="admin")
    ann_b = Member.objects.create(hub=hubs["b"], email="ann@example.com", name="Ann", role="admin")
    carl = Member.objects.create(hub=hubs["c"], email="carl@example.com", name="Carl", role="admin")
    users = {
        "ann": hub_admin_grant(member=ann_a),
        "carl": hub_admin_grant(member=carl),
        "operator": get_user_model().objects.create_superuser("op", "op@example.com", "pw"),
    }
    assert hub_admin_grant(member=ann_b) == users["ann"]
    return hubs, users


def url(model, action, *args):
    return reverse(f"admin:hubs_{model}_{action}", args=args)


def as_user(client, user):
    client.force_login(user)
    return client


def not_shown(response):
    """Another hub's object page: not found (404), forbidden (403) or bounced to the index."""
    if response.status_code == 302:
        return response["Location"] in (reverse("admin:index"), "/admin/")
    return response.status_code in (403, 404)


ROWS = {
    "member": lambda k: f"member-{k}@example.com",
    "contact": lambda k: f"contact-{k}@example.com",
    "invitecode": lambda k: f"code-{k}-secret",
    "hubalias": lambda k: f"alias-{k}@hub.example.com",
    "hub": lambda k: f"{k}@hub.example.com",
}
MODELS = {"member": Member, "contact": Contact, "invitecode": InviteCode, "hubalias": HubAlias}


@pytest.mark.parametrize("model", list(ROWS))
def test_hub_admin_changelist_shows_only_own_hubs_rows(client, world, model):
    _, users = world
    body = as_user(client, users["ann"]).get(url(model, "changelist")).content.decode()
    assert ROWS[model]("a") in body and ROWS[model]("b") in body
    assert ROWS[model]("c") not in body
    body = as_user(client, users["carl"]).get(url(model, "changelist")).content.decode()
    assert ROWS[model]("c") in body
    assert ROWS[model]("a") not in body and ROWS[model]("b") not in body


@pytest.mark.parametrize("model", list(ROWS))
def test_operator_sees_every_hubs_rows(client, world, model):
    _, users = world
    body = as_user(client, users["operator"]).get(url(model, "changelist")).content.decode()
    for key in "abc":
        assert ROWS[model](key) in body


@pytest.mark.parametrize("model", list(MODELS))
def test_hub_admin_gets_no_page_of_another_hubs_row(client, world, model):
    hubs, users = world
    other = (
        MODELS[model].objects.exclude(name__in=["Ann", "Carl"]).get(hub=hubs["c"])
        if model == "member"
        else MODELS[model].objects.get(hub=hubs["c"])
    )
    as_user(client, users["ann"])
    for action in ("change", "delete", "history"):
        response = client.get(url(model, action, other.pk))
        assert not_shown(response), (action, response.status_code)
        assert ROWS[model]("c") not in response.content.decode()
    # Deleting by a forged POST changes nothing.
    client.post(url(model, "delete", other.pk), {"post": "yes"})
    assert MODELS[model].objects.filter(pk=other.pk).exists()
    own = MODELS[model].objects.filter(hub=hubs["a"]).first()
    assert client.get(url(model, "change", own.pk)).status_code == 200


def test_hub_admin_gets_no_change_page_of_another_hub(client, world):
    hubs, users = world
    as_user(client, users["ann"])
    assert not_shown(client.get(url("hub", "change", hubs["c"].pk)))
    assert client.get(url("hub", "change", hubs["a"].pk)).status_code == 200
    # Hub admins never add or delete hubs, not even their own.
    assert client.get(url("hub", "add")).status_code == 403
    assert client.get(url("hub", "delete", hubs["a"].pk)).status_code == 403
    assert client.post(url("hub", "delete", hubs["a"].pk), {"post": "yes"}).status_code == 403
    assert Hub.objects.count() == 3


def _select_options(body: str, name: str) -> list[str]:
    match = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', body, re.S)
    assert match, f"no select {name}"
    return re.findall(r'<option value="(\d+)"', match.group(1))


@pytest.mark.parametrize("model", ["member", "contact", "invitecode"])
def test_hub_admin_foreign_key_choices_are_own_hubs_only(client, world, model):
    hubs, users = world
    body = as_user(client, users["ann"]).get(url(model, "add")).content.decode()
    assert sorted(_select_options(body, "hub")) == sorted([str(hubs["a"].pk), str(hubs["b"].pk)])
    body = as_user(client, users["operator"]).get(url(model, "add")).content.decode()
    assert len(_select_options(body, "hub")) == 3


def test_member_login_choice_does_not_leak_other_users(client, world):
    hubs, users = world
    own = Member.objects.get(hub=hubs["a"], email="member-a@example.com")
    body = as_user(client, users["ann"]).get(url("member", "change", own.pk)).content.decode()
    assert '<select name="user"' not in body
    assert "carl@example.com" not in body and ">op<" not in body
    # A forged user id in the POST is ignored: the field is not editable for hub admins.
    client.post(
        url("member", "change", own.pk),
        {
            "hub": hubs["a"].pk,
            "email": own.email,
            "name": "Renamed",
            "role": "member",
            "user": users["carl"].pk,
            "preferred_times": "",
            "blocked_times": "",
            "preferred_locations": "",
        },
    )
    own.refresh_from_db()
    assert own.name == "Renamed"
    assert own.user_id is None
    # The operator chooses among all users.
    body = as_user(client, users["operator"]).get(url("member", "change", own.pk)).content.decode()
    assert str(users["carl"].pk) in _select_options(body, "user")


def test_hub_filter_lists_only_own_hubs(client, world):
    _, users = world
    body = as_user(client, users["ann"]).get(url("member", "changelist")).content.decode()
    assert "hub__id__exact" in body
    assert "HubA" in body and "HubB" in body and "HubC" not in body
    body = as_user(client, users["operator"]).get(url("member", "changelist")).content.decode()
    assert "HubC" in body
    # Asking for another hub's rows through the filter yields nothing of it.
    hubs = world[0]
    body = (
        as_user(client, users["ann"])
        .get(url("member", "changelist") + f"?hub__id__exact={hubs['c'].pk}")
        .content.decode()
    )
    assert "member-c@example.com" not in body


def _member_post(hub, email):
    return {
        "hub": hub.pk,
        "email": email,
        "name": "Mallory",
        "role": "admin",
        "preferred_times": "",
        "blocked_times": "",
        "preferred_locations": "",
    }


def test_forged_hub_id_cannot_create_a_row_in_another_hub(client, world):
    hubs, users = world
    as_user(client, users["ann"])
    response = client.post(url("member", "add"), _member_post(hubs["c"], "mallory@example.com"))
    assert response.status_code == 200  # the form comes back with an error
    assert "Select a valid choice" in response.content.decode()
    assert not Member.objects.filter(email="mallory@example.com").exists()
    response = client.post(
        url("invitecode", "add"),
        {"hub": hubs["c"].pk, "code": "forged", "max_uses": 1, "role": "admin"},
    )
    assert not InviteCode.objects.filter(code="forged").exists()
    # The same form for an own hub works, so the refusal above is about the hub.
    response = client.post(url("member", "add"), _member_post(hubs["b"], "mallory@example.com"))
    assert response.status_code == 302
    assert Member.objects.get(email="mallory@example.com").hub == hubs["b"]


def test_forged_hub_id_cannot_move_a_row_to_another_hub(client, world):
    hubs, users = world
    own = Member.objects.get(hub=hubs["a"], email="member-a@example.com")
    as_user(client, users["ann"])
    client.post(url("member", "change", own.pk), _member_post(hubs["c"], own.email))
    own.refresh_from_db()
    assert own.hub == hubs["a"]


def test_hub_admin_cannot_take_over_addresses(client, world):
    hubs, users = world
    as_user(client, users["ann"])
    assert client.get(url("hubalias", "add")).status_code == 403
    client.post(url("hubalias", "add"), {"hub": hubs["a"].pk, "email": "ceo@bigcorp.example"})
    assert not HubAlias.objects.filter(email="ceo@bigcorp.example").exists()
    body = client.get(url("hub", "change", hubs["a"].pk)).content.decode()
    assert 'name="email"' not in body and 'name="slug"' not in body


def test_staff_without_admin_membership_sees_nothing(client, world):
    hubs, users = world
    plain = get_user_model().objects.create_user("plain", is_staff=True)
    as_user(client, plain)
    assert client.get(url("member", "changelist")).status_code == 403
    member = Member.objects.get(hub=hubs["a"], email="member-a@example.com")
    assert not_shown(client.get(url("member", "change", member.pk)))


def test_demoted_admin_loses_access_at_once(client, world):
    hubs, users = world
    Member.objects.filter(user=users["carl"]).update(role="member")
    as_user(client, users["carl"])
    assert client.get(url("member", "changelist")).status_code == 403
    body = client.get(reverse("admin:index")).content.decode()
    assert "Members" not in body


def test_admin_index_shows_hub_models_but_not_users(client, world):
    _, users = world
    body = as_user(client, users["ann"]).get(reverse("admin:index")).content.decode()
    assert url("member", "changelist") in body
    assert reverse("admin:auth_user_changelist") not in body


def test_save_model_refuses_a_row_of_another_hub_even_past_the_form(rf, world):
    from django.contrib import admin as django_admin
    from django.core.exceptions import PermissionDenied

    hubs, users = world
    request = rf.post("/")
    request.user = users["ann"]
    model_admin = django_admin.site._registry[Member]
    forged = Member(hub=hubs["c"], email="mallory@example.com")
    with pytest.raises(PermissionDenied):
        model_admin.save_model(request, forged, form=None, change=False)
    assert not Member.objects.filter(email="mallory@example.com").exists()
    hub_admin = django_admin.site._registry[Hub]
    with pytest.raises(PermissionDenied):
        hub_admin.save_model(request, hubs["c"], form=None, change=True)


def test_invite_codes_are_limited_to_what_the_subject_tag_carries(client, world):
    hubs, users = world
    as_user(client, users["ann"])
    response = client.post(
        url("invitecode", "add"),
        {"hub": hubs["a"].pk, "code": "two words", "max_uses": 1, "role": "member"},
    )
    assert response.status_code == 200
    assert not InviteCode.objects.filter(code="two words").exists()
    response = client.post(
        url("invitecode", "add"),
        {"hub": hubs["a"].pk, "code": "spring-2027", "max_uses": 1, "role": "member"},
    )
    assert response.status_code == 302
    assert InviteCode.objects.get(code="spring-2027").hub == hubs["a"]
