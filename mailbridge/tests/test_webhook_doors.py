"""The ESP door answers right: 400 for a body it cannot read, 413 for too much, 5xx only for us."""

import json

import pytest
from django.db import OperationalError
from django.test import override_settings

from mailbridge.models import InboundMessage
from mailbridge.tests import doors
from mailbridge.tests.doors import (
    AUTH,
    MAILGUN_MIME,
    MULTIPART,
    POSTMARK,
    SES,
    BytesStream,
    CountingStream,
    browser,
    post,
    post_chunked,
)
from mailbridge.tests.test_webhooks import WRONG

pytestmark = pytest.mark.usefixtures("_debug_off")
MB = 1_000_000


@pytest.fixture
def _debug_off(settings):
    # What the attacker met: a production hub, where a 500 is a bare error page.
    settings.DEBUG = False


MALFORMED_JSON = {
    "empty": b"",
    "truncated": b'{"From": "alice@example.com", "To',
    "not json": b"From: alice@example.com\r\n\r\nhello",
    "a list": b"[1, 2, 3]",
    "a string": b'"hello"',
    "null": b"null",
    "a number with 5000 digits": b"1" * 5000,
    "100000 levels of [": b"[" * 100_000,
    "100000 levels of objects": b'{"a":' * 100_000,
    "lying UTF-8": b'{"From": "caf\xc3", "Subject": "\xff\xfe"}',
    "NUL and controls": b'{"From": "\x00\x01"}\x00',
}


@pytest.mark.parametrize("name", list(MALFORMED_JSON))
def test_malformed_json_gets_400_with_a_reason_and_is_kept(name, hub):
    body = MALFORMED_JSON[name]
    response = post(browser(), POSTMARK, body, "application/json")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.startswith(b"Malformed Postmark webhook body (")
    assert len(response.content) < 200
    if not body:
        assert not InboundMessage.objects.exists()
        return
    row = InboundMessage.objects.get()
    assert bytes(row.raw) == body
    assert row.hub is None and row.status == InboundMessage.Status.FAILED
    assert row.source == "webhook:postmark" and "/anymail/postmark/inbound/" in row.error


@pytest.mark.parametrize(
    "body", [b"[" * 100_000, b"{not json", b'{"Type": "\xff"}'], ids=["deep", "broken", "utf8"]
)
def test_malformed_sns_envelopes_get_400(body, hub):
    response = post(browser(), SES, body, "text/plain; charset=UTF-8", **doors.ses_headers())
    assert response.status_code == 400
    assert InboundMessage.objects.get().status == InboundMessage.Status.FAILED


def test_the_same_bad_body_posted_again_is_kept_once(hub):
    client = browser()
    for _ in range(3):
        assert post(client, POSTMARK, b"{oops", "application/json").status_code == 400
    assert InboundMessage.objects.count() == 1


# JSON objects anymail cannot make mail of: the door stores a well-formed post unread
# (mailbridge.posted), so these are found by the job, which keeps them failed, with why.
UNREADABLE_POSTS = {
    "fields of the wrong type": (
        {"From": 5, "FromFull": "x", "ToFull": 7, "Headers": "y", "Attachments": [1]},
        "Error",
    ),
    # A Postmark bounce posted to the inbound URL: the ESP's configuration, which no
    # retry fixes.
    "a payload meant for another URL": (
        {"RecordType": "Bounce", "MessageID": "x", "Email": "a@b"},
        "AnymailConfigurationError",
    ),
}


@pytest.mark.parametrize("name", list(UNREADABLE_POSTS))
def test_a_post_the_job_cannot_read_is_kept_failed_with_the_reason(name, hub):
    document, reason = UNREADABLE_POSTS[name]
    body = json.dumps(document).encode()
    assert post(browser(), POSTMARK, body, "application/json").status_code == 200
    assert doors.read_posts() == ["failed"]
    row = InboundMessage.objects.get()
    assert row.status == InboundMessage.Status.FAILED and reason in row.error
    assert bytes(row.raw) == body and row.hub is None
    # Nothing is tried again, and a second post of the same body is the same row.
    assert post(browser(), POSTMARK, body, "application/json").status_code == 200
    assert doors.read_posts() == [] and InboundMessage.objects.count() == 1


def test_a_malformed_tracking_post_gets_400(hub):
    response = post(browser(), "/anymail/postmark/tracking/", b"[" * 50_000, "application/json")
    assert response.status_code == 400


def test_a_broken_multipart_form_gets_400(hub, member):
    body = b"--BoUnDaRyStRiNg\r\nContent-Disposition: form-data\r\n\r\nno name, no end"
    with doors.mailgun_settings():
        response = post(browser(), MAILGUN_MIME, body, MULTIPART)
    assert response.status_code == 400


def test_8bit_header_bytes_in_a_raw_mime_field_are_stored(hub, member):
    raw = doors.member_mail(hub, member).replace(
        b"Subject: Dinner Friday?", b"Subject: D\xeener \xe0 8 heures \xff"
    )
    raw = raw.replace(b"From: Alice", b"From: Al\xefce")
    with doors.mailgun_settings():
        response = post(
            browser(), MAILGUN_MIME, doors.mailgun_mime_body(raw, hub, member), MULTIPART
        )
        doors.read_posts()
    assert response.status_code == 200
    row = InboundMessage.objects.get()
    assert row.hub == hub and row.sender == member.email


def test_8bit_header_bytes_in_base64_sns_content_are_stored(hub, member):
    raw = doors.member_mail(hub, member).replace(b"Subject: Dinner Friday?", b"Subject: \xe9\xff")
    response = post(
        browser(), SES, doors.ses_body(raw, hub, member), "text/plain", **doors.ses_headers()
    )
    assert response.status_code == 200
    assert InboundMessage.objects.get().hub == hub


@pytest.mark.parametrize("esp", ["postmark", "amazon_ses", "mailgun_mime"])
def test_a_members_9_5_mb_mail_is_accepted_and_stored(esp, hub, member):
    raw = doors.member_mail(hub, member, attachment_bytes=7_000_000)
    assert 9.4 * MB < len(raw) < 9.6 * MB  # base64 makes 7 MB of photo 9.5 MB of mail
    client = browser()
    if esp == "postmark":
        body = doors.postmark_body(raw, hub, member)
        response = post(client, POSTMARK, body, "application/json")
    elif esp == "amazon_ses":
        body = doors.ses_body(raw, hub, member)
        response = post(client, SES, body, "text/plain", **doors.ses_headers())
    else:
        body = doors.mailgun_mime_body(raw, hub, member)
        with doors.mailgun_settings():
            response = post(client, MAILGUN_MIME, body, MULTIPART)
            doors.read_posts()
    # Over Django's 2.5 MB DATA_UPLOAD_MAX_MEMORY_SIZE, under the webhook limit.
    assert 2.5 * MB < len(body) < 3 * 10 * 1024 * 1024
    assert response.status_code == 200, response.content
    doors.read_posts()
    row = InboundMessage.objects.get()
    assert row.hub == hub and len(bytes(row.raw)) > 9.4 * MB
    if esp == "amazon_ses":  # read in the request, as ever: SNS needs its answer at once
        assert row.status == InboundMessage.Status.RECEIVED
    else:  # stored unread, read and handled by the job
        assert row.status == InboundMessage.Status.DONE and row.kind == "member_command"


def test_a_mailgun_form_with_a_large_file_and_fields_reaches_anymail_whole(
    hub, member, mail_handlers, django_capture_on_commit_callbacks
):
    seen = []
    mail_handlers["member_command"] = seen.append
    from django.core.files.uploadedfile import SimpleUploadedFile

    fields = doors.mailgun_fields(hub, member) | {
        "body-plain": "Could we meet Friday evening?\n" + "x" * 3 * MB,
        "message-headers": json.dumps(
            [["From", f"Alice <{member.email}>"], ["To", hub.email], ["Subject", "Big"]]
        ),
        "attachment-count": "1",
        "attachment-1": SimpleUploadedFile("plan.pdf", b"%PDF" * MB, "application/pdf"),
    }
    with doors.mailgun_settings(), django_capture_on_commit_callbacks(execute=True):
        response = browser().post(doors.MAILGUN, data=fields, **AUTH)
    assert response.status_code == 200, response.content
    (mail,) = seen
    assert mail.attachment_names == ("plan.pdf",)
    assert mail.full_text.startswith("Could we meet Friday evening?")


@override_settings(AIMP_MAX_WEBHOOK_BYTES=1 * MB)
def test_over_the_limit_is_413_from_content_length_before_reading(hub):
    stream = CountingStream(20 * MB)
    response = post(
        browser(),
        POSTMARK,
        b"",
        "application/json",
        CONTENT_LENGTH=str(20 * MB),
        **{"wsgi.input": stream},
    )
    assert response.status_code == 413
    assert stream.taken == 0
    assert not InboundMessage.objects.exists()


def test_over_the_default_limit_is_413(hub):
    body = b'{"RawEmail": "' + b"x" * (31 * 1024 * 1024) + b'"}'
    assert post(browser(), POSTMARK, body, "application/json").status_code == 413


@override_settings(AIMP_MAX_WEBHOOK_BYTES=1 * MB)
def test_a_chunked_20_mb_body_is_read_only_to_the_limit_and_gets_413(hub):
    stream = CountingStream(20 * MB)
    response = post_chunked(browser(), POSTMARK, stream, "application/json")
    assert response.status_code == 413
    assert stream.taken == 1 * MB + 1
    assert not InboundMessage.objects.exists()


def test_a_chunked_body_under_the_limit_is_read_and_stored(hub, member):
    raw = doors.member_mail(hub, member)
    body = doors.mailgun_mime_body(raw, hub, member)
    with doors.mailgun_settings():
        response = post_chunked(browser(), MAILGUN_MIME, BytesStream(body), MULTIPART)
        doors.read_posts()
    assert response.status_code == 200
    assert InboundMessage.objects.get().hub == hub


def test_a_chunked_body_the_server_did_not_frame_gets_411(hub):
    # Django's development server passes no chunked body at all: anymail would see "".
    response = post_chunked(browser(), POSTMARK, None, "application/json", terminated=False)
    assert response.status_code == 411


def test_a_stranger_is_refused_before_the_body_is_read(hub):
    stream = CountingStream(5 * MB)
    for auth in ({}, WRONG):
        response = browser().generic(
            "POST",
            POSTMARK,
            b"",
            CONTENT_TYPE="application/json",
            CONTENT_LENGTH=str(5 * MB),
            **{"wsgi.input": stream},
            **auth,
        )
        assert response.status_code == 400
    # SES: SNS needs the 401 challenge, even for a body that is not JSON.
    response = browser().generic(
        "POST", SES, b"[[[", content_type="text/plain", **doors.ses_headers()
    )
    assert response.status_code == 401 and "Basic" in response["WWW-Authenticate"]
    assert stream.taken == 0
    assert not InboundMessage.objects.exists()


def test_a_database_error_in_our_receiver_is_5xx_so_the_esp_retries(hub, member, monkeypatch):
    body = doors.postmark_body(doors.member_mail(hub, member), hub, member)

    def down(**kwargs):
        raise OperationalError("connection to server at 127.0.0.1 failed")

    with monkeypatch.context() as patch:
        patch.setattr("mailbridge.webhooks.post_store", down)
        response = post(browser(), POSTMARK, body, "application/json")
    assert response.status_code == 500
    assert not InboundMessage.objects.exists()
    # The ESP retries once the database is back: stored, once.
    assert post(browser(), POSTMARK, body, "application/json").status_code == 200
    doors.read_posts()
    assert InboundMessage.objects.get().hub == hub


def test_a_database_error_while_keeping_a_bad_body_is_5xx(hub, monkeypatch):
    def down(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr("mailbridge.inbound.inbound_keep_rejected", down)
    assert post(browser(), POSTMARK, b"{oops", "application/json").status_code == 500


def test_a_missing_signing_key_is_our_fault_5xx(hub, member):
    body = doors.mailgun_mime_body(doors.member_mail(hub, member), hub, member)
    with override_settings(ANYMAIL={"WEBHOOK_SECRET": [doors.SECRET]}):
        response = post(browser(), MAILGUN_MIME, body, MULTIPART)
    assert response.status_code == 500
    assert not InboundMessage.objects.exists()
