"""Helpers of the blind attack conversations (tests/security/test_blind_*.py)."""

from __future__ import annotations

from mailbridge.testing import build_email
from negotiation.models import Meeting, Vote
from tests.scenarios.meeting_kit import meeting_of

ALICE = "alice@example.com"
BOB = "bob@example.com"
CAROL = "carol@example.com"
MALLORY = "mallory@evil.example"
REQUEST = "Budget review with Bob and Carol next week, Tuesday or Wednesday afternoon, on Zoom."


# --- helpers -------------------------------------------------------------------------------


def start(chat):
    """Alice's legitimate request; returns (mails to each person, meeting)."""
    out = chat.write(ALICE, REQUEST, subject="Budget review")
    meeting = meeting_of(out[0])
    assert meeting.status == "negotiating"
    return {m.to[0]: m for m in out}, meeting


def votes_snapshot() -> list[str]:
    return sorted(map(str, Vote.objects.values_list()))


def state(meeting: Meeting) -> list[str]:
    """Everything about the meeting an attacker could change: meeting, participants, votes."""
    meeting.refresh_from_db()
    rows = [meeting.status, *map(str, meeting.participants.values_list())]
    votes = Vote.objects.filter(participant__in=meeting.participants.all()).values_list()
    return rows + sorted(map(str, votes))


def participant_emails(meeting: Meeting) -> list[str]:
    return sorted(p.email for p in meeting.participants.all())


def auth_header(domain: str, server: str = "mx.aimp.test", verdict: str = "pass") -> str:
    return (
        f"{server}; dkim={verdict} header.d={domain} header.s=mail; "
        f"spf={verdict} smtp.mailfrom={domain}; dmarc={verdict} header.from={domain}"
    )


def thread_headers(message) -> dict[str, str]:
    headers = {k.lower(): v for k, v in message.extra_headers.items()}
    mid = headers.get("message-id", "")
    refs = " ".join(r for r in [*headers.get("references", "").split(), mid] if r)
    return {"In-Reply-To": mid, "References": refs}


def token_of(message) -> str:
    return message.reply_to[0]


def forged_reply(
    chat,
    message,
    *,
    from_: str,
    body: str,
    to_addr: str | None = None,
    envelope=None,
    headers: dict[str, str] | None = None,
    authenticated: bool = False,
    prefix: bytes = b"",
):
    """A reply to `message` built by hand (any From, any headers); returns what was sent."""
    target = to_addr or token_of(message)
    th = thread_headers(message)
    raw = build_email(
        from_=from_,
        to=target,
        subject=f"Re: {message.subject}",
        body=body,
        in_reply_to=th["In-Reply-To"],
        references=th["References"].split(),
        headers=headers,
        authenticated=authenticated,
    )
    chat.flow.deliver(prefix + raw, to=envelope or target)
    return chat.flow.sent()


def sent_to(messages, address: str) -> list:
    return [m for m in messages if address.lower() in [a.lower() for a in m.to]]


def nobody_but(messages, allowed: set[str]) -> None:
    for m in messages:
        for a in m.to:
            assert a.lower() in allowed, f"unexpected mail to {a}: {m.subject}\n{m.body}"
