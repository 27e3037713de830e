"""A participant's address bounces: the initiator is told once and can go on without them."""

from mailbridge.tests.dsn import dsn
from negotiation.models import Event, Meeting

from .meeting_kit import HUB, meeting_of, recipients, to


def test_bounced_participant_can_be_dropped(team, chat):
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob and eve@nowhere.example next Tuesday afternoon, on Zoom.",
    )
    assert recipients(invitations) == [
        "alice@example.com",
        "bob@example.com",
        "eve@nowhere.example",
    ]
    meeting = meeting_of(invitations[0])
    to_eve = to(invitations, "eve@nowhere.example")
    message_id = {k.lower(): v for k, v in to_eve.extra_headers.items()}["message-id"]

    bounce = dsn(to=HUB, original_message_id=message_id, failed_recipient="eve@nowhere.example")
    chat.flow.deliver(bounce, to=HUB)
    [notice] = chat._collect()
    assert notice.to == ["alice@example.com"]
    assert 'could not be delivered. Reply "drop eve@nowhere.example"' in notice.body
    assert meeting.participants.get(email="eve@nowhere.example").undeliverable
    assert Event.objects.filter(meeting=meeting, kind="undeliverable").count() == 1

    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    chat.reply(notice, "alice@example.com", "drop eve@nowhere.example")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    # No more mail to the dead address.
    assert recipients(done) == ["alice@example.com", "bob@example.com"]
    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.CONFIRMED
