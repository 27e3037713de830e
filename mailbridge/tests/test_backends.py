"""The embedded-mode backend: each message printed and kept whole as an .eml file."""

import io

from django.core.mail import EmailMessage
from django.test import override_settings

from mailbridge.backends import ConsoleAndFileBackend


def test_each_message_is_printed_and_written_once_as_a_whole_file(tmp_path):
    stream = io.StringIO()
    messages = [
        EmailMessage("Hello", "Body one", "hub@example.com", ["a@example.com"]),
        EmailMessage("Again", "Body two", "hub@example.com", ["b@example.com"]),
    ]
    with override_settings(MAILBOX_DIR=tmp_path / "mailbox"):
        assert ConsoleAndFileBackend(stream=stream).send_messages(messages) == 2
    files = sorted((tmp_path / "mailbox").iterdir())
    assert [f.suffix for f in files] == [".eml", ".eml"]  # no partial file left behind
    assert b"Body one" in files[0].read_bytes() and b"Body two" in files[1].read_bytes()
    assert stream.getvalue().count("Subject: ") == 2
