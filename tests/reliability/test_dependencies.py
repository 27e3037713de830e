"""Dependencies failing: the mail server, the LLM server and the database connection.

Each dependency is real (an SMTP server on a socket, the fake OpenAI-compatible HTTP
server, PostgreSQL); it fails, the affected messages end in a visible retry or failed
state, and they recover when it returns. Retries are driven by calling the real jobs
with the clock at their due time, instead of waiting minutes of backoff.
"""

import threading
import time
from datetime import timedelta

import psycopg
import pytest
from aiosmtpd.controller import Controller
from django.db import connection, transaction
from django.utils import timezone

from bench import procs
from bench.drive import replies_for
from bench.fixtures import PARTICIPANTS, fixtures_build, invitations
from bench.mailbox import MailboxWatcher
from tests.llm_fake.server import Behaviour
from tests.reliability.audit import audit, wait_quiet
from tests.reliability.figures import figures_record, recovered_by
from tests.reliability.product import post_all

pytestmark = pytest.mark.reliability


class FlakySmtp:
    """An SMTP server whose answer to DATA can be switched: ok, transient or permanent."""

    def __init__(self) -> None:
        self.mode = "ok"
        self.received: list[bytes] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
        if address.startswith("gone"):
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        if self.mode == "transient":
            return "451 4.3.0 try again later"
        if self.mode == "permanent":
            return "554 5.7.1 message refused"
        self.received.append(envelope.content)
        return "250 OK"


@pytest.fixture
def smtp():
    handler = FlakySmtp()
    controller = Controller(handler, hostname=procs.HOST, port=procs.free_port())
    controller.start()
    handler.port = controller.port
    yield handler
    controller.stop()


def _hub_with_smtp(port: int):
    from hubs.models import Hub
    from mailbridge.models import HubSmtpSettings

    hub = Hub.objects.create(name="Flaky", slug="flaky", email="hub@flaky.test")
    HubSmtpSettings.objects.create(hub=hub, host=procs.HOST, port=port, use_tls=False)
    return hub


def _enqueue(hub, to: str, capture):
    from mailbridge.outbox import OutboundMail, outbox_enqueue

    with capture(execute=True), transaction.atomic():
        return outbox_enqueue(
            hub=hub, mail=OutboundMail(to=to, subject="Confirmed", text="See you.", kind="test")
        )


def test_mail_server_down_then_back_sends_each_mail_once(
    db, smtp, django_capture_on_commit_callbacks
):
    from mailbridge.models import OutboundMessage
    from mailbridge.sending import outbox_send

    hub = _hub_with_smtp(smtp.port)
    smtp.mode = "transient"
    rows = [
        _enqueue(hub, f"p{i}@example.com", django_capture_on_commit_callbacks) for i in range(3)
    ]
    for row in rows:
        row.refresh_from_db()
        assert row.status == OutboundMessage.Status.RETRY and "451" in row.error
        assert row.next_attempt_at is not None
    # Still down at the first retry: retried again, later.
    first_due = {row.id: row.next_attempt_at for row in rows}
    for row in rows:
        assert outbox_send(outbound_id=row.id, now=row.next_attempt_at) == "retry"
        row.refresh_from_db()
        assert row.next_attempt_at > first_due[row.id]
    assert smtp.received == []
    smtp.mode = "ok"
    for row in rows:
        assert outbox_send(outbound_id=row.id, now=row.next_attempt_at) == "sent"
        # A re-delivered job, or the sweeper, finds nothing left to send.
        assert outbox_send(outbound_id=row.id, now=row.next_attempt_at + timedelta(hours=1)) == (
            "skipped"
        )
    assert len(smtp.received) == 3
    assert set(OutboundMessage.objects.values_list("status", flat=True)) == {"sent"}
    figures_record(
        test="mail server transient", messages=3, recovered=3, sent_twice=len(smtp.received) - 3
    )
    print(
        f"\n[reliability] mail server: 3 mails, 2 transient failures each, recovered 3, sent "
        f"{len(smtp.received)}, sent twice 0"
    )


def test_mail_server_refusing_for_good_is_recorded_not_retried(
    db, smtp, django_capture_on_commit_callbacks
):
    from mailbridge.models import OutboundMessage, UndeliverableAddress
    from mailbridge.sending import outbox_send

    hub = _hub_with_smtp(smtp.port)
    smtp.mode = "permanent"
    refused = _enqueue(hub, "p1@example.com", django_capture_on_commit_callbacks)
    smtp.mode = "ok"
    unknown = _enqueue(hub, "gone@example.com", django_capture_on_commit_callbacks)
    refused.refresh_from_db()
    unknown.refresh_from_db()
    assert refused.status == OutboundMessage.Status.FAILED and "554" in refused.error
    assert unknown.status == OutboundMessage.Status.UNDELIVERABLE
    assert UndeliverableAddress.objects.filter(hub=hub, address="gone@example.com").exists()
    later = timezone.now() + timedelta(days=1)
    assert outbox_send(outbound_id=refused.id, now=later) == "skipped"
    assert outbox_send(outbound_id=unknown.id, now=later) == "skipped"
    assert smtp.received == []
    figures_record(test="mail server permanent", messages=2)
    print("\n[reliability] mail server: refused for good -> failed; unknown -> undeliverable")


UNCLEAR_TO_RULES = "Honestly whichever suits the others, I will fit in around them."


def test_llm_timing_out_then_back_and_answering_garbage(
    db, fake_llm, django_capture_on_commit_callbacks
):
    from bench.wire import reply_raw
    from hubs.models import Hub, HubLLMSettings
    from mailbridge.inbound import inbound_receive
    from mailbridge.models import InboundMessage, OutboundMessage
    from negotiation.models import Vote

    fixtures_build(hubs=1, meetings=1, tag="llm")
    hub = Hub.objects.get()
    HubLLMSettings.objects.create(
        hub=hub,
        enabled=True,
        model="openai/fake-model",
        api_base=fake_llm.api_base,
        api_key="sk-test",
        timeout_seconds=1.0,
    )
    first, second, third = invitations()[:3]

    def deliver(invite):
        # To the invitation's Reply-To, as a mail client answers: its reply token and the
        # participant's From are what make the answer theirs (README: Security).
        raw = reply_raw(
            sender=invite.participant,
            hub_email=invite.reply_to,
            subject=invite.subject,
            in_reply_to=invite.message_id,
            body=UNCLEAR_TO_RULES,
        )
        with django_capture_on_commit_callbacks(execute=True):
            row = inbound_receive(raw=raw, source="test", envelope_to=[invite.reply_to])
        row.refresh_from_db()
        return row

    fake_llm.default = Behaviour(delay=3.0)  # the model server hangs past the 1 s timeout
    row = deliver(first)
    assert fake_llm.requests, "the rules understood the text: the LLM path was not exercised"
    # Nothing waits for a model that is down: the message is done, the sender is asked.
    assert row.status == InboundMessage.Status.DONE, (row.status, row.error)
    assert not Vote.objects.exists()
    asked = OutboundMessage.objects.filter(cause_id=row.id, to_email=first.participant)
    assert asked.count() == 1

    fake_llm.default = Behaviour(
        content='{"kind": "answer", "confidence": 0.9, "accepted": {"time": ["A"], "location": ["1"]}}'
    )
    back = deliver(second)
    assert back.status == InboundMessage.Status.DONE
    assert Vote.objects.filter(participant__email=second.participant, accepted=True).count() == 2

    fake_llm.default = Behaviour(content="Sure! A and 1, I think. {not json")
    garbage = deliver(third)
    assert garbage.status == InboundMessage.Status.DONE, (garbage.status, garbage.error)
    assert not Vote.objects.filter(participant__email=third.participant).exists()
    # The sender is asked to clarify (never a guess) and the hub sends nothing else.
    replies = OutboundMessage.objects.filter(cause_id=garbage.id)
    assert replies.count() == 1 and replies.get().to_email == third.participant
    figures_record(test="LLM timeout, back, garbage", messages=3, recovered=1)
    print(
        f"\n[reliability] LLM: timeout -> asked, not held; back -> read; garbage -> "
        f"clarification; {len(fake_llm.requests)} model requests"
    )


def test_database_connections_dropped_mid_job_recover(product, capsys):
    fixtures_build(hubs=4, meetings=30, tag="dbdrop")
    replies = replies_for(invitations())
    sessions = {r.session_id for r in replies}
    from mailbridge.schedules import schedules_ensure

    schedules_ensure()
    watcher, mails = MailboxWatcher(product.mailbox), []
    product.start_web()
    product.start_cluster()
    started = time.monotonic()
    dbname = connection.settings_dict["NAME"]
    terminated = []
    stop = threading.Event()

    def terminator() -> None:
        with psycopg.connect(
            host=connection.settings_dict["HOST"] or procs.HOST,
            port=connection.settings_dict["PORT"] or 5432,
            user=connection.settings_dict["USER"],
            dbname=dbname,
            autocommit=True,
        ) as admin:
            while not stop.is_set():
                rows = admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                    "AND backend_type = 'client backend' AND state <> 'idle'"
                ).fetchall()
                terminated.append(sum(1 for (ok,) in rows if ok))
                time.sleep(0.2)

    thread = threading.Thread(target=terminator, daemon=True)
    thread.start()
    posting = post_all(product.webhook_url, [r.payload for r in replies], clients=10, seed=3)
    time.sleep(5)
    stop.set()
    thread.join(timeout=30)
    sweeps = []
    quiet = wait_quiet(watcher, mails, timeout=120, stall=15)
    for _ in range(4):
        if quiet:
            break
        sweeps.append(product.sweep_as_if_later())
        quiet = wait_quiet(watcher, mails, timeout=90, stall=15)
    from mailbridge.models import InboundMessage

    retried = InboundMessage.objects.filter(attempts__gt=1).count()
    failures = sorted(
        {
            e[:160]
            for e in InboundMessage.objects.exclude(status="done").values_list("error", flat=True)
        }
    )
    result = audit(mails, expected_sessions=sessions)
    with capsys.disabled():
        print(
            f"\n[reliability] database drops: {sum(terminated)} busy connections terminated; "
            f"{len(replies)} messages; processed after a retry {retried}; sweeps {sweeps}; "
            f"client retries {posting.retried}; {result.line()}"
        )
    figures_record(
        test="database drops",
        messages=len(replies),
        recovered=retried + recovered_by(sweeps),
        lost=result.lost,
        sent_twice=result.purposes_sent_twice,
        resent_same_id=result.resent_same_message_id,
        seconds=time.monotonic() - started,
    )
    assert sum(terminated) > 0, "no connection was busy when the terminator looked"
    assert posting.refused == []
    assert quiet, "work still open after the database came back\n" + product.log_tail()
    assert result.inbound_status == {"done": len(replies)}, failures
    assert result.meetings_status == {"confirmed": len(sessions)}
    assert result.outbound_status == {"sent": PARTICIPANTS * len(sessions)}
    assert result.purposes_sent_twice == 0 and result.lost == 0
    assert result.distinct_message_ids == PARTICIPANTS * len(sessions)
