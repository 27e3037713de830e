"""Answers written into the quote: between quoted lines, after them, or into a copy. Pure.

mailbridge.replies decides what is new text; this module finds the answers a writer typed
next to the invitation's own options and writes each as "<label>: <answer>", the label
being the option it stands under (negotiation.understanding.rules_inline checks that the
answer does not name another option). Quoted text itself is never kept.
"""

import re

from mailbridge.replies_markers import (
    ATTRIBUTION,
    BLOCK_SUBJECT,
    FORWARD_START,
    is_history_start,
)

QUOTE_LINE = re.compile(r"^\s*>")
# The ">" marks of a quoted line and the space after them.
_MARKS = re.compile(r"^(?:\s*>)+ ?")

# A quoted list item ("> A. Tue 3 Mar", ">   2. Office 3F", "> 1  Cafe Central" as a
# client that re-flows the list lays it out): an answer written right under it, in an
# inline reply, is about that item. Two spaces or a tab set a label off as a dot does;
# one space does not ("> I think", "> 2 people").
_QUOTED_ITEM = re.compile(r"^\s*(?:>\s*)+([A-Za-z]|\d{1,2})(?:[.)]\s+|\t\s*| {2,})\S")

# An answer typed at the end of an option line, behind an arrow ("A. Tue 3 Mar <-- yes",
# "2. Office 3F  << this one", "→ ok").
_ARROW_REMARK = re.compile(r"\s(?:<-+|<<+|<=+|←|⟵|-+>|=>|→)\s*(\S.*?)\s*$")


def _arrow_remark(line: str) -> str | None:
    match = _ARROW_REMARK.search(line)
    return match[1] if match else None


def is_inline(lines: list[str]) -> bool:
    """True when new text stands between quoted lines (answers interleaved with the quote)."""
    state = "start"
    for line in lines:
        if not line.strip() or ATTRIBUTION.match(line.strip()):
            continue
        quoted = bool(QUOTE_LINE.match(line))
        if state in ("start", "text"):
            # "Hi, see below." above the quote, then answers inside it: still inline.
            state = "quote" if quoted else "text"
        elif state == "quote" and not quoted:
            state = "answer"
        elif state == "answer" and quoted:
            return True
    return False


def _continues(content: str, indent: int, previous: int) -> bool:
    """True when a quoted line carries on the item above it rather than starting anew.

    It is indented deeper than the item's label ("   (Bob joins at 10:30)"), or the
    line above was long enough to have been wrapped by the client and this one goes on
    in lower case or with a bracket ("start with the budget)").
    """
    stripped = content.strip()
    if len(content) - len(content.lstrip()) > indent:
        return True
    return previous >= 60 and (stripped[0].islower() or stripped[0] in "([")


def inline_answers(lines: list[str]) -> list[str]:
    """Keep the unquoted lines; one written under a quoted list item names that item.

    A blank quoted line between the item and the answer, or the item's own wrapped
    continuation, still leaves the answer under that item.
    """
    kept: list[str] = []
    item, indent, previous = None, 0, 0
    for line in lines:
        if not line.strip():
            continue
        if QUOTE_LINE.match(line):
            content = line[_MARKS.match(line).end() :]
            match = _QUOTED_ITEM.match(line)
            if match:
                item, indent, previous = (
                    match[1],
                    len(content) - len(content.lstrip()),
                    len(content),
                )
                remark = _own_arrow_remark(line)
                if remark:
                    kept.append(f"{item}: {remark}")
                    item = None
            elif not content.strip():
                pass  # a blank quoted line: the answer below is still the item's
            elif item and _continues(content, indent, previous):
                previous = len(content)
            else:
                item = None
            continue
        if ATTRIBUTION.match(line.strip()):
            continue
        kept.append(f"{item}: {line.strip()}" if item else line)
        item = None
    return kept


def _own_arrow_remark(line: str) -> str | None:
    """The arrow remark on a quoted item of the quote the writer made (one ">" deep).

    Deeper, it was typed by whoever wrote the mail being quoted.
    """
    marks = _MARKS.match(line)
    return _arrow_remark(line) if marks and marks[0].count(">") == 1 else None


def quoted_remarks(lines: list[str]) -> list[str]:
    """Arrow remarks on the quoted options of a reply that is otherwise not inline."""
    return [
        f"{match[1]}: {remark}"
        for line in lines
        if (match := _QUOTED_ITEM.match(line)) and (remark := _own_arrow_remark(line))
    ]


# A list item of an unquoted copy below an Outlook header block: indented, as the hub's
# invitation lays its options out ("  A. Tue 3 Mar", "  2. Office 3F"), or flush left with
# a dot or two spaces as many invitations write them ("A  Tue 3 Mar 10:00-11:00").
_COPIED_ITEM = re.compile(
    r"^(?:\s{2,}([A-Za-z]|\d{1,2})[.)]\s+|\s*([A-Z]|\d{1,2})(?:[.)]\s+|\t\s*| {2,}))\S"
)
# The invitation's own lines below its lists, should a blank line ever be missing: its
# template's sentences, a heading, a label with its value ("Where: Room 401"), a note in
# brackets.
_TEMPLATE = re.compile(
    r"^(?:just\s+reply|reply|please\s+reply|to\s+change|can't\s+make|--|\(|\[|all\s+times"
    r"|(?:places?|times?|where|location|venue|room|duration|length|agenda|notes?|dial-in"
    r"|link|zoom\s+link|meeting\s+link|organi[sz]er|topic|ort|raum|zeit|dauer|lieu|durée"
    r"|lugar|duración|地点|时间|时长|会议室)\s*[:：])",
    re.IGNORECASE,
)
# A list written on one line ("Places: 1 Zoom, 2 Office 3F"): an answer typed right under
# it is about that list, and kept as written.
_ONE_LINE_LIST = re.compile(
    r"^\s*(?:places?|times?|options?|where|location|orte?|lieux|lugares|地点|时间)\s*[:：]\s*\S",
    re.IGNORECASE,
)
# The hub's own mail: its subject starts with the tag, no "RE:" or "FW:" of a mail between.
_HUB_SUBJECT = re.compile(BLOCK_SUBJECT.pattern + r"\s*\*?\s*\[AIMP:", re.IGNORECASE)


def answers_in_copy(lines: list[str]) -> list[str]:
    """Answers typed into an unquoted copy ("YES - Carol" under "  A. Tue"), as "A: YES".

    `lines` start where the copy of the earlier messages does. Outlook quotes without
    ">": the copy of the invitation follows its header block, and a writer answering
    inline types under an option line, or behind it after an arrow. Only the copy right
    below that first header block counts, when the block is the hub's own mail (its subject carries the [AIMP:] tag first) and no forward: a
    forwarded agenda ("  1. Budget" and a remark under it) is someone else's list, and so
    is a colleague's mail in between. Only a line flush left, right under an option
    line, counts; anything else in the copy is the invitation.
    """
    if not lines or not is_history_start(lines, 0) or FORWARD_START.match(lines[0]):
        return []
    subject = next((i for i in range(min(8, len(lines))) if BLOCK_SUBJECT.match(lines[i])), None)
    if subject is None or not _HUB_SUBJECT.match(lines[subject]):
        return []
    answers: list[str] = []
    item: str | None = None  # the option above, or "" below a list written on one line
    for index in range(subject + 1, len(lines)):
        line = lines[index]
        if is_history_start(lines, index):
            break
        copied = _COPIED_ITEM.match(line)
        if copied:
            item = copied[1] or copied[2]
            remark = _arrow_remark(line)
            if remark:
                answers.append(f"{item}: {remark}")
                item = None
            continue
        typed = line.strip() and not line[0].isspace() and not _TEMPLATE.match(line)
        if item is not None and typed:
            answers.append(f"{item}: {line.strip()}" if item else line.strip())
        item = "" if _ONE_LINE_LIST.match(line) else None
    return answers
