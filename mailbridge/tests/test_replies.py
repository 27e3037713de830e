"""The one reply stripper: the sender's new text, whatever the client's quoting layout."""

import pytest

from mailbridge.replies import strip_reply


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # Top-posted (Gmail, Outlook on the web).
        ("B works\n\nOn Mon, 1 Dec 2026, Team <t@x> wrote:\n> A. Tue\n> B. Wed", "B works"),
        # Bottom-posted (mailing-list habit, many mobile clients): the answer is kept.
        ("On Mon, 1 Dec 2026, Team <t@x> wrote:\n> A. Tue\n> B. Wed\n\nB works", "B works"),
        # Chinese clients' attribution line.
        ("周二可以\n\n在 2026年12月1日，Team 写道：\n> A. 周二", "周二可以"),
        # Outlook's unquoted copy of the earlier message.
        ("B works\n\n-----Original Message-----\nFrom: Team\n  A. Tue 1 Dec", "B works"),
        ("可以\n\n发件人: Team\n  A. Tue 1 Dec", "可以"),
        ("可以\n\n------------------ 原始邮件 ------------------\nA. Tue", "可以"),
        # The signature (RFC 3676 "-- ").
        ("A\n-- \nBob Smith\nCEO, +1 555 0100", "A"),
        # Nothing new: never the quote read as an answer.
        ("> A and 1", ""),
    ],
)
def test_strip_reply_keeps_only_the_new_text(text, new):
    assert strip_reply(text) == new
