"""The shapes of a reason and of a bare verdict, beside the options a reply names.

A reason ("I'm travelling that week", 我那周在外地, "clashes with the board call") adds
no vote of its own; a bare verdict ("No.", "Too early.") judges what came just before;
an "all" or "none" may be someone else's ("Any of them work for Bob"). rules_clause
decides what each means where it stands.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_stance import DECLINE, EXCEPT, NONE, unknown_words

# A no that may still be a yes: "not ideal but doable", "not great, but fine".
MILD_NO = re.compile(
    r"\bnot\s+(?:really\s+)?(?:ideal|great|perfect|optimal|the\s+best|my\s+favou?rite|amazing|brilliant)\b",
    re.I,
)
POLITE_NO = re.compile(r"\bno\s+thank|\bpass\b", re.I)
# After a time restated in the writer's zone ("B is 5am for me"), its verdict alone.
TOO_SOON = re.compile(
    r"^\W*(?:(?:way|far|a\s+bit|much)\s+)?too\s+(?:early|late|soon)(?:\s+for\s+me)?\W*$", re.I
)


def bare_no(clause: str) -> bool:
    """True when a clause is a verdict and nothing else: no option, decline, or other words."""
    if NONE.search(clause) or DECLINE.search(clause) or EXCEPT.search(clause):
        return False
    if MILD_NO.search(clause):
        return False  # "Not ideal.": a no, or a yes with a sigh (labellers split)
    if POLITE_NO.search(clause):
        return False  # "No thanks.", "Pass.": to the time, or to the meeting? (team corpus)
    return not unknown_words(TOO_SOON.sub(" ", clause))


# What an option clashes with, is busy with: a reason after a no ("clashes with the board call").
BUSY_WITH = re.compile(
    r"\b(?P<verb>clash(?:es)?|conflicts?|overlaps?|collides?|busy|tied\s+up|booked)\s+"
    # "clashes with school pickup", "busy with work": a bare noun after it too; never an
    # option, "nothing" ("C clashes with nothing" says no clash), or "another meeting"
    # (the team corpus asks: which one?).
    r"(?:with|by)\s+(?:(?:the|a|an|my|our|their|his|her)\b"
    r"|(?!(?:nothing|anything|none|no|another|other|some|something|one|[A-H])\b)(?=[a-z]))"
    r".*$",
    re.I,
)
# A reason after a no ("Not tomorrow, too short notice", "it's too loud for me", "my
# camera's broken"): it adds no vote of its own.
REASON = re.compile(
    r"^\W*(?:(?:it|that|this|she|he|they)(?:'s|'re|\s+is|\s+are)\s+)?"
    r"(?:(?:way|far|a\s+bit|much|just)\s+)?too\s+[a-z]+|^\W*because\b"
    r"|^\W*(?:my|our)\s+[a-z]+(?:'s|\s+is|\s+are)\s+(?:broken|down|dead|out|off|sick|ill|away)\b",
    re.I,
)
# A reason said as a bare noun after a no ("A: can't, dentist.", "Can't, school run."):
# one or two words and nothing else; more words may be a verdict the rules do not know.
BARE_REASON_WORDS = 2
# Where the writer is or what they have on ("I'm travelling that week", "I've got the
# auditors in"): a reason that says no more than a decline or a no to every time beside it.
WHY_NOT = re.compile(
    r"^\W*(?:(?:sorry|unfortunately|as|because|since|so)\W+)?"
    r"(?:i'?m|i\s+am|i'?ll\s+be|i\s+will\s+be|i\s+have|i'?ve(?:\s+got)?|i\s+had|we'?re|we\s+are"
    r"|we\s+have|we'?ve\s+got)\b(?!.*\b(?:only|free|available|around|back|nothing|no)\b)",
    re.I,
)
# The same in Chinese: 我那周在外地, 我下周休年假, 我周四要去医院.
# 周一要开部门会: the day alone as the subject, with what is on (要 or 得 before it).
__WHY_NOT_ZH = re.compile(
    r"^\W*(?:因为|由于|抱歉|不好意思)?\W*(?:我们?(?:那周|下周|这周|那天|那几天|周[一二三四五六日天]"
    r"|星期[一二三四五六日天])?(?:都|整天|全天|一直)?(?:要|会|得|正|正在)?"
    r"|(?:周[一二三四五六日天]|星期[一二三四五六日天])(?:都|整天|全天)?(?:要|得))"
    r"(?:在|去|休|出差|请假|有|开[\u4e00-\u9fff]{0,4}会)(?!.*(?:可以|行|有空|方便|能|没问题))"
)


# "none of the three", "all four": a count that must fit one of the lists.
COUNTED = re.compile(
    r"\b(?:none|neither|all|any|each)\s+(?:of\s+)?(?:the\s+|these\s+|those\s+)?"
    r"(?P<n>two|three|four|five|2|3|4|5)\b(?!\s+(?:of\s+)?(?:us|you|them|people|weeks?|days?|hours?)\b)",
    re.I,
)
COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
# Whose verdict an "all" or "none" is: someone named beside it who is not the writer
# ("Any of them work for Bob", 小王都行). "Whatever suits Alice" defers to her: a yes.
_FOR_SOMEONE = re.compile(
    r"\b(?:for|suits?)\s+(?!(?:me|us|myself|now|this|that|the|you|everyone|everybody|all|both"
    r"|either|any|each|him|her|them)\b)[a-z]+|(?:他|她|他们|她们|小[\u4e00-\u9fff])都",
    re.I,
)
_DEFERS = re.compile(r"\b(?:whatever|whenever|wherever|whichever)\b", re.I)


def someone_else(plain: str, unknown: list[str], none: bool) -> bool:
    """True when an "all" or "none" clause may be about someone other than the writer."""
    if _DEFERS.search(plain):
        # "whenever suits Alice", "whatever works for everyone": whom the writer defers to.
        unknown = unknown_words(re.sub(r"\b(?:for|suits?)\s+[a-z]+", " ", plain, flags=re.I))
    elif _FOR_SOMEONE.search(plain):
        return True
    # "AC都行": a yes to all beside a word the rules do not know; a no to all stays a no.
    return bool(unknown) and not none


# "my colleague Jim will join too", "Bob will come along as well": someone else comes
# with the writer; the writer's own answer stands beside it, and it adds no vote.
OTHERS_TOO = re.compile(
    r"^\W*(?:(?:and|also|btw|oh)\W+)?(?:(?-i:(?!I\b)[A-Z][a-z]+)|(?:my|a)\s+(?:colleague|deputy"
    r"|manager|boss|assistant|teammate|co-?worker)(?:\s+(?-i:[A-Z][a-z]+))?)"
    r"(?:\s+from\s+(?:my|our)\s+team)?\s+(?:will|would|might|may)\s+(?:also\s+)?"
    r"(?:join|attend|come(?:\s+along)?|dial\s+in)(?:\s+(?:us|me))?\s+(?:too|as\s+well)\W*$",
    re.I,
)


# Why a place proposed just before suits ("Or we could do Starbucks, it's right next to my
# office"): where it is or what it is like; it names no option and adds no vote.
PLACE_REASON = re.compile(
    r"^\W*(?:it'?s|it\s+is|that'?s|that\s+is|they'?re)\s+(?:right\s+|just\s+|much\s+|a\s+lot\s+"
    r"|a\s+bit\s+|way\s+)?(?:next\s+(?:door|to)|near|close\s+(?:to|by)|around\s+the\s+corner"
    r"|across\s+(?:from|the)|opposite|on\s+my\s+way|closer|nearer|quieter|easier\s+to\s+(?:get|reach)"
    r"|more\s+central|downstairs|upstairs)\b",
    re.I,
)


# "Back the 26th", "I'm back on Monday": when the absence ends, said beside the no.
_BACK = re.compile(
    r"^\W*(?:i'?m\s+|i\s+am\s+|i'?ll\s+be\s+|we'?re\s+)?back\s+(?:on\s+|from\s+)?the\s+\d",
    re.I,
)


# "Tuesday at 10 is when I do the bank run": the option named, then what is on then.
_IS_WHEN = re.compile(r"^\W*(?:is|'s|are)\s+(?:exactly\s+|just\s+)?when\s+(?:i|we)\b", re.I)


def why_not(clause: str) -> bool:
    """True when a clause says where the writer is or what they have on (a reason)."""
    return bool(WHY_NOT.match(clause) or __WHY_NOT_ZH.match(clause) or _BACK.match(clause))


def why_not_after(rest: str) -> bool:
    """The same once the options a clause opens with are taken out ("Tuesday I have the
    dentist", "Tuesday at 10 is when I do the bank run")."""
    return why_not(rest) or bool(_IS_WHEN.match(rest))
