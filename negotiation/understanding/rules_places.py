"""Place options a clause names: by name (accent-free, partial), by kind, online or in person.

"the café" or 咖啡馆 for "Cafe Central", 办公室 for "Office 3F" (or for "3楼会议室" when no
office is offered: KIND_FAMILIES), "Meet" for "Google Meet",
"online" for the one video platform offered (two platforms are asked about); "in person"
for every place offered in person when it is a no ("not in person") or set against the
online ones ("In person please, not Zoom"), and asked about alone ("C in person").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_places import (
    FAMILY_EXCLUDED,
    IN_PERSON_WORDS,
    KIND_FAMILIES,
    ONLINE_PLACES,
    ONLINE_WORDS,
    PLACE_KINDS,
    PLACE_WORDS,
)
from negotiation.understanding.rules_place_nouns import numbered_rooms, proposed_place_nouns
from negotiation.understanding.rules_places_zh import zh_named_places
from negotiation.understanding.types import Item, OptionView

_ONLINE = compile_all(ONLINE_WORDS)
# Word edges for Latin letters and digits only: Chinese runs have no spaces, so
# 会议室 is a name inside "去3楼会议室见" (Python's \w would count 去 and 见 as letters).
_BEFORE = r"(?<![^\W\u4e00-\u9fff])"
_AFTER = r"(?![^\W\u4e00-\u9fff])"
_IN_PERSON = compile_all(IN_PERSON_WORDS)
# "in person" when several places are offered in person: a no to all of them, or a yes to
# all only beside a no to the online ones ("C in person" alone is asked: blind labels).
SEVERAL_IN_PERSON = "in person, and more than one place is"
FITS_NO_OPTION = "a kind of place that fits no option"
_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "at",
        "in",
        "on",
        "of",
        "and",
        "or",
        "via",
        "meet",
        "meeting",
        "call",
        "room",
        "floor",
        "building",
        "online",
        "video",
        "link",
        "my",
        "our",
        "your",
        "hub",
        "place",
        "office3",
        "centre",
        "center",
    ]
)


def fold(text: str) -> str:
    """Drop accents, keeping every position ("Café" -> "Cafe"), so matches map back."""
    return "".join(unicodedata.normalize("NFD", c)[0] for c in text)


def mask(text: str, start: int, end: int) -> str:
    """Blank out text[start:end], keeping every other position."""
    return text[:start] + " " * (end - start) + text[end:]


# A meeting's places are the same for every reply to it, and the same few sets recur
# across meetings: their patterns are built once per set of places (issue 19: building
# them was a tenth of the reply job). The results are read, never changed.
@functools.lru_cache(maxsize=256)
def _value_patterns(options: tuple[OptionView, ...]) -> list[tuple[OptionView, re.Pattern[str]]]:
    """Regexes for each place option: its whole text, and its distinctive words."""
    words: dict[str, list[OptionView]] = {}
    for option in options:
        # Words, Chinese runs and room numbers ("401" for "Room 401").
        pattern = r"[a-z][a-z'-]{2,}|[\u4e00-\u9fff]{2,}|(?<![\d])\d{3,}(?![\d])"
        for word in re.findall(pattern, fold(option.value.lower())):
            if word not in _STOP:
                words.setdefault(word, []).append(option)
    patterns = []
    kinds = _kind_owners(options)
    shared = {w for w, owners in kinds.items() if len(owners) > 1}
    for option in options:
        value = fold(option.value.strip().lower())
        alternatives = [re.escape(value)]
        alternatives += [_kin(w, value) for w, owners in kinds.items() if owners == [option]]
        alternatives += _floor_words(value, options)
        # "coffee" names no one place when "Cafe Luna" and "Blue Bottle Coffee" are offered.
        alternatives += [
            re.escape(w) for w, owners in words.items() if owners == [option] and w not in shared
        ]
        for needle, _ in PLACE_WORDS:  # "the office" when the option says "Office 3F"
            core = needle.removeprefix("the ").removeprefix("our ").removeprefix("my ")
            owners = [o for o in options if core in o.value.lower()]
            if owners == [option] and core not in ("online", "in person") and core not in shared:
                alternatives.append(re.escape(needle))
        # "Meet is fine" for "Google Meet": the capitalised last word alone, when it is a
        # common word ("meet") only as a name standing before a verdict or the end, or
        # before "or" to another place ("Meet or Room 401": never the verb then).
        last = option.value.split()[-1] if option.value.split() else ""
        if last.lower() in _STOP and last[:1].isupper() and len(option.value.split()) > 1:
            alternatives.append(
                rf"(?-i:{re.escape(last)})(?=\s*(?:[,.!;]|$|\s+(?:is|works|please|pls|ok|fine)\b"
                r"|\s+or\s+(?!not\b)))"
            )
        if last.lower() == "meet" and len(option.value.split()) > 1:
            # "wed works, meet pls": lower case too, when it opens its clause and asks for
            # it ("let's meet Monday" is the verb; "meet works" may be "meeting works").
            alternatives.append(
                r"(?:^|(?<=[,;.!:\n])|(?<=[,;.!:\n]\s))meet(?=\s+(?:pls|please|would\s+be\s+"
                r"(?:best|better|great))\b"
                # "meet pls in the cafe": where to meet, said after.
                r"(?![,\s]+(?:in|at|on|by|near|over|outside|inside|downstairs|upstairs)\b))"
            )
        body = "|".join(_edged(a) for a in sorted(set(alternatives), key=len, reverse=True))
        patterns.append((option, re.compile(body, re.I)))
    return patterns


# "in my office" names the writer's own office: a place of the office's family ("Room
# 401") only when the word is not someone's ("the office", "office").
_SOMEONES = r"(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)"


def _kin(word: str, value: str) -> str:
    """The needle for a kind word: someone's own place when only of the option's family."""
    own = any(_names(value, w) for kind in PLACE_KINDS if word in kind for w in kind)
    return re.escape(word) if own else _SOMEONES + re.escape(word)


@functools.lru_cache(maxsize=256)
def _kind_owners(options: tuple[OptionView, ...]) -> dict[str, list[OptionView]]:
    """For every generic place word (办公室, "cafe"), the offered places of its kind."""
    kinds: dict[str, list[OptionView]] = {}
    for kind in PLACE_KINDS:
        owners = [o for o in options if any(_names(fold(o.value.lower()), w) for w in kind)]
        for word in kind:
            kinds[word] = owners
    for family in KIND_FAMILIES:
        members = [kind for kind in PLACE_KINDS if kind[0] in family]
        together = list({o.id: o for kind in members for o in kinds[kind[0]]}.values())
        for kind in members:
            if kinds[kind[0]]:
                continue  # a place of the word's own kind is offered: that one
            for word in kind:
                if word not in FAMILY_EXCLUDED:
                    kinds[word] = together
    return kinds


def _edged(needle: str) -> str:
    """A needle on word edges; a Chinese word needs none ("办公室3楼", "3F办公室")."""
    if re.fullmatch(r"[\u4e00-\u9fff]+", needle):
        return needle
    return f"{_BEFORE}(?:{needle}){_AFTER}"


@functools.lru_cache(maxsize=256)
def _shared_kinds(options: tuple[OptionView, ...]) -> re.Pattern[str] | None:
    """Generic words ("the office", 办公室) that fit more than one offered place."""
    shared = [w for w, owners in _kind_owners(options).items() if len(owners) > 1]
    if not shared:
        return None
    words = "|".join(_edged(re.escape(w)) for w in sorted(shared, key=len, reverse=True))
    return re.compile(rf"(?:\b(?:the|our|my|your|a|an)\s+)?(?:{words})", re.I)


def _names(value: str, word: str) -> bool:
    if re.fullmatch(r"[\u4e00-\u9fff]+", word):
        return word in value
    return re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", value) is not None


def is_online(option: OptionView) -> bool:
    """True for a video platform ("Zoom", "腾讯会议"), False for a place one goes to."""
    value = option.value.lower()
    return any(word in value for word in ONLINE_PLACES)


@dataclass
class PlaceRefs:
    """The places a clause names: option hits, other places (proposals), problems."""

    hits: list[tuple[int, Item, str]] = field(default_factory=list)
    places: list[tuple[int, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


_FLOOR = re.compile(r"(?<![\d])(\d{1,2})\s*(?:f|/f|楼|层)(?![a-z])")
_ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _floor_words(value: str, options: tuple[OptionView, ...]) -> list[str]:
    """ "3rd floor", "third floor", 3楼 for "Office 3F", when no other place is on that floor."""
    m = _FLOOR.search(value)
    floors = [_FLOOR.search(fold(o.value.lower())) for o in options]
    if not m or sum(1 for f in floors if f and f[1] == m[1]) > 1:
        return []
    n = int(m[1])
    # "Zoom or 3F": the floor alone, as the option writes it ("3F", "3/F").
    words = [rf"{n}(?:st|nd|rd|th)\s+floor", rf"floor\s+{n}", f"{n}楼", f"{n}层", rf"{n}/?f"]
    if n in _ORDINAL_WORDS:
        words.append(rf"{_ORDINAL_WORDS[n]}\s+floor")
    return words


_AWAY = re.compile(r"\bout\s+of\s+(?:the\s+)?office\b|\booo\b", re.I)
# A named place of a known kind ("Cafe Mondo", "Einstein Coffee"), read as a proposal
# only beside words that propose ("instead", "how about", "meet at"): "I'm at Cafe Mondo
# all morning" says where the writer is, not where to meet.
_KIND_HEAD = r"(?:Cafe|Caffe|Coffee|Restaurant|Hotel|Bistro|Brasserie|Pub|Bar|Starbucks)"
_KIND_TAIL = r"(?:Cafe|Coffee|Restaurant|Hotel|Bistro|Brasserie|Pub|Bar|Kitchen)"
_DAY_WORDS = (
    r"I|(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs?)?|Fri|Satur|Sun)(?:day)?|Sat|Today|Tomorrow"
    r"|Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?"
)
_NAME = rf"(?!(?:{_DAY_WORDS})\b)[A-Z][\w'-]+"
_NAMED_PLACE = re.compile(
    rf"(?<![\w])(?:{_KIND_HEAD}(?:\s+{_NAME}){{1,3}}|(?:{_NAME}\s+){{1,3}}{_KIND_TAIL})(?![\w])"
)
_PROPOSES = re.compile(
    r"\b(?:instead|rather|how\s+about|what\s+about|could\s+we|can\s+we|shall\s+we|suggest|"
    r"propose|prefer|let'?s|or\s+we\s+could|meet\s+(?:at|in))\b",
    re.I,
)


# A bare name ("Oberholz", "Starbucks") is a place only inside words that propose
# meeting there: "could we meet at Oberholz", "or we could do Starbucks"; "I'm at
# Starbucks now" and "met him at Oberholz" say where someone is or was.
_NOT_NAMES = (
    r"Noon|Midnight|Lunch(?:time)?|Half|Quarter|One|Two|Three|Four|Five|Six|Seven|Eight"
    r"|Nine|Ten|Eleven|Twelve|Option|Slot|Time|Place"
)
_BARE_NAME = (
    rf"(?!(?:{_DAY_WORDS}|{_NOT_NAMES})\b)(?![A-Z]+\b)[A-Z][\w-]{{2,}}(?:\s+[A-Z][\w-]+){{0,2}}"
)
_MEET_THERE = re.compile(
    r"(?i:\b(?:(?:could|can|shall|should)\s+we\s+(?:meet|go)\s+(?:at|to)"
    r"|(?:let'?s|how\s+about|what\s+about|why\s+not)\s+(?:we\s+)?(?:meet|meeting|go|going)"
    r"\s+(?:at|to)|or\s+we\s+could\s+(?:do|try|use|meet\s+at|go\s+to))\s+)"
    rf"(?P<name>{_BARE_NAME})(?![\w'’-])"
)
_KNOWN_NAMES = frozenset(needle for needle, _ in PLACE_WORDS)


def _named_places(text: str, place_options: tuple[OptionView, ...], refs: PlaceRefs) -> str:
    values = [fold(o.value.lower()) for o in place_options]
    found = zh_named_places(text) + proposed_place_nouns(text, values)
    for start, end, name in numbered_rooms(text, values):
        if _PROPOSES.search(text):
            found.append((start, end, name))
        else:
            # "I'm in Room 512 till noon": another room, said without proposing it.
            refs.problems.append("a room by a number no option has")
            text = mask(text, start, end)
    if not (_PROPOSES.search(text) or found):
        return text
    found += [(m.start(), m.end(), m[0]) for m in _NAMED_PLACE.finditer(text)]
    for m in _MEET_THERE.finditer(text):
        name = m["name"].lower()
        if name not in _KNOWN_NAMES and not any(s <= m.start("name") < e for s, e, _ in found):
            found.append((m.start("name"), m.end("name"), m["name"]))
    for start, end, written in sorted(found):
        name = written.lower()
        if any(name in value or value in name for value in values):
            continue  # an offered place, read as the option below
        floor = re.match(r"\d{1,2}[楼层]", name)
        if floor and any(floor[0] in value for value in values):
            continue  # 3楼大会议室 beside 3楼会议室: the option's floor, never another room
        refs.places.append((start, written))
        text = mask(text, start, end)
    return text


def find_places(text: str, place_options: tuple[OptionView, ...]) -> tuple[str, PlaceRefs]:
    """The places `text` names, and the text with them blanked out."""
    refs = PlaceRefs()
    # "out of office Tuesday" says away, not the office option: never a place.
    text = _AWAY.sub(lambda m: " " * len(m[0]), text)
    text = _named_places(text, place_options, refs)
    for option, pattern in _value_patterns(place_options):
        for m in pattern.finditer(text):
            refs.hits.append((m.start(), "location", option.id))
            text = mask(text, *m.span())
    shared = _shared_kinds(place_options)
    for m in shared.finditer(text) if shared else ():
        # 办公室 with "Office 3F" and "Office 5F" offered: which one is asked, never both.
        refs.problems.append("a kind of place that fits more than one option")
        text = mask(text, *m.span())
    for words, wanted in ((_ONLINE, True), (_IN_PERSON, False)):
        for m in words.finditer(text):
            chosen = [o for o in place_options if is_online(o) == wanted]
            if len(chosen) > 1 and wanted:
                # "online" with Zoom and Teams offered: a tool one may not have; asked.
                refs.problems.append("online or in person, and more than one place is")
            elif len(chosen) > 1 and {i for _, _, i in refs.hits} & {o.id for o in chosen}:
                # "in person in 401", "in person at the café": the place named beside it
                # says which; the mode alone adds nothing.
                pass
            elif len(chosen) > 1:
                # Every place in person; as a yes it stands only against a no to the online
                # ones ("In person please, not Zoom"): the reply decides (SEVERAL_IN_PERSON).
                refs.hits += [(m.start(), "location", o.id) for o in chosen]
                refs.problems.append(SEVERAL_IN_PERSON)
            elif chosen:
                refs.hits += [(m.start(), "location", o.id) for o in chosen]
            else:
                refs.problems.append("online or in person, and no option is")
            text = mask(text, *m.span())
    for pattern, canonical, generic in _place_word_patterns():
        for m in pattern.finditer(text):
            if generic:
                # "the office", 办公室 with no office offered: a kind of place is no place
                # one can meet at, and the writer may mean an offered one; asked about.
                refs.problems.append(FITS_NO_OPTION)
            else:
                refs.places.append((m.start(), canonical))
            text = mask(text, *m.span())
    return text, refs


@functools.cache
def _place_word_patterns() -> tuple[tuple[re.Pattern, str, bool], ...]:
    # Compiled once: the engine uses more patterns than re's cache of 512 holds, and
    # these 29, built from strings on every reply, were compiled again each time.
    return tuple(
        (
            re.compile(rf"{_BEFORE}{re.escape(needle)}{_AFTER}", re.I),
            canonical,
            bool(_GENERIC.search(needle)),
        )
        for needle, canonical in PLACE_WORDS
    )


# The words of a kind of place; 腾讯会议 (Tencent Meeting) is a platform's own name.
_GENERIC = re.compile(
    "|".join(
        _edged(re.escape(w)) for kind in PLACE_KINDS if kind[0] != "tencent meeting" for w in kind
    ),
    re.I,
)
