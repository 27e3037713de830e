"""The test plugin other apps build their scenarios on."""

from mailbridge.outbox import Attachment, OutboundMail, outbox_enqueue
from mailbridge.testing import build_email
from mailbridge.types import MailKind


def test_reply_to_a_sent_message_comes_back_in_its_thread(hub, mailflow, mail_handlers):
    seen = []
    mail_handlers[MailKind.THREAD_REPLY] = seen.append
    with mailflow._capture(execute=True):
        outbox_enqueue(
            hub=hub,
            mail=OutboundMail(
                to="bob@example.com", subject="[AIMP:m9] v1 Lunch", text="A or B?", thread_key="m9"
            ),
        )
    [invitation] = mailflow.sent()
    row = mailflow.reply(invitation, from_="Bob <bob@example.com>", body="B please")
    assert row.kind == "thread_reply" and row.thread_key == "m9"
    [mail] = seen
    assert mail.thread_key == "m9" and mail.thread_recipient == "bob@example.com"
    assert mail.subject == "Re: [AIMP:m9] v1 Lunch" and mail.text == "B please"
    assert mailflow.sent() == []


def test_build_email_with_attachment_round_trips(hub, mailflow, mail_handlers):
    seen = []
    mail_handlers[MailKind.PROTOCOL] = seen.append
    raw = build_email(
        from_="agent@peer.example",
        to=hub.email,
        subject="[AIMP:s1] v1 Sync",
        body="see attachment",
        attachments=[
            Attachment(
                "protocol.json", b'{"protocol": "AIMP/0.1", "session_id": "s1"}', "application/json"
            )
        ],
        headers={"X-AIMP-Version": "0.1"},
    )
    row = mailflow.deliver(raw)
    assert row.kind == "protocol"
    assert seen[0].protocol == {"protocol": "AIMP/0.1", "session_id": "s1"}
    assert seen[0].thread_key == "s1"
