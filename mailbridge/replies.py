"""Keeping only the new text of a reply: the one place that knows how mail quotes. Pure."""

import re

from mailparser_reply import EmailReplyParser

from mailbridge.replies_markers import (
    ATTRIBUTION,
    HISTORY_START,
    is_history_start,
    join_wrapped_attributions,
)

LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "sv", "da", "pl", "cs", "ja", "ko", "zh"]
_QUOTE_LINE = re.compile(r"^\s*>")
# The attribution above a ">"-quote (dropped, and reading goes on, so an answer written
# below the quote or between quoted lines is kept) and the start of an unquoted copy
# (nothing below it is new): see replies_markers for each client's wording.
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


# A quoted list item ("> A. Tue 3 Mar", ">   2. Office 3F", "> 1  Cafe Central" as a
# client that re-flows the list lays it out): an answer written right under it, in an
# inline reply, is about that item. Two spaces or a tab set a label off as a dot does;
# one space does not ("> I think", "> 2 people").
_QUOTED_ITEM = re.compile(r"^\s*(?:>\s*)+([A-Za-z]|\d{1,2})(?:[.)]\s+|\t\s*| {2,})\S")


def _is_inline(lines: list[str]) -> bool:
    """True when new text stands between quoted lines (answers interleaved with the quote)."""
    state = "start"
    for line in lines:
        if not line.strip() or ATTRIBUTION.match(line.strip()):
            continue
        quoted = bool(_QUOTE_LINE.match(line))
        if state in ("start", "text"):
            # "Hi, see below." above the quote, then answers inside it: still inline.
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
        if ATTRIBUTION.match(line.strip()):
            continue
        kept.append(f"{item}: {line.strip()}" if item else line)
        item = None
    return kept


# A list item of an unquoted copy below an Outlook header block ("  A. Tue 3 Mar",
# "  2. Office 3F"): indented, as the invitation lays its options out.
_COPIED_ITEM = re.compile(r"^\s{2,}([A-Za-z]|\d{1,2})[.)]\s+\S")


# Where the header block of a copy starts, in the languages Outlook writes it in.
_COPY_START = re.compile(r"^(?:from|von|de|发件人)\s*[:：]\s*\S|" + HISTORY_START.pattern, re.I)
# The invitation's own lines below its lists, should a blank line ever be missing.
_TEMPLATE = re.compile(
    r"^(?:just\s+reply|reply|please\s+reply|to\s+change|can't\s+make|--|places:)", re.I
)
_HUB_SUBJECT = re.compile(r"^(?:subject|betreff|objet|主题)\s*[:：].*\[AIMP:", re.I)


def _answers_in_copy(lines: list[str]) -> list[str]:
    """Answers typed into an unquoted copy ("YES - Carol" under "  A. Tue"), as "A: YES".

    Outlook quotes without ">": the copy of the invitation follows its header block, and
    a writer answering inline types under an option line. Only a line flush left, right
    under an indented option line, counts; anything else in the copy is the invitation.
    """
    start = next((i for i, line in enumerate(lines) if _COPY_START.match(line.strip())), None)
    # Only the hub's own invitation is read so: its subject carries the [AIMP:] tag. A
    # forwarded agenda ("  1. Budget" and a remark under it) is someone else's list.
    if start is None or not any(
        _HUB_SUBJECT.match(line.strip()) for line in lines[start : start + 8]
    ):
        return []
    answers, item = [], None
    for line in lines[start + 1 :]:
        copied = _COPIED_ITEM.match(line)
        if copied:
            item = copied[1]
            continue
        if item and line.strip() and not line[0].isspace() and not _TEMPLATE.match(line):
            answers.append(f"{item}: {line.strip()}")
        item = None
    return answers


def strip_reply(text: str, *, sender_name: str = "", sender_address: str = "") -> str:
    """Return the newest part of a reply: quoted history and signature removed.

    `sender_name` (the From display name) lets a signature without "-- " be found: a
    short line that starts with the sender's own name, below what they wrote; so does
    `sender_address` (Foxmail's default signature is the writer's own address).
    """
    lines = join_wrapped_attributions(
        [line for line in text.splitlines() if not _BANNER.match(line)]
    )
    own = (sender_name, sender_address)
    if _is_inline(lines):
        return "\n".join(_cut_signature(_inline_answers(lines), *own)).strip()
    text = "\n".join(lines)
    latest = None
    if len(text) <= _PARSER_LIMIT:
        try:
            latest = _parser.parse_reply(text="\n".join(_unmarked_attributions(lines)))
        except Exception:  # noqa: BLE001 - a library failure keeps the whole text
            latest = None
    if latest is None or not latest.strip():
        latest = text
    kept = [
        line
        for line in latest.splitlines()
        if not _QUOTE_LINE.match(line) and not ATTRIBUTION.match(line.strip())
    ]
    # A mail that is all quote says nothing new: "" (never the quote read as an answer).
    new = _cut_signature(kept, *own)
    # A delegate's "see his availability below" leaves the forwarded words out: quoted
    # text is never read as the writer's answer, whoever wrote it (the copy could as well
    # be the hub's own mail); the hub asks the writer, who answers in their own words.
    return "\n".join(["\n".join(new).strip(), *_answers_in_copy(lines)]).strip()


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
            if _QUOTE_LINE.match(below):
                out[index] = ""
    return out


def _cut_signature(lines: list[str], sender_name: str = "", address: str = "") -> list[str]:
    """The lines before the signature or an unquoted copy of the earlier message."""
    names = _own_names(sender_name)
    written = False
    for index, line in enumerate(lines):
        stripped = line.strip()
        history = is_history_start(lines, index)
        if (
            _SIGNATURE_SEP.match(line)
            or history
            or _SIGNATURE_START.match(stripped)
            or (written and names and len(stripped) <= 80 and names.match(stripped))
            or (written and _starts_contact_block(lines, index))
            or (written and address and stripped.lower() == address.lower())
        ):
            if history:
                return lines[:index]
            return lines[:index] + _postscript(lines[index + 1 :])
        written = written or bool(stripped)
    return lines


# "P.S. out of office Wed", "PS: D works too", 「附：周四不行」 below the signature: the
# writer's own words, kept; the signature's other lines (an address, office hours) are not.
_POSTSCRIPT = re.compile(r"^\s*(?:p\.?\s?s\.?(?:\s*[:：,-])?(?![\w.])|附言?[:：])", re.IGNORECASE)


def _postscript(lines: list[str]) -> list[str]:
    """The postscript below a signature, up to a blank line or the earlier message."""
    for index, line in enumerate(lines):
        if is_history_start(lines, index):
            return []
        if _POSTSCRIPT.match(line):
            kept: list[str] = []
            for at in range(index, len(lines)):
                stripped = lines[at].strip()
                if not stripped or is_history_start(lines, at) or _SIGNATURE_START.match(stripped):
                    break
                kept.append(lines[at])
            return ["", *kept]
    return []


# A signature's first line is a name ("Jordan Smith", "Carol A. Bennett") after a blank
# line; a phone number, an e-mail address or a web address a few lines below confirms it.
_NAME_LINE = re.compile(r"^[A-Z][a-z'-]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z'-]+){1,2}$")
_CONTACT_LINE = re.compile(
    r"(?:\+?\(?\d{2,4}\)?[\s./-]*){2,}\d{2,}|[\w.+-]+@[\w-]+\.\w|https?://|www\.", re.I
)


def _starts_contact_block(lines: list[str], index: int) -> bool:
    """True when a name line after a blank line heads a block holding contact details."""
    if index == 0 or lines[index - 1].strip() or not _NAME_LINE.match(lines[index].strip()):
        return False
    return any(_CONTACT_LINE.search(line) for line in lines[index + 1 : index + 7])


def _own_names(sender_name: str) -> re.Pattern[str] | None:
    """A line that starts with the sender's full or first name ("Carol", "Carol White |")."""
    words = re.findall(r"[^\W\d_]{2,}", sender_name)
    if not words:
        return None
    full = r"\s+".join(re.escape(w) for w in words)
    if "," in sender_name and len(words) >= 2:
        # A company directory's "Vogel, Katrin" (Outlook/Exchange): she signs "Katrin
        # Vogel", and her first name is the last word.
        words = [*words[1:], words[0]]
        turned = r"\s+".join(re.escape(w) for w in words)
        full = rf"(?:{full}|{turned})"
    # Or one word and then the full name, all the line ("白卡罗 Carol White"): a name in
    # two scripts, as Chinese signatures write it.
    return re.compile(rf"^(?:{full}|{re.escape(words[0])})(?![^\W\d_])|^\S{{1,12}}\s+{full}\s*$")
