"""What happened to a message, in words for the admin (pure: no Django).

The row's `error` column holds the failure for failed rows and, for handled ones, how
the message was routed and what the handler noted ("reply token; sender: dmarc=pass"):
shown under one heading it read as an error when nothing went wrong.
"""

from __future__ import annotations

INBOUND_KINDS = {
    "registration": "joining with an invite code",
    "protocol": "an agent's protocol mail",
    "thread_reply": "a reply in a meeting's thread",
    "member_command": "new mail from a member (a request or a command)",
    "unknown_sender": "mail from someone who is not a member",
    "auto_generated": "an automatic mail (auto-reply, list, bulk)",
    "bounce": "a bounce of mail the hub sent",
    "loop": "mail from the hub itself",
    "calendar_answer": "a calendar's answer to an invitation",
}
_ROUTES = {
    "reply token": "matched to its thread by the reply token",
    "subject tag": "matched to its meeting by the subject tag",
    "In-Reply-To/References": "matched to its thread by In-Reply-To/References",
}


def _note_words(note: str) -> list[str]:
    words = []
    for part in (p.strip() for p in note.split(";")):
        if not part:
            continue
        if part in _ROUTES:
            words.append(_ROUTES[part])
        elif part.startswith("sender: "):
            words.append("sender checked: " + part.removeprefix("sender: "))
        else:
            words.append(part)
    return words


def inbound_outcome(*, status: str, kind: str, note: str, attempts: int, next_attempt: str) -> str:
    """One or two sentences: what the hub did with a received message."""
    what = INBOUND_KINDS.get(kind, kind or "not classified yet")
    details = _note_words(note)
    if status == "done":
        return f"Handled as {what}." + (
            " " + "; ".join(details).capitalize() + "." if details else ""
        )
    if status == "ignored":
        why = "; ".join(details) or "nothing to answer"
        return f"Recorded and not answered ({what}): {why}."
    if status == "failed":
        return f"Failed after {attempts} attempt(s): {note or 'no error recorded'}."
    if status == "retry":
        return f"Will be tried again at {next_attempt}: {note}."
    if status == "processing":
        return "Being processed."
    return "Received; waiting to be processed."


def outbound_outcome(*, status: str, attempts: int, error: str, sent_at: str) -> str:
    """One sentence: where a message the hub sends stands."""
    if status == "sent":
        return f"Sent {sent_at}."
    if status == "failed":
        return f"Not sent after {attempts} attempt(s): {error or 'no error recorded'}."
    if status == "undeliverable":
        return f"Not sent: the address is marked undeliverable. {error}".strip()
    if status == "retry":
        return f"Will be tried again: {error}."
    if status == "sending":
        return "Being sent."
    return "Queued to be sent."
