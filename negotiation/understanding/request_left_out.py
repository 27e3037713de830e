"""People a request leaves out: "not with Dave", "without Erin", "Carol, not Dave", 不是张伟.

A person named right after such a cue is never invited, even where named elsewhere in
the request; the span of the cue and name refuses no day (request_windows reads the
request with it blanked out).
"""

from __future__ import annotations

import re

_NO_DAY = (
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Tues|Wed|Thu|Thur"
    r"|Thurs|Fri|Sat|Sun|I|We|This|Next)\b)"
)
# "..., not with Dave", "without Dave and Erin", "everyone except Bob": left out. A day is
# never one of the names ("except Friday, Will": Friday is refused, Will invited).
_LEFT_OUT_BEFORE = re.compile(
    r"(?:\bnot\s+(?:with|including|inviting)|\bwithout|\bexcept(?:\s+for)?|\bexcluding|"
    r"\bbut\s+not|\brather\s+than|\binstead\s+of|\bnicht\s+mit|"
    r"\b(?:do\s+not|don'?t|never)\s+(?:invite|add|include|cc|loop\s+in|bring)|\bleave\s+out|"
    r"不要邀请|不用邀请|别邀请|别请|不叫|不请|不邀请|不用请|不要叫|不要请|不要约|不用叫|别叫|不要|除了)\s*"
    rf"(?:{_NO_DAY}(?-i:[A-Z])[\w'.-]*(?:\s+(?-i:[A-Z])[\w'.-]*)?\s*(?:,|\band\b|\bor\b|&|、|和)\s*)*$",
    re.I,
)


# The name at a mention, and an "'s" after it: "not Bob's assistant" leaves out no Bob.
_MENTION_END = re.compile(r"[^\s,.;:!?()'’，。、]+(?:\s+(?-i:[A-Z])[^\s,.;:!?()'’]*)?")
_POSSESSIVE = re.compile(r"['’]s\b")


# "Carol, not Dave", "Dan Lee - not Dan Park!", "ohne Dave", 不是张伟: a bare "not" leaves
# out only the names right after it, never across a sentence ("not Tuesday. Bob and ...").
_NOT_BEFORE = re.compile(
    rf"(?:\bnot|\bno|\bohne|\bnicht|\bskip|\bexclude|\bminus|不是)\s*(?:{_NO_DAY}(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?"
    r"\s*(?:,|\band\b|\bor\b|&|\bund\b|\boder\b|、|和)\s*)*$",
    re.I,
)


# After the name: "Dave isn't needed", "Bob's not needed", "Dave shouldn't be invited",
# "leave Dave off the invite", 李娜不用来.
_LEFT_OUT_AFTER = re.compile(
    r"\s*(?:won'?t|will\s+not|doesn'?t|does\s+not|isn'?t)\s+(?:be\s+)?(?:needed|necessary|"
    r"required|join(?:ing)?|com(?:e|ing))\b|\s+(?:is\s+)?not\s+(?:needed|required|invited)\b"
    r"|['’]s\s+not\s+(?:needed|required|invited|coming)\b"
    r"|\s+(?:should\s+not|shouldn'?t|must\s+not|mustn'?t|need\s+not|needn'?t|does\s+not\s+need\s+to"
    r"|doesn'?t\s+need\s+to)\s+(?:be\s+)?(?:invited|there|come|join|included|attend)\b"
    # "Erin should not be in this one", "Bob shouldn't be on the invite".
    r"|\s+(?:should\s+not|shouldn'?t|must\s+not|mustn'?t|need\s+not|needn'?t)\s+be\s+"
    r"(?:in|on|part\s+of)\s+(?:this|that|it|the\s+(?:meeting|call|invite|invitation))\b"
    r"|\s*就?(?:不用来|不用参加|不必来|不必参加|不要来|不需要来|不需要参加|不参加|不来|不用了)",
    re.I,
)
_LEAVE = re.compile(r"\bleave\s+$", re.I)
_OFF = re.compile(r"\s+(?:off|out)\b", re.I)


# A surprise ("it's a surprise", "don't tell him", 惊喜): the person it is for ("the birthday
# cake for Will", "Will's leaving do") is why the meeting is held, and is not invited.
# Near miss: "Will's birthday lunch with Bob", no surprise, invites Will.
_SURPRISE = re.compile(
    r"\bsurprise\b|\bdon'?t\s+tell\b|\bkeep\s+it\s+(?:a\s+)?secret\b|\bwithout\s+\w+\s+knowing\b"
    r"|惊喜|别告诉|不要告诉|保密",
    re.I,
)
_CELEBRATION = (
    r"(?:birthday|cake|gift|present|card|party|farewell|send-?off|leaving\s+(?:do|drinks|party)"
    r"|retirement|celebration|collection|whip-?round|shower|surprise)"
)
_FOR_HONOREE = re.compile(rf"\b{_CELEBRATION}\s+for\s*$|(?:给|为)\s*$", re.I)
_HONOREE_AFTER = re.compile(rf"['’]s\s+(?:\w+\s+)?{_CELEBRATION}\b|\s*的(?:生日|惊喜|欢送)", re.I)


def left_out_span(body: str, pos: int) -> tuple[int, int] | None:
    """The span from a leaving-out cue to the end of the name mentioned at pos, if any."""
    cue = _LEFT_OUT_BEFORE.search(body[:pos]) or _NOT_BEFORE.search(body[:pos])
    if not cue and _SURPRISE.search(body):
        cue = _FOR_HONOREE.search(body[:pos])
    if not cue:
        return None
    end = _MENTION_END.match(body, pos)
    return (cue.start(), end.end() if end else pos)


def left_out_after(body: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of a name and the words after it that leave it out, if any."""
    after = _LEFT_OUT_AFTER.match(body, end)
    if not after and _SURPRISE.search(body):
        after = _HONOREE_AFTER.match(body, end)
    if after:
        return (start, after.end())
    leave, off = _LEAVE.search(body[:start]), _OFF.match(body, end)
    return (leave.start(), off.end()) if leave and off else None


def possessive(body: str, end: int) -> bool:
    """Whether the name ending at `end` is a possessive: "not Bob's assistant" is no Bob."""
    return bool(_POSSESSIVE.match(body, end))
