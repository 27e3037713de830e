"""PrepareFirst: a handler's slow work runs outside the job's transaction, then it runs again."""

import threading

import pytest
from django.db import connection, transaction

from hubs.models import Hub, Member
from mailbridge.errors import PrepareFirst, RetryLater
from mailbridge.inbound import inbound_receive
from mailbridge.models import InboundMessage, OutboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.processing import MAX_PREPARATIONS, inbound_process
from mailbridge.testing import build_email
from mailbridge.types import MailKind

Status = InboundMessage.Status


class PreparingHandler:
    """Asks for `work` until it has run once, then answers the sender (one outbox row)."""

    def __init__(self, work=None):
        self.prepared = False
        self.calls = 0
        self.work = work or (lambda: None)

    def _prepare(self):
        self.work()
        self.prepared = True

    def __call__(self, mail):
        self.calls += 1
        # Written before asking: the rollback must take it away.
        outbox_enqueue(
            hub=Hub.objects.get(id=mail.hub_id),
            mail=OutboundMail(
                to=mail.sender,
                subject="Re",
                text="ok",
                cause_id=mail.inbound_id,
                dedupe_key=f"answer:{mail.inbound_id}:{self.calls}",
            ),
        )
        if not self.prepared:
            raise PrepareFirst(self._prepare, reason="model call")


def _mail(hub, member):
    return build_email(from_=member.email, to=hub.email, subject="Lunch?", body="Friday noon?")


def test_handler_runs_again_after_the_work_and_its_effects_commit_once(
    hub, member, mailflow, mail_handlers
):
    handler = PreparingHandler()
    mail_handlers[MailKind.MEMBER_COMMAND] = handler
    row = mailflow.deliver(_mail(hub, member))
    assert row.status == Status.DONE and row.attempts == 1
    assert handler.calls == 2
    # The first run's outbox row was rolled back with its transaction.
    assert list(OutboundMessage.objects.values_list("dedupe_key", flat=True)) == [
        f"answer:{row.id}:2"
    ]
    assert len(mailflow.sent()) == 1


@pytest.mark.django_db(transaction=True)
def test_work_runs_with_no_transaction_and_no_lock(
    mail_handlers, django_capture_on_commit_callbacks
):
    hub = Hub.objects.create(name="Family", slug="family", email="family@hub.example.com")
    member = Member.objects.create(hub=hub, email="alice@example.com", name="Alice")
    seen = {}

    def work():
        seen["in_transaction"] = connection.in_atomic_block
        seen["errors"] = []

        def other_writer():
            # Another job storing mail meanwhile: needs the SQLite write lock, and on
            # PostgreSQL takes the row lock the processing job would hold.
            try:
                inbound_receive(
                    raw=build_email(
                        from_="x@example.org",
                        to="nobody@nowhere.example",
                        subject="meanwhile",
                        body="hi",
                    ),
                    source="test",
                )
                with transaction.atomic():
                    locked = InboundMessage.objects.select_for_update(nowait=True).filter(
                        subject="Lunch?"
                    )
                    seen["locked_by_other"] = len(list(locked))
            except Exception as exc:  # surfaced by the assertion below
                seen["errors"].append(exc)
            finally:
                connection.close()

        thread = threading.Thread(target=other_writer)
        thread.start()
        thread.join()

    mail_handlers[MailKind.MEMBER_COMMAND] = PreparingHandler(work)
    with django_capture_on_commit_callbacks(execute=True):
        row = inbound_receive(raw=_mail(hub, member), source="test", envelope_to=[hub.email])
    row.refresh_from_db()
    assert seen["errors"] == [] and seen["in_transaction"] is False
    assert seen["locked_by_other"] == 1
    assert row.status == Status.DONE
    assert InboundMessage.objects.filter(subject="meanwhile", hub__isnull=True).count() == 1


@pytest.mark.django_db(transaction=True)
def test_retry_later_from_the_work_keeps_what_the_work_wrote(mail_handlers):
    hub = Hub.objects.create(name="Family", slug="family", email="family@hub.example.com")
    member = Member.objects.create(hub=hub, email="alice@example.com", name="Alice")

    def work():
        Member.objects.create(hub=hub, email="record@example.com", name="a record")
        raise RetryLater("model down")

    handler = PreparingHandler(work)
    mail_handlers[MailKind.MEMBER_COMMAND] = handler
    # Autocommit: the processing job runs as soon as the row is stored.
    row = inbound_receive(raw=_mail(hub, member), source="test", envelope_to=[hub.email])
    row.refresh_from_db()
    assert row.status == Status.RETRY and row.error == "retry later: model down"
    assert Member.objects.filter(email="record@example.com").exists()
    assert not OutboundMessage.objects.exists()
    handler.work = lambda: None
    assert inbound_process(inbound_id=row.id, now=row.next_attempt_at) == "done"
    assert OutboundMessage.objects.count() == 1


def test_failing_work_fails_the_message(hub, member, mailflow, mail_handlers):
    def work():
        raise ValueError("bug in preparation")

    mail_handlers[MailKind.MEMBER_COMMAND] = PreparingHandler(work)
    row = mailflow.deliver(_mail(hub, member))
    assert row.status == Status.FAILED and "bug in preparation" in row.error
    assert not OutboundMessage.objects.exists()


def test_endless_preparation_is_left_to_a_retry(hub, member, mailflow, mail_handlers):
    runs = []

    def never_ready(mail):
        raise PrepareFirst(lambda: runs.append(1), reason="inputs keep changing")

    mail_handlers[MailKind.MEMBER_COMMAND] = never_ready
    row = mailflow.deliver(_mail(hub, member))
    assert row.status == Status.RETRY and "still needed preparation" in row.error
    assert len(runs) == MAX_PREPARATIONS
