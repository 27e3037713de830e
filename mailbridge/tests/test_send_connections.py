"""A send job opens one connection per hub and sends all of that hub's mail over it."""

import socket
import threading

import pytest
from aiosmtpd.controller import Controller
from django.db import connection
from django.test.utils import CaptureQueriesContext

from mailbridge.models import HubSmtpSettings, OutboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.sending import outbox_send_many


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _PeerSink:
    """Records every mail with the client end of the connection it came over."""

    def __init__(self):
        self.peers = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        with self.lock:
            self.peers.append(session.peer)
        return "250 OK"


@pytest.fixture
def sink():
    handler = _PeerSink()
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    yield controller, handler
    controller.stop()


def _queue(hub, n: int) -> list[int]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("mailbridge.outbox.job_enqueue_with_commit", lambda *a, **k: None)
        return [
            outbox_enqueue(
                hub=hub, mail=OutboundMail(to=f"p{i}@example.com", subject="Hi", text="t")
            ).id
            for i in range(n)
        ]


def test_five_mails_of_one_hub_go_over_one_smtp_connection(hub, sink):
    controller, handler = sink
    HubSmtpSettings.objects.create(hub=hub, host="127.0.0.1", port=controller.port, use_tls=False)
    ids = _queue(hub, 5)
    with CaptureQueriesContext(connection) as queries:
        assert outbox_send_many(outbound_ids=ids) == ["sent"] * 5
    assert len(handler.peers) == 5 and len(set(handler.peers)) == 1
    settings_reads = [q for q in queries if "mailbridge_hubsmtpsettings" in q["sql"]]
    assert len(settings_reads) == 1
    assert set(OutboundMessage.objects.values_list("status", flat=True)) == {"sent"}


def test_two_jobs_use_two_connections(hub, sink):
    controller, handler = sink
    HubSmtpSettings.objects.create(hub=hub, host="127.0.0.1", port=controller.port, use_tls=False)
    first, second = _queue(hub, 2)
    outbox_send_many(outbound_ids=[first])
    outbox_send_many(outbound_ids=[second])
    assert len(set(handler.peers)) == 2


def test_after_a_failed_send_the_next_mail_opens_a_fresh_connection(hub, monkeypatch):
    from mailbridge import sending

    opened = []

    class Backend:
        def __init__(self):
            self.sent = 0
            opened.append(self)

        def open(self):
            return True

        def close(self):
            pass

        def send_messages(self, messages):
            if len(opened) == 1:
                raise ConnectionResetError("dropped")
            return len(messages)

    monkeypatch.setattr(sending, "connection_for_hub", lambda hub_id: Backend())
    assert outbox_send_many(outbound_ids=_queue(hub, 2)) == ["retry", "sent"]
    assert len(opened) == 2
