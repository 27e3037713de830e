"""Reading a calendar client's answer (RFC 5546): by its data, whatever the subject says."""

from datetime import datetime
from zoneinfo import ZoneInfo

from mailbridge.calendar_answers import MAX_CALENDAR_BYTES, calendar_answer

REPLY = b"""BEGIN:VCALENDAR\r
PRODID:-//Google Inc//Google Calendar 70.9054//EN\r
VERSION:2.0\r
CALSCALE:GREGORIAN\r
METHOD:{method}\r
BEGIN:VEVENT\r
DTSTART:20260304T140000Z\r
DTEND:20260304T150000Z\r
DTSTAMP:20260302T101500Z\r
ORGANIZER;CN=Family Hub:mailto:hub@family.example\r
UID:m-7xk2p9abcdefghijklmnop@family.example\r
ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT={partstat};CN=Carol W\r
 hite;X-NUM-GUESTS=0:mailto:Carol@Guest.Example\r
COMMENT:Sorry\\, travelling that day\r
SEQUENCE:2\r
SUMMARY:Q1 review\r
END:VEVENT\r
END:VCALENDAR\r
"""


def answer(method="REPLY", partstat="ACCEPTED"):
    data = REPLY.replace(b"{method}", method.encode()).replace(b"{partstat}", partstat.encode())
    return calendar_answer(data)


def test_a_reply_says_who_answered_what_to_which_version_of_which_event():
    got = answer(partstat="DECLINED")
    assert (got.method, got.uid, got.sequence) == (
        "REPLY",
        "m-7xk2p9abcdefghijklmnop@family.example",
        2,
    )
    assert (got.attendee, got.partstat) == ("carol@guest.example", "DECLINED")
    assert got.comment == "Sorry, travelling that day"


def test_a_counter_carries_the_proposed_time():
    got = answer(method="COUNTER", partstat="TENTATIVE")
    assert got.start == datetime(2026, 3, 4, 14, 0, tzinfo=ZoneInfo("UTC"))
    assert got.end == datetime(2026, 3, 4, 15, 0, tzinfo=ZoneInfo("UTC"))


def test_an_invitation_or_broken_or_huge_calendar_data_is_no_answer():
    assert answer(method="REQUEST") is None  # someone forwarding an invitation
    assert calendar_answer(b"BEGIN:VCALENDAR\r\nMETHOD:REPLY\r\nnot ical at all") is None
    assert calendar_answer(b"") is None
    assert calendar_answer(REPLY + b" " * MAX_CALENDAR_BYTES) is None
