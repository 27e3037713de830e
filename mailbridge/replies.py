"""Keeping only the new text of a reply. Pure."""

import re

from mailparser_reply import EmailReplyParser

LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "sv", "da", "pl", "cs", "ja", "ko", "zh"]
_QUOTE_LINE = re.compile(r"^\s*>")
# mail-parser-reply is regex-heavy; beyond this size we fall back to dropping
# '>'-quoted lines only, so a huge body cannot make processing slow.
_PARSER_LIMIT = 50_000
_parser = EmailReplyParser(languages=LANGUAGES)


def strip_reply(text: str) -> str:
    """Return the newest part of a reply: quoted history and signature removed."""
    latest = None
    if len(text) <= _PARSER_LIMIT:
        try:
            latest = _parser.parse_reply(text=text)
        except Exception:  # noqa: BLE001 - a library failure keeps the whole text
            latest = None
    if latest is None or not latest.strip():
        latest = text
    lines = [line for line in latest.splitlines() if not _QUOTE_LINE.match(line)]
    result = "\n".join(lines).strip()
    return result or text.strip()
