"""Attack conversations designed from the product brief only (no product code read).

Each test plays an attacker against the team hub: mails in, mails out, final state.
The attacker must achieve nothing, must never be answered beyond what the brief
allows, and the real person must hear at most one notice.
"""

from __future__ import annotations

import email.policy
from email.message import EmailMessage as StdEmailMessage
from email.utils import format_datetime, make_msgid

import pytest
from django.utils import timezone

from mailbridge.testing import build_email
from tests.scenarios.meeting_kit import HUB
from tests.security.blind_kit import (
    ALICE,
    BOB,
    CAROL,
    MALLORY,
    auth_header,
    forged_reply,
    nobody_but,
    sent_to,
    start,
    state,
    thread_headers,
    token_of,
    votes_snapshot,
)

# --- forged senders ------------------------------------------------------------------------


def test_display_name_trick_cannot_cancel_with_stolen_token(team, chat):
    """`"alice@example.com" <mallory@evil.example>` with Alice's (leaked) token says cancel."""
    mails, meeting = start(chat)
    before = votes_snapshot()
    out = forged_reply(
        chat,
        mails[ALICE],
        from_=f'"{ALICE}" <{MALLORY}>',
        body="cancel",
        authenticated=True,  # MX verdict is for evil.example, Mallory's own domain
    )
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    assert votes_snapshot() == before
    assert not sent_to(out, MALLORY)
    nobody_but(out, {ALICE})
    assert len(out) <= 1


def test_real_display_name_is_not_an_attack_but_forger_without_auth_is(team, chat):
    """Forged `Alice <alice@example.com>` without a verdict or token: a new mail, `cancel`."""
    mails, meeting = start(chat)
    out = chat.write(
        f"Alice <{ALICE}>",
        "cancel",
        subject=f"Re: {mails[ALICE].subject}",
        authenticated=False,
        headers=thread_headers(mails[ALICE]),
    )
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    nobody_but(out, {ALICE})
    assert len(out) <= 1


def test_two_from_addresses_do_not_borrow_alices_authority(team, chat):
    """From carries two mailboxes, Alice's first; the verdict is for Mallory's domain."""
    mails, meeting = start(chat)
    before = state(meeting)
    out = forged_reply(
        chat,
        mails[ALICE],
        from_=f"{ALICE}, {MALLORY}",
        body="drop Bob",
        authenticated=True,
    )
    assert state(meeting) == before
    assert not sent_to(out, MALLORY)
    assert not sent_to(out, BOB)
    assert len(out) <= 1


def test_duplicate_from_header_lines(team, chat):
    """Two From: header lines (Alice's and Mallory's) with Alice's token: `pick A1`."""
    mails, meeting = start(chat)
    out = forged_reply(
        chat,
        mails[ALICE],
        from_=MALLORY,
        body="pick A1",
        prefix=f"From: {ALICE}\r\n".encode(),
        authenticated=True,  # verdict for evil.example
    )
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    assert not sent_to(out, MALLORY)
    nobody_but(out, {ALICE})
    assert len(out) <= 1


def test_uppercase_forged_address_without_token_or_auth(team, chat):
    """`ALICE@EXAMPLE.COM`, unauthenticated, mails the hub in the thread: `cancel`."""
    mails, meeting = start(chat)
    out = chat.write(
        ALICE.upper(),
        "cancel",
        subject=f"Re: {mails[ALICE].subject}",
        authenticated=False,
        headers=thread_headers(mails[ALICE]),
    )
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    nobody_but(out, {ALICE})
    assert len(out) <= 1


def _utf8_mail(from_: str, to_addr: str, subject: str, body: str, extra=None) -> bytes:
    """An SMTPUTF8 mail (non-ASCII address), verdict for the From domain as the MX saw it."""
    msg = StdEmailMessage(policy=email.policy.SMTPUTF8)
    msg["Authentication-Results"] = auth_header(from_.rpartition("@")[2])
    msg["From"] = from_
    msg["To"] = to_addr
    msg["Subject"] = subject
    msg["Date"] = format_datetime(timezone.now())
    msg["Message-ID"] = make_msgid(domain="lookalike.example")
    for name, value in (extra or {}).items():
        msg[name] = value
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTPUTF8)


@pytest.mark.parametrize(
    "lookalike",
    [
        "alice@xn--exmple-4nf.com",  # exаmple.com with a Cyrillic а, as the MX presents it
        "alice@ex\u0430mple.com",  # same, raw UTF-8
        "\u0430lice@example.com",  # Cyrillic а in the local part, verdict for example.com
        "\uff41lice@example.com",  # fullwidth ａ: NFKC-folds to "alice"
    ],
)
def test_unicode_lookalike_address_is_a_stranger(team, chat, lookalike):
    """A look-alike of Alice asks for status, and replies `cancel` on Alice's leaked token."""
    mails, meeting = start(chat)
    chat.flow.deliver(_utf8_mail(lookalike, HUB, "status", "status"), to=HUB)
    out = chat.flow.sent()
    token = token_of(mails[ALICE])
    chat.flow.deliver(
        _utf8_mail(
            lookalike,
            token,
            f"Re: {mails[ALICE].subject}",
            "cancel",
            extra=thread_headers(mails[ALICE]),
        ),
        to=token,
    )
    out += chat.flow.sent()
    meeting.refresh_from_db()
    assert meeting.status == "negotiating"
    assert not sent_to(out, BOB) and not sent_to(out, CAROL)
    # At most one note to the look-alike, never Alice's meetings.
    others = [m for m in out if m.to != [ALICE]]
    assert len(others) <= 1, [(m.to, m.subject) for m in others]
    for m in others:
        assert "Budget" not in m.body and "AIMP:m-" not in m.subject
    assert len(sent_to(out, ALICE)) <= 1


# --- forged Authentication-Results ---------------------------------------------------------
# Control (checked while writing): Bob's authenticated mail to the hub address, without his
# token, with "A and 1" in the meeting's thread is counted as his vote. So a vote without the
# token is exactly where a forged verdict would pay off.


def _vote_without_token(chat, mails, *, from_=BOB, top: str | None = None, **headers):
    prefix = f"Authentication-Results: {top}\r\n".encode() if top else b""
    raw = prefix + build_email(
        from_=from_,
        to=HUB,
        subject=f"Re: {mails[BOB].subject}",
        body="A and 1",
        headers={**headers, **thread_headers(mails[BOB])},
        authenticated=False,
    )
    chat.flow.deliver(raw, to=HUB)
    return chat.flow.sent()


def test_control_authenticated_vote_without_token_counts(team, chat):
    """The genuine case the following attacks imitate."""
    mails, meeting = start(chat)
    before = state(meeting)
    _vote_without_token(chat, mails, top=auth_header("example.com"))
    assert state(meeting) != before


@pytest.mark.parametrize(
    "forged",
    [
        auth_header("example.com", server="mx.evil.example"),
        auth_header("example.com", server="mx.aimp.test.evil.example"),
        auth_header("example.com", server="evil.mx.aimp.test"),
        auth_header("example.com", server="MX.AIMP.TEST.evil"),
    ],
    ids=["untrusted", "suffix", "prefix", "case-suffix"],
)
def test_verdict_from_untrusted_server(team, chat, forged):
    """A `dmarc=pass` for example.com written by a server the hub does not trust."""
    mails, meeting = start(chat)
    before = state(meeting)
    out = _vote_without_token(chat, mails, **{"Authentication-Results": forged})
    assert state(meeting) == before
    nobody_but(out, {BOB})
    assert len(out) <= 1


def test_forged_trusted_verdict_below_the_real_one(team, chat):
    """The real MX verdict on top says fail; a forged `mx.aimp.test; dmarc=pass` sits below."""
    mails, meeting = start(chat)
    before = state(meeting)
    out = _vote_without_token(
        chat,
        mails,
        top=auth_header("example.com", verdict="fail"),
        **{"Authentication-Results": auth_header("example.com")},
    )
    assert state(meeting) == before
    nobody_but(out, {BOB})
    assert len(out) <= 1


def test_forged_pass_below_real_pass_for_attackers_own_domain(team, chat):
    """Real MX says pass for evil.example; a forged verdict below says pass for example.com."""
    mails, meeting = start(chat)
    before = state(meeting)
    out = _vote_without_token(
        chat,
        mails,
        top=auth_header("evil.example"),
        **{"Authentication-Results": auth_header("example.com")},
    )
    assert state(meeting) == before
    nobody_but(out, {BOB})
    assert len(out) <= 1


def test_trusted_verdict_for_another_domain(team, chat):
    """The trusted MX really passed the mail, but for evil.example, while From is Bob."""
    mails, meeting = start(chat)
    before = state(meeting)
    out = _vote_without_token(chat, mails, top=auth_header("evil.example"))
    assert state(meeting) == before
    nobody_but(out, {BOB})
    assert len(out) <= 1


def test_dkim_only_for_other_domain_and_dmarc_none(team, chat):
    """Trusted MX: dkim=pass for evil.example, spf pass for evil, dmarc=none for example.com."""
    mails, meeting = start(chat)
    before = state(meeting)
    top = (
        "mx.aimp.test; dkim=pass header.d=evil.example header.s=mail; "
        "spf=pass smtp.mailfrom=evil.example; dmarc=none header.from=example.com"
    )
    out = _vote_without_token(chat, mails, top=top)
    assert state(meeting) == before
    nobody_but(out, {BOB})
    assert len(out) <= 1


def test_forged_verdict_held_request(team, chat):
    """A forged request as Alice naming Mallory, with a verdict forged below a real one."""
    top = f"Authentication-Results: {auth_header('evil.example')}\r\n".encode()
    raw = top + build_email(
        from_=ALICE,
        to=HUB,
        subject="Board meeting",
        body="Board meeting with Bob, Carol and mallory@evil.example on Friday at 10:00, Zoom.",
        headers={"Authentication-Results": auth_header("example.com")},
        authenticated=False,
    )
    chat.flow.deliver(raw, to=HUB)
    out = chat.flow.sent()
    # Unverified + unknown address: held, only Alice asked "did you send this?".
    assert not sent_to(out, MALLORY)
    assert not sent_to(out, BOB) and not sent_to(out, CAROL)
    nobody_but(out, {ALICE})
    assert len(out) <= 1
