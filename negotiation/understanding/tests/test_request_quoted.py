"""The quoted or forwarded part of a request: a topic and who someone is, never a time."""

from types import SimpleNamespace

import pytest

from mailbridge.reading import read_message
from mailbridge.testing import build_email
from negotiation.handlers.commands import request_text
from negotiation.understanding.request_quoted import quoted_part, read_quoted
from negotiation.understanding.rules import understand_request
from negotiation.understanding.tests.views import request_context
from negotiation.understanding.types import MeetingRequest

CTX = request_context()  # Alice; members Bob, Carol; contact Dave Brown <dave@partner.org>


def _read(body: str, subject: str = "Meeting") -> MeetingRequest:
    """Read a mail as production does: the new text, and the whole body beside it."""
    raw = build_email(
        from_="Alice Smith <alice@example.com>", to="hub@x.example", subject=subject, body=body
    )
    mail = read_message(raw, max_subject=500, max_body=20_000)
    incoming = SimpleNamespace(subject=mail.subject, text=mail.reply_text)
    result = understand_request(request_text(incoming), CTX, whole=mail.text)
    assert isinstance(result, MeetingRequest), result
    return result


def _people(result: MeetingRequest) -> set[str]:
    return {p.email or "?" + p.name for p in result.participants}


def _days(result: MeetingRequest) -> set[int]:
    return {w.start.day for w in result.windows}


DAVE_ASKS = (
    "On 1 Mar 2026, Dave Brown <dave@partner.org> wrote:\n"
    "> Alice, how about Monday 9 March 10:00 for the integration walkthrough?\n"
    "> Please also add my colleague Tom Reyes (tom.reyes@partner.org) and eve@else.example.\n"
)


@pytest.mark.parametrize(
    "new",
    [
        "Fine by me. Tuesday 10 March at 15:00 then.",
        "Works for me - make it Tuesday 10 March, 3pm.",
        "OK - Tuesday 10 March at 15:00 suits me better.",
    ],
)
def test_she_answers_the_author_about_the_quoted_topic_at_her_own_time(new):
    result = _read(f"{new}\n\n{DAVE_ASKS}")
    assert _people(result) == {"dave@partner.org"}
    assert result.topic and "integration walkthrough" in result.topic.lower()
    assert _days(result) == {10}  # never Monday 9 March, which only the quote says


def test_a_name_she_invites_takes_its_address_from_the_quote():
    result = _read(
        f"Fine by me, add Tom as he asks. Tuesday 10 March at 15:00 then.\n\n{DAVE_ASKS}"
    )
    assert _people(result) == {"dave@partner.org", "tom.reyes@partner.org"}


@pytest.mark.parametrize(
    "new",
    [
        # Whom the quote asks to add, she did not: nobody but Dave.
        "Tuesday 10 March at 15:00, just Dave and me. Keep Tom out of it.",
        "Tuesday 10 March at 15:00 with Dave. No need to add Tom.",
        "Tuesday 10 March at 15:00 with Dave, but don't invite Tom.",
    ],
)
def test_people_only_the_quote_asks_for_are_never_invited(new):
    assert _people(_read(f"{new}\n\n{DAVE_ASKS}")) == {"dave@partner.org"}


def test_the_author_is_not_added_beside_people_she_names():
    result = _read(f"Let's do it with Carol instead, Tuesday 10 March at 15:00.\n\n{DAVE_ASKS}")
    assert _people(result) == {"carol@example.com"}


def test_an_author_the_hub_does_not_know_is_not_guessed():
    quote = "On 1 Mar 2026, News <news@vendor.example> wrote:\n> Our spring webinar series.\n"
    result = _read(f"Can we discuss this on Tuesday 10 March at 15:00?\n\n{quote}")
    assert _people(result) == set()


def test_a_forwarded_subject_names_the_topic():
    body = (
        "Carol, Tuesday 10 March at 15:00 please.\n\n"
        "---------- Forwarded message ---------\n"
        "From: Dave Brown <dave@partner.org>\n"
        "Subject: Re: Invoice reconciliation\n\n"
        "Could we meet Thursday 5 March at 10:00?\n"
    )
    result = _read(body, subject="Meeting")
    assert result.topic == "Invoice reconciliation"
    assert _days(result) == {10}


def test_her_own_topic_wins_over_the_quote():
    result = _read(f"Tuesday 10 March at 15:00 with Dave about the Q2 budget.\n\n{DAVE_ASKS}")
    assert result.topic == "Q2 budget"


def test_without_the_whole_body_the_reader_sees_only_her_words():
    result = understand_request("Fine by me. Tuesday 10 March at 15:00 then.", CTX)
    assert isinstance(result, MeetingRequest) and not result.participants and not result.topic


def test_the_quoted_part_is_what_she_did_not_write():
    assert quoted_part("Mine.\n> theirs\n> more", "Mine.") == "> theirs\n> more"
    quoted = read_quoted("Mine.\n\nBob Jones wrote:\n> About the roadmap, Tuesday?", "Mine.", CTX)
    assert quoted.author and quoted.author.email == "bob@example.com"
    assert quoted.topic == "Roadmap"
