"""API keys in the admin: shown once, stored hashed, a hub admin's keys are their hub's."""

from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages

from hubs.api.testing import api_client
from hubs.models import ApiKey, Member


def _add(client, **fields):
    data = {"name": "crm", "access": "write", "hub": "", "expiry_date_0": "", "expiry_date_1": ""}
    return client.post("/admin/hubs/apikey/add/", {**data, **fields}, follow=True)


def test_the_operator_makes_an_operator_key_shown_once_and_stored_hashed(db, client, hub):
    client.force_login(get_user_model().objects.create_superuser("op", password="pw"))
    response = _add(client)
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    key = next(m for m in shown if "The API key for crm is:" in m).split("is: ")[1].split(". ")[0]
    row = ApiKey.objects.get()
    assert row.hub is None and row.access == "write"
    assert key not in (row.pk, row.hashed_key) and row.hashed_key.startswith("sha512$$")
    assert api_client(key).get("/api/v1/hubs/").json()["results"][0]["id"] == hub.pk
    client.post("/admin/hubs/apikey/", {"action": "revoke", "_selected_action": [row.pk]})
    assert api_client(key).get("/api/v1/hubs/").status_code == 401


def test_a_hub_admin_makes_keys_of_their_own_hub_only(db, client, hub, other_hub):
    user = get_user_model().objects.create_user("ann", password="pw", is_staff=True)
    Member.objects.create(hub=hub, email="ann@example.com", role="admin", user=user)
    client.force_login(user)
    assert _add(client, hub=other_hub.pk).status_code == 200
    assert not ApiKey.objects.exists()  # another hub is not a choice
    _add(client)  # and no hub (an operator key) is refused too
    assert not ApiKey.objects.exists()
    _add(client, hub=hub.pk)
    assert ApiKey.objects.get().hub == hub
