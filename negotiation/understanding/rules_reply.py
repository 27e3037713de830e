"""Read a participant's reply to an invitation: right or silent.

The reply is cut into sentences and clauses; each clause gets a polarity (yes / no)
and the options it points at. Anything that could flip the meaning (a condition,
a hedge, a negation between two options, an option that does not exist, a day
that fits two dates) makes the whole reply Unclear: a clarification mail costs a
minute, a wrong vote costs a meeting.
"""

from __future__ import annotations

import re

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_fillers import PLEASANTRIES
from negotiation.understanding.lexicon_stance import (
    CHANGE_OF_MIND,
    MISTAKES,
    REPLY_CHANGES,
    REPLY_MISTAKES,
)
from negotiation.understanding.rules_asides import is_aside
from negotiation.understanding.rules_contrast import spell_contrast
from negotiation.understanding.rules_dates_clock import spell_clock_words
from negotiation.understanding.rules_languages import into_english
from negotiation.understanding.rules_marks import MarksError, fix_day_typos, rewrite_marks
from negotiation.understanding.rules_ordinals import (
    guess_is_unsafe,
    spell_all_of_count,
    spell_digit_ordinals,
)
from negotiation.understanding.rules_proposals import drop_replaced, read_proposals
from negotiation.understanding.rules_qualifiers import join_qualifiers
from negotiation.understanding.rules_reading import Reading, reading_finish
from negotiation.understanding.rules_refs import Refs, find_refs
from negotiation.understanding.rules_relative import spell_relative
from negotiation.understanding.rules_stance import (
    ALL,
    DECLINE,
    EXCEPT,
    HEDGE,
    IDIOMS,
    ITEM,
    NEGATION,
    NONE,
    OTHER_TIMES,
    OWN_POLARITY,
    PROPOSAL_CUE,
    negation_between,
    the_rest,
    unknown_words,
)
from negotiation.understanding.rules_typos import fix_word_typos
from negotiation.understanding.rules_whereabouts import apply_whereabouts
from negotiation.understanding.rules_zones import find_zone
from negotiation.understanding.text_clean import clean_body
from negotiation.understanding.types import (
    ITEMS,
    Answer,
    MeetingView,
    Unclear,
)

_PLEASANTRY = compile_all(PLEASANTRIES)
_CHANGE = compile_all(REPLY_MISTAKES + CHANGE_OF_MIND + REPLY_CHANGES)
_MISTAKE = compile_all(REPLY_MISTAKES + MISTAKES)
# "谁会参加？B is fine" arrives as "?B" once normalised: a question mark ends a sentence.
_SENTENCE = re.compile(r"(?<=[.!?;])(?=\s|$)|(?<=[。！？；\n])|(?<=[?!])(?=[A-Za-z\u4e00-\u9fff])")
_CONTRAST = re.compile(
    r"\s*(?:,\s*)?\b(?:but|however|though|although|whereas|yet)\b\s*|(?:但是|但|不过|可是|然而)",
    re.I,
)
_CJK_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[A-Za-z][\u4e00-\u9fff])")
_LATIN_CJK = re.compile(r"(?<=[A-Za-z]{2})(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[A-Za-z]{2})")
_MAKE_IT = re.compile(r"^\W*make\s+it\b", re.I)
_WAIT_FOR = re.compile(r"\bwait(?=\s+(?:for|to|until|till|on)\b)", re.I)
_LABEL_IS = re.compile(r"\b([A-H])['’]s\b")  # "B's out, A's fine": the label is
_COMMA = re.compile(r"[,，](?!\s*(?:at\s+)?\d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m\b))\s*", re.I)
_DASH = re.compile(r"(?<!\d)\s+-+\s+(?!\d)")
_ANYTHING_BUT = re.compile(r"\b(anything|everything|anywhere|all|any\s+\w+)\s+but\b", re.I)
_QUESTION_START = re.compile(
    r"^\s*(?:when|what|where|who|whom|which|why|how|will|would|is|are|can|could|should|do|does|did|shall)\b",
    re.I,
)
# Questions that ask about an option rather than choose it ("Which building is Office 3F in?").
_ASKS_ABOUT = re.compile(
    r"^\s*(?:[A-H1-9]\s*[:：]\s*)?(?:where|which|what|how|who|why|is\s+there|are\s+there"
    r"|(?:could|can|would)\s+(?:you|someone)\s+(?:remind\s+me|tell\s+me|let\s+me\s+know)"
    # "Is Cafe Luna the one on 5th Ave?": what the option is, not whether it suits.
    r"|(?:is|are)\s+(?:the\s+)?[\w' -]{1,30}?\s+(?:the|a|an)\s+(?!(?:best|better|only)\b)"
    # "Is it in person or online?", 线上还是线下？: how the meeting is, asked.
    r"|(?:is|will|does|must)\s+(?:it|this|the\s+(?:meeting|call|review))\s"
    r"|(?:can|could|may)\s+i\s+(?:join|dial\s+in|attend|participate)\b)\b"
    r"|^[^?？]*(?:还是|哪|什么|谁|怎么|多久|多长)[^?？]*[?？]\s*$|^\s*是[^?？]*吗\s*[?？]\s*$",
    re.I,
)
# A reason after a no ("Not tomorrow, too short notice"): it adds no vote of its own.
_REASON = re.compile(r"^\W*(?:(?:way|far|a\s+bit|much|just)\s+)?too\s+[a-z]+|^\W*because\b", re.I)
# Where the writer is or what they have on ("I'm travelling that week", "I've got the
# auditors in"): a reason that says no more than a decline or a no to every time beside it.
_WHY_NOT = re.compile(
    r"^\W*(?:(?:sorry|unfortunately|as|because|since|so)\W+)?"
    r"(?:i'?m|i\s+am|i'?ll\s+be|i\s+will\s+be|i\s+have|i'?ve(?:\s+got)?|i\s+had|we'?re|we\s+are"
    r"|we\s+have|we'?ve\s+got)\b(?!.*\b(?:only|free|available|around|back)\b)",
    re.I,
)
_ADDITIVE = re.compile(r"\b(?:too|also|as\s+well)\b|也", re.I)
_LEADING_NO = re.compile(r"^\W*(?:no+|nope|sorry|oops|wait|not\s+that|不是|不)\W+", re.I)
_TRAILING_NO = re.compile(r"(?:\b(?:no+|nope|oh|oops|sorry|hmm+)\W*)+$", re.I)


def understand_reply(text: str, view: MeetingView) -> Answer | Unclear:
    """Turn a reply into votes, a decline, proposals or a question; Unclear when unsure."""
    try:
        body = fix_day_typos(rewrite_marks(into_english(clean_body(text))))
        body = _PLEASANTRY.sub(" ", spell_clock_words(fix_word_typos(body, view)))
    except MarksError as exc:
        return Unclear(str(exc), "rules")
    body = spell_all_of_count(spell_digit_ordinals(_LABEL_IS.sub(r"\1 is", body)), view)
    body = spell_relative(spell_contrast(body, view), view)
    body, elsewhere = apply_whereabouts(body, view.reader_tz, view.message_date)
    if elsewhere:
        return Unclear(elsewhere, "rules")
    if not body.strip():
        return Unclear("empty reply", "rules")
    # A dash between words ("Not B - A and C fine") starts a new thought, never a list;
    # so does a space between Chinese and a label ("A不行 B可以").
    body = _CJK_SPACE.sub("\n", _DASH.sub("\n", body))
    # "Monday不行": an English word against Chinese has no word edge for the rules to see.
    body = _LATIN_CJK.sub(" ", body)
    unmasked = IDIOMS.sub(lambda m: "ok" + " " * (len(m[0]) - 2) if len(m[0]) >= 2 else m[0], body)
    # "Please don't wait for me" is no "wait, C instead": same length, never a change.
    unmasked = _WAIT_FOR.sub(lambda m: "w_it", unmasked)
    changes = list(_CHANGE.finditer(unmasked))
    if not changes:
        return reading_finish(_read(body, view), view, confidence=None)
    before, after = body[: changes[0].start()], body[changes[-1].end() :]
    after = _MAKE_IT.sub("", _LEADING_NO.sub("", after))  # "actually, make it C"
    before = _TRAILING_NO.sub("", before)  # "A. no wait, C": the "no" belongs to the wait
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
        hedged = bool(HEDGE.search(IDIOMS.sub(" ok ", sentence)))
        reading.sentence_proposals = len(reading.proposals)
        if guess_is_unsafe(sentence, view):
            reading.problems.append("an ordinal that could be a time or a place")
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
    clause = drop_replaced(clause, view, reading, unknown_words)
    plain = IDIOMS.sub(" ok ", clause)
    # "A-OK!" is no option A: idioms are masked (same length) before options are found.
    refs = find_refs(IDIOMS.sub(_idiom_mask, clause), view)
    reading.problems += refs.problems
    if any(spec.zone for spec in refs.unmatched) and any(i == "time" for _, i, _ in refs.hits):
        # "B would be Wednesday 9am for me" when B is 8am there: which one is meant?
        reading.problems.append("an option restated at a time it is not")
    reading.pairs |= set(refs.pairs)
    is_question = clause.rstrip().endswith("?") or (
        sentence.rstrip().endswith("?") and bool(_QUESTION_START.match(clause))
    )
    has_refs = bool(refs.hits or refs.unmatched or refs.places)
    if not refs.label_only:
        reading.label_only = False
    scoped = {item for item, pattern in ITEM.items() if pattern.search(plain)}

    if hedged and (has_refs or ALL.search(plain) or NONE.search(plain) or DECLINE.search(plain)):
        reading.problems.append("a condition or a hedge")
        return (False, has_refs)
    if (
        has_refs
        and is_question
        and _ASKS_ABOUT.match(clause)
        and not (refs.unmatched or refs.places or PROPOSAL_CUE.search(clause))
    ):
        # "Where is Cafe Central exactly?": a question about an option, no vote for it.
        reading.questions.append(clause.strip())
        return (False, False)
    if has_refs:
        unknown = unknown_words(refs.rest)
        if unknown:
            reading.problems.append(
                "words next to an option that the rules do not know: " + " ".join(unknown[:3])
            )
            return (False, has_refs)
    except_match = EXCEPT.search(plain)
    if except_match:
        if NEGATION.search(ALL.sub(" ", plain)):
            # "Can't do anything but A": a negation turns the exception around.
            reading.problems.append("a negation next to an exception")
            return (False, has_refs)
        _read_except(refs, except_match.start(), reading)
        return (False, has_refs)

    all_match = ALL.search(plain)
    none_match = NONE.search(plain)
    stripped = ALL.sub(" ", plain)
    negative = bool(NEGATION.search(stripped)) or bool(none_match)
    if (
        has_refs
        # "10号和12号都行" after "9号不行": its own verdict, no continued negation.
        and not (OWN_POLARITY.search(stripped) or all_match)
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
    if negative and has_refs and negation_between(stripped, refs):
        reading.problems.append("a negation between two options")

    if not has_refs:
        if the_rest(plain, stripped, negative or is_question, view, reading):
            return (False, True)
        if reading.unjudged and not negative and OWN_POLARITY.search(stripped):
            reading.unjudged = False  # "A is 11:00 for me. Works.": the verdict comes after
        after_ask = reading.questions and _LEADING_NO.fullmatch(clause.strip() + " ")
        if (
            negative
            and (reading.last_verdict or after_ask)
            and not (none_match or DECLINE.search(plain))
        ):
            # "D. No thanks.", "All three? No.": a no on its own answers what came before.
            reading.problems.append("a no after a yes to an option")
            return (negative, False)
        if (
            previous
            and previous[1]
            and (negative or OWN_POLARITY.search(stripped))
            and negative != previous[0]
        ):
            # "A is not ideal but works": this clause judges the option named before it.
            reading.problems.append("a clause that turns the previous one around")
            return (negative, False)
        if OWN_POLARITY.search(stripped) and not negative and unknown_words(clause):
            # "Tencent also works": something named that is not an option.
            reading.problems.append("something approved that is not an option")
            return (negative, False)
        unknown = unknown_words(OTHER_TIMES.sub(" ", plain))
        if DECLINE.search(plain):
            reading.declined = True
        elif OTHER_TIMES.search(plain) and not unknown:
            pass  # the rest of the reply says what does not work
        elif is_question and unknown and PROPOSAL_CUE.search(plain):
            # "could we meet at Café Luise instead?": a proposal the rules cannot place.
            reading.problems.append("a proposal the rules cannot place: " + " ".join(unknown[:3]))
        elif none_match:
            if scoped:
                for item in scoped:
                    reading.rejected[item] |= set(view.ids(item))
            else:
                reading.none_unscoped = True
        elif all_match and not negative and not is_question:  # "All three?" asks
            reading.last_verdict = True
            if scoped:
                for item in scoped:
                    reading.accepted[item] |= set(view.ids(item))
            else:
                reading.all_unscoped = True
        elif is_question:
            reading.questions.append(clause.strip())
        elif (
            unknown
            and not negative
            and previous == (True, True)
            and (_REASON.match(clause) or _WHY_NOT.match(clause))
        ):
            pass  # "Not the cafe, too loud", "2: can't, I'm remote": the reason for the no
        elif unknown and not negative and is_aside(sentence):
            pass  # "sorry for the slow reply": about something else, so it is left out
        elif unknown and _WHY_NOT.match(clause) and not OWN_POLARITY.search(stripped):
            # "I'm at a conference all week": why not; it counts only beside a no to all.
            reading.reasons.append(" ".join(unknown[:3]))
        elif (
            unknown
            and not (is_question or hedged or PROPOSAL_CUE.search(plain))
            and not (OWN_POLARITY.search(stripped))
        ):
            # "Alice can fill me in", "Go ahead.": beside a decline it says no more.
            reading.beside_decline.append(" ".join(unknown[:3]))
        elif unknown:
            # Whole-reply accountability: "C, in the park", "wherever", "Wedensday is no
            # good" may be about the meeting; a part the rules cannot place is asked
            # about, never dropped while the rest is recorded as if complete.
            reading.problems.append("words the rules cannot place: " + " ".join(unknown[:3]))
        return (negative, False)

    proposing = (len(reading.proposals) > reading.sentence_proposals or refs.unmatched) and not (
        _QUESTION_START.match(clause)  # "Is Zoom ok for Friday at 9:30?" asks about Zoom
    )
    if (
        is_question
        and refs.hits
        and not (proposing and all(i == "location" for _, i, _ in refs.hits))
    ):
        # "Friday at 9:30, in the office?": the place of the time proposed is no question.
        reading.problems.append("a question about an option")
        return (negative, True)
    if refs.hits and not refs.label_only:
        reading.used_values = True
    reading.last_verdict = not negative
    restated = len({p for p, i, _ in refs.hits if i == "time"}) > 1 and bool(
        find_zone(clause, more_places=True)[1]
    )
    if restated and not (negative or OWN_POLARITY.search(stripped)):
        # "D would be 10pm for me": a time said again is no yes until a verdict follows.
        reading.unjudged = True
    target = reading.rejected if negative else reading.accepted
    if not negative and _ADDITIVE.search(plain) and OWN_POLARITY.search(stripped):
        # "Zoom works too" is also-fine next to something; "1 or 2 too" repeats the verdict before.
        for item in ITEMS:
            named = {oid for _, i, oid in refs.hits if i == item}
            if named:
                reading.also.append((item, named))
    for pos, item, oid in sorted(refs.hits):  # in reading order: "第一个 and 线上"
        target[item].add(oid)
        if item == "time":
            if pos in refs.guessed:
                reading.guessed_times.add(oid)
                if reading.named_places:
                    # "Zoom is fine. The second one.": after a place, it may rank the places.
                    reading.problems.append("an ordinal that could be a time or a place")
            else:
                reading.named_times = True
        else:
            reading.named_places = True
        if item == "time" and not negative:
            (reading.loose_times if pos in refs.loose else reading.firm_times).add(oid)
    if not negative:
        read_proposals(refs, view, reading)
    return (negative, True)


def _idiom_mask(m: re.Match[str]) -> str:
    # Same length, and apart from a label before it: "B没问题" must not become "Bok".
    return (" ok" if len(m[0]) >= 3 else "ok").ljust(len(m[0]))


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
