"""Who a meeting request names: members, contacts, written addresses, unknown names."""

from __future__ import annotations

import re

from negotiation.understanding.request_left_out import left_out_after, left_out_span, possessive
from negotiation.understanding.types import ParticipantRef, PersonRef, RequestContext

EMAIL = re.compile(
    r"(?<![\w.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])"
)
_LIST_TRIGGER = re.compile(
    r"\b(?:with|invite|inviting|include|including|participants?|attendees?|invitees?|cc|plus|"
    r"optional|and\s+also|along\s+with|between\s+me\s+and)\b\s*:?\s*|"
    r"(?:和|跟|与|约(?!个|一下|一个)|叫上|邀请|参加者|参与者|参会人|可选)\s*[:：]?\s*"
)
_LIST_END = re.compile(
    r"[.!?;\n()]|\s+(?:about|to|on|at|for|next|this|tomorrow|today|in|regarding|re|sometime|"
    r"some\s+time|between|before|after|via|over|by|please|who|that|so|if|when|from|to)\b|"
    r"开会|见面|开个|聊|讨论|一起|碰|沟通|开一|吃|[，。？！]"
)
_SPLIT = re.compile(r"\s*(?:,|\band\b|&|、|和|及|与|跟|/|\bor\b)\s*", re.I)
_NOT_NAMES = frozenset(
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
    ]
)
_ZH_NOT_NAMES = frozenset(
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
    ]
)
_OPTIONAL_AFTER = re.compile(
    r"^[>)]?\s*(?:\((?:optional|opt\.?|if\s+(?:free|available|possible))\)|"
    # "Bob and Erin are optional": the names listed before "are optional" are.
    r"(?:(?:\s*(?:,|\band\b|&)\s*(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)*\s*are|\s*(?:is|as))"
    r"\s+(?:both\s+)?(?:an?\s+)?optional\b|"
    r",?\s+if\s+(?:he|she|they)\s+(?:can|wants?|likes?|is\s+free|are\s+free)\b|"
    r",?\s+if\s+(?:available|free|possible)\b|\s+(?:can|may)\s+join\s+if\b|"
    r"\s+is\s+welcome\s+to\s+join\b|\s*[-–—(,]\s*nice\s+to\s+have\b|[（(]?可选[）)]?|optionally)",
    re.I,
)
# "Optional: carol@example.com, dave@partner.org": the label holds to the end of its
# sentence (a dot inside an address ends nothing); "Zhang Wei (optional)" and "Dave as
# optional" are no label.
_OPTIONAL_BEFORE = re.compile(
    r"(?:(?<!\()(?<!\bas\s)(?<!\bis\s)(?<!\bare\s)(?<!\ban\s)\boptional(?:ly)?\b(?!\s*\))\s*:?|可选\s*[:：]?)(?:[^.\n;!?。；]|\.(?=\w))*$"
    r"|\b(?:and|or)\s+maybe\s+$",
    re.I,
)


_NAME_BEFORE_ADDRESS = re.compile(
    r"(?<![\w])((?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+)){0,2})\s*[(<]\s*$"
)
_VERBS = frozenset({"invite", "add", "with", "and", "please", "include", "cc", "meet", "plus"})
_VERB_WILL = re.compile(r"Will\s+(?:you|we|i|they|he|she|it|this|that|there)\b", re.I)
# The verb opens its sentence ("Will this work?"); "with Will this afternoon" is the name.
_SENTENCE_OPENS = re.compile(r"(?:^|[.!?:;\n]|[\"'(])\s*$")


# First names that are also words ("will", "may", "mark"): only ever capitalised.
_WORD_NAMES = frozenset(
    re.findall(
        r"\w+",
        "will may june april august mark bill rose grace hope joy faith art pat sue rob jack "
        "frank dawn summer iris ivy lily daisy ray max guy chase drew hunter holly penny ruby "
        "sandy sky gene sunny dean miles rich sterling norm",
    )
)
_LOWER_LIST = re.compile(r"(?:\bw/|\bwith|[+&,]|\band)\s*$", re.I)


def _first_name(person: PersonRef) -> str:
    return person.name.split()[0] if person.name.split() else ""


def _is_optional(body: str, start: int, end: int) -> bool:
    return bool(_OPTIONAL_AFTER.match(body[end:]) or _OPTIONAL_BEFORE.search(body[:start]))


def _name_pattern(name: str, case_sensitive: bool) -> re.Pattern[str]:
    if re.search(r"[\u4e00-\u9fff]", name):
        return re.compile(re.escape(name))
    flags = 0 if case_sensitive else re.I
    # ASCII boundaries: in "和Bob开会" the Chinese characters count as \w for Python.
    return re.compile(rf"(?<![A-Za-z0-9_@.]){re.escape(name)}(?![A-Za-z0-9_@])", flags)


def find_participants(
    body: str, ctx: RequestContext
) -> tuple[tuple[ParticipantRef, ...], tuple[str, ...]]:
    """Participants in order of mention, resolved members -> contacts -> addresses -> unknown."""
    people, notes, _ = read_participants(body, ctx)
    return people, notes


def read_participants(
    body: str, ctx: RequestContext
) -> tuple[tuple[ParticipantRef, ...], tuple[str, ...], tuple[tuple[int, int], ...]]:
    """Participants as find_participants, and the spans that leave someone out ("not Dave")."""
    sender = ctx.sender_email.strip().lower()
    people = [*ctx.members, *ctx.contacts]
    found: dict[str, tuple[int, ParticipantRef]] = {}  # key: email or "?name"
    covered: list[tuple[int, int]] = []
    notes: list[str] = []
    excluded: set[str] = set()
    left_out: list[tuple[int, int]] = []

    def add(key: str, pos: int, ref: ParticipantRef) -> None:
        span = left_out_span(body, pos)
        if span:
            # "not with Dave", "without Dave and Erin", "Dan Lee - not Dan Park!": never
            # invited, even where named elsewhere; "Bob (not Bob's assistant)" is not Bob.
            if not possessive(body, span[1]):
                excluded.add(key)
            left_out.append(span)
            return
        if key not in found or pos < found[key][0]:
            previous = found.get(key)
            optional = ref.optional and (previous is None or previous[1].optional)
            found[key] = (pos, ParticipantRef(ref.name, ref.email, ref.source, optional))
        elif not ref.optional and found[key][1].optional:
            old = found[key][1]
            found[key] = (found[key][0], ParticipantRef(old.name, old.email, old.source, False))

    bound: set[str] = set()  # first names given with an address: no member by that name
    for m in EMAIL.finditer(body):
        email = m[0].lower()
        covered.append(m.span())
        # "Carol (carol@guest.test)", "Gina <gina@guest.example>": the name written with
        # an address is that address's person, never a member of the same name.
        named = _NAME_BEFORE_ADDRESS.search(body[: m.start()])
        name = " ".join(w for w in (named[1].split() if named else ()) if w.lower() not in _VERBS)
        if named and name:
            covered.append((named.start(1), named.end(1)))
            bound.add(name.split()[0].lower())
        if email == sender:
            continue
        known = next((p for p in people if p.email.lower() == email), None)
        ref = ParticipantRef(
            known.name if known else name or email,
            email,
            known.kind if known else "address",
            _is_optional(body, *m.span()),
        )
        add(email, m.start(), ref)

    first_names: dict[str, list[PersonRef]] = {}
    for person in people:
        first_names.setdefault(_first_name(person).lower(), []).append(person)
    for person in people:
        if person.email.lower() == sender or not person.name.strip():
            continue
        patterns = [_name_pattern(person.name, case_sensitive=False)]
        first = _first_name(person)
        if first and first != person.name and len(first_names.get(first.lower(), [])) == 1:
            # "Will" the name, not the verb; "carol" only when it is no word too.
            case_sensitive = first.lower() in _WORD_NAMES
            patterns.append(_name_pattern(first, case_sensitive=case_sensitive))
        for pattern in patterns:
            for m in pattern.finditer(body):
                if any(s <= m.start() < e for s, e in covered):
                    continue
                lower = m[0][:1].islower() and pattern is not patterns[0]
                if lower and (
                    not _LOWER_LIST.search(body[: m.start()])
                    or re.match(r"['’]s\b", body[m.end() :])
                ):
                    continue  # "w/ carol + bob": lower case only in a list of people
                if m[0].split()[0].lower() in bound:
                    continue  # "Carol (carol@guest.test) - the external Carol, not our Carol"
                verb = _VERB_WILL.match(body, m.start()) and _SENTENCE_OPENS.search(
                    body[: m.start()]
                )
                if verb:
                    continue  # "Will you set up...": the verb
                after = left_out_after(body, m.start(), m.end())
                if after:
                    # "Will won't be needed", "leave Dave off the invite": never invited.
                    excluded.add(person.email.lower())
                    left_out.append(after)
                    continue
                covered.append(m.span())
                add(
                    person.email.lower(),
                    m.start(),
                    ParticipantRef(
                        person.name,
                        person.email.lower(),
                        person.kind,
                        _is_optional(body, *m.span()),
                    ),
                )

    for person, start, end in _romanised_names(body, people):
        if person.email.lower() == sender or any(s <= start < e for s, e in covered):
            continue
        covered.append((start, end))
        add(
            person.email.lower(),
            start,
            ParticipantRef(
                person.name, person.email.lower(), person.kind, _is_optional(body, start, end)
            ),
        )

    for name, start, end in _listed_names(body):
        if any(s <= start < e or start <= s < end for s, e in covered):
            continue
        lowered = name.lower()
        same_first = first_names.get(lowered, [])
        if len(same_first) > 1:
            notes.append(f"{name!r} matches several people")
        if (
            lowered in _NOT_NAMES
            or name in _ZH_NOT_NAMES
            or name.lower() == ctx.sender_name.lower()
        ):
            continue
        if _first_name(PersonRef(ctx.sender_name, sender, "member")).lower() == lowered:
            continue
        add(
            "?" + lowered,
            start,
            ParticipantRef(name, None, "unknown", _is_optional(body, start, end)),
        )
    kept = [item for key, item in found.items() if key not in excluded]
    ordered = sorted(kept, key=lambda pair: pair[0])
    if excluded:
        notes.append("left out people the request excluded: " + ", ".join(sorted(excluded)))
    return tuple(ref for _, ref in ordered), tuple(notes), tuple(left_out)


_ROMAN_NAME = re.compile(r"(?<![\w@.])(?-i:[A-Z][a-z]+)(?:[ -](?-i:[A-Z][a-z]+)){1,2}(?![\w@])")


def _romanised_names(body: str, people: list[PersonRef]) -> list[tuple[PersonRef, int, int]]:
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
        words = re.split(r"[ -]", m[0].lower())
        for letters in {"".join(words), "".join(reversed(words))}:
            if len(by_letters.get(letters, [])) == 1:
                found.append((by_letters[letters][0], m.start(), m.end()))
                break
    return found


def _listed_names(body: str) -> list[tuple[str, int, int]]:
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
        for piece in _SPLIT.split(segment):
            if not piece.strip():
                continue
            cleaned = re.sub(
                r"\((?:optional|opt\.?)\)|\boptional\b|可选", "", piece, flags=re.I
            ).strip(" :")
            start = offset + segment.find(piece)
            latin = re.fullmatch(r"(?:[A-Z][a-z'-]+)(?:\s+[A-Z][a-z'-]+){0,2}", cleaned)
            chinese = zh_ok and re.fullmatch(r"[\u4e00-\u9fff]{2,3}", cleaned)
            if latin or chinese:
                names.append((cleaned, start, start + len(piece)))
    return names
