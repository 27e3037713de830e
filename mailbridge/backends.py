"""Embedded-mode mail backend: print each message and keep a copy as an .eml file."""

import time
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.console import EmailBackend as ConsoleBackend


class ConsoleAndFileBackend(ConsoleBackend):
    """Write every message to stdout and to MAILBOX_DIR/<time>-<n>.eml."""

    def send_messages(self, email_messages):
        sent = super().send_messages(email_messages)
        mailbox = Path(settings.MAILBOX_DIR)
        mailbox.mkdir(parents=True, exist_ok=True)
        for index, message in enumerate(email_messages):
            name = f"{time.time_ns()}-{index}.eml"
            (mailbox / name).write_bytes(message.message().as_bytes())
        return sent
