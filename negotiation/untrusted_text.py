"""Words from a mail (or a model reading one) that the hub repeats to other people. Pure.

A place or a topic someone proposes is mailed to every participant as an option:
that makes it a way to put text in front of people the sender chose. What is
repeated stays a short name of a place or a subject: never a link, an address, a
phone number or payment instructions, which is what a fraudster would put there.
"""

from __future__ import annotations

import re

MAX_PLACE_CHARS = 80
MAX_TOPIC_CHARS = 120

# Whole runs, so that a topic can have them cut out; finding one is enough elsewhere.
_LINK = re.compile(
    r"(https?:)?//\S+|www\.\S+|\b[\w.-]+\.(com|net|org|io|ru|cn|xyz|top|info|biz)\b(/\S*)?",
    re.IGNORECASE,
)
_ADDRESS = re.compile(r"\S*@\S*|\bmailto:\S*", re.IGNORECASE)
_PHONE = re.compile(r"(\+?\d[\d ()./-]{6,}\d)")
_MONEY = re.compile(
    r"\b(pay|paying|payment|payments|paid|iban|swift|bic|bank|banking|wire|transfer|"
    r"bitcoin|btc|crypto|wallet|paypal|venmo|zelle|western union|gift ?cards?|"
    r"card number|credit card|invoice|deposit|fee|fees|account number|sort code|routing)\b"
    r"|[$€£¥₿]|付款|转账|汇款|银行|账户|账号|支付|比特币|发票|押金",
    re.IGNORECASE,
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def unsafe_reason(text: str) -> str:
    """Say why `text` must not be repeated to others, or '' when it may be."""
    if _CONTROL.search(text):
        return "control or direction characters"
    if _LINK.search(text):
        return "a link"
    if _ADDRESS.search(text):
        return "an address"
    if _PHONE.search(text):
        return "a phone or account number"
    if _MONEY.search(text):
        return "words about money"
    return ""


def links_cut(text: str) -> str:
    """`text` without its links: words quoted to someone else carry none to click."""
    return _LINK.sub(" ", text)


def topic_shown(text: str | None) -> str | None:
    """Return a topic fit to be every participant's subject line, or None for none.

    A topic is a title: links and addresses are cut out of it ("Budget review
    https://evil.example/x" is "Budget review"); what is still unsafe is no topic.
    """
    if not text:
        return None
    cut = _ADDRESS.sub(" ", links_cut(text))
    cut = " ".join(cut.split()).strip(" -:;,.()[]")
    return repeatable(cut, MAX_TOPIC_CHARS)


def repeatable(text: str | None, limit: int) -> str | None:
    """Return `text` tidied when it may be shown to others as a name, else None."""
    if not text:
        return None
    tidy = " ".join(text.split())
    if not tidy or len(tidy) > limit or unsafe_reason(tidy):
        return None
    return tidy
