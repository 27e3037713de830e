"""A local SMTP relay between deployments: hub mail to each hub's listener, the rest kept.

Like a mail provider's MX and mailboxes in one: mail for a hub's domain is forwarded over
SMTP to that deployment's listener (from a thread of its own, so a listener that sends
while it receives never waits on the relay); mail for people lands in their mailbox.
"""

from __future__ import annotations

import queue
import smtplib
import threading
import time
from collections import defaultdict
from email import message_from_bytes, policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller


class Relay:
    """Accept everything; forward by recipient domain; keep people's mail."""

    def __init__(self, port: int, routes: dict[str, int]) -> None:
        self.routes = routes  # domain -> port of that deployment's SMTP listener
        self.mailboxes: dict[str, list[EmailMessage]] = defaultdict(list)
        self._queue: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self.errors: list[str] = []
        self.controller = Controller(self, hostname="127.0.0.1", port=port)
        self._forwarder = threading.Thread(target=self._forward, daemon=True)

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        raw = envelope.original_content or envelope.content
        for rcpt in envelope.rcpt_tos:
            self._queue.put((envelope.mail_from, rcpt.lower(), raw))
        return "250 OK"

    def _forward(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            mail_from, rcpt, raw = item
            port = self.routes.get(rcpt.rpartition("@")[2])
            if port is None:
                with self._lock:
                    self.mailboxes[rcpt].append(message_from_bytes(raw, policy=policy.default))
                continue
            try:
                with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
                    smtp.sendmail(mail_from, [rcpt], raw)
            except Exception as exc:  # kept for the test's failure message
                self.errors.append(f"{rcpt}: {exc!r}")

    def start(self) -> None:
        self.controller.start()
        self._forwarder.start()

    def stop(self) -> None:
        self._queue.put(None)
        self.controller.stop()

    def wait_for(self, address: str, count: int, timeout: float = 90.0) -> list[EmailMessage]:
        """The first `count` mails in `address`'s mailbox, waiting for them to arrive."""
        return self.wait_until(address, lambda box: len(box) >= count, timeout)[:count]

    def wait_until(self, address: str, done, timeout: float = 90.0) -> list[EmailMessage]:
        """`address`'s mailbox once `done(mailbox)` holds, waiting for more mail until then."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                box = list(self.mailboxes[address])
            if done(box):
                return box
            time.sleep(0.2)
        subjects = [str(m["Subject"]) for m in self.mailboxes[address]]
        raise TimeoutError(f"{address} has {subjects}; relay errors: {self.errors}")
