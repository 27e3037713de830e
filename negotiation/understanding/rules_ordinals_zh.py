"""Two Chinese ordinals sharing one noun: 第一个和第三个时间, 第一、第二个地点.

The noun after the last ordinal says which list both rank, as "the first and third
times" does; spelt out on each (第一个时间和第三个时间) the rules read it as written.
A noun after the first ordinal only, or none, leaves them as they are (asked about).
"""

from __future__ import annotations

import re

_ORDINAL = r"第[一二三四五六1-6]个?"
_NOUN = r"时间段?|时段|地点|地方"
_SHARED = re.compile(
    rf"(?P<a>{_ORDINAL})(?P<join>\s*(?:和|、|跟|与|或|或者|还有)\s*)(?P<b>{_ORDINAL})(?P<noun>{_NOUN})"
)


def spell_shared_noun(body: str) -> str:
    """ "第一个和第三个时间" as "第一个时间和第三个时间"."""

    def spell(m: re.Match[str]) -> str:
        a = m["a"] if m["a"].endswith("个") else m["a"] + "个"
        return f"{a}{m['noun']}{m['join']}{m['b']}{m['noun']}"

    return _SHARED.sub(spell, body)
