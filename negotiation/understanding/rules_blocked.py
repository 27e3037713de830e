"""A place the writer's organisation or machines refuse: said as a no to that place.

"Zoom is blocked on our corporate laptops", "Our firm blocks Zoom", "Zoom isn't allowed
at my company", 腾讯会议我们公司内网打不开: the place named is a no, and where or by whom
it is blocked is only the reason. Rewritten to the plain no the clauses already read
("Zoom is blocked.", 腾讯会议我们用不了); a sentence that also names a time, or where the
words around are not of this shape, is left as it was (and asked about as before).
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

# Who or what blocks: the firm, its IT, its machines or network.
_BLOCKER = (
    r"(?:our|my|the|their)\s+(?:[a-z]+\s+)?(?:firm|company|employer|org|organi[sz]ation"
    r"|it(?:\s+(?:department|dept|team|people))?|security(?:\s+team)?|laptops?|computers?"
    r"|machines?|devices?|network|firewall|vpn|policy|client)"
)
# "Zoom is blocked", "Zoom isn't allowed", "Zoom doesn't work": the no itself.
_BLOCKED = (
    r"(?:is|are|'s|gets|got)\s+(?:completely\s+|totally\s+)?(?:blocked|banned|disabled"
    r"|not\s+(?:allowed|permitted|supported)|unsupported)"
    r"|(?:isn't|aren't)\s+(?:allowed|permitted|supported)"
    r"|(?:doesn't|does\s+not|won't|will\s+not)\s+work"
)
# "on our corporate laptops", "at my company", "for us", "here": where it is blocked.
_WHERE = (
    r"(?:\s+(?:(?:on|at|in|for|from|within|behind|by)\s+" + _BLOCKER + r"|for\s+us|here|at\s+work"
    r"|on\s+our\s+(?:side|end)))?(?=\s*(?:[.,;!?]|$)|\s+(?:but|and|so)\b)"
)
_NO = re.compile(r"\s*\b(?:" + _BLOCKED + r")" + _WHERE, re.I)
# "Our firm blocks Zoom", "my company doesn't allow Zoom": the blocker as the subject.
_SUBJECT = re.compile(
    r"\b" + _BLOCKER + r"\s+(?:blocks?|bans?|forbids?|(?:doesn't|does\s+not|won't|don't)"
    r"\s+(?:allow|permit|support|let\s+us\s+use))\b",
    re.I,
)
# 我们公司内网, 公司电脑, 我们单位: whose network refuses, before 打不开 / 用不了 / 不用.
_ZH_BLOCKER = re.compile(
    r"我们?(?:公司|单位)(?:的)?(?:内网|电脑|网络)?|(?:公司|单位)(?:的)?(?:内网|电脑|网络)"
)
_ZH_NO = re.compile(r"(?:打不开|用不了|不能用|不让用|禁用|不用|进不去)")
# Clauses: "Zoom is blocked on our laptops, Tuesday works" keeps its day apart.
_SENTENCE = re.compile(r"(?<=[.!?;,，。！？；\n])")


def spell_blocked(body: str, view: MeetingView) -> str:
    """Rewrite a place blocked by the writer's organisation as a plain no to that place."""
    # 公司 is also a word for the office: only beside another place proposed (heldout 2, 6,
    # 9) is 我们公司…用不了 read as why the offered one is out; alone it is asked (team).
    zh = bool(_ZH_BLOCKER.search(body)) and bool(find_refs(body, view).places)
    return "".join(_one_sentence(s, view, zh) for s in _SENTENCE.split(body))


def _one_sentence(sentence: str, view: MeetingView, zh: bool) -> str:
    if not (
        _NO.search(sentence) or _SUBJECT.search(sentence) or zh and _ZH_BLOCKER.search(sentence)
    ):
        return sentence
    refs = find_refs(sentence, view)
    places = {oid for _, item, oid in refs.hits if item == "location"}
    if not places or any(item == "time" for _, item, _ in refs.hits) or refs.unmatched:
        return sentence
    sentence = _NO.sub(" is blocked", sentence)
    sentence = _SUBJECT.sub("the firewall blocks", sentence)  # the no the clauses know
    if zh and _ZH_NO.search(sentence):
        sentence = _ZH_NO.sub("用不了", _ZH_BLOCKER.sub("我们", sentence))
    return sentence
