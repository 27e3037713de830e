"""The outbox's one statement says what the ORM's union of three querysets said."""

from datetime import timedelta

import pytest
from django.db import connection, models
from django.db.models import F, OuterRef, Subquery, Value
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from hubs.models import Hub
from mailbridge.models import OutboundMessage, ReplyToken, UndeliverableAddress
from mailbridge.outbox_known import BLOCKED, QUEUED, TOKEN, outbox_known_read


def orm_known(hub, recipients, threads, keys, now) -> list[tuple]:
    """The ORM's reading, as mailbridge.outbox wrote it before the statement was SQL."""
    text = models.CharField()

    def shaped(queryset, kind, value, **rest):
        columns = {"k": Value(kind), "v": F(value)}
        for name in ("t", "tok", "pid", "prefs"):
            columns[name] = rest.get(name, Value(None, output_field=text))
        return queryset.order_by().annotate(**columns).values_list(*columns)

    parts = [
        shaped(
            UndeliverableAddress.objects.filter(hub=hub, address__in=recipients).blocking(now),
            BLOCKED,
            "address",
        )
    ]
    if keys:
        parts.append(
            shaped(
                OutboundMessage.objects.filter(hub=hub, dedupe_key__in=keys), QUEUED, "dedupe_key"
            )
        )
    if threads:
        previous = OutboundMessage.objects.filter(
            hub=OuterRef("hub"), thread_key=OuterRef("thread_key"), to_email=OuterRef("recipient")
        ).order_by("-id")
        parts.append(
            shaped(
                ReplyToken.objects.filter(
                    hub=hub, thread_key__in=threads, recipient__in=recipients
                ),
                TOKEN,
                "recipient",
                t=F("thread_key"),
                tok=F("token"),
                pid=Subquery(previous.values("message_id")[:1], output_field=text),
                prefs=Subquery(previous.values("references")[:1], output_field=text),
            )
        )
    return list(parts[0].union(*parts[1:], all=True))


def _sent(hub, to, thread, n, key=None) -> OutboundMessage:
    return OutboundMessage.objects.create(
        hub=hub,
        to_email=to,
        from_email="hub@family.example",
        subject="Q1 review",
        text="...",
        message_id=f"<{thread}-{to}-{n}@hub>",
        references=f"<{thread}-root@hub> <{thread}-{to}-{n - 1}@hub>",
        thread_key=thread,
        dedupe_key=key,
    )


@pytest.mark.django_db
def test_bounces_tokens_with_their_last_message_and_queued_keys_read_as_the_orm_read_them():
    hub = Hub.objects.create(name="Family", slug="family", email="hub@family.example")
    other = Hub.objects.create(name="Team", slug="team", email="hub@team.example")
    now = timezone.now()
    for address, until in [
        ("hard@x.example", None),
        ("soft@x.example", now + timedelta(hours=1)),
        ("over@x.example", now - timedelta(hours=1)),
    ]:
        UndeliverableAddress.objects.create(hub=hub, address=address, until=until)
    UndeliverableAddress.objects.create(hub=other, address="bob@example.com")
    for to in ("bob@example.com", "carol@example.com"):
        ReplyToken.objects.create(hub=hub, token=f"tok-{to[:3]}", thread_key="m-1", recipient=to)
        for n in (1, 2, 3):
            _sent(hub, to, "m-1", n, key=f"invite:{to}:{n}")
    ReplyToken.objects.create(hub=hub, token="tok-dan", thread_key="m-1", recipient="dan@x.example")
    ReplyToken.objects.create(
        hub=other, token="tok-o", thread_key="m-1", recipient="bob@example.com"
    )
    _sent(other, "bob@example.com", "m-1", 9, key="confirm:1")
    recipients = [
        "bob@example.com",
        "carol@example.com",
        "dan@x.example",
        "hard@x.example",
        "soft@x.example",
        "over@x.example",
    ]

    for keys in ([], ["confirm:1"], ["invite:bob@example.com:2", "confirm:2"]):
        for threads in ([], ["m-1"], ["m-1", "m-2"]):
            with CaptureQueriesContext(connection) as queries:
                mine = outbox_known_read(
                    hub_id=hub.pk, recipients=recipients, threads=threads, keys=keys, now=now
                )
            assert len(queries.captured_queries) == 1
            assert sorted(mine, key=repr) == sorted(
                orm_known(hub, recipients, threads, keys, now), key=repr
            )

    mine = outbox_known_read(
        hub_id=hub.pk,
        recipients=recipients,
        threads=["m-1"],
        keys=["invite:bob@example.com:2"],
        now=now,
    )
    assert {(k, v) for k, v, *_ in mine if k == BLOCKED} == {
        (BLOCKED, "hard@x.example"),
        (BLOCKED, "soft@x.example"),
    }
    assert (QUEUED, "invite:bob@example.com:2", None, None, None, None) in mine
    assert (
        TOKEN,
        "bob@example.com",
        "m-1",
        "tok-bob",
        "<m-1-bob@example.com-3@hub>",
        "<m-1-root@hub> <m-1-bob@example.com-2@hub>",
    ) in mine
    assert (TOKEN, "dan@x.example", "m-1", "tok-dan", None, None) in mine


@pytest.mark.django_db
def test_nothing_to_ask_is_no_statement():
    with CaptureQueriesContext(connection) as queries:
        assert (
            outbox_known_read(hub_id=1, recipients=[], threads=[], keys=[], now=timezone.now())
            == []
        )
    assert not queries.captured_queries
