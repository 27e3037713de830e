"""Keeping only the new text of a reply: the one place that knows how mail quotes. Pure.

Every layout a client writes comes down to the same reading: the copy of the earlier
messages is found and set apart (replies_markers: the attribution above a ">"-quote, the
separator or header block above an unquoted copy, in each client's wording); what the
writer typed above it is kept, and so is what they typed below a ">"-quote or between its
lines (replies_inline); the signature and the closing above it go (replies_signature).
"""

import re

from mailparser_reply import EmailReplyParser

from mailbridge.replies_inline import (
    QUOTE_LINE,
    answers_in_copy,
    inline_answers,
    is_inline,
    quoted_remarks,
)
from mailbridge.replies_markers import (
    ATTRIBUTION,
    SNIP,
    history_end,
    join_wrapped_attributions,
    unknown_attribution,
)
from mailbridge.replies_signature import cut_signature

LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "sv", "da", "pl", "cs", "ja", "ko", "zh"]
# A banner a gateway puts above the text ("CAUTION: This email originated from outside
# the organization"): dropped, and reading goes on.
_BANNER = re.compile(r"^\s*(?:caution|warning|external)\b.{0,40}\b(?:outside|external)\b", re.I)
# The borders of a table a client draws around its signature card or header block
# (NetEase Mail Master's "| |"): no words.
_TABLE_BORDER = re.compile(r"^[\s|]+$")
# mail-parser-reply is regex-heavy; beyond this size we fall back to dropping
# '>'-quoted lines only, so a huge body cannot make processing slow.
_PARSER_LIMIT = 50_000
_parser = EmailReplyParser(languages=LANGUAGES)


def strip_reply(text: str, *, sender_name: str = "", sender_address: str = "") -> str:
    """Return the newest part of a reply: quoted history and signature removed.

    `sender_name` (the From display name) lets a signature without "-- " be found: a
    short line that starts with the sender's own name, below what they wrote; so does
    `sender_address` (Foxmail's default signature is the writer's own address).
    """
    lines = _prepared(text)
    # Nothing below the first unquoted copy of an earlier message is new, except answers
    # typed into a copy of the hub's own invitation (Outlook's way of answering inline).
    end = history_end(lines)
    own, copy = lines[:end], lines[end:]
    names = (sender_name, sender_address)
    if is_inline(own):
        new = cut_signature(inline_answers(own), *names)
    else:
        new = cut_signature(_unquoted(own), *names) + quoted_remarks(own)
    # A mail that is all quote says nothing new: "" (never the quote read as an answer).
    # A delegate's "see his availability below" leaves the forwarded words out: quoted
    # text is never read as the writer's answer, whoever wrote it (the copy could as well
    # be the hub's own mail); the hub asks the writer, who answers in their own words.
    return "\n".join(["\n".join(new).strip(), *answers_in_copy(copy)]).strip()


def _prepared(text: str) -> list[str]:
    """The lines, without gateway banners or table borders, attributions joined.

    A "[...]" where the writer cut the quote short, next to quoted lines, is quote too;
    so is an attribution in a wording no pattern knows, right above the quote.
    """
    lines = join_wrapped_attributions(
        [
            "" if _TABLE_BORDER.match(line) and line.strip() else line
            for line in text.splitlines()
            if not _BANNER.match(line)
        ]
    )
    for index, line in enumerate(lines):
        if SNIP.match(line) and _next_to_quote(lines, index):
            lines[index] = ">"
        elif unknown_attribution(lines, index):
            lines[index] = "> " + line
            if index and lines[index - 1].rstrip().endswith("<"):
                lines[index - 1] = "> " + lines[index - 1]  # wrapped inside the address
    return lines


def _next_to_quote(lines: list[str], index: int) -> bool:
    above = next((line for line in reversed(lines[:index]) if line.strip()), "")
    below = next((line for line in lines[index + 1 :] if line.strip()), "")
    return bool(QUOTE_LINE.match(above) or QUOTE_LINE.match(below))


def _unquoted(lines: list[str]) -> list[str]:
    """The lines of a top- or bottom-posted reply that are not quote nor attribution."""
    text = "\n".join(lines)
    latest = None
    if len(text) <= _PARSER_LIMIT:
        try:
            latest = _parser.parse_reply(text="\n".join(_unmarked_attributions(lines)))
        except Exception:  # noqa: BLE001 - a library failure keeps the whole text
            latest = None
    if latest is None or not latest.strip():
        latest = text
    return [
        line
        for line in latest.splitlines()
        if not QUOTE_LINE.match(line) and not ATTRIBUTION.match(line.strip())
    ]


def _unmarked_attributions(lines: list[str]) -> list[str]:
    """Lines for the parser: an attribution right above ">"-quoted lines blanked.

    The ">" marks already say what is quoted, and the parser misreads some attributions
    (French "Le … a écrit :" leaves it "Le"). One above an unquoted copy stays: there it
    is where the parser cuts.
    """
    out = list(lines)
    for index, line in enumerate(lines):
        if ATTRIBUTION.match(line.strip()):
            below = next((later for later in lines[index + 1 :] if later.strip()), "")
            if QUOTE_LINE.match(below):
                out[index] = ""
    return out
