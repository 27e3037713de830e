import pytest
from django.conf import settings
from django.db import transaction

from mailbridge.models import OutboundMessage, ReplyToken, UndeliverableAddress
from mailbridge.outbox import (
    MAX_REFERENCES,
    Attachment,
    OutboundMail,
    outbox_enqueue,
    outbox_enqueue_many,
)
from mailbridge.sending import outbox_send


def test_enqueue_sends_after_commit_with_threading_headers(hub, mailflow):
    with mailflow._capture(execute=True):
        row = outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="Bob <BOB@example.com>",
                subject="[AIMP:m1] v1 Lunch",
                text="Hello",
                html="<p>Hello</p>",
                attachments=[
                    Attachment("protocol.json", b'{"protocol": "AIMP/0.1"}', "application/json")
                ],
                thread_key="m1",
                in_reply_to="<prev@x>",
                references=["<a@x>", "<prev@x>"],
                kind="invite",
            ),
        )
        assert mailflow.sent() == []  # nothing leaves before the commit
    [sent] = mailflow.sent()
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.SENT
    assert row.to_email == "bob@example.com"
    assert row.message_id.endswith("@hub.example.com>")
    msg = sent.message()
    assert msg["Message-ID"] == row.message_id
    assert msg["In-Reply-To"] == "<prev@x>"
    assert msg["References"] == "<a@x> <prev@x>"
    assert msg["Auto-Submitted"] == "auto-generated"
    assert msg["X-Auto-Response-Suppress"] == "All"
    assert msg[settings.AIMP_LOOP_HEADER] == "family@hub.example.com"
    token = ReplyToken.objects.get(hub=hub, thread_key="m1", recipient="bob@example.com")
    assert msg["Reply-To"] == f"family+{token.token}@hub.example.com"
    assert sent.attachments[0][0] == "protocol.json"
    assert sent.alternatives[0][1] == "text/html"


def test_reply_token_is_stable_per_thread_and_recipient(hub, mailflow):
    with mailflow._capture(execute=True):
        a = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", thread_key="m1")
        )
        b = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", thread_key="m1")
        )
        c = outbox_enqueue(
            hub=hub,
            mail=OutboundMail(to="carol@example.com", subject="s", text="t", thread_key="m1"),
        )
    assert a.reply_to == b.reply_to != c.reply_to
    assert a.message_id != b.message_id


def test_dedupe_key_returns_existing_row_and_sends_once(hub, mailflow):
    with mailflow._capture(execute=True):
        first = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", dedupe_key="k1")
        )
        again = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", dedupe_key="k1")
        )
    assert first.id == again.id
    assert len(mailflow.sent()) == 1


def test_dedupe_key_is_per_hub(hub, other_hub, mailflow):
    with mailflow._capture(execute=True):
        outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", dedupe_key="k1")
        )
        outbox_enqueue(
            hub=other_hub,
            mail=OutboundMail(to="bob@example.com", subject="s", text="t", dedupe_key="k1"),
        )
    assert len(mailflow.sent()) == 2


def test_rolled_back_transaction_sends_nothing(hub, mailflow):
    with mailflow._capture(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        outbox_enqueue(hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t"))
        raise RuntimeError("caller failed")
    assert mailflow.sent() == []
    assert not OutboundMessage.objects.exists()


@pytest.mark.parametrize("bad", ["", "a@b.com, c@d.com", "x@y.com\r\nBcc: evil@z.com", "nobody"])
def test_recipient_must_be_one_address(hub, bad):
    with pytest.raises(ValueError):
        outbox_enqueue(hub=hub, mail=OutboundMail(to=bad, subject="s", text="t"))


def test_header_injection_in_subject_is_flattened(hub, mailflow):
    with mailflow._capture(execute=True):
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(to="bob@example.com", subject="Hi\r\nBcc: evil@z.com", text="t"),
        )
    [sent] = mailflow.sent()
    msg = sent.message()
    assert msg["Bcc"] is None
    assert sent.recipients() == ["bob@example.com"]


def test_caller_cannot_override_bridge_headers(hub):
    with pytest.raises(ValueError):
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="b@example.com", subject="s", text="t", extra_headers={"Reply-To": "x@evil.com"}
            ),
        )
    with pytest.raises(ValueError):
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="b@example.com", subject="s", text="t", extra_headers={"bcc": "x@evil.com"}
            ),
        )


def test_extra_headers_are_sent(hub, mailflow):
    with mailflow._capture(execute=True):
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="b@example.com", subject="s", text="t", extra_headers={"X-AIMP-Version": "0.1"}
            ),
        )
    assert mailflow.sent()[0].message()["X-AIMP-Version"] == "0.1"


def test_send_job_twice_sends_once(hub, mailflow):
    row = outbox_enqueue(hub=hub, mail=OutboundMail(to="b@example.com", subject="s", text="t"))
    assert outbox_send(outbound_id=row.id) == "sent"
    assert outbox_send(outbound_id=row.id) == "skipped"
    assert len(mailflow.sent()) == 1


def test_undeliverable_address_is_not_written_to(hub, mailflow):
    UndeliverableAddress.objects.create(hub=hub, address="gone@example.com")
    with mailflow._capture(execute=True):
        row = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="gone@example.com", subject="s", text="t")
        )
    assert row.status == OutboundMessage.Status.UNDELIVERABLE
    assert mailflow.sent() == []


def test_enqueue_many_queues_the_rows_one_by_one_would(hub, mailflow):
    UndeliverableAddress.objects.create(hub=hub, address="dan@example.com", reason="bounced")
    with mailflow._capture(execute=True):
        earlier = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", thread_key="m1")
        )
        rows = outbox_enqueue_many(
            hub=hub,
            mails=[
                OutboundMail(
                    to=f"{name}@example.com",
                    subject="Confirmed",
                    text=f"Hi {name}",
                    thread_key="m1",
                    kind="confirm",
                    dedupe_key=f"c:{name}",
                )
                for name in ("bob", "Carol", "dan")
            ],
        )
    assert [r.to_email for r in rows] == ["bob@example.com", "carol@example.com", "dan@example.com"]
    assert all(r.id for r in rows) and rows[0].reply_to == earlier.reply_to != rows[1].reply_to
    carol = ReplyToken.objects.get(hub=hub, thread_key="m1", recipient="carol@example.com")
    assert rows[1].reply_to == f"family+{carol.token}@hub.example.com"
    statuses = [OutboundMessage.objects.get(pk=r.pk).status for r in rows]
    assert statuses == ["sent", "sent", "undeliverable"]
    assert sorted(m.to[0] for m in mailflow.sent()) == [
        "bob@example.com",
        "bob@example.com",
        "carol@example.com",
    ]


def test_enqueue_many_with_a_repeated_dedupe_key_queues_the_others_once(hub, mailflow):
    with mailflow._capture(execute=True):
        first = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", dedupe_key="b")
        )
        rows = outbox_enqueue_many(
            hub=hub,
            mails=[
                OutboundMail(to="bob@example.com", subject="s", text="t", dedupe_key="b"),
                OutboundMail(to="carol@example.com", subject="s", text="t", dedupe_key="c"),
            ],
        )
    assert rows[0].id == first.id and rows[1].id != first.id
    assert OutboundMessage.objects.filter(hub=hub).count() == 2
    assert sorted(m.to[0] for m in mailflow.sent()) == ["bob@example.com", "carol@example.com"]


def test_enqueue_many_checks_keys_and_bounces_in_one_statement_and_takes_no_savepoint(
    hub, mailflow
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    mails = [
        OutboundMail(to=f"{name}@example.com", subject="s", text="t", dedupe_key=f"k:{name}")
        for name in ("bob", "carol")
    ]
    with mailflow._capture(execute=False), CaptureQueriesContext(connection) as ctx:
        outbox_enqueue_many(hub=hub, mails=mails)
    verbs = [q["sql"].lstrip("(").split()[0] for q in ctx.captured_queries]
    assert verbs == ["SELECT", "INSERT"]  # the bounce list and the keys (UNION), the rows
    assert "UNION" in ctx.captured_queries[0]["sql"]


def test_a_key_written_since_the_check_fails_the_transaction_for_its_job_to_retry(
    hub, mailflow, monkeypatch
):
    from django.db import IntegrityError

    from mailbridge import outbox

    mail = OutboundMail(to="bob@example.com", subject="s", text="t", dedupe_key="b")
    with mailflow._capture(execute=False):
        outbox_enqueue(hub=hub, mail=mail)
        # Another transaction wrote the key between the check and the INSERT.
        monkeypatch.setattr(outbox, "_known", lambda *a: ({}, set(), False))
        with pytest.raises(IntegrityError), transaction.atomic():
            outbox_enqueue_many(hub=hub, mails=[mail])
    assert OutboundMessage.objects.filter(hub=hub).count() == 1


def test_mail_in_a_thread_threads_under_the_last_one_that_recipient_got(hub):
    def send(to, **kw):
        return outbox_enqueue(
            hub=hub, mail=OutboundMail(to=to, subject="s", text="t", thread_key="m1", **kw)
        )

    first = send("bob@example.com")
    other = send("carol@example.com")
    second = send("bob@example.com")
    assert (first.in_reply_to, other.in_reply_to) == ("", "")
    assert second.in_reply_to == first.message_id and second.references == first.message_id
    # An answer to someone's own mail keeps the parent its caller names.
    answer = send("bob@example.com", in_reply_to="<theirs@example.com>")
    assert answer.in_reply_to == "<theirs@example.com>"
    # A long thread's references stay bounded, the newest kept.
    for _ in range(MAX_REFERENCES + 3):
        last = send("bob@example.com")
    assert len(last.references.split()) == MAX_REFERENCES
    assert last.references.split()[-2] != last.in_reply_to
    assert last.references.split()[-1] == last.in_reply_to


def test_mail_queued_together_threads_each_under_its_own_recipients_last(hub):
    first = outbox_enqueue(
        hub=hub, mail=OutboundMail(to="bob@example.com", subject="s", text="t", thread_key="m1")
    )
    rows = outbox_enqueue_many(
        hub=hub,
        mails=[
            OutboundMail(to=f"{name}@example.com", subject="s", text="t", thread_key="m1")
            for name in ("bob", "carol")
        ],
    )
    assert [r.in_reply_to for r in rows] == [first.message_id, ""]


def test_a_threaded_batch_reads_tokens_bounces_and_keys_in_one_statement(hub, mailflow):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def mail(to, key=None):
        return OutboundMail(to=to, subject="s", text="t", thread_key="m1", dedupe_key=key)

    with mailflow._capture(execute=False):
        first = outbox_enqueue_many(hub=hub, mails=[mail("bob@example.com"), mail("carol@x.org")])
        UndeliverableAddress.objects.create(hub=hub, address="carol@x.org", reason="5.1.1")
        with CaptureQueriesContext(connection) as ctx:
            bob, carol = outbox_enqueue_many(
                hub=hub, mails=[mail("bob@example.com", "k:b"), mail("carol@x.org", "k:c")]
            )

    verbs = [q["sql"].lstrip("(").split()[0] for q in ctx.captured_queries]
    assert verbs == ["SELECT", "INSERT"]  # tokens, bounces and keys (UNION ALL); the rows
    # The same tokens, each mail threaded under the last one its recipient got.
    assert (bob.reply_token, carol.reply_token) == (first[0].reply_token, first[1].reply_token)
    assert bob.in_reply_to == first[0].message_id and carol.in_reply_to == first[1].message_id
    assert bob.status == OutboundMessage.Status.QUEUED
    assert carol.status == OutboundMessage.Status.UNDELIVERABLE
