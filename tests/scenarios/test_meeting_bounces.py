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


def _bounce(chat, message, address, status="5.1.1"):
    message_id = {k.lower(): v for k, v in message.extra_headers.items()}["message-id"]
    chat.flow.deliver(
        dsn(to=HUB, original_message_id=message_id, failed_recipient=address, status=status),
        to=HUB,
    )
    return chat._collect()


def test_a_new_address_for_a_bounced_participant_gets_the_invitation_again(team, chat):
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob and eve@nowhere.example next Tuesday afternoon, on Zoom.",
    )
    meeting = meeting_of(invitations[0])
    [notice] = _bounce(chat, to(invitations, "eve@nowhere.example"), "eve@nowhere.example")
    assert '"use <new address> for eve@nowhere.example"' in notice.body

    sent = chat.reply(
        notice, "alice@example.com", "use eve@somewhere.example for eve@nowhere.example"
    )

    assert sorted(m.to[0] for m in sent) == ["alice@example.com", "eve@somewhere.example"]
    again = to(sent, "eve@somewhere.example")
    assert "Alice would like to meet with you" in again.body
    assert "from now on I write to" in to(sent, "alice@example.com").body
    eve = meeting.participants.get(email="eve@somewhere.example")
    assert not eve.undeliverable
    assert Event.objects.filter(meeting=meeting, kind="readdressed").count() == 1
    # Eve answers from her new address, and the meeting goes on with her.
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A")
    chat.reply(again, "eve@somewhere.example", "A")
    done = chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A")
    assert recipients(done) == ["alice@example.com", "bob@example.com", "eve@somewhere.example"]


def test_a_new_address_that_is_not_one_is_explained(team, chat):
    invitations = chat.write(
        "alice@example.com", "Meeting about the budget with Bob next Tuesday afternoon, on Zoom."
    )
    [answer] = chat.reply(
        to(invitations, "alice@example.com"), "alice@example.com", "use bob@example.com for Bob"
    )
    assert "bob@example.com is already in this meeting." in answer.body


def test_a_soft_bounce_stops_mail_for_a_week_and_a_hard_one_until_an_admin_allows_it(team, chat):
    from datetime import timedelta

    import time_machine
    from django.utils import timezone

    from mailbridge.models import OutboundMessage, UndeliverableAddress

    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob and eve@nowhere.example next Tuesday afternoon, on Zoom.",
    )
    _bounce(chat, to(invitations, "eve@nowhere.example"), "eve@nowhere.example", status="4.2.2")
    blocked = UndeliverableAddress.objects.get(address="eve@nowhere.example")
    assert blocked.until is not None
    with time_machine.travel(timezone.now() + timedelta(days=8), tick=False):
        assert not UndeliverableAddress.objects.blocking(timezone.now()).exists()
    _bounce(chat, to(invitations, "bob@example.com"), "bob@example.com")
    assert UndeliverableAddress.objects.get(address="bob@example.com").until is None
    assert OutboundMessage.objects.filter(to_email="bob@example.com", status="undeliverable")
