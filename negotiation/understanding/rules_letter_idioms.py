"""Letters that are words, not labels: "C you there", "Plan B", "B2B", "the C-suite", "got an A".

A capital A to H reads as an option's label. In these idioms it is part of another word
("C you" is "see you"; "B2B trade fair", "vitamin B12", "the C-suite offsite", "an A-list
guest") or a grade ("got an A on my test"), so it is spelt without the letter before the
rules look for labels. An idiom that is part of an option's own name ("Building B",
"Plan B Café") stays as written.
"""

from __future__ import annotations

import re

from negotiation.understanding.types import MeetingView

# (pattern, what it is spelt as). Case matters for the letter only where it must.
_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "C you Tuesday!", "c u there": the letter sounds the verb.
    # Only opening its sentence and before where or when: "A or C you choose" is two labels.
    (
        re.compile(
            r"(?:^|(?<=[.!?\n]))(\s*)[Cc]\s+(?=(?:you|u|ya|y'all)\s+(?:there|then|soon|later"
            r"|tomorrow|on|at|in|next|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b)",
            re.I,
        ),
        r"\1see ",
    ),
    # "B2B", "B2C": a trade term, never two labels.
    (re.compile(r"\b[A-H]2[A-H]\s*"), ""),
    # "vitamin B12", "B12 shots": a vitamin.
    (re.compile(r"\bvitamins?\s+[A-H]\d{0,2}\b", re.I), "vitamin"),
    (
        re.compile(
            r"\b[A-H]\d{1,2}\s+(?=(?:shots?|injections?|jabs?|supplements?|tablets?|pills?"
            r"|deficiency|levels?)\b)"
        ),
        "vitamin ",
    ),
    # "the C-suite", "an A-list guest", "A-levels", "the B-team": a word with a letter.
    (
        re.compile(
            r"\b[A-H]-(?:suite|list(?:er)?|levels?|team|side|grade|game|road|frame|lines?|movie"
            r"|player|minus|plus)\b",
            re.I,
        ),
        "top",
    ),
    # "Plan B", "plan C": the fallback, not option B.
    (re.compile(r"\bplan\s+[A-H]\b(?!\s*[:=]?\s*(?:works|is\s+fine|for\s+me))", re.I), "fallback"),
    # "got an A on my driving test", "scored a B+ in the exam": a grade.
    (
        re.compile(
            r"\b(got|get|getting|scored|earned|received)\s+an?\s+[A-F][+-]?"
            r"(?=\s+(?:on|in|for)\s+(?:my|the|his|her|their|our|this|that)\b)",
            re.I,
        ),
        r"\1 a good mark",
    ),
)


def spell_letter_idioms(body: str, view: MeetingView) -> str:
    """Spell letter idioms ("Plan B", "C you", "B2B") without their label-like letter."""
    names = " | ".join(str(o.value).lower() for o in view.options)
    for pattern, spelt in _IDIOMS:

        def swap(m: re.Match[str], spelt: str = spelt) -> str:
            if re.search(rf"\b{re.escape(m[0].strip().lower())}\b", names):
                return m[0]  # part of an option's own name: "Building B"
            return m.expand(spelt)

        body = pattern.sub(swap, body)
    return body
