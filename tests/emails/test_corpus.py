"""Every .eml in this folder through the real pipeline, with the outcome manifest.json asserts.

Each message is delivered to a hub that has one member (alice@example.com), has
sent one invitation in thread "meeting-001" (Message-ID <sent-1@hub.example.com>,
reply token tok4bob0000000000000 for bob@example.com), and answers every kind it
may answer once (unknown senders once per day), through test handlers: the
corpus checks the mail bridge, not the scheduling rules.
"""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hubs.models import Hub, Member
from mailbridge.models import InboundMessage
from mailbridge.outbox import OutboundMail, outbox_enqueue
from mailbridge.ratelimit import notice_claim
from mailbridge.types import MailKind
from tests.emails.corpus_world import corpus_hub_build

HERE = Path(__file__).parent
MANIFEST = json.loads((HERE / "manifest.json").read_text())
ANSWERED = [
    MailKind.MEMBER_COMMAND,
    MailKind.THREAD_REPLY,
    MailKind.UNKNOWN_SENDER,
    MailKind.REGISTRATION,
    MailKind.PROTOCOL,
]


def test_the_corpus_is_big_and_every_file_has_an_outcome():
    files = {p.name for p in HERE.glob("*.eml")}
    assert len(files) >= 40
    assert files == {entry["file"] for entry in MANIFEST}


@pytest.fixture
def corpus_hub(db):
    return corpus_hub_build()


@pytest.fixture
def seen(corpus_hub, mail_handlers):
    """Register answering handlers; return the list of IncomingMail they were given."""
    calls = []

    def answer(mail):
        calls.append(mail)
        hub = Hub.objects.get(id=mail.hub_id)
        if mail.kind == MailKind.UNKNOWN_SENDER and not notice_claim(
            hub=hub, address=mail.sender, purpose="unknown", now=datetime.now(UTC)
        ):
            return
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to=mail.sender,
                subject="Re: " + mail.subject,
                text="Received.",
                cause_id=mail.inbound_id,
                thread_key=mail.thread_key,
            ),
        )

    def bounce(mail):
        calls.append(mail)
        admin = Member.objects.get(hub_id=mail.hub_id, role="admin")
        outbox_enqueue(
            hub=Hub.objects.get(id=mail.hub_id),
            mail=OutboundMail(
                to=admin.email,
                subject=f"Could not reach {mail.bounced_recipient}",
                text="The address bounced.",
                cause_id=mail.inbound_id,
                dedupe_key=f"bounce:{mail.bounced_recipient}",
            ),
        )

    for kind in ANSWERED:
        mail_handlers[kind] = answer
    mail_handlers[MailKind.BOUNCE] = bounce
    return calls


@pytest.mark.parametrize("case", MANIFEST, ids=[entry["file"] for entry in MANIFEST])
def test_email(case, corpus_hub, seen, mailflow, settings):
    raw = (HERE / case["file"]).read_bytes()
    row = mailflow.deliver(raw)
    sent = mailflow.sent()
    if case.get("no_hub"):
        assert row is None
        stored = InboundMessage.objects.get(hub__isnull=True)
        assert stored.status == case["status"]
    else:
        assert row is not None
        assert (row.kind, row.status) == (case["kind"], case["status"]), row.error
        assert len(row.subject) <= settings.AIMP_MAX_SUBJECT_CHARS
    assert len(sent) == case["outbound"], [m.subject for m in sent]
    for message in sent:
        # Nothing the hub sends goes back to itself, and every answer is marked as automatic.
        assert not message.to[0].endswith("@hub.example.com")
        assert message.extra_headers["Auto-Submitted"] == "auto-generated"
    if not seen:
        return
    [mail] = seen
    assert "\x00" not in mail.text + mail.full_text + mail.subject
    assert len(mail.subject) <= case.get("subject_max", settings.AIMP_MAX_SUBJECT_CHARS)
    assert len(mail.full_text) <= case.get("text_max", settings.AIMP_MAX_BODY_CHARS)
    if "text_contains" in case:
        assert case["text_contains"].lower() in mail.text.lower()
    if "text_equals" in case:
        assert mail.text == case["text_equals"]
    if "sender" in case:
        assert mail.sender == case["sender"]
    if "thread_key" in case:
        assert mail.thread_key == case["thread_key"]
    if "attachments" in case:
        assert list(mail.attachment_names) == case["attachments"]
    if "protocol_ok" in case:
        assert (mail.protocol is not None) == case["protocol_ok"]
        assert (mail.protocol_error is None) == case["protocol_ok"]
    if "bounced" in case:
        assert mail.bounced_recipient == case["bounced"]
