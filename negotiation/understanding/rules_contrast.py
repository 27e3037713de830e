"""Contrast lists: "not Wednesday, Thursday", "Decline A, accept C", 周三不行周四可以.

A "not" before one option and a bare option after a comma is a swap: no to the first, yes
to the second. It is spelt out ("not Wednesday. Thursday works") only when both sides are
nothing but options of the same list ("not Tuesday, sorry" keeps its one no), and the
sentence ends there (a question or more words leave it as written, for the rules to ask).
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

_SIDE = r"[^,;:.!?\n]{1,40}?"
_SWAP = re.compile(
    rf"(?P<lead>^|[.!:;\n]\s*)(?:no|not)\s+(?P<x>{_SIDE})(?:\s+please)?\s*(?:,|;|\bbut\b)"
    rf"\s*(?:but\s+)?(?P<y>{_SIDE})(?:\s+(?:works|is\s+fine|is\s+ok|then|instead|please))?"
    r"(?P<tail>\s*(?:[.!]+|$))",
    re.I | re.M,
)
# "Decline Tuesday, accept Thursday": the same two verdicts said as verbs.
_VERBS = re.compile(
    rf"(?P<lead>^|[.!:;\n]\s*)decline\s+(?P<x>{_SIDE})\s*(?:,|;|\band\b)\s*accept\s+(?P<y>{_SIDE})"
    rf"(?P<tail>\s*(?:[.!]+|$))",
    re.I | re.M,
)
# 周三不行周四可以: a verdict then the next day with no comma between; the comma the rules
# need to see two clauses.
_ZH_RUN = re.compile(
    r"(不行|可以|没问题|也不行|不可以|不方便|行)(?=(?:周[一二三四五六日天]|星期[一二三四五六日天]))"
)
# 不要线上，去会议室: the same swap in Chinese, a no to one place or day, then the other.
_ZH_SWAP = re.compile(
    r"(?P<lead>^|[。！；\n]\s*)(?:不要|不去|不用)(?P<x>[^，,。！？?\n]{1,12})[，,]\s*(?:去|用|在)?"
    r"(?P<y>[^，,。！？?\n]{1,12}?)(?:吧|就行|就好)?(?P<tail>(?=[。!！\n，,]|$))",
    re.M,
)
_LABEL = re.compile(r"\s*(?:option\s+)?[A-Za-z0-9]\s*", re.I)
_FILLER = re.compile(r"[\s,/&+()\-]|\band\b|\bor\b|\bthe\b|\bone\b|\bon\b", re.I)


def spell_contrast(body: str, view: MeetingView) -> str:
    """ "not B, C" as "not B. C works" when both sides name options of one list only."""
    body = _ZH_RUN.sub(r"\1，", body)

    def swap(m: re.Match[str]) -> str:
        if not _same_list(m["x"], m["y"], view):
            return m[0]
        # A full stop, not a comma: "not 10am, 2pm" would join as one qualified time.
        return f"{m['lead']}not {m['x']}. {m['y']} works{m['tail']}"

    def zh_swap(m: re.Match[str]) -> str:
        if not _same_list(m["x"], m["y"], view):
            return m[0]
        more = m.end() < len(m.string) and m.string[m.end()] in "，,"
        if more and not m[0].endswith(("吧", "就行", "就好")):
            # "不去3楼，腾讯会议吧，周一": more follows; only 吧 or 就行 make the second a yes
            # ("不要周一，周二，周四也不行" may list three noes).
            return m[0]
        return f"{m['lead']}{m['x']}不行。{m['y']}可以{m['tail']}"

    return _ZH_SWAP.sub(zh_swap, _VERBS.sub(swap, _SWAP.sub(swap, body)))


def _same_list(x: str, y: str, view: MeetingView) -> bool:
    """True when x and y are nothing but options, all of one list, and none in both."""
    items, ids = set(), []
    if _LABEL.fullmatch(x) or _LABEL.fullmatch(y):
        return False  # "Not A, B" may list two noes as well: asked (team corpus)
    for side in (x, y):
        refs = find_refs(side, view)
        if not refs.hits or refs.unmatched or refs.places or refs.problems or refs.guessed:
            return False
        if _FILLER.sub("", refs.rest):
            return False  # another word beside the options: "not Tuesday, sorry"
        items |= {item for _, item, _ in refs.hits}
        ids.append(refs.ids)
    return len(items) == 1 and not (ids[0] & ids[1])
