"""Machine text and quoted instructions pasted into a member's request: not her words.

A JSON object ({"action": "add_participant", "email": "x@y"}), a code block, a log line or
a quoted instruction ("he said: 'please add x@y'") may carry addresses and times, but the
member did not ask for them: they are left out of the request, with a note, so nobody
named only there is invited and no time given only there is offered.
"""

from __future__ import annotations

import re

# A fenced code block; the text cleaner may have turned ``` into '''.
_FENCE = re.compile(r"(```|'''|~~~).*?(?:\1|\Z)", re.S)
# A JSON-like object: braces around at least one "key": pair.
_JSON = re.compile(r"\{[^{}]*\"[\w\s-]+\"\s*:[^{}]*\}", re.S)
# "2026-03-01 10:00:12 INFO ...", "[12:01:33] DEBUG ...", "ERROR add_participant ...".
_LOG_LINE = re.compile(
    r"^\s*(?:\[?\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|\[\d{1,2}:\d{2}(?::\d{2})?\]"
    r"|(?-i:INFO|DEBUG|WARN|WARNING|ERROR|TRACE)\b)",
    re.I,
)
# "[16:02] Bob: can we also get Dan in?": a chat line pasted in, someone else's words.
_CHAT_LINE = re.compile(
    r"^\s*\[\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?\]\s*[^:\n]{1,40}:.*$", re.I | re.M
)
# "Notes (Erin):", "Action items from Tuesday:", "Minutes:": a heading of pasted notes;
# down to the next blank line, their people, days and times are what was said then, not
# her request. Near miss: "Agenda:" is hers, and "Notes: Bob prefers mornings" is a line.
_NOTES_BLOCK = re.compile(
    r"^[ \t]*(?:[\w’'-]+[ \t]+){0,3}(?:notes|minutes|action[ \t]+items?|AIs|recap|takeaways"
    r"|next[ \t]+steps|to-?dos?|会议纪要|纪要|待办事项?)\b[^\n:：]{0,40}[:：][ \t]*\n(?:[ \t]*\S.*(?:\n|$))*",
    re.I | re.M,
)
# "[all-hands agenda](mailto:x@y)": a link's target is no one she named; its words stay.
_LINK = re.compile(r"\[([^\[\]\n]{1,200})\]\(\s*(?:mailto:|https?://)[^)\s]*\)", re.I)
# "ACTION REQUIRED – add x@y to all meetings": a standing order (a forwarded subject, a
# spam line) is no request for this meeting; the address goes, the rest stays.
_STANDING = re.compile(
    r"\b(?:add|invite|include|cc|copy)\s+[\w.+-]+@[\w.-]+\s+(?:to|on|in)\s+(?:all|every|each|any)"
    r"\s+(?:future\s+|upcoming\s+)?(?:meetings?|invites?|invitations?|events?|calls?)\b",
    re.I,
)
_LOG_LEVEL = re.compile(r"\b(?-i:INFO|DEBUG|WARN|WARNING|ERROR|TRACE)\b")
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
# A quotation that tells someone to invite: "add x@y", 'invite x@y' between quotes.
_QUOTED = re.compile(r"[\"“„«]([^\"“”„«»\n]{0,200})[\"”“»]")
_INSTRUCTING = re.compile(r"\b(?:add|invite|include|cc|bcc|loop\s+in|forward\s+to)\b", re.I)
# "Zed wrote: please add x@y", "his email says 'invite x@y'": someone else's words, to the
# end of the line.
_REPORTED = re.compile(
    r"\b(?:wrote|writes|said|says|asked|asks|replied|mentioned|suggested|requested)\b\s*"
    r"(?:that\s+)?(?:[:：]|(?=['‘\"“]))[^\n]*",
    re.I,
)
# "-----Ursprüngliche Nachricht-----", "[Pasted from ticket SEC-231]": from this line on, the
# text is someone else's message or a paste, whatever it asks.
_PASTE_MARK = re.compile(
    r"^\s*(?:-{2,}\s*(?:original\s+message|urspr[üu]ngliche\s+nachricht|message\s+d'origine"
    r"|forwarded\s+message|weitergeleitete\s+nachricht)\s*-{2,}"
    r"|\[\s*(?:pasted|copied|quoted|forwarded|excerpt)\b[^\]\n]*\]"
    r"|(?:begin\s+forwarded\s+message|anfang\s+der\s+weitergeleiteten\s+nachricht)\s*:?"
    r"|原始邮件|转发的邮件).*",
    re.I | re.M | re.S,
)
# "Her agency's footer is below:", "(signature pasted underneath)", "PS from IT: please
# copy x@y on all meetings": from there on, a footer or somebody else's words.
_OTHERS_TAIL = re.compile(
    r"\b(?:footer|signature|sig\s+block)s?\b(?:[^\n.:!?]{0,30}\b(?:below|underneath|follows"
    r"|pasted|copied|attached)\b|\s*:\s*(?=\n))"
    r"|\bP\.?\s?P?\.?\s?S\.?\s*[(\[-–—]?\s*(?:from|by|via)\s+(?!me\b|myself\b)[^\n:]{1,40}[:)\]]"
    r"|^\s*(?:note|message|request)\s+from\s+(?:our\s+|the\s+)?(?:IT|admin|security|legal"
    r"|compliance|office|assistant|secretary)\b[^\n:]{0,30}:",
    re.I | re.M,
)
# "invite(x@y)", "meeting.add(x@y);": a line of code.
# Not "王芳(wangfang@guest.cn)": a name with its address in brackets is the member's own.
_CODE_CALL = re.compile(
    r"^[^\n]*(?<![\w.])[a-z_][A-Za-z0-9_.]*\(\s*['\"]?[\w.+-]+@[^)\n]*\)[^\n]*", re.M
)


def without_pasted(body: str) -> tuple[str, tuple[str, ...]]:
    """The request without pasted machine text or quoted instructions, and a note of them."""
    dropped: list[str] = []

    def drop(m: re.Match[str]) -> str:
        dropped.append(m[0].strip())
        return " " * len(m[0]) if "\n" not in m[0] else "\n" * m[0].count("\n")

    body = _PASTE_MARK.sub(drop, body)
    body = _CHAT_LINE.sub(drop, body)
    body = _NOTES_BLOCK.sub(drop, body)
    body = _STANDING.sub(drop, body)

    def link(m: re.Match[str]) -> str:
        dropped.append(m[0])
        return m[1]

    body = _LINK.sub(link, body)
    tail = _OTHERS_TAIL.search(body)
    if tail:
        body = body[: tail.start()] + drop(re.match(r"[\s\S]*", body[tail.start() :]))
    body = _FENCE.sub(drop, body)
    body = _JSON.sub(drop, body)
    lines = []
    for line in body.split("\n"):
        if _LOG_LINE.match(line) and (_LOG_LEVEL.search(line) or _ADDRESS.search(line)):
            dropped.append(line.strip())
            line = ""
        lines.append(line)
    body = "\n".join(lines)

    def quoted(m: re.Match[str]) -> str:
        # '"Erin: let's get Tom ..., Tom is tom@agency.io."': a quotation that carries an
        # address is someone else's words; the member names whom she invites herself.
        if _ADDRESS.search(m[1]) and (_INSTRUCTING.search(m[1]) or len(m[1].split()) >= 4):
            return drop(m)
        return m[0]

    body = _QUOTED.sub(quoted, body)

    def reported(m: re.Match[str]) -> str:
        return drop(m) if _ADDRESS.search(m[0]) else m[0]

    body = _REPORTED.sub(reported, body)
    body = _CODE_CALL.sub(drop, body)
    note = ("left out pasted text: " + " | ".join(dropped)[:300],) if dropped else ()
    return body, note
