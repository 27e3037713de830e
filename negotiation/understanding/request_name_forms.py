"""Other ways a request names people the hub knows: "Dan P.", "both Dans", "Robert Jones".

"Erin S. and Dan P.": a first name and the initial of a surname, when only one person the
hub knows has both. "Both Dans", "the two Dans": everyone of that first name. "Robert
Jones and David Brown": the full form of a first name the hub knows short (Bob, Dave),
with that person's surname. "Turner, Park and White": a list of surnames alone, each one
person's. A first name several people share, said alone ("Can Dan join?"), is nobody
the hub may guess: the name is returned so the hub asks (see ambiguous_first_names).

Near misses: "Dan" alone (two Dans) is asked about, never one of them; "Robert Smith"
(no member of that surname) is no one the hub knows; "the park" and "a White Paper" are
no surnames (lower case, or no list of names); "Park Inn" neither.
"""

from __future__ import annotations

import re

from negotiation.understanding.types import PersonRef

Found = list[tuple[PersonRef, int, int]]

# Short forms of first names and the long forms they stand for.
_LONG_FORMS = {
    "bob": ("robert", "bobby"),
    "rob": ("robert",),
    "bill": ("william",),
    "will": ("william",),
    "dave": ("david",),
    "dan": ("daniel",),
    "danny": ("daniel",),
    "carol": ("caroline", "carole"),
    "liz": ("elizabeth",),
    "beth": ("elizabeth",),
    "kate": ("katherine", "catherine", "kathryn"),
    "tom": ("thomas",),
    "mike": ("michael",),
    "jim": ("james",),
    "joe": ("joseph",),
    "sam": ("samuel", "samantha"),
    "alex": ("alexander", "alexandra"),
    "chris": ("christopher", "christine"),
    "matt": ("matthew",),
    "nick": ("nicholas",),
    "ben": ("benjamin",),
    "ed": ("edward",),
    "steve": ("steven", "stephen"),
    "andy": ("andrew",),
    "tony": ("anthony",),
    "jen": ("jennifer",),
    "jenny": ("jennifer",),
    "sue": ("susan",),
    "pat": ("patrick", "patricia"),
}


def _split(person: PersonRef) -> tuple[str, str] | None:
    words = person.name.split()
    if len(words) < 2 or not all(re.fullmatch(r"[A-Za-z'-]+", w) for w in words):
        return None
    return words[0], words[-1]


def initialled_first_names(body: str, people: list[PersonRef]) -> Found:
    """ "Dan P.", "Erin S": a first name and the initial of one person's surname."""
    found = []
    for m in re.finditer(
        r"(?<![A-Za-z])((?-i:[A-Z][a-z]+))\s+((?-i:[A-Z]))(?:\.|(?![\w'’]))", body
    ):
        same = [
            p
            for p in people
            if (parts := _split(p)) and parts[0] == m[1] and parts[1].startswith(m[2])
        ]
        if len(same) == 1:
            found.append((same[0], m.start(), m.end()))
    return found


def every_of_first_name(body: str, people: list[PersonRef]) -> Found:
    """ "both Dans", "the two Dans", "the Dans": each person of that first name."""
    found: Found = []
    for m in re.finditer(
        r"\b(?:both(?:\s+(?:of\s+)?the)?|the(?:\s+two)?|two|all\s+the)\s+((?-i:[A-Z][a-z]+))"
        r"(?:['’]?s)\b",
        body,
        re.I,
    ):
        same = [p for p in people if (parts := _split(p)) and parts[0] == m[1]]
        if len(same) == 2:
            found += [(p, m.start(), m.end()) for p in same]
    return found


def long_form_names(body: str, people: list[PersonRef]) -> Found:
    """ "Robert Jones" for Bob Jones: the long form of the first name, and the surname."""
    found = []
    for m in re.finditer(r"(?<![A-Za-z])((?-i:[A-Z][a-z]+))\s+((?-i:[A-Z][a-z'-]+))\b", body):
        same = [
            p
            for p in people
            if (parts := _split(p))
            and parts[1] == m[2]
            and m[1].lower() in _LONG_FORMS.get(parts[0].lower(), ())
        ]
        if len(same) == 1:
            found.append((same[0], m.start(), m.end()))
    return found


# "Turner, Park and White:", "Jones & Brown": two or more capitalised words in a list.
_NAME_LIST = re.compile(
    r"(?<![\w@.])(?-i:[A-Z][a-z'-]+)(?:\s*(?:,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*|\s*\+\s*)"
    r"(?-i:[A-Z][a-z'-]+)){1,6}(?![\w@])"
)
_PLACE_BEFORE = re.compile(r"\b(?:at|in|on|of|near|from|to)\s+(?:the\s+)?$", re.I)


def surname_lists(body: str, people: list[PersonRef]) -> Found:
    """ "Turner, Park and White": a list of words each of which is one person's surname (or
    first name), with at least two surnames; never after "at", "in", "of" (a place)."""
    firsts: dict[str, list[PersonRef]] = {}
    lasts: dict[str, list[PersonRef]] = {}
    for person in people:
        parts = _split(person)
        if parts:
            firsts.setdefault(parts[0], []).append(person)
            lasts.setdefault(parts[1], []).append(person)
    found: Found = []
    for m in _NAME_LIST.finditer(body):
        if _PLACE_BEFORE.search(body[: m.start()]):
            continue
        words = list(re.finditer(r"[A-Z][a-z'-]+", m[0]))
        picked = []
        # The list's names from its start ("Jones & Brown, Friday": the day ends it).
        for word in words:
            if len(lasts.get(word[0], [])) == 1 and word[0] not in firsts:
                picked.append((lasts[word[0]][0], True, word))
            elif len(firsts.get(word[0], [])) == 1:
                picked.append((firsts[word[0]][0], False, word))
            else:
                break
        if sum(1 for _, surname, _ in picked if surname) >= 2:
            found += [(p, m.start() + w.start(), m.start() + w.end()) for p, _, w in picked]
    return found


def ambiguous_first_names(
    body: str, people: list[PersonRef], covered: list[tuple[int, int]]
) -> list[tuple[str, int, int]]:
    """ "Can Dan join?": a first name several people share, said alone and capitalised."""
    shared: dict[str, int] = {}
    for person in people:
        parts = _split(person)
        if parts:
            shared[parts[0]] = shared.get(parts[0], 0) + 1
    found = []
    for name in (n for n, count in shared.items() if count > 1):
        for m in re.finditer(rf"(?<![\w@.]){re.escape(name)}(?![\w@])", body):
            if any(s <= m.start() < e for s, e in covered):
                continue
            if any(m.end() < s <= m.end() + 4 and body[s:e].startswith(name) for s, e in covered):
                continue  # "my Dan (Dan Lee, not Park)": the bracket says which
            found.append((name, m.start(), m.end()))
    return found
