"""Names a request lists that the hub may not know, and romanised names of known people."""

from __future__ import annotations

import re

from negotiation.understanding.types import PersonRef

# "Invite Sam Lee", "Participants: ...": a sentence may open with the word.
_LIST_TRIGGER = re.compile(
    r"\b(?i:with|invite|inviting|include|including|participants?|attendees?|invitees?|cc|plus|"
    r"optional|and\s+also|along\s+with|between\s+me\s+and)\b\s*:?\s*|"
    r"(?:和|跟|与|约(?:一下)?(?!个|一个)|叫上|邀请|参加者|参与者|参会人|可选)\s*[:：]?\s*"
)
_LIST_END = re.compile(
    r"[.!?;\n()]|\s+(?:about|to|on|at|for|next|this|tomorrow|today|in|regarding|re|sometime|"
    r"some\s+time|between|before|after|via|over|by|please|who|that|so|if|when|from|to)\b|"
    r"开会|见面|开个|聊|讨论|一起|碰|沟通|开一|吃|[，。？！]"
    # "with Carol Wednesday, I'm at the client": the writer's own clause ends the list.
    r"|(?<![\w'’])(?:I|[Ww]e|[Yy]ou|[Hh]e|[Ss]he|[Tt]hey)['’](?:m|re|s|ll|ve|d)\b"
)
_SPLIT = re.compile(r"\s*(?:,|\band\b|&|、|和|及|与|跟|/|\bor\b)\s*", re.I)
NOT_NAMES = frozenset(
    [
        "i",
        "me",
        "my",
        "myself",
        "us",
        "we",
        "our",
        "you",
        "your",
        "everyone",
        "everybody",
        "all",
        "team",
        "the",
        "a",
        "an",
        "them",
        "him",
        "her",
        "zoom",
        "teams",
        "google",
        "meet",
        "webex",
        "skype",
        "office",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        # "with Bob, Thu or Fri": a day written short is no name either.
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "optional",
        "also",
        "maybe",
        "hub",
        "me.",
        "today",
        "tomorrow",
        "next",
        "this",
        "morning",
        "afternoon",
        "evening",
        "please",
        "thanks",
        "people",
        "someone",
        "somebody",
        "others",
        "folks",
        "guys",
        "colleagues",
        "coworkers",
        "manager",
        "boss",
        # "Ms. Li": a title is no name, whoever it is for.
        "mr",
        "mrs",
        "ms",
        "miss",
        "mx",
        "dr",
        "prof",
    ]
)
ZH_NOT_NAMES = frozenset(
    [
        "我",
        "我们",
        "大家",
        "团队",
        "你",
        "你们",
        "他们",
        "她们",
        "同事",
        "领导",
        "老板",
        "所有人",
        "各位",
        # 李娜可选参加: what the optional person does, no one's name.
        "参加",
        "出席",
        "加入",
        "参与",
        "旁听",
        "时间",
    ]
)
_ROMAN_NAME = re.compile(
    r"(?<![A-Za-z0-9_@.])(?-i:[A-Z][a-z]+)(?:[ -](?-i:[A-Z][a-z]+)){1,2}(?![A-Za-z0-9_@])"
)


def romanised_names(body: str, people: list[PersonRef]) -> list[tuple[PersonRef, int, int]]:
    """ "Zhang Wei", "Wei Zhang" or "Li Na" for a person the hub knows as 张伟 or 李娜.

    Only a person whose name is written in another script, only a full name (two or
    three capitalised words, in either order), and only when its letters are exactly
    the local part of that one person's address (zhangwei@, li.na@): a single "Wei"
    or a Latin-named "Bob Jones" never goes this way.
    """
    by_letters: dict[str, list[PersonRef]] = {}
    for person in people:
        if re.search(r"[A-Za-z]", person.name) or "@" not in person.email:
            continue
        local = re.sub(r"[._-]", "", person.email.split("@")[0].lower())
        if local.isalpha() and local.isascii():
            by_letters.setdefault(local, []).append(person)
    found = []
    for m in _ROMAN_NAME.finditer(body):
        # "Need Zhang Wei for ...": a capitalised word that opens the sentence may lead
        # the run; the name is then its last two words.
        words = re.split(r"[ -]", m[0].lower())
        runs = [(words, m.start())]
        if len(words) == 3:
            runs.append((words[1:], m.start() + len(words[0]) + 1))
        for run, start in runs:
            person = next(
                (
                    by_letters[letters][0]
                    for letters in ("".join(run), "".join(reversed(run)))
                    if len(by_letters.get(letters, [])) == 1
                ),
                None,
            )
            if person:
                found.append((person, start, m.end()))
                break
    # "Zhang Wei, Lina and Dave": the whole name run together in one word (lina@ for 李娜),
    # never a part of it ("Wei" alone is no one).
    for m in _ROMAN_WORD.finditer(body):
        people_here = by_letters.get(m[0].lower(), [])
        if len(people_here) == 1 and not any(s <= m.start() < e for _, s, e in found):
            found.append((people_here[0], m.start(), m.end()))
    return found


_ROMAN_WORD = re.compile(r"(?<![A-Za-z0-9_@.])(?-i:[A-Z][a-z]{3,})(?![A-Za-z0-9_@])")
# "Mr Brown", "Ms Stone", "Dr. Lee": a title and a surname.
_TITLED = re.compile(
    r"(?<![A-Za-z])(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?\s+((?-i:[A-Z][a-z'-]+))(?![A-Za-z0-9_@])"
)


# "E. Stone", "D Brown": an initial and a surname.
_INITIALLED = re.compile(r"(?<![A-Za-z.])((?-i:[A-Z]))\.?\s+((?-i:[A-Z][a-z'-]+))(?![A-Za-z0-9_@])")


def titled_names(body: str, people: list[PersonRef]) -> list[tuple[PersonRef, int, int]]:
    """ "Mr Brown (Dave)", "Ms Stone and Mr Jones", "E. Stone": the one person the hub knows
    by that surname (and initial). Two people of the same surname, or none, leave the name
    to be asked about."""
    found = []
    for m in _TITLED.finditer(body):
        same = [p for p in people if len(p.name.split()) > 1 and p.name.split()[-1] == m[1]]
        if len(same) == 1:
            found.append((same[0], m.start(), m.end()))
        elif not same:
            found += _surname_at_domain(body, m, people)
    for m in _INITIALLED.finditer(body):
        if m[1] in "AI" and body[m.end(1) : m.end(1) + 1] != ".":
            continue  # "A Stone wall", "I Stone": a word, not an initial without its dot
        same = [
            p
            for p in people
            if len(p.name.split()) > 1
            and p.name.split()[-1] == m[2]
            and p.name.split()[0].startswith(m[1])
        ]
        if len(same) == 1:
            found.append((same[0], m.start(), m.end()))
    return found


def _surname_at_domain(
    body: str, m: re.Match[str], people: list[PersonRef]
) -> list[tuple[PersonRef, int, int]]:
    """ "Ms. Li from partner.cn" for 李娜 <lina@partner.cn>: a person whose name is written in
    another script, at the domain the text names after the title, whose address starts with
    the surname's letters; both together, and only one such person."""
    domain = re.match(r"\s+(?:from|at|of)\s+(?:the\s+)?([\w-]+(?:\.[\w-]+)+)\b", body[m.end() :])
    if not domain:
        return []
    surname = m[1].lower()
    same = [
        p
        for p in people
        if not re.search(r"[A-Za-z]", p.name)
        and p.email.lower().endswith("@" + domain[1].lower())
        and p.email.lower().startswith(surname)
    ]
    return [(same[0], m.start(), m.end() + domain.end())] if len(same) == 1 else []


# 小陈, 老王, 王总, 李经理, 张老师: a form of address is a person wherever the list stands.
_ZH_ADDRESSED = re.compile(
    r"[小老][\u4e00-\u9fff]|[\u4e00-\u9fff](?:总|经理|老师|先生|女士|工)|[\u4e00-\u9fff]经理"
)
_ZH_TIME = re.compile(r"周|星期|礼拜|今天|明天|后天|下周|本周|这周|上午|下午|晚上|中午|早上")


def listed_names(body: str) -> list[tuple[str, int, int]]:
    """Capitalised names (or 2-3 Chinese characters) in lists after "with", "invite", 和, 约..."""
    names: list[tuple[str, int, int]] = []
    for trigger in _LIST_TRIGGER.finditer(body):
        rest = body[trigger.end() :]
        end = _LIST_END.search(rest)
        segment = rest[: end.start()] if end else rest
        offset = trigger.end()
        # Unknown Chinese names only where the sentence says they meet: 和王芳开会, 参会人：王芳.
        zh_ok = bool(re.match(r"参|邀请|可选", trigger[0])) or bool(
            end and re.match(r"开会|见面|开个|聊|讨论|一起|碰|沟通|开一", end[0])
        )
        # 约一下时间 arranges a time: after 约一下 only a form of address (小陈) is a person.
        zh_ok = zh_ok and not trigger[0].startswith("约一下")
        for piece in _SPLIT.split(segment):
            if not piece.strip():
                continue
            cleaned = re.sub(
                r"\((?:optional|opt\.?)\)|\boptional\b|可选", "", piece, flags=re.I
            ).strip(" :")
            start = offset + segment.find(piece)
            latin = re.fullmatch(r"(?:[A-Z][a-z'-]+)(?:\s+[A-Z][a-z'-]+){0,2}", cleaned)
            # 和张伟,周四讨论: the list reaches the day (the text's commas are ASCII by now).
            chinese = (
                (zh_ok or _ZH_ADDRESSED.fullmatch(cleaned))
                and re.fullmatch(r"[\u4e00-\u9fff]{2,3}", cleaned)
                and not _ZH_TIME.match(cleaned)
            )
            if latin or chinese:
                names.append((cleaned, start, start + len(piece)))
    return names
