"""Undoing RFC 3676 format=flowed: the paragraphs a client wrapped, whole again. Pure.

Thunderbird and Apple Mail send text/plain; format=flowed: a line that ends in a space
is continued on the next one (a soft break, RFC 3676 4.2), quoted lines start with
">" marks and no space between them (4.5), and a line that starts with a space, ">" or
"From " was "space-stuffed" (4.4). A wrapped attribution ("Am 02.03.26 um 08:00 schrieb
Family Hub " / "<hub@family.example>:") or answer is read only once joined.
"""

import re
from email.message import Message

_QUOTE_MARKS = re.compile(r"^>+")
# The signature separator "-- " ends in a space but is never continued (4.3).
_SIGNATURE_SEPARATOR = "-- "
# Lines of a paragraph beyond this are not joined further: a hostile body of millions
# of soft breaks stays lines, never one huge line.
_MAX_JOINED = 10_000


def unflow(text: str, *, delsp: bool = False) -> str:
    """Return `text` with soft line breaks removed and quote marks normalised."""
    out: list[str] = []
    pending: tuple[int, str] | None = None  # depth and text of a paragraph being joined
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        marks = _QUOTE_MARKS.match(line)
        depth = len(marks[0]) if marks else 0
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing (4.4), or the space after ">" marks
        separator = content == _SIGNATURE_SEPARATOR
        if pending is not None and (
            pending[0] != depth or separator or len(pending[1]) > _MAX_JOINED
        ):
            # A soft break into another quote depth is a client's mistake (4.5): end it.
            out.append(_line(*pending))
            pending = None
        joined = (pending[1] if pending else "") + content
        soft = content.endswith(" ") and not separator
        if soft:
            pending = (depth, joined[:-1] if delsp else joined)
        else:
            out.append(_line(depth, joined))
            pending = None
    if pending is not None:
        out.append(_line(*pending))
    return "\n".join(out)


def _line(depth: int, content: str) -> str:
    return ">" * depth + " " + content if depth else content


def flowed_text(part: Message, text: str) -> str:
    """The text of a MIME part, unflowed when the part says format=flowed."""
    try:
        flowed = str(part.get_param("format", "")).lower() == "flowed"
        delsp = str(part.get_param("delsp", "")).lower() == "yes"
    except Exception:  # noqa: BLE001 - a broken header keeps the text as it is
        return text
    return unflow(text.replace("\r\n", "\n"), delsp=delsp) if flowed else text
