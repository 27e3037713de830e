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


INVITE = (
    "On Mon, 2 Mar 2026 at 08:00, Hub <hub@x> wrote:\n"
    "> Times (shown in Europe/Berlin):\n"
    ">   A. Tue 3 Mar 2026, 10:00-11:00 CET\n"
    "{a}"
    ">   B. Wed 4 Mar 2026, 14:00-15:00 CET\n"
    "{b}"
    "> Places:\n"
    ">   1. Zoom\n"
    "{one}"
    ">   2. Office 3F\n"
    "> -- Hub\n"
)


def test_an_inline_answer_under_a_quoted_item_names_that_item():
    text = INVITE.format(a="yes\n\n", b="no\n", one="this one\n")
    assert strip_reply(text) == "A: yes\nB: no\n1: this one"


def test_inline_text_under_a_quoted_line_that_is_no_item_stays_as_written():
    text = INVITE.format(a="", b="", one="") + "\nfine by me\n> more quote\n"
    assert strip_reply(text) == "fine by me"


def test_a_bottom_posted_answer_after_the_last_item_is_not_tied_to_it():
    # Near miss: the quote ends on an item, the answer follows; no quote comes after it,
    # so this is bottom-posting, and "B works" must not become "2: B works".
    text = "On Mon, Hub wrote:\n> A. Tue\n>   2. Office 3F\n\nB works\n"
    assert strip_reply(text) == "B works"


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # A signature with no "-- ": it starts with the sender's own name.
        ("B works.\n\nCarol White | Head of Ops\nE-mail: carol@x | Tel. +49 89 1", "B works."),
        ("B and C, Zoom.\n\nCarol", "B and C, Zoom."),
        # Near miss: a first line that starts with the name is what she wrote.
        ("Carol here: B works", "Carol here: B works"),
        # Mobile clients, disclaimers, forwards, gateways' banners.
        ("Zoom, Tuesday.\n\nGet Outlook for Android", "Zoom, Tuesday."),
        ("B\n\n发自我的iPhone", "B"),
        ("A\n\nThis e-mail and any attachments are confidential and intended solely", "A"),
        ("B and C work.\n\n---------- Forwarded message ---------\nFrom: Hub", "B and C work."),
        ("CAUTION: This email originated from outside of the organization.\n\nB", "B"),
        (
            "A, office.\n\n* Family Hub <hub@family.example> [2026-03-02 08:00 +0100]:\n> A.",
            "A, office.",
        ),
        ("周一可以\n\nFamily Hub <hub@x> 于2026年3月4日周三 09:00写道：\n> A.", "周一可以"),
    ],
)
def test_signatures_and_client_furniture_are_not_the_answer(text, new):
    assert strip_reply(text, sender_name="Carol White") == new
