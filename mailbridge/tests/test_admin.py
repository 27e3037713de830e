from mailbridge.inbound import inbound_receive
from mailbridge.models import HubMailbox, InboundMessage
from mailbridge.testing import build_email


def test_operator_sees_mail_and_mailbox_pages(admin_client, hub):
    row = inbound_receive(
        raw=build_email(from_="a@x.org", to=hub.email, subject="Hi", body="b"), source="t"
    )
    mailbox = HubMailbox.objects.create(
        hub=hub, host="imap.example.com", username="u", password="pw"
    )
    assert admin_client.get("/admin/mailbridge/inboundmessage/").status_code == 200
    page = admin_client.get(f"/admin/mailbridge/inboundmessage/{row.id}/change/")
    assert page.status_code == 200 and b"Hi" in page.content
    page = admin_client.get(f"/admin/mailbridge/hubmailbox/{mailbox.id}/change/")
    assert page.status_code == 200 and b'value="pw"' not in page.content
    assert admin_client.get("/admin/mailbridge/outboundmessage/").status_code == 200


def test_blank_password_keeps_the_stored_one(admin_client, hub):
    mailbox = HubMailbox.objects.create(
        hub=hub, host="imap.example.com", username="u", password="pw"
    )
    response = admin_client.post(
        f"/admin/mailbridge/hubmailbox/{mailbox.id}/change/",
        {
            "hub": hub.id,
            "host": "imap2.example.com",
            "port": 993,
            "security": "ssl",
            "username": "u",
            "password": "",
            "folder": "INBOX",
            "poll_minutes": 1,
            "enabled": "on",
        },
    )
    assert response.status_code == 302, response.content[:2000]
    mailbox.refresh_from_db()
    assert mailbox.host == "imap2.example.com" and mailbox.password == "pw"


def test_failed_message_can_be_processed_again(
    admin_client, hub, mail_handlers, django_capture_on_commit_callbacks
):
    row = inbound_receive(
        raw=build_email(from_="a@x.org", to=hub.email, subject="Hi", body="b"), source="t"
    )
    InboundMessage.objects.filter(id=row.id).update(status=InboundMessage.Status.FAILED)
    with django_capture_on_commit_callbacks(execute=True):  # queued once the update commits
        response = admin_client.post(
            "/admin/mailbridge/inboundmessage/",
            {"action": "process_again", "_selected_action": [row.id]},
        )
    assert response.status_code == 302
    row.refresh_from_db()
    # Sync job queue in tests: processed again at once (no handler -> ignored).
    assert row.status == InboundMessage.Status.IGNORED
