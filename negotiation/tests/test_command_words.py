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
        ("A and 1", None),
        ("cancel the meeting, sorry nobody can make it on any of these days at all", None),
        ("I can't wait to see you all", None),
        ("", None),
    ],
)
def test_parse_command(text, expected):
    assert parse_command(text) == expected
