"""Address lookups ignore case and are answered from the Lower(email) indexes."""

from django.db import connection

from hubs.models import Member
from negotiation.models import Participant


def _plan(queryset) -> str:
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
            return " ".join(str(row[-1]) for row in cursor.fetchall())
        cursor.execute("SET enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = " ".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET enable_seqscan = on")
        return plan


def test_iexact_finds_any_case(hub):
    Member.objects.create(hub=hub, email="Alice@Example.com", name="Alice")
    assert Member.objects.for_hub(hub).filter(email__iexact="ALICE@example.COM").exists()
    assert not Member.objects.filter(email__iexact="alice@example.co").exists()
    assert Member.objects.filter(email__iexact=None).count() == 0


def test_a_member_by_address_is_read_from_the_unique_index(hub):
    # A hub of some size, its statistics known: on a handful of rows PostgreSQL's planner
    # may read the hub's members by hub id and filter, which says nothing of the index.
    Member.objects.bulk_create(
        Member(hub=hub, email=f"m{n}@example.com", name=f"M{n}") for n in range(500)
    )
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE hubs_member")
    queryset = Member.objects.filter(hub_id=hub.id, email__iexact="Alice@example.com").order_by()
    assert "member_email_unique_per_hub" in _plan(queryset)


def test_a_persons_participations_in_a_hub_are_read_from_an_index(hub):
    queryset = Participant.objects.filter(
        hub_id=hub.id, email__iexact="Alice@example.com"
    ).order_by()
    assert "participant_hub_email" in _plan(queryset)
