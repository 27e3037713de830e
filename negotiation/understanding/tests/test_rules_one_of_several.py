"""A clock time said of one option when two fit it; a postscript read like the body.

Each rule comes with near misses that must stay as they are.
"""

import pytest

from mailbridge.replies import strip_reply
from negotiation.understanding.rules_singular import said_of_one
from negotiation.understanding.tests.test_rules_accountability import reading
from negotiation.understanding.tests.test_rules_round15 import FOUR, STD, ZH

# ZH offers A Monday 10:00 and C Thursday 10:00: "10am" fits both.
BOTH_TENS = {"time": {"A", "C"}}


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("上午10点那个", ZH, "unclear"),
        ("10点的那个", ZH, "unclear"),
        ("那个10点的", ZH, "unclear"),
        ("the one at 10", ZH, "unclear"),
        ("that 10am one", ZH, "unclear"),
        ("the 10 o'clock slot", ZH, "unclear"),
        ("the meeting at 10:00 please", ZH, "unclear"),
        ("the one at 10 next week", ZH, "unclear"),  # both are next week
        # Issue 13 (round 7): a clock time that fits two options and says neither asks.
        ("10am works", ZH, "unclear"),
        ("10点可以", ZH, "unclear"),
        # Near misses: a yes to every ten o'clock, or a day that picks one.
        ("Monday works, 10am", ZH, {"time": {"A"}}),
        ("Monday and Thursday, 10am", ZH, BOTH_TENS),
        ("上午10点都可以", ZH, BOTH_TENS),
        ("both 10am ones", ZH, BOTH_TENS),
        ("any of the 10 o'clock slots", ZH, BOTH_TENS),
        ("10am, either one", ZH, BOTH_TENS),
        ("Monday at 10", ZH, {"time": {"A"}}),
        ("周一上午10点那个", ZH, {"time": {"A"}}),
        ("the 10am slot on Thursday", ZH, {"time": {"C"}}),
        ("the one at 10", STD, {"time": {"A"}}),  # one ten o'clock offered
    ],
)
def test_a_clock_time_said_of_one_of_several_options_is_asked_back(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    ("marked", "expected"),
    [
        ("the one [at 10]", True),
        ("that [10am] one", True),
        ("[10点]的那个", True),
        ("[10am] works", False),
        ("the [10am] works for me", False),  # no noun after it: no pick
        ("both [10am] ones", False),
        ("[10点]那个都行", False),
    ],
)
def test_said_of_one(marked, expected):
    start, end = marked.index("["), marked.index("]") - 1
    text = marked.replace("[", "").replace("]", "")
    assert said_of_one(text, start, end) is expected


@pytest.mark.parametrize(
    ("text", "view", "expected"),
    [
        ("A please\n\nP.S. out of office Wed 20 May", FOUR, {"time": {"A"}, "-time": {"D"}}),
        ("A please\nPS: D works too", FOUR, {"time": {"A", "D"}}),
        ("A please\nps out of office Wednesday", FOUR, {"time": {"A"}, "-time": {"D"}}),
        ("A please\n\nP.S. bring the slides", FOUR, {"time": {"A"}}),
        ("A\n附：周四不行", ZH, {"time": {"A"}, "-time": {"C"}}),
        # A day in words the rules cannot read: asked about, never dropped.
        ("A please\n\nP.S. the roof leaks on Wed", FOUR, "unclear"),
    ],
)
def test_a_postscript_is_read_like_the_body(text, view, expected):
    assert reading(text, view) == expected


@pytest.mark.parametrize(
    "signature",
    [
        "Jane Doe\nACME Corp, Building C\nOpen Mon-Fri 9-5",
        "Jane Doe\nSuite D, 20 May Street\nThis e-mail is confidential.",
    ],
)
def test_a_signature_with_days_and_letters_stays_ignored(signature):
    assert reading(strip_reply(f"A please\n\n--\n{signature}"), FOUR) == {"time": {"A"}}


def test_a_postscript_below_the_signature_is_read():
    text = "A please\n\n--\nJane Doe\nACME Corp\n\nP.S. out of office Wed 20 May"
    assert reading(strip_reply(text), FOUR) == {"time": {"A"}, "-time": {"D"}}
