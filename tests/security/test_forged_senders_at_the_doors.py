"""Forged senders through the real doors: the SMTP listener over a socket, and an ESP's
webhook as Postmark and Amazon SES post it. What a door's receiving server vouched for
is the only authentication; everything else is a From line anyone can write.
"""

import smtplib

import pytest
from django.core import mail
from django.test import override_settings

from mailbridge.models import InboundMessage
from mailbridge.smtp_server import smtp_controller
from mailbridge.testing import build_email
from mailbridge.tests.doors import SES, browser, post, ses_body, ses_headers
from mailbridge.tests.test_smtp_server import _free_port
from mailbridge.tests.test_webhooks import AUTH, postmark_payload
from negotiation.models import Event, Meeting
from tests.scenarios.meeting_kit import HUB, meeting_of, recipients

REQUEST = "Budget review with Bob and Carol next week, Tuesday or Wednesday afternoon, on Zoom."
STRANGERS = ", ".join(f"victim{n}@elsewhere.example" for n in range(10))


@pytest.fixture
def listener(transactional_db):
    controller = smtp_controller(host="127.0.0.1", port=_free_port())
    controller.start()
    yield controller
    controller.stop()


@pytest.mark.django_db(transaction=True)
def test_a_forged_cancel_over_smtp_leaves_the_meeting_and_tells_the_organiser_once(
    team, chat, listener
):
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    meeting = meeting_of(invitations[0])
    before = len(mail.outbox)

    for attempt in range(3):  # three different mails: a retransmission would be one
        forged = build_email(
            from_="Alice <alice@example.com>",
            to=HUB,
            subject=f"Re: [AIMP:{meeting.session_id}] Budget review",
            body="cancel" + "!" * attempt,
            authenticated=False,
        )
        with smtplib.SMTP(listener.hostname, listener.port, timeout=10) as smtp:
            assert smtp.sendmail("alice@example.com", [HUB], forged) == {}

    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING
    told = mail.outbox[before:]
    assert recipients(told) == ["alice@example.com"]  # once, however often it came
    assert Event.objects.filter(meeting=meeting, kind=Event.Kind.SENDER_REFUSED).count() == 3


def _postmark(client, raw: bytes, team):
    payload = postmark_payload(raw, team.hub, team.alice)
    payload["Subject"] = "Call"
    return client.post(
        "/anymail/postmark/inbound/", data=payload, content_type="application/json", **AUTH
    )


def test_a_forged_request_through_an_esp_webhook_mails_only_the_member(
    team, client, django_capture_on_commit_callbacks, mailoutbox
):
    raw = build_email(
        from_="Alice <alice@example.com>",
        to=HUB,
        subject="Call",
        body=f"Please set up a call next Tuesday afternoon with {STRANGERS}",
        authenticated=False,
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert _postmark(client, raw, team).status_code == 200

    assert recipients(mailoutbox) == ["alice@example.com"]
    assert "could not verify that it came from you" in mailoutbox[0].body
    row = InboundMessage.objects.get()
    assert row.source == "webhook:postmark" and "sender: no trusted verdict" in row.error


def _ses_mail(verdict: str) -> bytes:
    # Amazon SES writes its own Authentication-Results into the mail it stores and posts.
    return build_email(
        from_="Alice <alice@example.com>",
        to=HUB,
        subject="Call",
        body=f"Please set up a call next Tuesday afternoon with {STRANGERS}",
        authenticated=False,
        headers={
            "Authentication-Results": (
                f"amazonses.com; spf=pass (spfCheck: domain of example.com designates "
                f"192.0.2.1 as permitted sender) client-ip=192.0.2.1; "
                f"envelope-from=alice@example.com; helo=mail.example.com; "
                f"dkim={verdict} header.i=@example.com; dmarc={verdict} header.from=example.com;"
            )
        },
    )


@pytest.mark.parametrize("verdict", ["fail", "pass"])
@override_settings(AIMP_TRUSTED_AUTHSERV_IDS=["webhook:amazon_ses=amazonses.com"])
def test_amazon_ses_verdicts_are_believed_for_its_own_door(
    team, django_capture_on_commit_callbacks, mailoutbox, verdict
):
    raw = _ses_mail(verdict)
    with django_capture_on_commit_callbacks(execute=True):
        response = post(
            browser(), SES, ses_body(raw, team.hub, team.alice), "text/plain", **ses_headers()
        )
    assert response.status_code == 200
    row = InboundMessage.objects.get()
    assert row.source == "webhook:amazon_ses"
    if verdict == "fail":
        # Forged: SPF passed for the envelope, but DKIM and DMARC failed for the From domain.
        assert recipients(mailoutbox) == ["alice@example.com"]
        assert "sender: amazonses.com: not aligned with example.com" in row.error
        assert "dmarc=fail" in row.error
    else:
        assert "victim0@elsewhere.example" in recipients(mailoutbox)


@override_settings(AIMP_TRUSTED_AUTHSERV_IDS=["smtp=amazonses.com"])
def test_a_verdict_trusted_only_on_another_door_proves_nothing(
    team, django_capture_on_commit_callbacks, mailoutbox
):
    raw = _ses_mail("pass")
    with django_capture_on_commit_callbacks(execute=True):
        post(browser(), SES, ses_body(raw, team.hub, team.alice), "text/plain", **ses_headers())
    assert recipients(mailoutbox) == ["alice@example.com"]
