"""A place named in Chinese and proposed: 换成星巴克, 去楼下的咖啡馆, 在星巴克（国贸店）.

Read only beside words that propose (建议, 换, 改, 要不, 能不能, 吧): "我现在在星巴克"
says where the writer is, not where to meet, and stays unread (asked about). A name
is a known chain or ends in a kind of place (咖啡馆, 餐厅); a branch in brackets after
it ("（国贸店）") belongs to it.
"""

from __future__ import annotations

import re

_PROPOSES = re.compile(r"建议|换|改|要不|能不能|可不可以|不如|吧")
_CHAINS = r"星巴克|瑞幸(?:咖啡)?|麦当劳|肯德基|喜茶|Costa|costa"
_KINDS = r"咖啡馆|咖啡厅|咖啡店|餐厅|饭店|酒店|茶馆|茶室"
# 5楼大会议室, 二楼小会议室: a room by its floor; 会议室 alone is any room, never a name.
_ROOM = r"(?:\d{1,2}|[一二三四五六七八九十]{1,2})[楼层][\u4e00-\u9fff]{0,3}?(?:会议室|会议厅)"
# 楼下的星巴克, 公司对面的瑞幸: where the chain is, as part of its name.
_NEAR = r"(?:[\u4e00-\u9fff]{0,4}(?:楼下|附近|对面|旁边|隔壁)的?)?"
_NAME = re.compile(
    # 换个地方，楼下的星巴克？: the place after "another place" is the one proposed.
    r"(?P<verb>换成|换到|换去|改成|改到|改在|去|在|到|换个(?:地方|地点)\s*[，,:：]?\s*(?:去|到|在)?)"
    rf"\s*(?P<name>(?:{_NEAR}(?:{_CHAINS})|[\u4e00-\u9fff]{{1,6}}?(?:{_KINDS})|{_ROOM})"
    r"(?:\s*\([\u4e00-\u9fffA-Za-z0-9]{1,8}店\))?)"
)


def zh_named_places(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of each place proposed by a Chinese name, with its verb's tail.

    换 or 改 stays in the text (a word that proposes); 成, 到, 去, 在 go with the name.
    """
    if not _PROPOSES.search(text):
        return []
    return [
        (m.start() + (1 if m["verb"][0] in "换改" else 0), m.end("name"), m["name"])
        for m in _NAME.finditer(text)
    ]


# 换个地方，楼下的星巴克？: the comma would cut the place from the words that propose it.
_OTHER_PLACE_THEN = re.compile(
    r"换个(?:地方|地点)(?:吧|呢)?\s*[，,:：]\s*(?:去|到|在)?\s*"
    rf"(?=(?:{_NEAR}(?:{_CHAINS})|[\u4e00-\u9fff]{{1,6}}?(?:{_KINDS})))"
)


def join_other_place(body: str) -> str:
    """ "能不能换个地方，楼下的星巴克？" as "能不能换到楼下的星巴克？"."""
    return _OTHER_PLACE_THEN.sub("换到", body)
