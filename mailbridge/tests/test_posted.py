"""An ESP's post is stored unread by the door and becomes its mail in the job, once."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from hubs.models import Member
from mailbridge.models import InboundMessage, OutboundMessage
from mailbridge.sweeper import mailbridge_sweep
from mailbridge.tasks import process_inbound
from mailbridge.tests import doors
from mailbridge.tests.test_webhooks import AUTH, _member_mail, answered, postmark_payload  # noqa: F401
from mailbridge.types import MailKind

Status = InboundMessage.Status


def _post(client, payload: dict):
    body = json.dumps(payload).encode()
    return client.post(doors.POSTMARK, body, content_type="application/json", **AUTH)


def test_the_door_stores_the_post_as_it_came_and_the_job_makes_it_the_mail(
    client,
    hub,
    member,
    answered,  # noqa: F811
):
    payload = postmark_payload(_member_mail(hub, member), hub, member)
    assert _post(client, payload).status_code == 200

    row = InboundMessage.objects.get()
    assert row.status == Status.POSTED and row.hub is None and not answered
    assert json.loads(bytes(row.raw)) == payload and row.posted_type == "application/json"

    assert process_inbound(row.id) == Status.DONE
    row.refresh_from_db()
    assert (row.hub, row.sender, row.message_id) == (hub, member.email, "<dinner-1@example.com>")
    assert row.subject == "Dinner Friday?" and b"Message-ID: <dinner-1@example.com>" in row.raw
    assert row.kind == MailKind.MEMBER_COMMAND and row.posted_type == ""
    assert row.envelope_to == [hub.email] and len(answered) == 1


def test_an_esp_retry_in_other_bytes_is_kept_as_a_duplicate_with_no_second_effect(
    client,
    hub,
    member,
    answered,  # noqa: F811
):
    payload = postmark_payload(_member_mail(hub, member), hub, member)
    assert _post(client, payload).status_code == 200
    # Postmark's retry of the same mail, its JSON written again with one field moved.
    assert _post(client, {"Tag": "retry", **payload}).status_code == 200
    assert doors.read_posts() == [Status.DONE, Status.IGNORED]

    first, second = InboundMessage.objects.order_by("id")
    assert first.status == Status.DONE and first.hub == hub
    assert second.status == Status.IGNORED and second.error == f"duplicate of inbound {first.id}"
    # The copy is found when its mail is written, after its handler ran: what the
    # handler did is rolled back with it, so the member is answered once.
    (answer,) = OutboundMessage.objects.all()
    assert answer.cause_id == first.id and len(answered) == 2


def test_a_post_to_two_hubs_gives_each_hub_its_row(
    client,
    hub,
    other_hub,
    member,
    answered,  # noqa: F811
):
    other = other_hub
    Member.objects.create(hub=other, email=member.email, name="Alice")
    raw = _member_mail(hub, member, headers={"Cc": other.email})
    payload = postmark_payload(raw, hub, member)
    assert _post(client, payload).status_code == 200

    assert doors.read_posts() == [Status.DONE]  # the copy has its own job
    copy = InboundMessage.objects.get(hub=other)
    assert process_inbound(copy.id) == Status.DONE
    rows = InboundMessage.objects.order_by("id")
    assert [(r.hub, r.status) for r in rows] == [(hub, Status.DONE), (other, Status.DONE)]
    assert {mail.hub_id for mail in answered} == {hub.id, other.id}


def test_a_post_for_no_hub_is_kept_ignored(client, hub, member):
    raw = _member_mail(hub, member).replace(hub.email.encode(), b"nobody@elsewhere.example")
    payload = postmark_payload(raw, hub, member)
    payload["OriginalRecipient"] = "nobody@elsewhere.example"
    assert _post(client, payload).status_code == 200
    assert doors.read_posts() == [Status.IGNORED]
    row = InboundMessage.objects.get()
    assert row.hub is None and row.error == "no hub owns any recipient"
    assert row.sender == member.email and row.message_id == "<dinner-1@example.com>"


def _failing_once(mail_handlers, error: Exception) -> list:
    """A member-command handler that raises `error` the first time; the mails it saw."""
    calls = []

    def handle(mail):
        calls.append(mail)
        if len(calls) == 1:
            raise error

    mail_handlers[MailKind.MEMBER_COMMAND] = handle
    return calls


def _posted(client, hub, member) -> None:
    response = _post(client, postmark_payload(_member_mail(hub, member), hub, member))
    assert response.status_code == 200


def test_an_error_nobody_can_fix_by_waiting_fails_the_post_and_keeps_it(
    client, hub, member, mail_handlers
):
    _failing_once(mail_handlers, ConnectionError("calendar server away"))
    _posted(client, hub, member)
    row = InboundMessage.objects.get()
    assert process_inbound(row.id) == "failed"
    row.refresh_from_db()
    # An error that is no one's fault gives up at once, as for any mail; the post is kept.
    assert row.status == Status.FAILED and "calendar server away" in row.error


def test_a_retry_later_keeps_the_row_posted_until_it_is_read_for_good(
    client, hub, member, mail_handlers
):
    from mailbridge.errors import RetryLater

    calls = _failing_once(mail_handlers, RetryLater("model busy"))
    _posted(client, hub, member)
    row = InboundMessage.objects.get()
    assert process_inbound(row.id) == "retry"
    row.refresh_from_db()
    assert row.status == Status.POSTED and row.hub is None and row.next_attempt_at is not None
    assert process_inbound(row.id) == "not-due"

    InboundMessage.objects.filter(id=row.id).update(next_attempt_at=timezone.now())
    assert process_inbound(row.id) == Status.DONE
    row.refresh_from_db()
    assert row.hub == hub and row.status == Status.DONE and len(calls) == 2


@pytest.mark.django_db
def test_the_sweeper_hands_back_a_post_whose_job_was_lost(client, hub, member):
    assert (
        _post(client, postmark_payload(_member_mail(hub, member), hub, member)).status_code == 200
    )
    row = InboundMessage.objects.get()
    now = timezone.now()
    assert mailbridge_sweep(now=now)["inbound"] == 0  # its job may still be on its way
    assert mailbridge_sweep(now=now + timedelta(minutes=3))["inbound"] == 1
    row.refresh_from_db()
    assert row.status == Status.DONE and row.hub == hub  # read by the job the sweep queued


def test_a_post_read_in_vain_is_read_again_on_the_admins_word(
    client, hub, member, django_capture_on_commit_callbacks
):
    from mailbridge.requeue import inbound_process_again

    body = json.dumps(postmark_payload(_member_mail(hub, member), hub, member)).encode()
    response = client.post(doors.POSTMARK, body, content_type="application/json", **AUTH)
    assert response.status_code == 200
    row = InboundMessage.objects.get()
    # Its ESP unknown to this deployment when the job ran (an upgrade that renamed it).
    InboundMessage.objects.filter(id=row.id).update(source="webhook:nowhere")
    assert process_inbound(row.id) == "failed"
    row.refresh_from_db()
    assert row.status == Status.FAILED and "webhook:nowhere" in row.error

    InboundMessage.objects.filter(id=row.id).update(source="webhook:postmark")
    with django_capture_on_commit_callbacks(execute=True):
        assert inbound_process_again(ids=[row.id], now=timezone.now()) == 1
    row.refresh_from_db()
    assert row.status == Status.DONE and row.hub == hub  # read and handled by its job


@pytest.mark.django_db(transaction=True)
def test_on_django_q2s_own_orm_broker_the_post_is_one_statement_and_its_job_row_another(
    monkeypatch,
):
    # No transaction around the two: a job lost between them is the sweeper's
    # (test_the_sweeper_hands_back_a_post_whose_job_was_lost). The settings' broker
    # needs no job row at all (test_queue_broker).
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django_q.conf import Conf

    from mailbridge import jobs, posted

    monkeypatch.setattr(Conf, "SYNC", False)
    monkeypatch.setattr(Conf, "ORM", "default")
    monkeypatch.setattr(Conf, "BROKER_CLASS", None)
    monkeypatch.setattr(jobs, "_BROKERS", {})
    body = b'{"From": "a@example.com"}'
    with CaptureQueriesContext(connection) as ctx:
        row = posted.post_store(body=body, content_type="application/json", source="postmark")
    statements = [q["sql"].split()[:3] for q in ctx.captured_queries]
    assert statements == [
        ["INSERT", "INTO", '"mailbridge_inboundmessage"'],
        ["INSERT", "INTO", '"django_q_ormq"'],
    ]
    assert row.status == Status.POSTED

    # The same post again is the same row, with no second job.
    with CaptureQueriesContext(connection) as ctx:
        again = posted.post_store(body=body, content_type="application/json", source="postmark")
    assert again.id == row.id
    assert not [q for q in ctx.captured_queries if "django_q_ormq" in q["sql"]]


@pytest.mark.django_db(transaction=True)
def test_with_redis_the_post_is_one_statement(monkeypatch):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from mailbridge import posted

    queued = []
    monkeypatch.setattr(
        posted, "job_enqueue_after_commit_nowait", lambda func, arg, group: queued.append(arg)
    )
    body = b'{"From": "b@example.com"}'
    with CaptureQueriesContext(connection) as ctx:
        row = posted.post_store(body=body, content_type="application/json", source="postmark")
    assert [q["sql"].split()[0] for q in ctx.captured_queries] == ["INSERT"]
    assert queued == [row.id]


def test_postmarks_raw_email_is_kept_byte_for_byte_and_read_as_anymail_reads_it(
    client,
    hub,
    member,
    answered,  # noqa: F811
):
    # Postmark's RawEmail is the message as it arrived, CRLF line ends included: stored
    # as is, not as anymail's parse of it turned back into bytes.
    raw = _member_mail(hub, member).replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    payload = postmark_payload(raw, hub, member)
    assert payload["RawEmail"] == raw.decode("ascii")
    assert _post(client, payload).status_code == 200
    row = InboundMessage.objects.get()

    assert process_inbound(row.id) == Status.DONE
    row.refresh_from_db()
    assert bytes(row.raw) == raw
    assert (row.hub, row.sender, row.message_id) == (hub, member.email, "<dinner-1@example.com>")
    assert row.kind == MailKind.MEMBER_COMMAND and len(answered) == 1


def test_a_raw_email_that_is_not_ascii_is_kept_as_anymail_read_it(client, hub, member):
    from mailbridge.testing import build_email

    raw = build_email(
        from_=f"Alice <{member.email}>",
        to=hub.email,
        subject="Dinner Friday?",
        body="Could we meet Friday evening?",
        message_id="<dinner-2@example.com>",
    )
    # An 8-bit body that JSON carried as text: which charset it was is not said.
    payload = postmark_payload(raw, hub, member)
    payload["RawEmail"] = payload["RawEmail"].replace("Friday evening", "Freitag Abend, gern")
    payload["RawEmail"] = payload["RawEmail"].replace("gern", "gern \u00e0 8h")
    assert _post(client, payload).status_code == 200
    row = InboundMessage.objects.get()

    process_inbound(row.id)
    row.refresh_from_db()
    assert row.message_id == "<dinner-2@example.com>" and row.hub == hub
    assert "gern \u00e0 8h".encode() in bytes(row.raw)  # anymail's serialisation, in UTF-8


@pytest.mark.parametrize("return_path", [None, "<bounce+alice@example.com>"])
@pytest.mark.parametrize("line_ends", [b"\n", b"\r\n"])
def test_postmarks_raw_email_read_without_anymail_is_what_anymail_reads(
    hub, member, return_path, line_ends
):
    from django.conf import settings

    from mailbridge.posted import anymail_read, postmark_raw_read
    from mailbridge.reading import fingerprint

    raw = _member_mail(hub, member, headers={"Cc": "carol@example.com"})
    raw = raw.replace(b"\r\n", b"\n").replace(b"\n", line_ends)
    payload = postmark_payload(raw, hub, member)
    if return_path:
        payload["Headers"].insert(0, {"Name": "Return-Path", "Value": return_path})
    body = json.dumps(payload).encode()
    row = InboundMessage(source="webhook:postmark", raw=body, posted_type="application/json")

    (mine,) = postmark_raw_read(body)
    (theirs,) = anymail_read(row)

    assert mine.raw == raw
    assert (mine.envelope_from, mine.envelope_to) == (theirs.envelope_from, theirs.envelope_to)
    assert mine.envelope_from == (return_path.strip("<>") if return_path else None)

    def print_of(data: bytes):
        return fingerprint(data, max_subject=500, max_bytes=settings.AIMP_MAX_MESSAGE_BYTES)

    assert print_of(mine.raw) == print_of(theirs.raw)


def test_a_postmark_post_without_its_raw_email_or_of_another_kind_is_anymails(hub, member):
    from mailbridge.posted import postmark_raw_read

    payload = postmark_payload(_member_mail(hub, member), hub, member, with_raw=False)
    assert postmark_raw_read(json.dumps(payload).encode()) is None
    bounce = {**postmark_payload(_member_mail(hub, member), hub, member), "RecordType": "Bounce"}
    assert postmark_raw_read(json.dumps(bounce).encode()) is None
    assert postmark_raw_read(b"[1, 2]") is None and postmark_raw_read(b"{not json") is None
