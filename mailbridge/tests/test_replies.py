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


def test_inline_answers_below_a_line_of_new_text_still_name_their_items():
    text = "Hi,\n\nsee below.\n\n" + INVITE.format(a="", b="this one\n", one="")
    assert strip_reply(text) == "Hi,\nsee below.\nB: this one"


def test_a_top_posted_answer_above_a_quote_is_not_inline():
    # Near miss: new text, then the whole quote, nothing after it.
    text = "B works\n\n" + INVITE.format(a="", b="", one="")
    assert strip_reply(text) == "B works"


OUTLOOK_COPY = (
    "Answers inline below in CAPS.\n\n"
    "________________________________\n"
    "From: Family Hub <hub@family.example>\n"
    "Sent: Monday, March 2, 2026 8:00 AM\n"
    "Subject: [AIMP:m-1] Q1 review\n\n"
    "Times:\n"
    "  A. Tue 3 Mar 2026, 10:00-11:00\n"
    "{a}"
    "  B. Wed 4 Mar 2026, 14:00-15:00\n"
    "\n"
    "Places:\n"
    "  1. Zoom\n"
    "{one}"
    "\n"
    'Just reply, e.g. "A and 1".\n'
)


def test_an_answer_typed_into_an_outlook_copy_names_the_item_above_it():
    text = OUTLOOK_COPY.format(a="YES - Carol\n", one="NO\n")
    assert strip_reply(text) == "Answers inline below in CAPS.\nA: YES - Carol\n1: NO"


def test_the_copy_of_the_invitation_itself_adds_nothing():
    # Near miss: the template's own lines ("Places:", "Just reply") follow a blank line
    # or stand far from any item; an indented continuation is the invitation's too.
    text = OUTLOOK_COPY.format(a="", one="    (link in the calendar entry)\n")
    assert strip_reply(text) == "Answers inline below in CAPS."


def test_a_remark_in_a_copy_of_someone_elses_list_is_not_an_answer():
    # Near miss: no [AIMP:] subject, so the copy is another mail's list (an agenda).
    text = OUTLOOK_COPY.format(a="YES - Carol\n", one="").replace("[AIMP:m-1] ", "")
    assert strip_reply(text) == "Answers inline below in CAPS."


def test_a_name_in_two_scripts_starts_the_signature():
    text = "周四可以，3楼会议室见。\n\n白卡罗 Carol White\n市场部 | 某某科技有限公司\n电话：+86 21 6123 4567"
    assert strip_reply(text, sender_name="Carol White") == "周四可以，3楼会议室见。"


def test_a_sentence_that_names_the_sender_is_no_signature():
    # Near miss: more than one word before the name, or words after it.
    text = "A works.\nPlease ask Carol White about B.\nC too, says Carol White today"
    assert strip_reply(text, sender_name="Carol White") == text


def test_a_name_heading_contact_details_is_a_signature():
    text = "B works.\n\nJordan Smith\nVP Operations\nSuite 401, 200 Park Ave\n(212) 555-0142"
    assert strip_reply(text) == "B works."


def test_a_name_line_without_contact_details_below_is_kept():
    # Near miss: a name on its own line that is part of the answer, no phone or address.
    text = "B works.\n\nBob Jones\nwill join too, at 14:00"
    assert strip_reply(text) == text


@pytest.mark.parametrize(
    "header",
    [
        "Von: Family Hub <hub@family.example>\nGesendet: Montag, 2. März 2026 08:00\n"
        "Betreff: [AIMP:m-1] Q1 review\n",
        "De : Family Hub <hub@family.example>\nEnvoyé : lundi 2 mars 2026 08:00\n"
        "Objet : [AIMP:m-1] Q1 review\n",
        "-----原始邮件-----\n发件人: Family Hub <hub@family.example>\n主题: [AIMP:m-1] Q1 review\n",
    ],
)
def test_answers_typed_into_a_copy_under_a_german_french_or_chinese_header(header):
    copy = "Times:\n  A. Tue 3 Mar 2026, 10:00\n  B. Wed 4 Mar 2026, 14:00\nYES\n\nPlaces:\n  1. Zoom\n"
    assert strip_reply("Antworten unten\n\n" + header + "\n" + copy) == "Antworten unten\nB: YES"


def test_the_invitations_own_line_right_under_an_item_is_no_answer():
    # Near miss: a template with no blank line before its "Just reply" line.
    text = OUTLOOK_COPY.format(a="", one='Just reply, e.g. "A and 1".\n')
    assert strip_reply(text) == "Answers inline below in CAPS."


def test_a_postscript_below_the_signature_is_kept_and_the_rest_of_the_signature_is_not():
    text = "A please\n\n--\nJane Doe\nACME Corp, Building C\n\nP.S. out of office Wed 20 May"
    kept = strip_reply(text)
    assert "P.S. out of office Wed 20 May" in kept
    assert "Building C" not in kept and "Jane Doe" not in kept
    # Below the earlier message, a P.S. is the earlier writer's: not kept.
    quoted = "A please\n\n--\nJane\n\nOn Mon, Bob wrote:\n> P.S. B is fine"
    assert "B is fine" not in strip_reply(quoted)
