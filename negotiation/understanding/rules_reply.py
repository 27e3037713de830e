"""Read a participant's reply to an invitation: right or silent.

The reply is cut into sentences and clauses; each clause gets a polarity (yes / no)
and the options it points at. Anything that could flip the meaning (a condition,
a hedge, a negation between two options, an option that does not exist, a day
that fits two dates) makes the whole reply Unclear: a clarification mail costs a
minute, a wrong vote costs a meeting.
"""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from negotiation.understanding.lexicon import compile_all
from negotiation.understanding.lexicon_chatter import CHATTER
from negotiation.understanding.lexicon_declines import DECLINE_ASIDES
from negotiation.understanding.lexicon_fillers import PLEASANTRIES
from negotiation.understanding.lexicon_stance import (
    CHANGE_OF_MIND,
    MISTAKES,
    REPLY_CHANGES,
    REPLY_MISTAKES,
    SORRY_CHANGE,
)
from negotiation.understanding.rules_asides import drop_because, drop_past_place
from negotiation.understanding.rules_away import drop_away_reason, drop_destination
from negotiation.understanding.rules_blocked import spell_blocked
from negotiation.understanding.rules_brackets import drop_bracketed_reasons, open_negative_brackets
from negotiation.understanding.rules_clause import ADDITIVE, read_clause
from negotiation.understanding.rules_clause_bare import LEADING_NO
from negotiation.understanding.rules_conflicts import spell_conflicts
from negotiation.understanding.rules_contrast import spell_contrast
from negotiation.understanding.rules_corrections import (
    drop_closing_reason,
    drop_mix_up,
    drop_own_question,
    drop_reason,
    drop_same_place,
    reason_between,
    spell_after_all,
)
from negotiation.understanding.rules_courtesy import drop_courtesy
from negotiation.understanding.rules_dates_clock import spell_clock_words
from negotiation.understanding.rules_day_but_part import spell_day_but_part
from negotiation.understanding.rules_day_range import spell_day_ranges
from negotiation.understanding.rules_day_rank import spell_day_rank
from negotiation.understanding.rules_echo import join_echoes
from negotiation.understanding.rules_in_person_at import join_in_person_place
from negotiation.understanding.rules_in_person_no import spell_not_in_person
from negotiation.understanding.rules_inline import other_option_under_label
from negotiation.understanding.rules_kind_meant import spell_kind_meant
from negotiation.understanding.rules_languages import into_english, other_scripts_read
from negotiation.understanding.rules_letter_idioms import spell_letter_idioms
from negotiation.understanding.rules_links import mask_links
from negotiation.understanding.rules_marks import (
    MarksError,
    fix_day_typos,
    restore_apostrophes,
    rewrite_marks,
)
from negotiation.understanding.rules_meeting_nouns import spell_meeting_nouns
from negotiation.understanding.rules_on_site import check_on_site, take_on_site
from negotiation.understanding.rules_only import spell_only
from negotiation.understanding.rules_only_gap import spell_only_gap
from negotiation.understanding.rules_only_hours import spell_only_hours
from negotiation.understanding.rules_only_part import spell_only_part
from negotiation.understanding.rules_ordinals import (
    guess_is_unsafe,
    spell_all_of_count,
    spell_digit_ordinals,
    spell_them,
)
from negotiation.understanding.rules_ordinals_zh import spell_shared_noun
from negotiation.understanding.rules_part_day import carry_day
from negotiation.understanding.rules_places_zh import join_other_place
from negotiation.understanding.rules_push import spell_pushed
from negotiation.understanding.rules_qualifiers import join_qualifiers
from negotiation.understanding.rules_questions import QuestionContext, drop_question_lead
from negotiation.understanding.rules_rather import spell_rather_than
from negotiation.understanding.rules_reading import Reading, reading_finish
from negotiation.understanding.rules_relative import spell_relative
from negotiation.understanding.rules_remote import check_remote, take_remote
from negotiation.understanding.rules_rest_no import settle_other_times
from negotiation.understanding.rules_retract import (
    drop_statement,
    drop_taken_back,
    spell_said_before,
)
from negotiation.understanding.rules_scratch import apply_struck, take_struck
from negotiation.understanding.rules_signoff import drop_signoff_tail
from negotiation.understanding.rules_so import drop_so_reason
from negotiation.understanding.rules_sorry import spell_sorry_option
from negotiation.understanding.rules_stance import HEDGE, IDIOMS
from negotiation.understanding.rules_there import spell_there
from negotiation.understanding.rules_two_sided_hour import two_sided_hour
from negotiation.understanding.rules_typos import fix_word_typos
from negotiation.understanding.rules_whereabouts import apply_whereabouts
from negotiation.understanding.text_clean import clean_body, normalise, unread_script
from negotiation.understanding.types import (
    ITEMS,
    Answer,
    MeetingView,
    Unclear,
)

_PLEASANTRY = compile_all(PLEASANTRIES + CHATTER + DECLINE_ASIDES)
_CHANGE = compile_all(REPLY_MISTAKES + CHANGE_OF_MIND + REPLY_CHANGES)
_MISTAKE = compile_all(REPLY_MISTAKES + MISTAKES)
_SORRY = re.compile(SORRY_CHANGE, re.I)
# "谁会参加？B is fine" arrives as "?B" once normalised: a question mark ends a sentence.
# So does a semicolon wherever it stands: "；" arrives as ";" with no space after it
# ("周一有事，去不了；周二可以"), and "A doesn't work;B does" is two verdicts.
_SENTENCE = re.compile(r"(?<=[.!?])(?=\s|$)|(?<=[。！？；;\n])|(?<=[?!])(?=[A-Za-z\u4e00-\u9fff])")
_CONTRAST = re.compile(
    r"\s*(?:,\s*)?\b(?:but|however|though|although|whereas|yet)\b\s*|(?:但是|但|不过|可是|然而)",
    re.I,
)
_CJK_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[A-Za-z][\u4e00-\u9fff])")
_LATIN_CJK = re.compile(r"(?<=[A-Za-z]{2})(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[A-Za-z]{2})")
# "actually, make it C", "说错了，应该是B": the words that only lead into the new answer.
_MAKE_IT = re.compile(
    r"^\W*(?:make\s+it\b|(?:应该|其实)是|(?<![\u4e00-\u9fff])是(?=\s*[A-Za-z周星]))", re.I
)
# "can we look at next week?", "any chance of another day?", 能换一天吗: a vague ask for
# other times, said as the words the rules know for it; "could we do next week Tuesday?"
# names a day and stays a proposal.
_VAGUE_ASK = re.compile(
    r"\b(?:try|do|look\s+at|move\s+(?:it\s+|this\s+)?to|push\s+(?:it\s+|this\s+)?(?:back\s+)?to"
    r"|go\s+for|any\s+chance\s+of)\s+(?:the\s+week\s+after|next\s+week|another\s+(?:day|time|week)"
    r"|a\s+different\s+(?:day|time|week))(?:\s+instead)?(?=\s*(?:[?.!]|$))"
    # "none of them. next week any morning": a sentence of its own, nothing more exact.
    r"|(?:^|(?<=[.!?\n]))\s*(?:next\s+week|the\s+week\s+after)\s*,?\s+any\s*(?:morning|afternoon"
    r"|day|time)(?=\s*(?:[?.!]|$))"
    r"|(?:能不能|能|可以|可不可以)?(?:换一天|改天|换个日子|换一个时间)吗?(?=\s*(?:[?？。.!！]|$))",
    re.I,
)
# 周二三点, 周一十点: the weekday's numeral runs into the hour's ("一十点" would read as
# ten with no day); a space keeps them apart. 周二三四 (three days) has no 点 after it.
_ZH_DAY_HOUR = re.compile(
    r"((?:周|星期|礼拜)[一二三四五六日天])(?=[零一二两三四五六七八九十]{1,3}\s*[点點])"
)
_NO_OPTION = re.compile(r"^\W*(?:no+|nope)\s+[A-H1-9](?![\w'’])", re.I)
_WAIT_FOR = re.compile(r"\bwait(?=\s+(?:for|to|until|till|on)\b)", re.I)
_LABEL_IS = re.compile(r"\b([A-H])['’]s\b")  # "B's out, A's fine": the label is
_COMMA = re.compile(r"[,，](?!\s*(?:at\s+)?\d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m\b))\s*", re.I)
_DASH = re.compile(r"(?<!\d)\s+-+\s+(?!\d)")
_ANYTHING_BUT = re.compile(r"\b(anything|everything|anywhere|all|any\s+\w+)\s+but\b", re.I)
# "B no." ends a sentence as a verdict on B, and stays: "A yes, B no. Actually B is fine".
_TRAILING_NO = re.compile(
    r"(?:\b(?:(?!(?<=\w\s)(?:no+|nope)\s*[.!;\n])(?:no+|nope)|oh|oops|sorry|hmm+)\W*)+$", re.I
)
# "P.S. out of office Wed", "PS: D works too", 「附：周四不行」: the writer's own words after the
# mark, read like the body; the mark alone would be read as a stray "P" and "S".
_POSTSCRIPT = re.compile(
    r"^[ \t]*(?:p\.?[ \t]?s\.?(?:[ \t]*[:：,-])?(?![\w.])|附言?[:：])", re.I | re.M
)


# 吗 at the end of a sentence asks, with or without its question mark: "A，是C吗".
_MA = re.compile(r"吗(?:[ \t]*[。.!！~～]+|(?=[ \t]*$))", re.M)


def understand_reply(text: str, view: MeetingView) -> Answer | Unclear:
    """Turn a reply into votes, a decline, proposals or a question; Unclear when unsure."""
    text = mask_links(text)
    if other_option_under_label(text, view):
        return Unclear("an answer under one option that names another", "rules")
    rest, remote = take_remote(text)
    if not _remote_as_reason(text, rest):
        text = rest
    rest, on_site = take_on_site(text)
    if _on_site_opens_change(text):
        # "Zoom - hmm, no, I'll be in the office anyway, 3F": why the mind changed, kept
        # as its reason like being remote (the place taken back is refused).
        on_site = None
    else:
        text = rest
    rest, struck = take_struck(text, view)
    if struck is None:
        answer = _vague_ask_alone(text, _understand(text, view))
    else:
        if not rest.strip():
            rest = "Not " + " and ".join(sorted(struck)) + "."  # "Scratch D" alone: a no to D
        answer = _vague_ask_alone(text, apply_struck(_understand(rest, view), struck))
    if on_site is not None:
        answer = check_on_site(answer, on_site, view)
    return check_remote(answer, view) if remote else answer


def _remote_as_reason(text: str, rest: str) -> bool:
    """ "Office 3F. Actually, I'll be working from home, so Zoom": why the mind changed."""
    # Taken out first, "I'm remote" would leave a change of mind without its reason, and
    # the place taken back would not be refused (the owner's rule); kept, it is the reason.
    # `rest` is `text` without the remote statements: kept when none stood before the change.
    if rest == text:
        return False
    change = _CHANGE.search(text)
    return change is not None and rest[: change.start()] == text[: change.start()]


def _on_site_opens_change(text: str) -> bool:
    """True when "I'll be in the office anyway" comes right after a change of mind."""
    change = _CHANGE.search(text)
    if change is None:
        return False
    rest, where = take_on_site(text[change.end() :].lstrip(" ,;:"))
    return where is not None and rest[:1] == " "  # taken out from the very start


def _vague_ask_alone(text: str, answer: Answer | Unclear) -> Answer | Unclear:
    """ "A works, can we look at next week?": a yes beside an ask for other days is asked."""
    if isinstance(answer, Answer) and _VAGUE_ASK.search(text) and any(answer.accepted.values()):
        return Unclear("a yes beside an ask for other days", "rules")
    return answer


def _understand(text: str, view: MeetingView) -> Answer | Unclear:
    text = drop_signoff_tail(text, view)
    places = tuple(o.value for o in view.options if o.item == "location")
    unread = unread_script(normalise(clean_body(other_scripts_read(text))), places)
    if unread:
        return Unclear("words in a language the rules cannot read: " + unread, "rules")
    try:
        text = _POSTSCRIPT.sub("\n", _MA.sub("吗？", text))
        body = drop_question_lead(spell_meeting_nouns(clean_body(text)))
        body = drop_mix_up(into_english(restore_apostrophes(body)))
        body = spell_sorry_option(spell_letter_idioms(body, view), view)
        body = spell_said_before(spell_after_all(spell_kind_meant(body)))
        body = fix_day_typos(rewrite_marks(body))
        body = spell_there(spell_not_in_person(spell_day_ranges(body, view)), view)
        body = spell_blocked(drop_bracketed_reasons(body, view), view)
        body = spell_conflicts(drop_destination(drop_away_reason(body, view), view), view)
        body = spell_shared_noun(join_other_place(open_negative_brackets(body)))
        body = join_in_person_place(spell_day_rank(body, view), view)
        body = spell_rather_than(body, view)
        body = _PLEASANTRY.sub(" ", spell_clock_words(fix_word_typos(body, view)))
    except MarksError as exc:
        return Unclear(str(exc), "rules")
    if two_sided := two_sided_hour(body, view):
        return Unclear(two_sided, "rules")
    body = spell_them(spell_digit_ordinals(_LABEL_IS.sub(r"\1 is", body)))
    body = spell_all_of_count(body, view)
    body = spell_only(spell_only_hours(body, view), view)
    body = spell_day_but_part(spell_only_part(body, view), view)
    body = spell_pushed(spell_relative(spell_contrast(body, view), view), view)
    body = spell_only_gap(body, view)
    body = _VAGUE_ASK.sub(" suggest other times", body)
    body, elsewhere = apply_whereabouts(body, view.reader_tz, view.message_date)
    if elsewhere:
        return Unclear(elsewhere, "rules")
    if not body.strip():
        return Unclear("empty reply", "rules")
    # A dash between words ("Not B - A and C fine") starts a new thought, never a list;
    # so does a space between Chinese and a label ("A不行 B可以").
    body = _CJK_SPACE.sub("\n", _DASH.sub("\n", body))
    # "Monday不行": an English word against Chinese has no word edge for the rules to see.
    body = _ZH_DAY_HOUR.sub(r"\1 ", _LATIN_CJK.sub(" ", body))
    unmasked = IDIOMS.sub(lambda m: "ok" + " " * (len(m[0]) - 2) if len(m[0]) >= 2 else m[0], body)
    # "Please don't wait for me" is no "wait, C instead": same length, never a change.
    unmasked = _WAIT_FOR.sub(lambda m: "w_it", unmasked)
    changes = list(_CHANGE.finditer(unmasked))
    if not changes:
        return _finish(_read(body, view), view, confidence=None)
    before, after = body[: changes[0].start()], body[changes[-1].end() :]
    after = drop_same_place(drop_own_question(after))
    if not _NO_OPTION.match(after):  # "actually no D" is a no to D, not "no, D"
        after = LEADING_NO.sub("", after)
    after = _MAKE_IT.sub("", after)  # "actually, make it C"
    before = _TRAILING_NO.sub("", before)  # "A. no wait, C": the "no" belongs to the wait
    after, taken_back = drop_taken_back(after)  # "Actually no it isn't, ..."
    after, reason_names = drop_reason(after, view)
    if reason_names is None:
        after, reason_names = drop_closing_reason(after, view)
    if reason_names is None and len(changes) > 1:
        reason_names = reason_between(body[changes[0].end() : changes[-1].start()], view)
    earlier = _read(before, view)
    if reason_names is None and not earlier.problems:
        # "Room 401 — no wait, that's being renovated. Google Meet then.": what happened to
        # the option taken back is a reason too.
        after, reason_names = drop_statement(after, view, earlier)
    if reason_names is None and taken_back:
        reason_names = set()
    final = _read(after, view)
    if final.problems or not final.mentioned() and not final.declined and not final.none_unscoped:
        return Unclear("changed their mind without a clear final answer", "rules")
    if reason_names is not None and (
        earlier.empty() or not reason_names <= earlier.accepted["time"]
    ):
        return Unclear("a reason for a change of mind that names other options", "rules")
    if earlier.empty():
        return _finish(final, view, confidence=None)
    if earlier.problems:
        return Unclear("changed their mind after an unclear first answer", "rules")
    sorry = any(_SORRY.match(unmasked, m.start()) for m in changes)
    if sorry and any(earlier.rejected[i] for i in ITEMS):
        # "B is out. Sorry, C.": sorry for the no, then C; or C instead of what? Asked.
        return Unclear("an apology after a no, then an option", "rules")
    additive = bool(ADDITIVE.search(after))
    if additive and (sorry or any(_MISTAKE.fullmatch(m[0]) for m in changes)):
        # "B. sorry, misread, A works too": too beside what was just called a mistake;
        # "B. Sorry, A. C also works": does B still hold?
        return Unclear("a correction that also keeps the answer it corrects", "rules")
    for item in ITEMS:
        if (
            earlier.accepted[item]
            and not final.accepted[item]
            and not additive
            and (final.rejected[item] - earlier.accepted[item])
        ):
            # "A and C. Wait, not B.": a no to what the first answer did not name; does
            # the first answer still hold? Asked about.
            return Unclear("a correction that names an option the answer did not", "rules")
        taken_back = final.rejected[item]
        if taken_back and not final.accepted[item] and taken_back <= earlier.accepted[item]:
            # "A and C. Wait, not C.": a no to part of the first answer takes back that
            # part only; the rest still stands.
            final.accepted[item] = earlier.accepted[item] - final.rejected[item]
            final.rejected[item] |= earlier.rejected[item] - final.accepted[item]
            continue
        restated = final.accepted[item] or final.rejected[item]
        flipped = final.accepted[item] and final.accepted[item] <= earlier.rejected[item]
        if restated and not additive and not flipped:
            continue
        # Added to, or only a no turned into a yes ("A yes, B no. PS: B is fine after
        # all"): what the first answer said of the others still stands.
        final.accepted[item] |= earlier.accepted[item] - final.rejected[item]
        final.rejected[item] |= earlier.rejected[item] - final.accepted[item]
    if reason_names is not None:
        # "Tuesday works. Scratch that, I'm flying that morning. Thursday then.": the
        # reason takes back what the first answer accepted. So for a place it replaces
        # ("in person - actually make that zoom, I've got a cold"); without a reason
        # ("Office please. Actually Zoom would be nicer") the first is only replaced.
        final.rejected["time"] |= earlier.accepted["time"] - final.accepted["time"]
        if final.accepted["location"]:
            final.rejected["location"] |= earlier.accepted["location"] - final.accepted["location"]
    final.label_only = False
    return _finish(final, view, confidence=0.7)


def _clauses(sentence: str) -> list[tuple[str, bool]]:
    """The clauses of a sentence, each with whether it opens after a "but"."""
    sentence = _ANYTHING_BUT.sub(lambda m: f"{m[1]} except", sentence)
    parts: list[str] = []
    for part in _CONTRAST.split(sentence):
        if parts and part and not re.search(r"\w", part):
            parts[-1] += part  # "Could we use Zoom instead of Meet though?": the mark stays
        elif part and part.strip():
            parts.append(part)
    clauses: list[tuple[str, bool]] = []
    for n, part in enumerate(parts):
        # "Friday 6 March, 11:00": a comma before a clock time keeps the day with it.
        joined = join_qualifiers([c for c in _COMMA.split(part) if c.strip()])
        clauses += [(c, n > 0 and i == 0) for i, c in enumerate(joined)]
    return clauses


def _read(body: str, view: MeetingView) -> Reading:
    reading = Reading()
    today = view.message_date.astimezone(ZoneInfo(view.reader_tz)).date()
    day: str | None = None  # the day the last clause naming one named (rules_part_day)
    context = QuestionContext()  # "Are these times Eastern? I'm in Chicago.": one question
    for sentence in join_echoes(_SENTENCE.split(body), view):
        if not sentence.strip():
            continue
        mark = context.before(reading)
        sentence = drop_so_reason(drop_because(sentence, view), view)
        sentence = drop_courtesy(sentence, view)  # "Tuesday at 3pm, if that works for you?"
        sentence = drop_past_place(sentence, view)  # "I've been in Zoom calls all day"
        previous: tuple[bool, bool] | None = None  # (negative, had refs) of the clause before
        hedged = bool(HEDGE.search(IDIOMS.sub(" ok ", sentence)))
        reading.sentence_proposals = len(reading.proposals)
        if guess_is_unsafe(sentence, view):
            reading.problems.append("an ordinal that could be a time or a place")
        for clause, contrast in _clauses(sentence):
            clause, day = carry_day(clause, day, today)
            previous = read_clause(
                clause, sentence, view, reading, previous, hedged, contrast=contrast
            )
        context.after(reading, sentence, mark)
    context.fold(reading)
    return reading


def _finish(reading: Reading, view: MeetingView, *, confidence: float | None) -> Answer | Unclear:
    # "其他时间都不行" is settled once the whole reply is read (rules_rest_no), before the
    # reading's last checks weigh what it refused.
    settle_other_times(reading, view)
    return reading_finish(reading, view, confidence=confidence)
