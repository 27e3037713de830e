"""The phrases a clause of a reply is judged by, compiled, and the words none accounts for.

A clause that names an option and holds a word none of these phrases or the fillers
accounts for is asked about (unknown_words); the_rest reads "the rest are fine" beside
a no to some options.
"""

from __future__ import annotations

import re

from negotiation.understanding import lexicon_stance as phrases
from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_away import AWAY_PHRASES
from negotiation.understanding.lexicon_declines import MORE_DECLINE_PHRASES
from negotiation.understanding.lexicon_fillers import CJK_FILLERS, FILLERS
from negotiation.understanding.lexicon_labels import ITEM_WORDS
from negotiation.understanding.rules_reading import Reading
from negotiation.understanding.rules_refs import Refs
from negotiation.understanding.types import ITEMS, MeetingView

ALL = compile_all(phrases.ALL_PHRASES)
NONE = compile_all(phrases.NONE_PHRASES)
DECLINE = compile_all(phrases.DECLINE_PHRASES + MORE_DECLINE_PHRASES)
NEGATION = compile_all(AWAY_PHRASES + phrases.NEGATION + phrases.REPLY_NEGATION)
IDIOMS = compile_all(phrases.POSITIVE_IDIOMS)
HEDGE = compile_all(phrases.HEDGES)
EXCEPT = compile_all(phrases.EXCEPT)
OTHER_TIMES = compile_all(phrases.OTHER_TIMES)
ITEM = {item: compile_all(words) for item, words in ITEM_WORDS.items()}
OWN_POLARITY = re.compile(
    r"\b(?:works?|fine|ok(?:ay)?|good|great|suits?|perfect|prefer(?:red)?|can\s+do|available|free|"
    r"best|sure|yes|yep|happy|lovely|excellent|ideal|great|possible|doable|feasible|"
    # "in person is easiest", "the café is closest to me": why it suits, said as a yes.
    r"easiest|simplest|(?:most\s+)?convenient|(?:is|'s)\s+(?:the\s+)?(?:closest|nearest)"
    r"(?:\s+(?:to|for)\s+(?:me|us))?|"
    # "Don't put me on Zoom, I'll come to the office": its own yes, no list the no runs on.
    # "Tuesday I'm away but I can dial in": joining anyway turns the no around.
    r"(?:i'?ll|i\s+(?:can|could|will))\s+(?:still\s+)?(?:come|dial\s+in|call\s+in|join|attend))\b|可以|行|好|方便|没问题|能(?!否)|有空|优先"
    # "Thursday won't work but Tuesday will": the verb left out is the verdict.
    r"|\b(?:will|does|do|can)\W*$",
    re.I,
)
PROPOSAL_CUE = re.compile(
    r"\b(?:(?:could|can)\s+we\s+try|how\s+about|what\s+about|instead|could\s+we|can\s+we|shall\s+we|suggest|propose|rather|"
    r"would\s+.*\s+work|alternatively|make\s+it|any\s+chance\s+of"
    r"|(?:would\s+you\s+be\s+)?open\s+to|is\s+there\s+(?:any\s+)?(?:way|chance)(?:\s+we\s+could)?)\b"
    r"|(?:改|换|挪|推)(?:成|到)?|要不|建议|能不能|能否|可不可以|怎么样|如何|行吗|可以吗|好吗",
    re.I,
)
# What was not refused, beside a no to some options: "the rest are fine", "everything else".
THE_REST = re.compile(
    # The longest first: "the other two" is no "the other" and a stray "two".
    r"\b(?:the\s+rest|the\s+other\s+(?:two|three|ones?|times?|days?|slots?)|the\s+others?"
    r"|all\s+the\s+others|everything\s+else|anything\s+else"
    r"|(?:all\s+)?(?:the\s+)?other\s+(?:times|days|slots|options)"
    # "the remaining ones", "any other time", "every other slot": the same, said singly.
    r"|(?:all\s+)?the\s+remaining(?:\s+(?:two|three|ones?|times?|days?|slots?|options?))?"
    r"|(?:any|every)\s+other\s+(?:time|day|slot|option|one)s?"
    # "Wednesday doesn't work. Others fine.": "others" right before its verdict; "others
    # are fine with it" (other people) is no verdict on options: the verdict must end it.
    # "Otherwise flexible", "otherwise I'm free": after a no, a yes to what it left. Both
    # carry their own yes (group "said"), which "flexible" alone is not elsewhere.
    r"|(?P<said>(?:(?<!the\s)others\s+(?:are\s+|all\s+)?(?:fine|ok(?:ay)?|good|work)"
    r"|otherwise,?\s+(?:i'?m\s+|i\s+am\s+)?(?:flexible|free|fine|ok(?:ay)?|good))"
    r"(?=\s*(?:[.!,;]|$))))\b"
    # 周二不行，其他都可以: the Chinese says the same.
    r"|(?:其他|其余|其它|剩下)的?(?:时间|几个|那几个|两个|的)?",
    re.I,
)
# "I can make A", "can't make B or C": the verb of a verdict, no word of its own.
MAKE = re.compile(r"\b(?:can|can'?t|cannot|could|couldn'?t|able\s+to)\s+make\b", re.I)

# 这几个时间, 这些时间: "these (times)", pointing at the list; 有些 ("some") is not it.
_THESE = re.compile(r"这(?:几|些)个?")
# 另外 opening a clause is "besides"; 另外的时间, 另外一个 ("another one") name something.
_BESIDES = re.compile(r"(?:^|(?<=[。！？，,.!?\s]))另外(?![的一两几些个])")
# "A works otherwise" (after a question or a caveat); "A, otherwise B" is a fallback, unread.
_OTHERWISE = re.compile(r"\b(?:works?|is\s+fine|fine|ok(?:ay)?)\s+otherwise\b", re.I)
KNOWN = (
    _THESE,
    _OTHERWISE,
    _BESIDES,
    MAKE,
    IDIOMS,
    ALL,
    NONE,
    DECLINE,
    EXCEPT,
    NEGATION,
    OWN_POLARITY,
    PROPOSAL_CUE,
    *ITEM.values(),
)


_RUN_OF_LABELS = re.compile(r"CA|AI")


def unknown_words(rest: str) -> list[str]:
    """The words of `rest` that no phrase or filler the rules know accounts for."""
    for pattern in KNOWN:
        rest = pattern.sub(" ", rest)
    # "ca", "wo" are what "can't", "won't" leave once the negation takes "n't"; in capitals
    # ("CA, 1") they are labels run together, never a filler.
    words = re.findall(r"[a-z]+(?:'[a-z]+)*|[\u4e00-\u9fff]", rest, re.I)
    return [
        w.lower()
        for w in words
        if _RUN_OF_LABELS.fullmatch(w) or w.lower() not in FILLERS and w not in CJK_FILLERS
    ]


def the_rest(plain: str, stripped: str, against: bool, view: MeetingView, reading: Reading) -> bool:
    """ "Can't do Tuesday, can do the rest": yes to every option of the kind not refused."""
    match = THE_REST.search(plain)
    items = [item for item in ITEMS if reading.rejected[item]]
    if match and match["said"] and (against or len(items) != 1):
        # "A works. Others fine.": the rest of what? Asked, never dropped.
        reading.problems.append("'the others' with no refusal to be the rest of")
        return True
    # 其他都可以: the 都可以 that says yes is read as an "all", taken out of `stripped`.
    approves = OWN_POLARITY.search(stripped) or ALL.search(plain) or match and match["said"]
    if not match or against or len(items) != 1 or not approves:
        return False
    if unknown_words(THE_REST.sub(" ", plain)):
        return False
    rest = set(view.ids(items[0])) - reading.rejected[items[0]]
    if not rest:
        return False
    reading.accepted[items[0]] |= rest
    reading.last_verdict = True
    return True


def yes_between(text: str, refs: Refs) -> bool:
    """True when a yes stands between two options of a clause that also says no ("A yes B no")."""
    positions = sorted(refs.positions)
    return any(positions[0] < m.start() < positions[-1] for m in OWN_POLARITY.finditer(text))


def negation_between(text: str, refs: Refs) -> bool:
    """True when a negation stands between two options of a clause ("A not B")."""
    positions = sorted(refs.positions)
    for m in NEGATION.finditer(text):
        if positions and positions[0] < m.start() < positions[-1]:
            between = [p for p in positions if p > m.start()]
            before = [p for p in positions if p < m.start()]
            if between and before:
                return True
    return False
