"""Calendar clients answer the hub's invitation: Gmail's "Yes", Outlook's "Decline" and
"Propose new time", Thunderbird's refresh, as each client shapes the mail
(tests/emails/calendar/, written from RFC 5546/6047 and the clients' documented shapes).

The world matches those fixtures: Family Hub <hub@family.example>, Alice asks, Carol White
<carol@guest.example> comes, meeting m-7xk2p9abcdefghijklmnop on Tue 3 Mar 2026 10:00.
"""

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine

from hubs.models import Contact
from mailbridge.models import InboundMessage
from mailbridge.testing import build_email
from negotiation.models import Event, Meeting
from tests.world import hub_make

from .meeting_kit import Chat, ics_of, meeting_of, only_event, to

FIXTURES = Path(__file__).resolve().parent.parent / "emails" / "calendar"
MANIFEST = {case["file"]: case for case in json.loads((FIXTURES / "manifest.json").read_text())}
HUB = "hub@family.example"
SESSION = "m-7xk2p9abcdefghijklmnop"
BERLIN = ZoneInfo("Europe/Berlin")


@pytest.fixture
def confirmed(db, mailflow):
    """Monday 2 March 2026: Alice asks for the Q1 review with Carol, Carol takes it."""
    with time_machine.travel(datetime(2026, 3, 2, 9, 0, tzinfo=BERLIN), tick=True):
        hub = hub_make(
            name="Family Hub",
            email=HUB,
            time_zone="Europe/Berlin",
            members=[("alice@example.com", "Alice", "admin")],
        )
        Contact.objects.create(hub=hub, name="Carol White", email="carol@guest.example")
        chat = Chat(mailflow)
        request = build_email(
            from_="Alice <alice@example.com>",
            to=HUB,
            subject="Q1 review",
            body="Q1 review with Carol White, Tuesday 3 March at 10am, on Zoom",
        )
        chat.last_row = chat.flow.deliver(request, to=HUB)
        invitations = chat._collect()
        meeting = meeting_of(invitations[0])
        chat.reply(to(invitations, "alice@example.com"), "alice@example.com", "A and 1")
        confirmed = chat.reply(to(invitations, "carol@guest.example"), "carol@guest.example", "A")
        meeting.refresh_from_db()
        assert meeting.status == Meeting.Status.CONFIRMED
        uid = str(only_event(ics_of(to(confirmed, "carol@guest.example")))["uid"])
        assert uid == f"{meeting.session_id}@family.example"
        # The fixtures answer the event m-7xk2p9...: this meeting is that event.
        Meeting.objects.filter(pk=meeting.pk).update(session_id=SESSION)
        meeting.refresh_from_db()
        yield chat, meeting


def deliver(chat, name: str):
    """One fixture as the client sent it; return the mail the hub sent because of it."""
    chat.last_row = chat.flow.deliver((FIXTURES / name).read_bytes(), to=HUB)
    return chat._collect()


def answers(meeting, kind=Event.Kind.CALENDAR_ANSWERED):
    return list(meeting.events.filter(kind=kind).values_list("detail", flat=True))


def genuine(method: str, *partstats: str) -> list[str]:
    """Carol's own answers to the current event (not the strangers', forgeries, old ones)."""
    return [
        name
        for name, case in MANIFEST.items()
        if case["method"] == method
        and (not partstats or case["partstat"] in partstats)
        and case["attendee"] == "carol@guest.example"
        and case["uid"] == f"{SESSION}@family.example"
        and not any(word in name for word in ("forged", "old-sequence", "stranger"))
    ]


@pytest.mark.parametrize("name", genuine("REPLY", "ACCEPTED"))
def test_a_yes_from_any_calendar_is_recorded_and_answered_by_nothing(confirmed, name):
    chat, meeting = confirmed
    sent = deliver(chat, name)

    assert sent == []  # never "who should come and when?", never a clarification
    assert chat.last_row.kind == "calendar_answer"
    assert chat.last_row.status == InboundMessage.Status.DONE
    (detail,) = answers(meeting)
    assert detail["partstat"] == "ACCEPTED" and detail["attendee"] == "carol@guest.example"
    assert Meeting.objects.count() == 1


@pytest.mark.parametrize("name", genuine("REPLY", "DECLINED", "TENTATIVE"))
def test_a_no_or_maybe_tells_the_organiser_once_with_what_helps(confirmed, name):
    chat, meeting = confirmed
    case = MANIFEST[name]
    sent = deliver(chat, name)

    notice = to(sent, "alice@example.com")
    assert len(sent) == 1  # Carol hears nothing: she clicked a button
    assert "in their calendar" in notice.body
    assert '"reschedule"' in notice.body and '"drop Carol"' in notice.body
    if case.get("comment"):
        assert " ".join(case["comment"].split())[:40] in " ".join(notice.body.split())
    carol = meeting.participants.get(email="carol@guest.example")
    assert carol.declined is (case["partstat"] == "DECLINED")
    # The same answer again (a second copy, a client's resend): nothing more.
    again = chat.flow.deliver(
        (FIXTURES / name).read_bytes().replace(b"Message-ID: <", b"Message-ID: <again-", 1), to=HUB
    )
    assert again.status == InboundMessage.Status.DONE and chat._collect() == []


def test_outlooks_new_time_goes_to_the_organiser_who_accepts_it_with_one_word(confirmed):
    chat, meeting = confirmed
    (counter,) = genuine("COUNTER")
    with time_machine.travel(datetime(2026, 3, 2, 12, 0, tzinfo=BERLIN), tick=True):
        sent = deliver(chat, counter)
        notice = to(sent, "alice@example.com")
        assert "proposes a new time" in notice.body and "Wed 4 Mar 2026, 15:00" in notice.body

        asked = chat.reply(notice, "alice@example.com", "accept")

    meeting.refresh_from_db()
    assert meeting.status == Meeting.Status.NEGOTIATING  # everyone is asked about it
    carol_mail = to(asked, "carol@guest.example")
    assert "Wed 4 Mar 2026, 15:00" in carol_mail.body
    times = list(meeting.options.filter(item="time", withdrawn=False))
    assert [t.start.astimezone(BERLIN).hour for t in times] == [15]


def test_refresh_sends_the_current_invitation_to_that_attendee_only(confirmed):
    chat, meeting = confirmed
    (refresh,) = genuine("REFRESH")
    sent = deliver(chat, refresh)

    again = to(sent, "carol@guest.example")
    assert len(sent) == 1
    assert str(only_event(ics_of(again))["uid"]) == f"{SESSION}@family.example"
    assert deliver(chat, refresh) == []  # once per calendar version


@pytest.mark.parametrize(
    "name",
    [
        n
        for n, c in MANIFEST.items()
        if "unknown" in n or "stranger" in n or "forged" in n or "old-sequence" in n
    ],
)
def test_answers_that_are_not_for_this_version_or_not_from_this_attendee_change_nothing(
    confirmed, name
):
    chat, meeting = confirmed
    if "old-sequence" in name:
        # The meeting moved on (a revision): an answer to version 0 is out of date.
        Meeting.objects.filter(pk=meeting.pk).update(ics_sequence=1)
    sent = deliver(chat, name)

    assert sent == []
    assert answers(meeting) == []
    carol = meeting.participants.get(email="carol@guest.example")
    assert carol.declined is False
    if "unknown" not in name:
        (ignored,) = answers(meeting, Event.Kind.CALENDAR_IGNORED)
        assert ignored["reason"]


def test_status_by_mail_shows_a_maybe_from_a_calendar(confirmed):
    chat, meeting = confirmed
    (tentative,) = [n for n in genuine("REPLY", "TENTATIVE") if n.startswith("gmail")]
    deliver(chat, tentative)
    status = build_email(from_="alice@example.com", to=HUB, subject="status", body="status")
    chat.last_row = chat.flow.deliver(status, to=HUB)
    answer = to(chat._collect(), "alice@example.com")
    assert "maybe, in their calendar: Carol White" in answer.body
