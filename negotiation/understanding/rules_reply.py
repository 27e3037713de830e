"""Read a participant's reply to an invitation: right or silent.

The reply is cut into sentences and clauses; each clause gets a polarity (yes / no)
and the options it points at. Anything that could flip the meaning (a condition,
a hedge, a negation between two options, an option that does not exist, a day
that fits two dates) makes the whole reply Unclear: a clarification mail costs a
minute, a wrong vote costs a meeting.
"""

from __future__ import annotations

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_fillers import CJK_FILLERS, FILLERS, PLEASANTRIES
from negotiation.understanding.lexicon_labels import ITEM_WORDS
from negotiation.understanding.lexicon_stance import (
    ALL_PHRASES,
    CHANGE_OF_MIND,
    DECLINE_PHRASES,
    EXCEPT,
    HEDGES,
    MISTAKES,
    NEGATION,
    NONE_PHRASES,
    OTHER_TIMES,
    POSITIVE_IDIOMS,
)
from negotiation.understanding.rules_asides import is_aside
from negotiation.understanding.rules_dates import exact_start
from negotiation.understanding.rules_dates_clock import spell_clock_words
from negotiation.understanding.rules_languages import into_english
from negotiation.understanding.rules_marks import MarksError, fix_day_typos, rewrite_marks
from negotiation.understanding.rules_qualifiers import join_qualifiers
from negotiation.understanding.rules_reading import Reading, reading_finish
from negotiation.understanding.rules_refs import Refs, find_refs
from negotiation.understanding.rules_typos import fix_word_typos
from negotiation.understanding.text_clean import clean_body
from negotiation.understanding.types import (
    ITEMS,
    Answer,
    MeetingView,
    ProposedOption,
    Unclear,
)

_ALL = compile_all(ALL_PHRASES)
_PLEASANTRY = compile_all(PLEASANTRIES)
_NONE = compile_all(NONE_PHRASES)
_DECLINE = compile_all(DECLINE_PHRASES)
_NEGATION = compile_all(NEGATION)
_IDIOMS = compile_all(POSITIVE_IDIOMS)
_HEDGE = compile_all(HEDGES)
_CHANGE = compile_all(CHANGE_OF_MIND)
_MISTAKE = compile_all(MISTAKES)
_EXCEPT = compile_all(EXCEPT)
_OTHER_TIMES = compile_all(OTHER_TIMES)
_ITEM = {item: compile_all(words) for item, words in ITEM_WORDS.items()}
_SENTENCE = re.compile(r"(?<=[.!?;])(?=\s|$)|(?<=[。！？；\n])")
_CONTRAST = re.compile(
    r"\s*(?:,\s*)?\b(?:but|however|though|although|whereas|yet)\b\s*|(?:但是|但|不过|可是|然而)",
    re.I,
)
_CJK_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[A-Za-z][\u4e00-\u9fff])")
_COMMA = re.compile(r"[,，]\s*(?!(?:at\s+)?\d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m\b))", re.I)
_DASH = re.compile(r"(?<!\d)\s+-+\s+(?!\d)")
_ANYTHING_BUT = re.compile(r"\b(anything|everything|anywhere|all|any\s+\w+)\s+but\b", re.I)
_OWN_POLARITY = re.compile(
    r"\b(?:works?|fine|ok(?:ay)?|good|great|suits?|perfect|prefer(?:red)?|can\s+do|available|free|"
    r"best|sure|yes|yep|happy|lovely|excellent|ideal|great)\b|可以|行|好|方便|没问题|能|有空",
    re.I,
)
_QUESTION_START = re.compile(
    r"^\s*(?:when|what|where|who|whom|which|why|how|will|would|is|are|can|could|should|do|does|did|shall)\b",
    re.I,
)
# Questions that ask about an option rather than choose it ("Which building is Office 3F in?").
_ASKS_ABOUT = re.compile(r"^\s*(?:where|which|what|how|who|why|is\s+there|are\s+there)\b", re.I)
# A reason after a no ("Not tomorrow, too short notice"): it adds no vote of its own.
_REASON = re.compile(r"^\W*(?:(?:way|far|a\s+bit|much|just)\s+)?too\s+[a-z]+|^\W*because\b", re.I)
_ADDITIVE = re.compile(r"\b(?:too|also|as\s+well)\b|也", re.I)
_LEADING_NO = re.compile(r"^\W*(?:no+|nope|sorry|oops|wait|not\s+that|不是|不)\W+", re.I)
_PROPOSAL_CUE = re.compile(
    r"\b(?:how\s+about|what\s+about|instead|could\s+we|can\s+we|shall\s+we|suggest|propose|rather|"
    r"would\s+.*\s+work|alternatively)\b|改|换|要不|建议|能不能|可不可以",
    re.I,
)


def understand_reply(text: str, view: MeetingView) -> Answer | Unclear:
    """Turn a reply into votes, a decline, proposals or a question; Unclear when unsure."""
    try:
        body = fix_day_typos(rewrite_marks(into_english(clean_body(text))))
        body = _PLEASANTRY.sub(" ", spell_clock_words(fix_word_typos(body, view)))
    except MarksError as exc:
        return Unclear(str(exc), "rules")
    if not body.strip():
        return Unclear("empty reply", "rules")
    # A dash between words ("Not B - A and C fine") starts a new thought, never a list;
    # so does a space between Chinese and a label ("A不行 B可以").
    body = _CJK_SPACE.sub("\n", _DASH.sub("\n", body))
    unmasked = _IDIOMS.sub(lambda m: "ok" + " " * (len(m[0]) - 2) if len(m[0]) >= 2 else m[0], body)
    changes = list(_CHANGE.finditer(unmasked))
    if not changes:
        return reading_finish(_read(body, view), view, confidence=None)
    before, after = body[: changes[0].start()], body[changes[-1].end() :]
    after = _LEADING_NO.sub("", after)
    final = _read(after, view)
    if final.problems or not final.mentioned() and not final.declined and not final.none_unscoped:
        return Unclear("changed their mind without a clear final answer", "rules")
    earlier = _read(before, view)
    if earlier.empty():
        return reading_finish(final, view, confidence=None)
    if earlier.problems:
        return Unclear("changed their mind after an unclear first answer", "rules")
    additive = bool(_ADDITIVE.search(after))
    if additive and any(_MISTAKE.fullmatch(m[0]) for m in changes):
        # "B. sorry, misread, A works too": too beside what was just called a mistake.
        return Unclear("a correction that also keeps the answer it corrects", "rules")
    for item in ITEMS:
        restated = final.accepted[item] or final.rejected[item]
        if restated and not additive:
            continue
        final.accepted[item] |= earlier.accepted[item] - final.rejected[item]
        final.rejected[item] |= earlier.rejected[item] - final.accepted[item]
    final.label_only = False
    return reading_finish(final, view, confidence=0.7)


def _clauses(sentence: str) -> list[str]:
    sentence = _ANYTHING_BUT.sub(lambda m: f"{m[1]} except", sentence)
    parts = [p for p in _CONTRAST.split(sentence) if p and p.strip()]
    clauses: list[str] = []
    for part in parts:
        # "Friday 6 March, 11:00": a comma before a clock time keeps the day with it.
        clauses += join_qualifiers([c for c in _COMMA.split(part) if c.strip()])
    return clauses


def _read(body: str, view: MeetingView) -> Reading:
    reading = Reading()
    for sentence in _SENTENCE.split(body):
        if not sentence.strip():
            continue
        previous: tuple[bool, bool] | None = None  # (negative, had refs) of the clause before
        hedged = bool(_HEDGE.search(_IDIOMS.sub(" ok ", sentence)))
        for clause in _clauses(sentence):
            previous = _read_clause(clause, sentence, view, reading, previous, hedged)
    return reading


def _read_clause(
    clause: str,
    sentence: str,
    view: MeetingView,
    reading: Reading,
    previous: tuple[bool, bool] | None,
    hedged: bool,
) -> tuple[bool, bool]:
    plain = _IDIOMS.sub(" ok ", clause)
    # "A-OK!" is no option A: idioms are masked (same length) before options are found.
    refs = find_refs(_IDIOMS.sub(lambda m: "ok".ljust(len(m[0])), clause), view)
    reading.problems += refs.problems
    reading.pairs |= set(refs.pairs)
    is_question = clause.rstrip().endswith("?") or (
        sentence.rstrip().endswith("?") and bool(_QUESTION_START.match(clause))
    )
    has_refs = bool(refs.hits or refs.unmatched or refs.places)
    if not refs.label_only:
        reading.label_only = False
    scoped = {item for item, pattern in _ITEM.items() if pattern.search(plain)}

    if hedged and (has_refs or _ALL.search(plain) or _NONE.search(plain) or _DECLINE.search(plain)):
        reading.problems.append("a condition or a hedge")
        return (False, has_refs)
    if (
        has_refs
        and is_question
        and _ASKS_ABOUT.match(clause)
        and not (refs.unmatched or refs.places or _PROPOSAL_CUE.search(clause))
    ):
        # "Where is Cafe Central exactly?": a question about an option, no vote for it.
        reading.questions.append(clause.strip())
        return (False, False)
    if has_refs:
        unknown = _unknown_words(refs.rest)
        if unknown:
            reading.problems.append(
                "words next to an option that the rules do not know: " + " ".join(unknown[:3])
            )
            return (False, has_refs)
    except_match = _EXCEPT.search(plain)
    if except_match:
        if _NEGATION.search(_ALL.sub(" ", plain)):
            # "Can't do anything but A": a negation turns the exception around.
            reading.problems.append("a negation next to an exception")
            return (False, has_refs)
        _read_except(refs, except_match.start(), reading)
        return (False, has_refs)

    all_match = _ALL.search(plain)
    none_match = _NONE.search(plain)
    stripped = _ALL.sub(" ", plain)
    negative = bool(_NEGATION.search(stripped)) or bool(none_match)
    if (
        has_refs
        # "10号和12号都行" after "9号不行": its own verdict, no continued negation.
        and not (_OWN_POLARITY.search(stripped) or all_match)
        and not negative
        and previous
        and previous[1]
    ):
        negative = previous[0]  # "I can't do A, B or C": the list continues the clause before
        if negative and not re.search(r"\b(?:or|and|nor)\b|或|和", clause, re.I):
            reading.problems.append("a list after a negation")
    if negative and refs.unmatched:
        # "不行，能不能改到周五？" read wrongly would drop the day: a day next to a
        # negation that is no option is asked about.
        reading.problems.append("a day or time that is not an option next to a negation")
    if negative and has_refs and _negation_between(stripped, refs):
        reading.problems.append("a negation between two options")

    if not has_refs:
        if (
            previous
            and previous[1]
            and (negative or _OWN_POLARITY.search(stripped))
            and negative != previous[0]
        ):
            # "A is not ideal but works": this clause judges the option named before it.
            reading.problems.append("a clause that turns the previous one around")
            return (negative, False)
        if _OWN_POLARITY.search(stripped) and not negative and _unknown_words(clause):
            # "Tencent also works": something named that is not an option.
            reading.problems.append("something approved that is not an option")
            return (negative, False)
        unknown = _unknown_words(_OTHER_TIMES.sub(" ", plain))
        if _DECLINE.search(plain):
            reading.declined = True
        elif _OTHER_TIMES.search(plain) and not unknown:
            pass  # the rest of the reply says what does not work
        elif is_question and unknown and _PROPOSAL_CUE.search(plain):
            # "could we meet at Café Luise instead?": a proposal the rules cannot place.
            reading.problems.append("a proposal the rules cannot place: " + " ".join(unknown[:3]))
        elif none_match:
            if scoped:
                for item in scoped:
                    reading.rejected[item] |= set(view.ids(item))
            else:
                reading.none_unscoped = True
        elif all_match and not negative:
            if scoped:
                for item in scoped:
                    reading.accepted[item] |= set(view.ids(item))
            else:
                reading.all_unscoped = True
        elif is_question:
            reading.questions.append(clause.strip())
        elif unknown and not negative and previous == (True, True) and _REASON.match(clause):
            pass  # "Not the cafe, too loud": the reason for the no before it
        elif unknown and not negative and is_aside(sentence):
            pass  # "sorry for the slow reply": about something else, so it is left out
        elif unknown:
            # Whole-reply accountability: "C, in the park", "wherever", "Wedensday is no
            # good" may be about the meeting; a part the rules cannot place is asked
            # about, never dropped while the rest is recorded as if complete.
            reading.problems.append("words the rules cannot place: " + " ".join(unknown[:3]))
        return (negative, False)

    if is_question and refs.hits:
        reading.problems.append("a question about an option")
        return (negative, True)
    if refs.hits and not refs.label_only:
        reading.used_values = True
    target = reading.rejected if negative else reading.accepted
    if not negative and _ADDITIVE.search(plain) and _OWN_POLARITY.search(stripped):
        # "Zoom works too" is also-fine next to something; "1 or 2 too" repeats the verdict before.
        for item in ITEMS:
            named = {oid for _, i, oid in refs.hits if i == item}
            if named:
                reading.also.append((item, named))
    for pos, item, oid in refs.hits:
        target[item].add(oid)
        if item == "time" and not negative:
            (reading.loose_times if pos in refs.loose else reading.firm_times).add(oid)
    if not negative:
        _read_proposals(clause, refs, view, reading)
    return (negative, True)


_KNOWN = (
    _IDIOMS,
    _ALL,
    _NONE,
    _DECLINE,
    _EXCEPT,
    _NEGATION,
    _OWN_POLARITY,
    _PROPOSAL_CUE,
    *_ITEM.values(),
)


def _unknown_words(rest: str) -> list[str]:
    for pattern in _KNOWN:
        rest = pattern.sub(" ", rest)
    words = re.findall(r"[a-z]+(?:'[a-z]+)*|[\u4e00-\u9fff]", rest.lower())
    return [w for w in words if w not in FILLERS and w not in CJK_FILLERS]


def _negation_between(text: str, refs: Refs) -> bool:
    positions = sorted(refs.positions)
    for m in _NEGATION.finditer(text):
        if positions and positions[0] < m.start() < positions[-1]:
            between = [p for p in positions if p > m.start()]
            before = [p for p in positions if p < m.start()]
            if between and before:
                return True
    return False


def _read_except(refs: Refs, at: int, reading: Reading) -> None:
    excluded = [(item, oid) for pos, item, oid in refs.hits if pos > at]
    if not excluded or any(pos < at for pos, _, _ in refs.hits) or refs.unmatched:
        reading.problems.append("an exception that names no option")
        return
    reading.label_only = False
    for item in {item for item, _ in excluded}:
        ids = {oid for i, oid in excluded if i == item}
        reading.rejected[item] |= ids
        # Marks "every id but these"; _finish fills in the remaining ids.
        reading.accepted[item] |= {f"!{oid}" for oid in ids}


def _read_proposals(clause: str, refs: Refs, view: MeetingView, reading: Reading) -> None:
    tz = ZoneInfo(view.reader_tz)
    now = view.message_date.astimezone(tz)
    for spec in refs.unmatched:
        start = exact_start(spec, now.astimezone(ZoneInfo(spec.zone)) if spec.zone else now)
        if start is None:
            reading.problems.append("a day or time that is not an option and not exact")
            continue
        end = start + timedelta(minutes=view.duration_minutes)
        reading.proposals.append(ProposedOption(item="time", start=start, end=end))
    for _, place in refs.places:
        reading.proposals.append(ProposedOption(item="location", place=place))
