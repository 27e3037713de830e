"""What the quoted or forwarded part of a request may tell: a topic and who someone is.

The mail bridge gives the rules the member's new words; the whole body (quotes and a
forwarded message included) is read here for three things only, never for a time:
the topic, when her words name none ("Fine by me, Tuesday at 3 then" below "...for the
integration walkthrough?"); the address of someone she names but the hub does not know
("add Tom as he asks" below "my colleague Tom Reyes (tom.reyes@partner.org)"); and the
person she answers, a member or contact of the hub, when her words name nobody the hub
can address ("12th is fine but make it 4pm" below Li Na's proposal). Whoever the quote
asks to invite, she did not: they stay out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from negotiation.understanding.request_topic import stated_topic
from negotiation.understanding.subject_marks import without_reply_marks
from negotiation.understanding.types import ParticipantRef, PersonRef, RequestContext

_MARKS = re.compile(r"^[ \t]*(?:>[ \t]?)+", re.M)
# "On 1 Mar 2026, Dave Brown <dave@partner.org> wrote:", "Erin Stone wrote:", "From: ...".
_AUTHOR = re.compile(
    r"^[ \t]*(?:on\s[^\n]{0,60}?(?:\d{4}|\d:\d\d)(?:\s*(?:am|pm))?,?\s+|from:\s*|发件人[:：]\s*)?"
    r"(?P<name>[^\n<>:,]{2,60}?)\s*(?:<(?P<email>[^<>\s]+@[^<>\s]+)>)?\s*"
    r"(?:wrote|schrieb|a\s+écrit|写道)\s*[:：]?\s*$"
    r"|^[ \t]*(?:from|von|发件人)[:：]\s*(?P<from>[^\n<]{0,60}?)\s*(?:<(?P<from_email>[^<>\s]+)>)?\s*$",
    re.I | re.M,
)
_SUBJECT = re.compile(r"^[ \t]*(?:subject|betreff|主题)[:：]\s*(?P<s>[^\n]+)$", re.I | re.M)
_HEADER = re.compile(
    r"^[ \t]*(?:from|to|cc|date|sent|subject|von|an|betreff|发件人|收件人|主题|日期)[:：][^\n]*$"
    r"|^[ \t]*-{3,}[^\n]*-{3,}[ \t]*$",
    re.I | re.M,
)
# "Tom Reyes (tom.reyes@partner.org)", "Tom Reyes <tom.reyes@partner.org>".
_NAMED_ADDRESS = re.compile(
    r"((?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+)){0,2})\s*[(<]\s*([\w.+-]+@[\w-]+(?:\.[\w-]+)+)"
    r"\s*[)>]"
)
_INVITES = re.compile(r"\b(?:add|invite|include|cc|loop\s+in|bring|with|and|plus)\s+", re.I)
_NEGATION = re.compile(r"\b(?:no|not|never|without|rather)\b|n't\b|\bdon'?t\b", re.I)
# "just Carol and me", "only the two of us": she says who; no one else is added.
_ONLY = re.compile(
    r"\b(?:just|only)\s+(?:\w+\s+(?:and|&)\s+)?(?:me|us|the\s+two\s+of\s+us)\b", re.I
)


@dataclass(frozen=True)
class Quoted:
    """What a request's quoted part says: its topic, its author, the addresses it names."""

    topic: str | None
    author: PersonRef | None
    addresses: tuple[tuple[str, str], ...]  # (name as written, address)


def quoted_part(whole: str, new: str) -> str:
    """Return the lines of the whole body the member did not write, without quote marks."""
    own = {line.strip() for line in new.splitlines() if line.strip()}
    kept = [line for line in whole.splitlines() if line.strip() not in own]
    return "\n".join(kept).strip()


def read_quoted(whole: str, new: str, ctx: RequestContext) -> Quoted:
    """Read the quoted part of a request for its topic, author and named addresses."""
    quote = quoted_part(whole, new)
    if not quote:
        return Quoted(None, None, ())
    unmarked = _MARKS.sub("", quote)
    subject = _SUBJECT.search(unmarked)
    topic = without_reply_marks(subject["s"]).strip() if subject else None
    text = _AUTHOR.sub(" ", _HEADER.sub(" ", unmarked))
    # A line the quote wrapped ("include x@y and\n> our MD") reads as one sentence.
    text = re.sub(r"(?<=[^\s.!?:])\n(?=\S)", " ", text)
    topic = topic or stated_topic(text, ctx)
    return Quoted(topic, _author(unmarked, ctx), tuple(_NAMED_ADDRESS.findall(text)))


def _author(unmarked: str, ctx: RequestContext) -> PersonRef | None:
    """The member or contact who wrote the first message quoted, never the sender."""
    m = _AUTHOR.search(unmarked)
    if not m:
        return None
    email = (m["email"] or m["from_email"] or "").lower()
    name = " ".join((m["name"] or m["from"] or "").strip(" \"'").split()).lower()
    for person in (*ctx.members, *ctx.contacts):
        if person.email.lower() == ctx.sender_email.lower():
            continue
        if (email and person.email.lower() == email) or (
            not email and name and person.name.lower() == name
        ):
            return person
    return None


def with_quoted_people(
    participants: tuple[ParticipantRef, ...], new: str, quoted: Quoted
) -> tuple[ParticipantRef, ...]:
    """Resolve names from the quote's addresses; add its author when she names no one."""
    out = []
    for ref in participants:
        if ref.email is None:
            first = ref.name.lower().split()[:1]
            found = [e for n, e in quoted.addresses if n.lower().split()[:1] == first]
            if first and len(set(found)) == 1:
                # "add Tom as he asks" below "Tom Reyes (tom.reyes@partner.org)".
                full = next(n for n, e in quoted.addresses if e == found[0])
                ref = replace(ref, name=full, email=found[0].lower(), source="address")
        out.append(ref)
    known = {p.email for p in out if p.email}
    for name, address in quoted.addresses:
        # "add Tom as he asks": a first name she invites, which only the quote gives.
        # Near misses: "no need to add Tom", "keep Tom out", "don't invite Tom".
        first = re.escape(name.split()[0])
        for m in _INVITES.finditer(new):
            said = re.match(rf"(?-i:{first})\b(?!['’])", new[m.end() :])
            sentence = re.split(r"[.!?;\n]", new[: m.start()])[-1]
            if said and address.lower() not in known and not _NEGATION.search(sentence):
                out.append(ParticipantRef(name, address.lower(), "address", False))
                known.add(address.lower())
    author = quoted.author
    if (
        author is not None
        and not any(p.email for p in participants)
        and not _ONLY.search(new)
        and not re.search(rf"\b{re.escape(author.name.split()[0])}\b", new, re.I)
    ):
        # "12th is fine but make it 4pm": she answers the one who proposed it.
        out.insert(0, ParticipantRef(author.name, author.email.lower(), author.kind, False))
    return tuple(out)
