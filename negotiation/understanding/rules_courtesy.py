"""A courtesy condition after a proposed time: "Tuesday at 3pm, if that works for you?".

A new time is a question to the others by its nature, so "if that works for you", "if
that's not too late for your review" or "if Alice can stay a bit later" add nothing to
it: the hub asks them anyway. Only a sentence that proposes an exact time and names no
option loses its condition; beside an option ("A works if that works for you") it still
asks the organiser something, and is asked back.
"""

from __future__ import annotations

import re

from negotiation.understanding.rules_refs import find_refs
from negotiation.understanding.types import MeetingView

# The others, or the organiser by name: whose yes the condition waits on.
_OTHERS = (
    r"(?:you(?:\s+all|\s+guys|\s+folks)?|y['’]all|everyone|everybody|the\s+others|others"
    r"|the\s+(?:rest|group|team)|(?-i:[A-Z][a-z]+))"
)
# At most a few plain words after it ("for you folks back east", "for your review").
_TAIL = r"(?:\s+[a-z'’]+){0,4}"
_COURTESY = re.compile(
    r"[,;]?\s*\bif\s+(?:"
    # "if that works for you", "if that's ok with everyone", "if it suits you all"
    r"(?:that|it|this)(?:['’]s|\s+is|\s+would\s+be|\s+'d\s+be)?\s+"
    r"(?:works?|suits?|ok(?:ay)?|fine|alright|good|convenient"
    r"|(?:not|n['’]t)\s+too\s+(?:late|early|short\s+notice))\s+(?:(?:for|with)\s+)?"
    rf"(?:{_OTHERS}|your){_TAIL}"
    # "if that isn't too late for your review"
    r"|(?:that|it|this)\s+(?:is|would)n['’]?t\s+(?:be\s+)?too\s+(?:late|early)(?:\s+for\s+"
    rf"(?:{_OTHERS}|your))?{_TAIL}"
    # "if you can make it", "if Alice can stay a bit later", "if everyone is free"
    rf"|{_OTHERS}\s+(?:can|could|(?:is|are|['’]re)\s+(?:free|around|available|ok(?:ay)?|fine))"
    rf"{_TAIL})"
    r"\s*(?=[.?!]*\s*$)",
    re.I,
)


def drop_courtesy(sentence: str, view: MeetingView) -> str:
    """The sentence without a courtesy condition that follows a proposed exact time."""
    m = _COURTESY.search(sentence)
    if not m:
        return sentence
    head = sentence[: m.start()]
    refs = find_refs(head, view)
    if refs.hits or refs.places or refs.problems or not refs.unmatched:
        return sentence
    if not all(spec.has_day and spec.has_time for spec in refs.unmatched):
        return sentence  # "Thursday, if that works for you": no exact time to ask about
    return head + sentence[m.end() :]
