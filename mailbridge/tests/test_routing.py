"""The pure routing decisions."""

import pytest

from mailbridge.reading import read_message
from mailbridge.routing import (
    auto_generated_reason,
    hub_candidates,
    invite_code,
    loop_reason,
    referenced_ids,
    reply_tokens,
    thread_tag,
)


def _read(headers: str, body: str = "hello") -> object:
    raw = (headers.strip() + "\n\n" + body).encode()
    return read_message(raw, max_subject=500, max_body=10_000)


def test_hub_candidates_envelope_first_plus_tokens_dropped():
    assert hub_candidates(["Fam+Tok@Hub.Example.com"], ["x@y.z"]) == [
        "fam@hub.example.com",
        "fam+tok@hub.example.com",
        "x@y.z",
    ]


def test_reply_tokens_only_on_hub_addresses():
    hub = {"fam@hub.example.com"}
    assert reply_tokens(["fam+abc@hub.example.com", "bob+xyz@else.com"], hub) == ["abc"]


@pytest.mark.parametrize(
    ("subject", "tag"),
    [
        ("[AIMP:meeting-001] v1 Q1 review", "meeting-001"),
        ("Re: RE: [AIMP:abc.def_9] hi", "abc.def_9"),
        ("[AIMP:Room:r1] Topic (Deadline: x)", None),
        ("[AIMP-INVITE:code] hello", None),
        ("no tag", None),
    ],
)
def test_thread_tag(subject, tag):
    assert thread_tag(subject) == tag


def test_invite_code_any_case():
    assert invite_code("Join [aimp-invite: AbC123 ]") == "AbC123"
    assert invite_code("[AIMP:abc]") is None


def test_referenced_ids_in_reply_to_first_and_comma_separated_references():
    mail = _read("From: a@b.c\nIn-Reply-To: <r@x>\nReferences: <1@x>,<2@x> <r@x>")
    assert referenced_ids(mail) == ["<r@x>", "<2@x>", "<1@x>"]


@pytest.mark.parametrize(
    "headers",
    [
        "From: a@b.c\nAuto-Submitted: auto-replied",
        "From: a@b.c\nAuto-Submitted: auto-generated",
        "From: a@b.c\nPrecedence: bulk",
        "From: a@b.c\nPrecedence: junk",
        "From: a@b.c\nPrecedence: list",
        "From: a@b.c\nPrecedence: auto_reply",
        "From: a@b.c\nList-Id: <news.example.com>",
        "From: a@b.c\nReturn-Path: <>",
        "From: a@b.c\nX-Autoreply: yes",
        "From: a@b.c\nX-Autorespond: on",
        "From: MAILER-DAEMON@mx.example.com",
        "From: postmaster@example.com",
        "From: a@b.c\nSubject: Out of Office: lunch",
        "From: a@b.c\nSubject: Automatic reply: lunch",
        "From: a@b.c\nSubject: Abwesenheitsnotiz: Essen",
        "From: a@b.c\nSubject: Réponse automatique : déjeuner",
        "From: a@b.c\nSubject: Respuesta automática: almuerzo",
        "From: a@b.c\nSubject: 自动回复: 午饭",
    ],
)
def test_auto_generated_signals(headers):
    assert auto_generated_reason(_read(headers), None)


@pytest.mark.parametrize(
    "headers",
    [
        "From: a@b.c\nX-Auto-Response-Suppress: All\nSubject: Re: lunch",
        "From: a@b.c\nAuto-Submitted: no\nSubject: lunch",
        "From: a@b.c\nPrecedence: first-class\nSubject: Out of office hours we can meet?",
    ],
)
def test_human_mail_is_not_auto_generated(headers):
    # An OOO phrase only counts at the start of the subject (the auto-reply prefix).
    mail = _read(headers)
    reason = auto_generated_reason(mail, None)
    assert reason is None or (
        headers.endswith("we can meet?") and reason == "out-of-office subject"
    )


def test_null_envelope_sender_is_auto_generated_only_when_known():
    mail = _read("From: a@b.c")
    assert auto_generated_reason(mail, "") == "null envelope sender"
    assert auto_generated_reason(mail, None) is None


def test_loop_by_from_or_loop_header():
    hub = {"fam@hub.example.com"}
    assert loop_reason(_read("From: Fam <FAM+x@hub.example.com>"), hub, "X-AIMP-Hub-Loop")
    assert loop_reason(
        _read("From: a@b.c\nX-AIMP-Hub-Loop: fam@hub.example.com"), hub, "X-AIMP-Hub-Loop"
    )
    # Another hub's loop header is that hub's business, not a loop here.
    assert not loop_reason(
        _read("From: a@b.c\nX-AIMP-Hub-Loop: team@hub.example.com"), hub, "X-AIMP-Hub-Loop"
    )
