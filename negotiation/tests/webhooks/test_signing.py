"""Signatures as a receiver checks them, with the standardwebhooks library's own verify()."""

from datetime import UTC, datetime, timedelta, timezone

import pytest
import time_machine
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from negotiation.webhooks.signing import is_signing_secret, signed_headers, signing_secret_new

AT = datetime(2026, 12, 1, 9, 30, 15, tzinfo=UTC)
BODY = '{"data":{"hub":"team"},"timestamp":"2026-12-01T09:30:00+00:00","type":"member.joined"}'


def test_a_new_secret_is_whsec_base64_and_fresh():
    secrets = {signing_secret_new() for _ in range(50)}
    assert len(secrets) == 50
    assert all(is_signing_secret(s) for s in secrets)
    assert not is_signing_secret("whsec_short")
    assert not is_signing_secret("plain-text")


def test_the_receiver_verifies_the_headers_and_gets_the_payload():
    secret = signing_secret_new()
    headers = signed_headers(secret=secret, event_id="msg_1", at=AT, body=BODY)
    assert headers["webhook-id"] == "msg_1"
    assert headers["webhook-timestamp"] == str(int(AT.timestamp()))
    assert headers["webhook-signature"].startswith("v1,")
    with time_machine.travel(AT + timedelta(seconds=3), tick=False):
        assert Webhook(secret).verify(BODY, headers)["type"] == "member.joined"


def test_an_offset_moment_signs_the_same_instant():
    secret = signing_secret_new()
    berlin = AT.astimezone(timezone(timedelta(hours=1)))
    assert signed_headers(secret=secret, event_id="m", at=berlin, body=BODY) == signed_headers(
        secret=secret, event_id="m", at=AT, body=BODY
    )


@pytest.mark.parametrize(
    "tamper",
    [
        lambda h, b: (h, b.replace("team", "evil")),
        lambda h, b: ({**h, "webhook-id": "msg_2"}, b),
        lambda h, b: ({**h, "webhook-timestamp": str(int(h["webhook-timestamp"]) + 1)}, b),
    ],
    ids=["body", "id", "timestamp"],
)
def test_any_change_breaks_the_signature(tamper):
    secret = signing_secret_new()
    headers, body = tamper(signed_headers(secret=secret, event_id="msg_1", at=AT, body=BODY), BODY)
    with time_machine.travel(AT, tick=False), pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, headers)


def test_another_secret_or_an_old_message_does_not_verify():
    headers = signed_headers(secret=signing_secret_new(), event_id="msg_1", at=AT, body=BODY)
    with time_machine.travel(AT, tick=False), pytest.raises(WebhookVerificationError):
        Webhook(signing_secret_new()).verify(BODY, headers)
    secret = signing_secret_new()
    headers = signed_headers(secret=secret, event_id="msg_1", at=AT, body=BODY)
    late = time_machine.travel(AT + timedelta(minutes=10), tick=False)
    with late, pytest.raises(WebhookVerificationError, match="too old"):
        Webhook(secret).verify(BODY, headers)
