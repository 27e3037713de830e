"""Round 15: declines of one option, corrections, a part of the day as the only one free,
"all" before "either place", "meet pls", other languages and counter-proposals.

Each rule comes with near misses that must stay unclear or read differently.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from negotiation.understanding.rules import understand_reply
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.views import standard_view
from negotiation.understanding.types import MeetingView, OptionView

STD = standard_view()


def _view(tz: str, sent: str, times: dict[str, str], places: list[str]) -> MeetingView:
    zone = ZoneInfo(tz)
    options = [
        OptionView(oid, "time", start, datetime.fromisoformat(start).replace(tzinfo=zone))
        for oid, start in times.items()
    ]
    options += [OptionView(str(n), "location", place) for n, place in enumerate(places, 1)]
    return MeetingView("Review", tuple(options), tz, datetime.fromisoformat(sent), 60)


# Friday 15 May 2026, New York: A Mon 9:00, B Mon 13:00, C Tue 11:00, D Wed 16:00.
FOUR = _view(
    "America/New_York",
    "2026-05-15T16:00:00-04:00",
    {
        "A": "2026-05-18T09:00",
        "B": "2026-05-18T13:00",
        "C": "2026-05-19T11:00",
        "D": "2026-05-20T16:00",
    },
    ["Google Meet", "Cafe Luna", "Room 401"],
)
# Wednesday 4 March 2026, Shanghai: A Mon 10:00, B Tue 15:00, C Thu 10:00.
ZH = _view(
    "Asia/Shanghai",
    "2026-03-04T09:00:00+08:00",
    {"A": "2026-03-09T10:00", "B": "2026-03-10T15:00", "C": "2026-03-12T10:00"},
    ["腾讯会议", "3楼会议室"],
)
EVERY_FOUR = {"time": {"A", "B", "C", "D"}, "location": {"1", "2", "3"}}


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("Declining Wednesday; the rest are fine.", STD, {"time": {"A", "C"}, "-time": {"B"}}),
        ("I'll decline Tuesday", STD, {"-time": {"A"}}),
        ("I'm declining B", STD, {"-time": {"B"}}),
        ("Declining, sorry", STD, {"declined": True}),
        ("I must decline", STD, {"declined": True}),
        ("周二不行，其他都可以", ZH, {"time": {"A", "C"}, "-time": {"B"}}),
        # Near misses: a hedge, other people.
        ("Declining Wednesday; the rest I'll confirm later.", STD, "unclear"),
        ("周二不行，其他人都可以", ZH, "unclear"),
    ],
)
def test_declining_one_option_is_a_no_to_it(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("B吧。嗯……还是A吧", ZH, {"time": {"A"}}),
        ("C可以。啊不对，C那天我出差，改成B。", ZH, {"time": {"B"}, "-time": {"C"}}),
        ("B. Hmm, A after all.", STD, {"time": {"A"}}),
        ("选A。哦不，选C", ZH, {"time": {"C"}}),
        ("A。刚才说错了，应该是B", ZH, {"time": {"B"}}),
        # Near misses: both kept, a question, a reason naming another option.
        ("B吧，A也行", ZH, {"time": {"A", "B"}}),
        ("A还是B？", ZH, {}),  # a question: no vote either way
        ("C可以。不对，A那天我出差，改成B。", ZH, "unclear"),
        ("A。哦不，C也可以", ZH, "unclear"),
    ],
)
def test_corrections(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("I'm only free in the afternoons", FOUR, {"time": {"B", "D"}, "-time": {"A", "C"}}),
        ("I can only do mornings, sorry", FOUR, {"time": {"A", "C"}, "-time": {"B", "D"}}),
        ("只有下午有空", ZH, {"time": {"B"}, "-time": {"A", "C"}}),
        # Near misses: no "only"; "this week" when the times are next week.
        ("I'm free in the afternoons", FOUR, {"time": {"B", "D"}}),
        ("I'm only free in the afternoons this week.", FOUR, "unclear"),
        ("这周只有下午有空", ZH, "unclear"),
    ],
)
def test_only_one_part_of_the_day(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("all of them work. either place", EVERY_FOUR),
        ("mon afternoon or wed work, meet pls", {"time": {"B", "D"}, "location": {"1"}}),
        ("let's meet Monday", {"time": {"A", "B"}}),  # near miss: the verb
        ("meet pls in the cafe", {"location": {"2"}}),  # near miss: where to meet
        ("A, B, C - all fine", "unclear"),  # near miss: three of four
        (
            "D. No wait, is D the Wednesday one? Then C instead, I'm out Wednesdays.",
            {"time": {"C"}, "-time": {"D"}},
        ),
        ("D. wait, is D the Wednesday one?", "unclear"),  # near miss: no answer follows
    ],
)
def test_all_places_meet_and_own_questions(text, expected):
    assert reading(text, FOUR) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Donnerstag wäre super", {"time": {"C"}}),
        ("Mittwoch nicht, Donnerstag gerne", {"time": {"C"}, "-time": {"B"}}),
        ("je préfère le bureau", {"location": {"2"}}),
        ("ninguna me sirve", {"-time": {"A", "B", "C"}}),
        ("mardi je peux pas", {"-time": {"A"}}),  # near miss: "je peux" then "pas"
        ("aucun problème pour jeudi", "unclear"),  # near miss: no "none"
    ],
)
def test_other_languages(text, expected):
    assert reading(text, STD) == expected


@pytest.mark.parametrize(
    ("text", "view", "start"),
    [
        ("Can we make it Friday 11?", STD, (2026, 3, 6, 11)),
        ("Could we try Friday 11am?", STD, (2026, 3, 6, 11)),
        ("周五下午三点怎么样？", ZH, (2026, 3, 6, 15)),
        ("要不周五上午10点？", ZH, (2026, 3, 6, 10)),
    ],
)
def test_counter_proposals(text, view, start):
    result = understand_reply(text, view)
    (proposal,) = result.proposals
    assert proposal.start.astimezone(ZoneInfo(view.reader_tz)).timetuple()[:4] == start


@pytest.mark.parametrize(
    "text", ["Maybe Friday at 11?", "要不是周一有事，A就可以", "Could we do Friday instead?"]
)
def test_counter_proposal_near_misses(text):
    view = ZH if "周" in text else STD
    assert reading(text, view) == "unclear"
