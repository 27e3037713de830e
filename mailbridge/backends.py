"""Embedded-mode mail backend: print each message and keep a copy as an .eml file."""

import os
import time
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.console import EmailBackend as ConsoleBackend


class ConsoleAndFileBackend(ConsoleBackend):
    """Write every message to stdout and to MAILBOX_DIR/<time>-<n>.eml."""

    def send_messages(self, email_messages):
        self._written = 0
        mailbox = Path(settings.MAILBOX_DIR)
        mailbox.mkdir(parents=True, exist_ok=True)
        self._mailbox = mailbox
        return super().send_messages(email_messages)

    def write_message(self, message):
        # Rendered once for both copies (rendering is most of a send's CPU here).
        msg = message.message()
        data = msg.as_bytes()
        charset = msg.get_charset().get_output_charset() if msg.get_charset() else "utf-8"
        self.stream.write(f"{data.decode(charset)}\n{'-' * 79}\n")
        name = f"{time.time_ns()}-{self._written}.eml"
        self._written += 1
        # Written under a temporary name and renamed: a reader of the mailbox (the
        # bench, the reliability suite) never sees half a message.
        partial = self._mailbox / f".{name}.part"
        partial.write_bytes(data)
        os.replace(partial, self._mailbox / name)
