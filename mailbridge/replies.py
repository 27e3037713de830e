"""Keeping only the new text of a reply: the one place that knows how mail quotes. Pure."""

import re

from mailparser_reply import EmailReplyParser

LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "sv", "da", "pl", "cs", "ja", "ko", "zh"]
_QUOTE_LINE = re.compile(r"^\s*>")
# The line a client writes above a ">"-quoted message (Gmail, Apple Mail, Thunderbird;
# 「…写道：」): dropped, and reading goes on, so an answer written below the quote
# (bottom-posting) or between quoted lines (inline) is kept.
# mutt writes "* Name <addr> [date]:"; Gmail in Chinese "… 于2026年3月4日周三 09:00写道：".
_ATTRIBUTION = re.compile(
    r"^\s*(?:on\s.+wrote:|.+写道[:：]|\*\s.+<[^>]+@[^>]+>\s*\[.+\]:)\s*$", re.IGNORECASE
)
# Where an unquoted copy of the earlier message starts (Outlook's header block, Chinese
# clients' 「发件人:」/「原始邮件」): nothing below it is the sender's new text.
_HISTORY_START = re.compile(
    r"^\s*(?:-{2,}\s*original\s+message\s*-{2,}|from:\s.+|发件人[:：].*"
    r"|-{2,}\s*原始邮件\s*-{2,}|-----"
    # Gmail's and Apple Mail's forward markers, NetEase's 「回复的原邮件」 block.
    r"|-{2,}\s*forwarded\s+message\s*-{2,}|begin\s+forwarded\s+message:"
    r"|-{2,}\s*(?:回复的)?原邮件\s*-{2,}|-{2,}\s*邮件原件\s*-{2,})\s*$",
    re.IGNORECASE,
)
# The signature separator (RFC 3676 4.3 "-- "): below it is the signature.
_SIGNATURE_SEP = re.compile(r"^\s*(?:--\s*|__+|—+)\s*$")
# What mobile clients and mail gateways add below the text: the end of what was written.
_SIGNATURE_START = re.compile(
    r"^\s*(?:get\s+outlook\s+for\s+\w+|sent\s+from\s+(?:my\s+)?\w+(?:\s+mail)?(?:\s+(?:on|for)\s+\w+)?"
    r"|发自我的\w+|从我的\w+发送|来自\w+客户端"
    r"|(?:this|the\s+information\s+in\s+this)\s+(?:e-?mail|message)\b.*\b(?:confidential|intended)"
    r"|confidentiality\s+notice|disclaimer:)",
    re.IGNORECASE,
)
# A banner a gateway puts above the text ("CAUTION: This email originated from outside
# the organization"): dropped, and reading goes on.
_BANNER = re.compile(r"^\s*(?:caution|warning|external)\b.{0,40}\b(?:outside|external)\b", re.I)
# mail-parser-reply is regex-heavy; beyond this size we fall back to dropping
# '>'-quoted lines only, so a huge body cannot make processing slow.
_PARSER_LIMIT = 50_000
_parser = EmailReplyParser(languages=LANGUAGES)


# A quoted list item ("> A. Tue 3 Mar", ">   2. Office 3F"): an answer written right
# under it, in an inline reply, is about that item.
_QUOTED_ITEM = re.compile(r"^\s*(?:>\s*)+([A-Za-z]|\d{1,2})[.)]\s+\S")


def _is_inline(lines: list[str]) -> bool:
    """True when new text stands between quoted lines (answers interleaved with the quote)."""
    state = "start"
    for line in lines:
        if not line.strip() or _ATTRIBUTION.match(line.strip()):
            continue
        quoted = bool(_QUOTE_LINE.match(line))
        if state == "start":
            state = "quote" if quoted else "text"
        elif state == "quote" and not quoted:
            state = "answer"
        elif state == "answer" and quoted:
            return True
    return False


def _inline_answers(lines: list[str]) -> list[str]:
    """Keep the unquoted lines; one written under a quoted list item names that item."""
    kept, item = [], None
    for line in lines:
        if not line.strip():
            continue
        if _QUOTE_LINE.match(line):
            match = _QUOTED_ITEM.match(line)
            item = match[1] if match else None
            continue
        if _ATTRIBUTION.match(line.strip()):
            continue
        kept.append(f"{item}: {line.strip()}" if item else line)
        item = None
    return kept


def strip_reply(text: str, *, sender_name: str = "") -> str:
    """Return the newest part of a reply: quoted history and signature removed.

    `sender_name` (the From display name) lets a signature without "-- " be found: a
    short line that starts with the sender's own name, below what they wrote.
    """
    lines = [line for line in text.splitlines() if not _BANNER.match(line)]
    if _is_inline(lines):
        return "\n".join(_cut_signature(_inline_answers(lines), sender_name)).strip()
    text = "\n".join(lines)
    latest = None
    if len(text) <= _PARSER_LIMIT:
        try:
            latest = _parser.parse_reply(text=text)
        except Exception:  # noqa: BLE001 - a library failure keeps the whole text
            latest = None
    if latest is None or not latest.strip():
        latest = text
    kept = [
        line
        for line in latest.splitlines()
        if not _QUOTE_LINE.match(line) and not _ATTRIBUTION.match(line.strip())
    ]
    # A mail that is all quote says nothing new: "" (never the quote read as an answer).
    return "\n".join(_cut_signature(kept, sender_name)).strip()


def _cut_signature(lines: list[str], sender_name: str = "") -> list[str]:
    """The lines before the signature or an unquoted copy of the earlier message."""
    names = _own_names(sender_name)
    written = False
    for index, line in enumerate(lines):
        stripped = line.strip()
        if (
            _SIGNATURE_SEP.match(line)
            or _HISTORY_START.match(stripped)
            or _SIGNATURE_START.match(stripped)
            or (written and names and len(stripped) <= 80 and names.match(stripped))
        ):
            return lines[:index]
        written = written or bool(stripped)
    return lines


def _own_names(sender_name: str) -> re.Pattern[str] | None:
    """A line that starts with the sender's full or first name ("Carol", "Carol White |")."""
    words = re.findall(r"[^\W\d_]{2,}", sender_name)
    if not words:
        return None
    full = r"\s+".join(re.escape(w) for w in words)
    return re.compile(rf"^(?:{full}|{re.escape(words[0])})(?![^\W\d_])")
