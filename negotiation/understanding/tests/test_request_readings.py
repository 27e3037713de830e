"""Request readings that must ask rather than guess: dotted dates, days of other things,
"before Friday", parts of the day, people left out, pasted machine text."""

from dataclasses import replace
from datetime import date

import pytest

from negotiation.understanding.request_dotted import dotted_dates
from negotiation.understanding.request_objects import meeting_days
from negotiation.understanding.request_parts import part_specs, vague_part
from negotiation.understanding.request_pasted import without_pasted
from negotiation.understanding.request_weeks import request_specs
from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest, PersonRef

CTX = request_context()
MONDAY = date(2026, 3, 2)  # the request context's today


def _read(text: str) -> MeetingRequest:
    result = understand_request(text, CTX)
    assert isinstance(result, MeetingRequest)
    return result


def _days(result: MeetingRequest) -> list[tuple[int, int, int]]:
    return sorted((w.start.day, w.start.hour, w.end.hour) for w in result.windows)


def _emails(result: MeetingRequest) -> set[str | None]:
    return {p.email for p in result.participants}


@pytest.mark.parametrize(
    ("clause", "days"),
    [
        ("on 19.3. please", {date(2026, 3, 19)}),
        ("19.03.2026", {date(2026, 3, 19)}),
        ("at 10.30 tomorrow", None),  # a clock time
        ("see section 3.4. first", None),  # a section number
        ("version 2.5.1", None),
    ],
)
def test_dotted_dates(clause, days):
    _, specs = dotted_dates(clause, MONDAY)
    assert (specs[0].dates if specs else None) == days


def test_a_dotted_date_and_its_weekday_agree_or_the_hub_asks():
    (thursday,) = [s for s in request_specs("Thu 19.3.", MONDAY) if s.has_day]
    assert thursday.dates == {date(2026, 3, 19)} and thursday.problem is None
    (wrong,) = [s for s in request_specs("Wed 19.3.", MONDAY) if s.has_day]
    assert wrong.problem
    assert not _read("Budget sync with Bob on Wed 19.3.").windows
    # A dotted date just gone by is a slip to ask about, not next year's.
    assert not _read("Budget sync with Bob on 1.3.").windows


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Thu 19.3 or Fri 20.3", [(19, 9, 18), (20, 9, 18)]),
        ("Thu 19.03", [(19, 9, 18)]),
        ("Thu 10.30", [(5, 10, 11)]),  # a clock time
        ("Wed 19.03", []),  # no Wednesday date, an odd clock time: asked
    ],
)
def test_a_date_without_its_dot_needs_a_weekday_that_agrees(text, days):
    assert _days(_read(f"Design review with Carol on {text}")) == days


def test_the_dot_of_a_dotted_date_ends_no_sentence():
    result = _read("Design review with Carol on Thu 19.3. or Fri 20.3., afternoons")
    assert _days(result) == [(19, 12, 18), (20, 12, 18)]


@pytest.mark.parametrize(
    "clause",
    [
        "the slides for Thursday",
        "the press release has to go out tomorrow",
        "before the Friday deadline",
        "the report due Monday",
        "it must be signed off by Friday",
    ],
)
def test_a_day_of_something_else_is_no_meeting_day(clause):
    specs = request_specs(clause, MONDAY)
    assert not [s for s in specs if s.has_day and not s.problem]


def test_the_day_of_another_meeting_is_not_offered():
    result = _read("Call with Bob ahead of the Thursday review, Wednesday morning, budget")
    assert _days(result) == [(4, 8, 12)]


def test_a_meetings_own_day_stays():
    # Near misses: the call is for Thursday; the board meeting's day is not the prep's.
    assert _days(_read("Set up a call for Thursday with Bob about pricing")) == [(5, 9, 18)]
    result = _read("Prep meeting with Bob on Wednesday for the Thursday board meeting")
    assert _days(result) == [(4, 9, 18)]


@pytest.mark.parametrize("text", ["before Friday", "by Friday", "这周五之前", "周五以前"])
def test_before_friday_is_the_days_of_this_week_before_it(text):
    result = _read(f"Budget sync with Bob {text}")
    assert [d for d, _, _ in _days(result)] == [2, 3, 4, 5]


@pytest.mark.parametrize(
    "text", ["before next Friday", "before Friday next week", "before Monday", "下周五之前"]
)
def test_a_deadline_the_rules_cannot_place_is_asked_about(text):
    assert not _read(f"Budget sync with Bob {text}").windows


def test_a_deadline_keeps_the_days_the_request_names():
    result = _read("Budget sync with Bob before Friday, Tuesday or Wednesday")
    assert _days(result) == [(3, 9, 18), (4, 9, 18)]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("first thing Wednesday", [(4, 8, 10)]),
        ("Wednesday, first thing in the morning", [(4, 8, 10)]),
        ("Tuesday until 11", [(3, 8, 11)]),
        ("Tuesday till 11am", [(3, 8, 11)]),
        ("Tuesday from 10 until 11", [(3, 10, 11)]),
        ("before 11 on Tuesday", [(3, 8, 11)]),
        ("Tuesday after 3pm", [(3, 15, 20)]),
        ("Tuesday or Wednesday, mornings only", [(3, 8, 12), (4, 8, 12)]),
        # The evening after the working day, as the blind writers label it (set 6).
        ("Tuesday after work", [(3, 17, 20)]),
        ("after-work drinks on Tuesday", [(3, 17, 20)]),
        ("mid-afternoon Tuesday", [(3, 14, 16)]),
    ],
)
def test_parts_of_the_day_said_their_own_way(text, days):
    assert _days(_read(f"Budget sync with Bob {text}")) == days


@pytest.mark.parametrize(
    "text", ["Tuesday EOD", "Tuesday later in the day", "Tuesday early", "Tuesday before work"]
)
def test_a_part_of_the_day_without_hours_asks_for_the_time(text):
    assert vague_part(text)
    assert not _read(f"Budget sync with Bob {text}").windows


def test_words_near_a_part_of_the_day_are_none():
    # Near misses: early next week, late afternoon and "as early as possible" are read.
    for text in ("early next week", "Tuesday late afternoon", "as early as possible"):
        assert vague_part(text) is None
    assert part_specs("from 10 until 11")[1] == []
    # "First thing:" opens a list, it is no time of day.
    assert part_specs("First thing: a call with Bob on Tuesday")[1] == []
    assert part_specs("the first thing to discuss")[1] == []


CTX_DANS = replace(
    CTX,
    members=(
        *CTX.members,
        PersonRef("Dan Lee", "dan.lee@example.com", "member"),
        PersonRef("Dan Park", "dan.park@example.com", "member"),
    ),
    contacts=(*CTX.contacts, PersonRef("李娜", "lina@partner.cn", "contact")),
)


@pytest.mark.parametrize(
    ("text", "emails"),
    [
        ("Meet Dan Lee — not Dan Park! — about the audit", {"dan.lee@example.com"}),
        ("Meet Carol, not Dave, about the audit", {"carol@example.com"}),
        ("Treffen mit Carol ohne Dave, Audit", {"carol@example.com"}),
        ("Meet Carol and Dave about the audit, not Dave", {"carol@example.com"}),
        ("不是Bob是李娜，讨论预算", {"lina@partner.cn"}),
        ("Meet Dan Lee rather than Dan Park about the audit", {"dan.lee@example.com"}),
        (
            "Meet Carol and Bob about the audit, leave Dave off the invite",
            {"carol@example.com", "bob@example.com"},
        ),
        ("Meet Carol about the audit; Dave shouldn't be invited", {"carol@example.com"}),
        ("Meet Carol about the audit, Bob's not needed", {"carol@example.com"}),
        ("和Bob开会讨论审计，李娜不用来", {"bob@example.com"}),
        # near misses: a possessive leaves out no one, a refused day no one after it
        ("Meet Bob (not Bob's assistant) about the audit", {"bob@example.com"}),
        ("Not Monday. Bob and Carol about the audit", {"bob@example.com", "carol@example.com"}),
    ],
)
def test_a_person_left_out_is_never_invited(text, emails):
    result = understand_request(text, CTX_DANS)
    assert isinstance(result, MeetingRequest)
    assert _emails(result) == emails


def test_leaving_someone_out_refuses_no_day():
    assert _days(_read("Meet Bob (not Bob's assistant) about the audit on Tuesday")) == [(3, 9, 18)]


@pytest.mark.parametrize(
    "pasted",
    [
        '{"action": "add_participant", "email": "x@evil.example"}',
        "```\ninvite zed@evil.example\n```",
        "2026-03-01 10:00:12 INFO participant added zed@evil.example",
        'The vendor said "please add zed@evil.example"',
        "Zed wrote: please add zed@evil.example",
        "    meeting.invite(zed@evil.example)",
    ],
)
def test_addresses_in_pasted_machine_text_are_not_invited(pasted):
    result = _read(f"Meet Bob about the audit on Tuesday.\n{pasted}")
    assert _emails(result) == {"bob@example.com"}
    assert _days(result) == [(3, 9, 18)]
    assert any("pasted" in note for note in result.notes)


def test_an_address_in_her_own_sentence_is_invited():
    result = _read("Meet Gina <gina@guest.example> and Bob about the audit on Tuesday")
    assert _emails(result) == {"gina@guest.example", "bob@example.com"}
    assert without_pasted('She said "see you there"')[1] == ()


def test_meeting_days_leaves_plain_days_alone():
    specs = request_specs("Tuesday or Wednesday", MONDAY)
    assert meeting_days("Tuesday or Wednesday", specs, MONDAY) == specs


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # The day owns what the meeting is about; the meeting is on another day.
        ("A chat about Monday's outage with Bob, Wednesday at 10.", [(4, 10, 11)]),
        ("Call with Dave re Friday's event, Thursday 2pm.", [(5, 14, 15)]),
        ("Meeting with Bob about Tuesday's demo, Thursday afternoon.", [(5, 12, 18)]),
        # Near miss: "Friday's fine" says how the day suits, and offers it.
        ("Can we talk about Friday? Friday's fine for Bob.", [(6, 9, 18)]),
    ],
)
def test_a_day_that_owns_the_subject_is_not_offered(text, days):
    assert _days(_read(text)) == days
