"""The operator's changelists stay cheap with many hubs: no hub list, no DISTINCT, no count."""

import pytest
from django.contrib import admin
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from hubs.admin_scoping import HubScopedAdmin
from hubs.models import Member

SCOPED = sorted(
    (
        model
        for model, model_admin in admin.site._registry.items()
        if isinstance(model_admin, HubScopedAdmin)
    ),
    key=lambda model: model._meta.label,
)


def _changelist(model) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")


@pytest.mark.parametrize("model", SCOPED, ids=lambda model: model._meta.label)
def test_operator_changelist_reads_no_distinct_hubs_and_counts_no_whole_table(
    admin_client, hub, other_hub, model
):
    with CaptureQueriesContext(connection) as queries:
        response = admin_client.get(_changelist(model))
    assert response.status_code == 200
    sql = [q["sql"].upper() for q in queries]
    assert not [s for s in sql if "DISTINCT" in s and "HUB_ID" in s]
    table = model._meta.db_table.upper()
    whole_counts = [s for s in sql if "COUNT(" in s and table in s and "WHERE" not in s]
    # Django counts the (unfiltered) list once for the paginator; never a second time.
    assert len(whole_counts) <= 1
    # No link per hub in the sidebar.
    assert f"hub__id__exact={other_hub.pk}" not in response.content.decode()


def test_operator_filters_by_hub_id(admin_client, hub, other_hub):
    Member.objects.create(hub=hub, email="a@example.com", name="Ann")
    Member.objects.create(hub=other_hub, email="b@example.com", name="Ben")
    response = admin_client.get(_changelist(Member), {"hub__id__exact": other_hub.pk})
    body = response.content.decode()
    assert "b@example.com" in body and "a@example.com" not in body
    assert other_hub.name in body  # the sidebar names the chosen hub


def test_operator_event_list_has_no_date_hierarchy(admin_client, hub):
    from negotiation.models import Event

    with CaptureQueriesContext(connection) as queries:
        admin_client.get(_changelist(Event))
    assert not [
        q for q in queries if "django_datetime_trunc" in q["sql"] or "DATE_TRUNC" in q["sql"]
    ]
