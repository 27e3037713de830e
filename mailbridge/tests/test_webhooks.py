"""The ESP door, in each provider's documented wire format."""

import base64
import hashlib
import hmac
import json
import time

import pytest
from django.test import override_settings

from mailbridge.models import InboundMessage, OutboundMessage
from mailbridge.outbox import Attachment, OutboundMail
from mailbridge.testing import build_email
from mailbridge.types import MailKind

SECRET = "tester:s3cret-webhook"
AUTH = {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(SECRET.encode()).decode()}
WRONG = {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(b"tester:wrong").decode()}
SIGNING_KEY = "key-mailgun-signing-test"


@pytest.fixture
def answered(mail_handlers):
    """Handlers that answer members once, so a test can count effects."""
    from hubs.models import Hub
    from mailbridge.outbox import outbox_enqueue

    calls = []

    def handle(mail):
        calls.append(mail)
        outbox_enqueue(
            hub=Hub.objects.get(id=mail.hub_id),
            mail=OutboundMail(
                to=mail.sender, subject="Re: " + mail.subject, text="ok", cause_id=mail.inbound_id
            ),
        )

    mail_handlers[MailKind.MEMBER_COMMAND] = handle
    return calls


def _member_mail(hub, member, **kw):
    return build_email(
        from_=f"Alice <{member.email}>",
        to=hub.email,
        subject="Dinner Friday?",
        body="Could we meet Friday evening?",
        message_id="<dinner-1@example.com>",
        attachments=[Attachment("notes.txt", b"bring wine", "text/plain")],
        **kw,
    )


def postmark_payload(raw: bytes, hub, member, *, with_raw: bool = True) -> dict:
    """Postmark's inbound webhook JSON (https://postmarkapp.com/developer/webhooks/inbound-webhook)."""
    payload = {
        "FromName": "Alice",
        "MessageStream": "inbound",
        "From": member.email,
        "FromFull": {"Email": member.email, "Name": "Alice", "MailboxHash": ""},
        "To": hub.email,
        "ToFull": [{"Email": hub.email, "Name": "", "MailboxHash": ""}],
        "Cc": "",
        "CcFull": [],
        "Bcc": "",
        "BccFull": [],
        "OriginalRecipient": hub.email,
        "Subject": "Dinner Friday?",
        "MessageID": "73e6d360-66eb-11e1-8e72-a8904824019b",
        "ReplyTo": "",
        "MailboxHash": "",
        "Date": "Fri, 1 Aug 2025 16:45:32 -04:00",
        "TextBody": "Could we meet Friday evening?\n",
        "HtmlBody": "",
        "StrippedTextReply": "",
        "Tag": "",
        "Headers": [
            {"Name": "X-Spam-Status", "Value": "No"},
            {"Name": "Message-ID", "Value": "<dinner-1@example.com>"},
            {"Name": "Date", "Value": "Fri, 1 Aug 2025 16:45:32 -0400"},
        ],
        "Attachments": [
            {
                "Name": "notes.txt",
                "Content": base64.b64encode(b"bring wine").decode(),
                "ContentType": "text/plain",
                "ContentLength": 10,
            }
        ],
    }
    if with_raw:
        payload["RawEmail"] = raw.decode()
    return payload


def _post_postmark(client, payload, auth=AUTH):
    return client.post(
        "/anymail/postmark/inbound/",
        data=json.dumps(payload),
        content_type="application/json",
        **auth,
    )


def test_postmark_raw_email_is_stored_processed_and_answered(
    client, hub, member, answered, mailoutbox, django_capture_on_commit_callbacks
):
    raw = _member_mail(hub, member)
    with django_capture_on_commit_callbacks(execute=True):
        response = _post_postmark(client, postmark_payload(raw, hub, member))
    assert response.status_code == 200
    row = InboundMessage.objects.get()
    assert row.source == "webhook:postmark"
    assert row.status == InboundMessage.Status.DONE and row.kind == "member_command"
    assert row.message_id == "<dinner-1@example.com>"
    assert b"Could we meet Friday evening?" in bytes(row.raw)
    [mail] = answered
    assert mail.attachment_names == ("notes.txt",)
    assert len(mailoutbox) == 1 and mailoutbox[0].to == [member.email]


def test_postmark_parsed_fields_without_raw_email(
    client, hub, member, answered, django_capture_on_commit_callbacks
):
    payload = postmark_payload(b"", hub, member, with_raw=False)
    with django_capture_on_commit_callbacks(execute=True):
        assert _post_postmark(client, payload).status_code == 200
    row = InboundMessage.objects.get()
    assert row.sender == member.email and row.message_id == "<dinner-1@example.com>"
    assert answered[0].text == "Could we meet Friday evening?"


def test_postmark_retry_of_the_same_post_is_one_row_and_one_effect(
    client, hub, member, answered, django_capture_on_commit_callbacks
):
    payload = postmark_payload(_member_mail(hub, member), hub, member)
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            assert _post_postmark(client, payload).status_code == 200
    assert InboundMessage.objects.count() == 1
    assert len(answered) == 1
    assert OutboundMessage.objects.count() == 1


@pytest.mark.parametrize("auth", [{}, WRONG], ids=["missing", "wrong"])
def test_postmark_without_the_secret_gets_400_and_stores_nothing(client, hub, member, auth):
    response = _post_postmark(
        client, postmark_payload(_member_mail(hub, member), hub, member), auth
    )
    assert response.status_code == 400
    assert not InboundMessage.objects.exists()


@override_settings(DEBUG=False, ANYMAIL={"WEBHOOK_SECRET": []})
@pytest.mark.parametrize("auth", [{}, AUTH], ids=["no-auth", "any-auth"])
def test_webhooks_refused_when_debug_off_and_no_secret(client, hub, member, auth):
    response = _post_postmark(
        client, postmark_payload(_member_mail(hub, member), hub, member), auth
    )
    assert response.status_code == 503
    assert not InboundMessage.objects.exists()


def _mailgun_signature(timestamp: str, token: str) -> str:
    return hmac.new(
        SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256
    ).hexdigest()


def _mailgun_fields(hub, member) -> dict:
    timestamp, token = str(int(time.time())), "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0"
    return {
        "recipient": hub.email,
        "sender": member.email,
        "from": f"Alice <{member.email}>",
        "subject": "Dinner Friday?",
        "timestamp": timestamp,
        "token": token,
        "signature": _mailgun_signature(timestamp, token),
    }


def _mailgun_settings():
    return override_settings(
        ANYMAIL={"WEBHOOK_SECRET": [SECRET], "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    )


def test_mailgun_parsed_fields(client, hub, member, answered, django_capture_on_commit_callbacks):
    """Mailgun's "fully parsed" forward() POST (https://documentation.mailgun.com, Routes)."""
    fields = _mailgun_fields(hub, member) | {
        "body-plain": "Could we meet Friday evening?\n",
        "stripped-text": "Could we meet Friday evening?",
        "stripped-signature": "",
        "body-html": "<p>Could we meet Friday evening?</p>",
        "attachment-count": "0",
        "message-headers": json.dumps(
            [
                ["Received", "by luna.mailgun.net with SMTP mgrt 8734663311733"],
                ["From", f"Alice <{member.email}>"],
                ["To", hub.email],
                ["Subject", "Dinner Friday?"],
                ["Message-Id", "<dinner-1@example.com>"],
                ["Date", "Fri, 1 Aug 2025 16:45:32 -0400"],
                ["Mime-Version", "1.0"],
            ]
        ),
    }
    with _mailgun_settings(), django_capture_on_commit_callbacks(execute=True):
        response = client.post("/anymail/mailgun/inbound/", data=fields, **AUTH)
    assert response.status_code == 200
    row = InboundMessage.objects.get()
    assert row.source == "webhook:mailgun" and row.status == InboundMessage.Status.DONE
    assert row.envelope_to == [hub.email]
    assert answered[0].text == "Could we meet Friday evening?"


def test_mailgun_inbound_mime(client, hub, member, answered, django_capture_on_commit_callbacks):
    raw = _member_mail(hub, member)
    fields = _mailgun_fields(hub, member) | {"body-mime": raw.decode()}
    with _mailgun_settings(), django_capture_on_commit_callbacks(execute=True):
        response = client.post("/anymail/mailgun/inbound_mime/", data=fields, **AUTH)
    assert response.status_code == 200
    assert InboundMessage.objects.get().message_id == "<dinner-1@example.com>"
    assert answered[0].attachment_names == ("notes.txt",)


def test_mailgun_bad_signature_stores_nothing(client, hub, member):
    fields = _mailgun_fields(hub, member) | {"body-mime": "From: x@y\n\nhi", "signature": "0" * 64}
    with _mailgun_settings():
        response = client.post("/anymail/mailgun/inbound_mime/", data=fields, **AUTH)
    assert response.status_code == 400
    assert not InboundMessage.objects.exists()


def ses_notification(raw: bytes, hub, member) -> dict:
    """An SNS Notification carrying an SES "Received" event with the raw message (BASE64)."""
    ses_event = {
        "notificationType": "Received",
        "mail": {
            "timestamp": "2025-08-01T20:45:32.000Z",
            "source": member.email,
            "messageId": "o3vrnil0e2ic28trm7dfhrc2v0clambfbpmd3ok0",
            "destination": [hub.email],
            "headersTruncated": False,
            "headers": [{"name": "From", "value": member.email}],
            "commonHeaders": {
                "from": [member.email],
                "to": [hub.email],
                "subject": "Dinner Friday?",
            },
        },
        "receipt": {
            "timestamp": "2025-08-01T20:45:32.000Z",
            "processingTimeMillis": 222,
            "recipients": [hub.email],
            "spamVerdict": {"status": "PASS"},
            "virusVerdict": {"status": "PASS"},
            "spfVerdict": {"status": "PASS"},
            "dkimVerdict": {"status": "PASS"},
            "dmarcVerdict": {"status": "PASS"},
            "action": {
                "type": "SNS",
                "topicArn": "arn:aws:sns:us-east-1:123456789012:ses-inbound",
                "encoding": "BASE64",
            },
        },
        "content": base64.b64encode(raw).decode(),
    }
    return {
        "Type": "Notification",
        "MessageId": "8a8c8b1e-9d3b-5f0c-a0b6-1d2a8c1e2f3a",
        "TopicArn": "arn:aws:sns:us-east-1:123456789012:ses-inbound",
        "Subject": "Amazon SES Email Receipt Notification",
        "Message": json.dumps(ses_event),
        "Timestamp": "2025-08-01T20:45:33.000Z",
        "SignatureVersion": "1",
        "Signature": "EXAMPLEpH+..",
        "SigningCertURL": "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0000.pem",
        "UnsubscribeURL": "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe",
    }


def _post_ses(client, body, auth=AUTH):
    return client.post(
        "/anymail/amazon_ses/inbound/",
        data=json.dumps(body),
        content_type="text/plain; charset=UTF-8",  # SNS posts JSON as text/plain
        HTTP_X_AMZ_SNS_MESSAGE_TYPE=body["Type"],
        HTTP_X_AMZ_SNS_MESSAGE_ID=body["MessageId"],
        **auth,
    )


def test_amazon_ses_sns_notification(
    client, hub, member, answered, django_capture_on_commit_callbacks
):
    body = ses_notification(_member_mail(hub, member), hub, member)
    with django_capture_on_commit_callbacks(execute=True):
        assert _post_ses(client, body).status_code == 200
    row = InboundMessage.objects.get()
    assert row.source == "webhook:amazon_ses"
    assert row.envelope_from == member.email and row.envelope_to == [hub.email]
    assert len(answered) == 1


def test_amazon_ses_wrong_secret(client, hub, member):
    body = ses_notification(_member_mail(hub, member), hub, member)
    assert _post_ses(client, body, WRONG).status_code == 400
    # SNS needs a 401 challenge before it sends credentials at all (anymail does this).
    assert _post_ses(client, body, {}).status_code == 401
    assert not InboundMessage.objects.exists()


def test_webhook_mail_for_no_hub_is_kept_unprocessed(
    client, hub, member, django_capture_on_commit_callbacks
):
    raw = build_email(from_=member.email, to="nobody@elsewhere.example", subject="s", body="b")
    payload = postmark_payload(raw, hub, member)
    payload["OriginalRecipient"] = payload["To"] = "nobody@elsewhere.example"
    with django_capture_on_commit_callbacks(execute=True):
        assert _post_postmark(client, payload).status_code == 200
    row = InboundMessage.objects.get()
    assert row.hub is None and row.status == InboundMessage.Status.IGNORED


def test_postmark_tracking_bounce_marks_the_row_undeliverable(client, hub, mailflow):
    from mailbridge.models import UndeliverableAddress
    from mailbridge.outbox import outbox_enqueue

    with mailflow._capture(execute=True):
        row = outbox_enqueue(
            hub=hub, mail=OutboundMail(to="gone@example.com", subject="s", text="t")
        )
    OutboundMessage.objects.filter(id=row.id).update(
        provider_message_id="883953f4-6105-42a2-a16a-77a8eac79483"
    )
    event = {
        "RecordType": "Bounce",
        "MessageStream": "outbound",
        "ID": 4323372036854775807,
        "Type": "HardBounce",
        "TypeCode": 1,
        "Name": "Hard bounce",
        "Tag": "",
        "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
        "Metadata": {},
        "ServerID": 23,
        "Description": "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
        "Details": "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
        "Email": "gone@example.com",
        "From": hub.email,
        "BouncedAt": "2025-08-01T16:45:32-04:00",
        "DumpAvailable": True,
        "Inactive": True,
        "CanActivate": True,
        "Subject": "s",
    }
    response = client.post(
        "/anymail/postmark/tracking/",
        data=json.dumps(event),
        content_type="application/json",
        **AUTH,
    )
    assert response.status_code == 200
    row.refresh_from_db()
    assert row.status == OutboundMessage.Status.UNDELIVERABLE
    assert row.events[-1]["event"] == "bounced"
    assert UndeliverableAddress.objects.filter(hub=hub, address="gone@example.com").exists()
