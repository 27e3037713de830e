"""Who a meeting request names: members, contacts, written addresses, unknown names."""

from __future__ import annotations

import re

from negotiation.understanding.request_addresses import (
    bracketed_with,
    mentioned_only,
    other_address,
    spelled_addresses,
)
from negotiation.understanding.request_asides import named_aside
from negotiation.understanding.request_away_people import away_ones_invited, named_as_away
from negotiation.understanding.request_left_out import left_out_after, left_out_span, possessive
from negotiation.understanding.request_name_forms import (
    ambiguous_first_names,
    every_of_first_name,
    initialled_first_names,
    long_form_names,
    surname_lists,
)
from negotiation.understanding.request_names import (
    NOT_NAMES,
    ZH_NOT_NAMES,
    listed_names,
    romanised_names,
    titled_names,
)
from negotiation.understanding.request_optional import is_optional
from negotiation.understanding.request_unnamed import described_people
from negotiation.understanding.types import ParticipantRef, PersonRef, RequestContext

EMAIL = re.compile(
    r"(?<![\w.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])"
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
# "can you invite carol and will to the retro": "invite" opens a list of people too.
_LOWER_LIST = r"(?:\bw/|\bw(?=\s)|\bwith|\binvite|\binclude|\bcc|[+&,]|\band)\s*"
# "will" closing a list ends it: "w bob carol will, thurs", "with bob and will."; so does a
# preposition or an article, which never follows the verb ("carol and will to the retro",
# "w/ bob & will the week after next").
_LIST_CLOSES = re.compile(
    r"\s*(?:[,.;:!?)]|$|\band\b|\+|&|(?:to|for|on|at|about|in|the|next|this|tomorrow|today"
    r"|re)\b)"
)
_NAMES_BEFORE = re.compile(r"[a-z]\s*(?:[,+&]|\band)?\s*$")


def _lower_list(first_names: dict[str, list[PersonRef]]) -> re.Pattern[str]:
    """Where a lower-case name may stand: after "with", "w/", "w", "+", "," or "and",
    and after the names of a list that started so ("w bob carol will")."""
    names = "|".join(re.escape(n) for n in sorted(first_names, key=len, reverse=True) if n)
    chain = rf"(?:(?:{names})\s*(?:[,+&]|\band\b)?\s*)*" if names else ""
    return re.compile(rf"{_LOWER_LIST}{chain}$", re.I)


# "i cant do fridays. carol, annual goals": a writer who capitalises nothing opens a
# sentence with a name as with any word; a name that is no word is then the name.
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?:;\n])\s*$")
_THEN_LIST = re.compile(r"\s*(?:[,+&:]|\band\b|$)")


def _lower_writer(body: str, start: int, end: int) -> bool:
    return not re.search(r"[A-Z]", body) or bool(
        _OPENS_SENTENCE.search(body[:start]) and _THEN_LIST.match(body, end)
    )


def _first_name(person: PersonRef) -> str:
    return person.name.split()[0] if person.name.split() else ""


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
    last: dict[str, tuple[int, bool]] = {}  # key: the last mention's place, and its mark

    counted_in = away_ones_invited(body)
    away: dict[str, tuple[int, ParticipantRef]] = {}  # named as away: key -> first mention
    aside: dict[str, ParticipantRef] = {}  # named only in passing: never a guest by that

    def add(key: str, pos: int, ref: ParticipantRef, end: int) -> None:
        span = left_out_span(body, pos)
        if span:
            # "not with Dave", "without Dave and Erin", "Dan Lee - not Dan Park!": never
            # invited, even where named elsewhere; "Bob (not Bob's assistant)" is not Bob.
            if not possessive(body, span[1]):
                excluded.add(key)
            left_out.append(span)
            return
        if not counted_in and named_as_away(body, end):
            # "Thursday since Carol's on holiday Friday": why the day, not who comes; her
            # days away stay refused (the timing keeps the statement).
            away.setdefault(key, (pos, ref))
            return
        if named_aside(body, pos, end):
            # "Carol's daughter was at our party", "to discuss Dave's proposal": small talk
            # or a thing's owner; invited only if asked for elsewhere.
            aside.setdefault(key, ref)
            return
        # The last mention says whether someone is optional: "Bob & Erin (Erin optional if
        # she's travelling)" makes Erin optional, "Optional: Dave ... Dave presents" not.
        if key not in last or pos >= last[key][0]:
            last[key] = (pos, ref.optional)
        if key not in found or pos < found[key][0]:
            found[key] = (pos, ref)

    bound: set[str] = set()  # first names given with an address: no member by that name
    others: list[tuple[int, str]] = []  # "use his private address x@y": whose, then
    addresses = [(m.start(), m.end(), m[0].lower()) for m in EMAIL.finditer(body)]
    for at, until, email in sorted(addresses + spelled_addresses(body)):
        covered.append((at, until))
        if mentioned_only(body, at):
            # "P.S. please also email the agenda to x@y", "Reply-To: x@y": where mail
            # goes, not a guest.
            notes.append(f"not invited: {email} is only where mail should go")
            continue
        if other_address(body, at):
            others.append((at, email))
        # "Carol (carol@guest.test)", "Gina <gina@guest.example>": the name written with
        # an address is that address's person, never a member of the same name.
        named = _NAME_BEFORE_ADDRESS.search(body[:at]) or bracketed_with(body, at, until)
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
            is_optional(body, at, until),
        )
        add(email, at, ref, until)

    # "Bob's manager", "the marketing team": whom the hub asks about; "Bob" there is not Bob.
    unnamed, spans = described_people(body)
    covered += [span for span in spans if not any(s <= span[0] < e for s, e in covered)]
    for said, start, end in unnamed:
        add(
            "?" + said.lower(),
            start,
            ParticipantRef(said, None, "unknown", is_optional(body, start, end)),
            end,
        )

    first_names: dict[str, list[PersonRef]] = {}
    for person in people:
        first_names.setdefault(_first_name(person).lower(), []).append(person)
    lower_list = _lower_list(first_names)
    for person in people:
        if person.email.lower() == sender or not person.name.strip():
            continue
        patterns = [_name_pattern(person.name, case_sensitive=False)]
        first = _first_name(person)
        word = first.lower() in _WORD_NAMES
        if first and first != person.name and len(first_names.get(first.lower(), [])) == 1:
            # "Will" the name, not the verb; "carol" only when it is no word too.
            patterns.append(_name_pattern(first, case_sensitive=word))
            if word:
                # "w bob carol will, thurs": the word as a name, only closing a list of names.
                patterns.append(_name_pattern(first.lower(), case_sensitive=True))
        for pattern in patterns:
            for m in pattern.finditer(body):
                if any(s <= m.start() < e for s, e in covered):
                    continue
                lower = m[0][:1].islower() and pattern is not patterns[0]
                if lower and (
                    not (
                        lower_list.search(body[: m.start()])
                        or (not word and _lower_writer(body, m.start(), m.end()))
                    )
                    or re.match(r"['’]s\b", body[m.end() :])
                    or (word and not _LIST_CLOSES.match(body, m.end()))
                    or (word and not _NAMES_BEFORE.search(body[: m.start()]))
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
                        is_optional(body, *m.span()),
                    ),
                    m.end(),
                )

    shared_span: set[tuple[int, int]] = set()
    for person, start, end in (
        romanised_names(body, people)
        + titled_names(body, people)
        + initialled_first_names(body, people)
        + every_of_first_name(body, people)
        + long_form_names(body, people)
        + surname_lists(body, people)
    ):
        if person.email.lower() == sender:
            continue
        if (start, end) not in shared_span and any(s <= start < e for s, e in covered):
            continue
        shared_span.add((start, end))  # "both Dans": two people in the one span
        covered.append((start, end))
        add(
            person.email.lower(),
            start,
            ParticipantRef(
                person.name, person.email.lower(), person.kind, is_optional(body, start, end)
            ),
            end,
        )

    for name, start, end in ambiguous_first_names(body, people, covered):
        # "Can Dan join?" with two Dans: the hub asks which, and guesses neither.
        notes.append(f"{name!r} matches several people")
        covered.append((start, end))
        optional = is_optional(body, start, end)
        add("?" + name.lower(), start, ParticipantRef(name, None, "unknown", optional), end)
    for name, start, end in listed_names(body):
        if any(s <= start < e or start <= s < end for s, e in covered):
            continue
        lowered = name.lower()
        same_first = first_names.get(lowered, [])
        if len(same_first) > 1:
            notes.append(f"{name!r} matches several people")
        if lowered in NOT_NAMES or name in ZH_NOT_NAMES or name.lower() == ctx.sender_name.lower():
            continue
        if re.search(rf"\b(?:from|at)\s+(?:the\s+)?{re.escape(name)}\b(?!['’]s)", body):
            continue  # subject "Meeting with Partner Org", "Dave from Partner Org": a company
        if _first_name(PersonRef(ctx.sender_name, sender, "member")).lower() == lowered:
            continue
        add(
            "?" + lowered,
            start,
            ParticipantRef(name, None, "unknown", is_optional(body, start, end)),
            end,
        )
    for at, email in others:
        # The address is the person named last before it: it replaces theirs.
        named = [(pos, key) for key, (pos, _) in found.items() if pos < at]
        if named and email in found and max(named)[1] != email:
            # "Erin's address is erin@agency.io": the address the hub knows, no change.
            _, key = max(named)
            owner = found.pop(key)[1]
            pos, ref = found[email]
            found[email] = (pos, ParticipantRef(owner.name, email, ref.source, ref.optional))
            notes.append(f"{owner.name}'s address given as {email}")
    if not [key for key in found if key not in excluded]:
        # "Carol can't do mornings next week. Annual goals": no one else is named, so the
        # one away is whom the meeting is with.
        found.update({key: at for key, at in away.items() if key not in excluded})
        last.update({key: (pos, ref.optional) for key, (pos, ref) in away.items()})
        away.clear()
    kept = [
        (pos, ParticipantRef(ref.name, ref.email, ref.source, last[key][1]))
        for key, (pos, ref) in found.items()
        if key not in excluded
    ]
    ordered = sorted(kept, key=lambda pair: pair[0])
    only_away = sorted(ref.name for key, (_, ref) in away.items() if key not in found)
    if only_away:
        notes.append("not invited, only named as away: " + ", ".join(only_away))
    passing = sorted(ref.name for key, ref in aside.items() if key not in found)
    if passing:
        notes.append("not invited, only named in passing: " + ", ".join(passing))
    if excluded:
        notes.append("left out people the request excluded: " + ", ".join(sorted(excluded)))
    return tuple(ref for _, ref in ordered), tuple(notes), tuple(left_out)
