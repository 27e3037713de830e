"""Watch the console+file backend's MAILBOX_DIR from another process.

`mailbridge.backends.ConsoleAndFileBackend` names each file `<time_ns>-<n>.eml`
when it hands the message over, so the name is the moment the mail left the hub.
"""

import re
from dataclasses import dataclass
from email import message_from_bytes, policy
from pathlib import Path

_TAG = re.compile(r"\[AIMP:([^\]\s]+)\]")


@dataclass(frozen=True)
class SentMail:
    """One .eml the backend wrote."""

    path: Path
    sent_ns: int
    to: str
    subject: str
    thread: str | None
    message_id: str
    has_invite: bool
    auto_submitted: str


def sent_mail_read(path: Path) -> SentMail:
    """Parse one written .eml into what the bench and the reliability suite check."""
    raw = path.read_bytes()
    msg = message_from_bytes(raw, policy=policy.default)
    subject = str(msg.get("Subject", ""))
    match = _TAG.search(subject)
    return SentMail(
        path=path,
        sent_ns=int(path.name.split("-", 1)[0]),
        to=str(msg.get("To", "")).strip().lower(),
        subject=subject,
        thread=match.group(1) if match else None,
        message_id=str(msg.get("Message-ID", "")).strip(),
        has_invite=b"invite.ics" in raw,
        auto_submitted=str(msg.get("Auto-Submitted", "")),
    )


class MailboxWatcher:
    """Read .eml files as they appear, each once."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._seen: set[str] = set()
        self._sizes: dict[str, int] = {}

    def new(self) -> list[SentMail]:
        """Return the mails completely written since the last call, oldest first."""
        if not self.directory.is_dir():
            return []
        fresh = sorted(
            (p for p in self.directory.glob("*.eml") if p.name not in self._seen),
            key=lambda p: p.name,
        )
        out = []
        for path in fresh:
            # The backend writes without a rename: a file is complete only once its
            # size has stopped changing between two looks.
            try:
                size = path.stat().st_size
            except OSError:
                continue
            if size == 0 or self._sizes.get(path.name) != size:
                self._sizes[path.name] = size
                continue
            try:
                out.append(sent_mail_read(path))
            except (OSError, ValueError):
                continue
            self._seen.add(path.name)
            self._sizes.pop(path.name, None)
        return out

    def settle(self, *, polls: int = 3, interval: float = 0.05) -> list[SentMail]:
        """Return every mail written so far, looking a few times so the last ones settle."""
        import time

        out = []
        for _ in range(polls):
            out += self.new()
            time.sleep(interval)
        return out
