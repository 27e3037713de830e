"""A reply that is only option labels ("A and 1", "B, C", "A/B 2"), read without the engine.

Most replies to an invitation are its labels, and every AIMP agent's fallback text is too;
the whole engine (some fifty passes over the text) spends most of a reply's reading on
them (issue 19). This reads exactly that shape and nothing else: any other word, a label
the meeting does not have, a range ("A-C") or a question goes to the engine. The test
holds it to the engine's own reading of every corpus text and of every such list.
"""

from __future__ import annotations

import re

from negotiation.understanding.types import Answer, MeetingView

# Labels joined by a comma, semicolon, "&", "/", "and" or a space. Not "-" or "–" ("A-C"
# is a range), not "or", not "+" ("C +1" is a me-too), nothing run together ("A1, C2"
# pairs a time with a place; "AB" may be a word), no lower case ("a and 1": an article?).
_JOIN = re.compile(r"\s*(?:[,;&/]|\band\b)\s*|\s+")
_TOKEN = re.compile(r"[A-Z1-9]")
_END = re.compile(r"\s*[.!]?\s*\Z")


def labels_alone(text: str, view: MeetingView) -> Answer | None:
    """The yes to each label when the reply is only the meeting's labels; None otherwise."""
    if len(text) > 80:
        return None
    body = _END.sub("", text.strip())
    tokens = _JOIN.split(body)
    if not all(_TOKEN.fullmatch(token) for token in tokens):
        return None
    labels = {label for token in tokens for label in token}
    items = {o.id: o.item for o in view.options}
    if not labels <= items.keys():
        return None
    accepted: dict = {}
    for label in labels:
        accepted.setdefault(items[label], set()).add(label)
    return Answer(
        accepted={item: frozenset(ids) for item, ids in accepted.items()},
        rejected={},
        declined=False,
        proposals=(),
        question=None,
        source="rules",
        confidence=1.0,
        plain_labels=True,
    )
