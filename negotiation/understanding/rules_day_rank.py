"""A rank within one day: "the earlier Monday slot", "the second Monday one", 周一早的那个.

When two options fall on the same day, people tell them apart by their order on that day
rather than by label. The phrase is spelt as the label it points at, but only when the day
holds enough options for the rank to name exactly one ("the earlier" needs exactly two;
"the second" needs at least two); otherwise it is left for the rules to ask about.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from negotiation.understanding.rules_dates_days import WEEKDAYS_EN, WEEKDAYS_ZH
from negotiation.understanding.types import MeetingView

_DAY_EN = "|".join(sorted(WEEKDAYS_EN, key=len, reverse=True))
_NOUN = r"(?:slot|one|option|time|meeting)"
_RANK_EN = r"earlier|later|earliest|latest|first|second|last"
# "the earlier Monday slot", "earlier monday slot pls", "the second Monday one".
_EN_BEFORE = re.compile(
    rf"\b(?:the\s+)?(?P<rank>{_RANK_EN})\s+(?P<day>{_DAY_EN})(?:['’]s)?\s+{_NOUN}\b", re.I
)
# "the later of the Monday ones", "the earlier of the two Monday slots".
_EN_OF = re.compile(
    rf"\b(?:the\s+)?(?P<rank>{_RANK_EN})\s+(?:one\s+)?of\s+the\s+(?:two\s+)?(?P<day>{_DAY_EN})"
    rf"(?:['’]s)?\s+{_NOUN}s\b",
    re.I,
)
# 周一早的那个, 周一晚一点的那个, 周一的第二个, 星期一早一些的.
_ZH = re.compile(
    r"(?:周|星期|礼拜)(?P<day>[一二三四五六日天])(?:的|那两个里|两个里|那两个中)?"
    # 周一早上 (Monday morning) is a part of the day, no rank: 早上, 早晨, 晚上 are words.
    r"(?:(?P<rank>早(?![上晨])|晚(?!上)|第一|第二|最早|最晚|最后)(?:一点|一些|点)?(?:的)?(?:那个|那一个|个)?"
    r")(?![\u4e00-\u9fff]*?(?:上午|下午|晚上|早上|点))"
)
_ZH_RANK = {"早": "earlier", "晚": "later", "第一": "first", "第二": "second"}
_ZH_RANK |= {"最早": "earliest", "最晚": "latest", "最后": "last"}


def spell_day_rank(body: str, view: MeetingView) -> str:
    """Spell a rank within one day ("the earlier Monday slot") as the label it names."""
    tz = ZoneInfo(view.reader_tz)

    def label(weekday: int, rank: str, whole: str) -> str:
        ids = [
            o.id
            for o in sorted(
                (o for o in view.options if o.item == "time" and o.start is not None),
                key=lambda o: o.start,
            )
            if o.start.astimezone(tz).weekday() == weekday
        ]
        index = _index(rank.lower(), len(ids))
        return whole if index is None else ids[index]

    def english(m: re.Match[str]) -> str:
        return label(WEEKDAYS_EN[m["day"].lower()], m["rank"], m[0])

    def chinese(m: re.Match[str]) -> str:
        if m["rank"] in {"第一", "第二"} and not re.search(r"[的个]", m[0]):
            return m[0]  # "周一第二" alone may be the second Monday of a month
        return label(WEEKDAYS_ZH[m["day"]], _ZH_RANK[m["rank"]], m[0])

    body = _EN_OF.sub(english, body)
    body = _EN_BEFORE.sub(english, body)
    return _ZH.sub(chinese, body)


def _index(rank: str, count: int) -> int | None:
    if count < 2:
        return None
    if rank in {"earlier", "later"}:
        return None if count != 2 else (0 if rank == "earlier" else 1)
    return {"earliest": 0, "first": 0, "second": 1, "latest": -1, "last": -1}[rank]
