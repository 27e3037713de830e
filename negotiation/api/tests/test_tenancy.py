"""Tenancy, from the URL configuration: a hub's key never reaches another hub's rows.

Every /api/v1/ route is found by walking the resolver (a new endpoint is covered, or
this test fails for want of a row of its model): detail URLs of the other hub's rows
answer 404 for every method, lists and every filter show none of its rows, and no
POST creates anything in it.
"""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from hubs.api.testing import api_client, api_key_make
from hubs.models import Contact, Hub, InviteCode, Member
from mailbridge.models import InboundMessage, OutboundMessage
from negotiation.api.tests.world import rows_make
from negotiation.models import Event, Meeting, Participant
from tests.world import hub_make

PREFIX = "api/v1/"


def _routes(patterns=None, prefix: str = ""):
    """(route, view callback) of every DRF viewset under /api/v1/."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, route)
        elif (
            isinstance(entry, URLPattern)
            and route.startswith(PREFIX)
            and getattr(entry.callback, "actions", None)
        ):
            yield route, entry.callback


ROUTES = sorted({route: cb for route, cb in _routes()}.items())


def _url(route: str, pk) -> str:
    path = re.sub(r"\(\?P<\w+>[^)]*\)", str(pk), route)
    path = re.sub(r"<[\w:]+>", str(pk), path)
    return "/" + path.replace("^", "").replace("$", "").replace("\\.", ".")


def _counts(hub: Hub) -> dict[str, int]:
    return {
        "members": Member.objects.for_hub(hub).count(),
        "contacts": Contact.objects.for_hub(hub).count(),
        "invites": InviteCode.objects.for_hub(hub).count(),
        "meetings": Meeting.objects.for_hub(hub).count(),
        "events": Event.objects.for_hub(hub).count(),
        "outbound": OutboundMessage.objects.for_hub(hub).count(),
        "inbound": InboundMessage.objects.for_hub(hub).count(),
        "hubs": Hub.objects.count(),
    }


@pytest.fixture
def two_hubs(db):
    a, b = hub_make(name="Alpha"), hub_make(name="Beta")
    return rows_make(a, "a"), rows_make(b, "b")


def _is_detail(route: str) -> bool:
    return "(?P<" in route or "<" in route.replace("(?P<format>", "")


def test_the_walk_finds_every_resource():
    names = {_url(route, 1).split("/")[3] for route, _ in ROUTES}
    assert {"hubs", "members", "contacts", "invite-codes", "meetings", "events"} <= names
    assert {"llm-settings", "llm-usage", "mail"} <= names


@pytest.mark.parametrize(("route", "callback"), ROUTES, ids=[r for r, _ in ROUTES])
def test_a_hub_key_never_reaches_another_hub(two_hubs, route, callback):
    mine, theirs = two_hubs
    client = api_client(api_key_make(hub=mine.hub, name="alpha"))
    model = callback.cls.queryset.model
    before = _counts(theirs.hub)
    if _is_detail(route):
        target = theirs.by_model()[model]
        assert target is not None, f"no row of {model.__name__} to aim {route} at"
        url = _url(route, target.pk)
        own = mine.by_model()[model]
        for method, action in list(callback.actions.items()):
            if method in ("head", "options") or method not in callback.cls.http_method_names:
                continue
            response = getattr(client, method)(url, {}, format="json")
            expected = {404}
            if action in getattr(callback.cls, "operator_actions", ()):
                expected = {403}
            assert response.status_code in expected, (method, url, response.content)
            assert response["Content-Type"] == "application/problem+json"
        # The same route answers for the caller's own row: the 404 above is tenancy.
        if "get" in callback.actions:
            assert client.get(_url(route, own.pk)).status_code == 200
    else:
        url = _url(route, "")
        if "get" in callback.actions:
            _assert_lists_only_mine(client, url, mine, theirs)
        if "post" in callback.actions:
            response = client.post(url, _aimed_at(theirs), format="json")
            assert response.status_code in (400, 403, 404), (url, response.content)
    assert _counts(theirs.hub) == before


def _aimed_at(theirs) -> dict:
    """A body naming only the other hub's rows, for every kind of create."""
    return {
        "hub": theirs.hub.pk,
        "name": "Intruder",
        "email": "intruder@example.com",
        "topic": "Intrusion",
        "organiser": theirs.member.pk,
        "participants": [{"member": theirs.member.pk}, {"contact": theirs.contact.pk}],
        "places": ["Zoom"],
        "code": "intruder-code",
        "max_uses": 2,
        "url": "https://hooks.example.com/x",
        "event_types": ["meeting.confirmed"],
    }


def _theirs_filters(theirs) -> dict[str, object]:
    participant = Participant.objects.filter(meeting=theirs.meeting, is_initiator=False).first()
    return {
        "hub": theirs.hub.pk,
        "meeting": theirs.meeting.pk,
        "organiser": theirs.member.pk,
        "participant": participant.email,
        "email": theirs.member.email,
        "sender": theirs.member.email,
        "to": participant.email,
        "thread_key": theirs.meeting.session_id,
    }


def _ids_of_theirs(item: dict, theirs) -> bool:
    if item.get("hub") == theirs.hub.pk:
        return True
    return "slug" in item and item.get("id") == theirs.hub.pk


def _rows(response) -> list[dict]:
    body = response.json()
    return body["results"] if isinstance(body, dict) else body


def _assert_lists_only_mine(client, url, mine, theirs):
    response = client.get(url)
    assert response.status_code == 200, response.content
    rows = _rows(response)
    assert rows, f"{url} lists nothing at all: the test would prove nothing"
    assert not [r for r in rows if _ids_of_theirs(r, theirs)]
    for name, value in _theirs_filters(theirs).items():
        response = client.get(url, {name: value})
        assert response.status_code in (200, 400), (url, name, response.content)
        if response.status_code == 200:
            assert not [r for r in _rows(response) if _ids_of_theirs(r, theirs)], (url, name)
