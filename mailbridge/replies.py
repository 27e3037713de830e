"""Keeping only the new text of a reply: the one place that knows how mail quotes. Pure."""

import re

from mailparser_reply import EmailReplyParser

LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "sv", "da", "pl", "cs", "ja", "ko", "zh"]
_QUOTE_LINE = re.compile(r"^\s*>")
# The line a client writes above a ">"-quoted message (Gmail, Apple Mail, Thunderbird;
# 「…写道：」): dropped, and reading goes on, so an answer written below the quote
# (bottom-posting) or between quoted lines (inline) is kept.
_ATTRIBUTION = re.compile(r"^\s*(?:on\s.+wrote:|.+\s写道[:：])\s*$", re.IGNORECASE)
# Where an unquoted copy of the earlier message starts (Outlook's header block, Chinese
# clients' 「发件人:」/「原始邮件」): nothing below it is the sender's new text.
_HISTORY_START = re.compile(
    r"^\s*(?:-{2,}\s*original\s+message\s*-{2,}|from:\s.+|发件人[:：].*"
    r"|-{2,}\s*原始邮件\s*-{2,}|-----)\s*$",
    re.IGNORECASE,
)
# The signature separator (RFC 3676 4.3 "-- "): below it is the signature.
_SIGNATURE_SEP = re.compile(r"^\s*(?:--\s*|__+|—+)\s*$")
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
    lines = []
    for line in latest.splitlines():
        if _SIGNATURE_SEP.match(line) or _HISTORY_START.match(line.strip()):
            break
        if not _QUOTE_LINE.match(line) and not _ATTRIBUTION.match(line.strip()):
            lines.append(line)
    # A mail that is all quote says nothing new: "" (never the quote read as an answer).
    return "\n".join(lines).strip()
