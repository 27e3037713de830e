"""What a reply asks the organiser, told apart from what it answers.

A question is forwarded to the organiser as it stands; votes beside it still count. So the
words that only introduce it ("Quick q:", "Before I answer:"), the ones that give it its
context ("I'm new here", "I'm in Chicago") and the ones that speak of other people inside
it ("a recording for those who can't make it") are part of the question, never an answer
of their own.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from negotiation.understanding.rules_reading import Reading

# "Quick q:", "Quick question —", "One more question:", "Before I answer:": the opening
# of a question, said before it on the same line. Only before a line that asks.
_LEAD = re.compile(
    r"^([ \t]*)(?:(?:a\s+|one\s+)?(?:quick|small|short|little)\s+(?:q|qq|qn|question)"
    r"|(?:one|a)\s+(?:more\s+|other\s+)?question|question|q|before\s+i\s+(?:answer|reply|vote)"
    r"|just\s+(?:checking|wondering|curious))"
    r"[ \t]*(?:[:：,]|[-–—]+)[ \t]*(?=[^\n]*[?？])",
    re.I | re.M,
)

# "those who can't make it", "anyone who won't be there": a no said of other people.
_OTHERS_CANNOT = re.compile(
    r"\b(?:those|anyone|anybody|people|someone|somebody|others|folks|whoever|colleagues)\s+"
    r"(?:who\s+|that\s+)?(?:can['’]?t|cannot|won['’]?t|couldn['’]?t|are\s+unable\s+to)\b"
    r"|\bwhoever\s+(?:can['’]?t|cannot|misses)\b",
    re.I,
)

# "Can we make it 30 minutes?", "could we keep it to 45 min?", "Can it be an hour?": how
# long the meeting runs is the organiser's to settle; asked, it names no time of day.
_LENGTH_ASK = re.compile(
    r"\b(?:make|keep|cut|shorten|extend|limit|cap)\s+(?:it|this|that|the\s+(?:meeting|call))?\s*"
    r"(?:to\s+|at\s+)?(?:just\s+|only\s+)?(?:\d{1,3}|half\s+an|an|one|two)\s*[-\s]?"
    r"(?:min(?:ute)?s?|hours?|hrs?|h)\b"
    r"|\b(?:shorter|longer)\b|\bhalf\s+an\s+hour\b",
    re.I,
)

# 能带实习生一起参加吗, 可以带同事来吗: whether someone else may come, asked.
_BRING_ZH = re.compile(
    r"(?:能|可以|可不可以|能不能)(?:再)?带[^，,。？?]{1,12}?(?:一起)?(?:来|参加|参会|开会|去)?吗?"
)

# A statement beside a question that may itself be why the writer cannot come: never
# folded into the question, read on its own.
_ABSENCE = re.compile(
    r"\b(?:away|travel\w*|trip|fly\w*|flight|off|holiday|vacation|leave|busy|booked|blocked"
    r"|clash\w*|conflict\w*|out|unavailable|sick|ill|can['’]?t|cannot|won['’]?t|not|no|never"
    r"|conference|offsite|appointment|dentist|doctor|week|day|days|morning|afternoon|evening"
    r"|late|early|miss|skip|instead)\b"
    r"|不|没|出差|请假|休假|有事",
    re.I,
)


def drop_question_lead(text: str) -> str:
    """Take out "Quick q:" and its like before the question they open."""
    return _LEAD.sub(r"\1", text)


def others_cannot(plain: str) -> bool:
    """True when a no in the clause is said of other people ("those who can't make it")."""
    return bool(_OTHERS_CANNOT.search(plain))


def asks_length(plain: str) -> bool:
    """True when a question asks for the meeting to run shorter or longer."""
    return bool(_LENGTH_ASK.search(plain))


def asks_to_bring(plain: str) -> bool:
    """True when a question asks whether someone else may come along (Chinese)."""
    return bool(_BRING_ZH.search(plain))


def may_be_context(sentence: str) -> bool:
    """True when a statement could only be the context of a question beside it."""
    return not _ABSENCE.search(sentence)


# What a sentence of context must leave as it found it: any vote, proposal, decline or
# problem makes it an answer of its own.
_KEPT = (
    "accepted",
    "rejected",
    "declined",
    "all_unscoped",
    "none_unscoped",
    "proposals",
    "problems",
    "named_reasons",
    "unjudged",
    "open_day",
    "also",
    "pairs",
)


@dataclass
class QuestionContext:
    """The sentences of a reply that ask, and those that only say something beside them."""

    # Per sentence read: "ask", ("context", reasons added, words added) or None.
    kinds: list[object] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    def before(self, reading: Reading) -> tuple[object, ...]:
        """Remember the reading as it stands before a sentence is read."""
        kept = tuple(copy.deepcopy(getattr(reading, name)) for name in _KEPT)
        return kept, len(reading.questions), len(reading.reasons), len(reading.beside_decline)

    def after(self, reading: Reading, sentence: str, mark: tuple[object, ...]) -> None:
        """Tell whether the sentence just read asked, only said something, or answered."""
        kept, asked, reasons, words = mark
        same = kept == tuple(getattr(reading, name) for name in _KEPT)
        added = (reading.reasons[reasons:], reading.beside_decline[words:])
        kind: object = None
        if same and len(reading.questions) > asked and not any(added):
            kind = "ask"
        elif same and len(reading.questions) == asked and any(added) and may_be_context(sentence):
            kind = ("context", asked, *added)
        self.kinds.append(kind)
        self.texts.append(sentence.strip())

    def fold(self, reading: Reading) -> None:
        """Fold each sentence of context right beside a question into that question."""
        for n, kind in reversed(list(enumerate(self.kinds))):  # later ones first: indices hold
            if not isinstance(kind, tuple):
                continue
            near = [m for m in (n - 1, n + 1) if 0 <= m < len(self.kinds)]
            if not any(self.kinds[m] == "ask" for m in near):
                continue
            _, at, reasons, words = kind
            for reason in reasons:
                reading.reasons.remove(reason)
            for word in words:
                reading.beside_decline.remove(word)
            # Forwarded where it stood: before the question it opens, after one it follows.
            reading.questions.insert(at, self.texts[n])
