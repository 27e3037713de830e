"""Member commands are recognised only as whole short lines."""

import pytest

from negotiation.handlers.command_words import Command, parse_command


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pick B2", Command("pick", "B2")),
        ("Pick b 2.", Command("pick", "B2")),
        ("pick B and 2\n\n> quoted", Command("pick", "B2")),
        ("pick C", Command("pick", "C")),
        ("drop Bob", Command("drop", "Bob")),
        ("Cancel.", Command("cancel")),
        ("status", Command("status")),
        ("?", Command("help")),
        ("wait", Command("wait")),
        ("reschedule", Command("reschedule")),
        ("Reschedule it.", Command("reschedule")),
        ("reschedule: next week", Command("reschedule", "next week")),
        ("Please move the meeting to Friday", Command("reschedule", "Friday")),
        ("move it to next Tuesday afternoon", Command("reschedule", "next Tuesday afternoon")),
        ("改到下周", Command("reschedule", "下周")),
        ("改期", Command("reschedule")),
        # Near misses: sentences that only contain the words.
        ("reschedules are hard", None),
        ("I will reschedule my dentist", None),
        ("moving house next week", None),
        ("move itinerary", None),
        ("A and 1", None),
        ("cancel the meeting, sorry nobody can make it on any of these days at all", None),
        ("I can't wait to see you all", None),
        ("", None),
    ],
)
def test_parse_command(text, expected):
    assert parse_command(text) == expected
