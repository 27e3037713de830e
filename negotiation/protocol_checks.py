"""AIMP/0.1 vocabulary, size limits and field checks (pure: no Django, no project imports).

Every check raises `ProtocolError` naming the field, so a rejected mail can say what was
wrong. Spec: ../shared/PROTOCOL.md (the "protocol.json" section).
"""

from __future__ import annotations

import math
import re

PROTOCOL = "AIMP/0.1"
EXTENSION_KEY = "x-aimp-hub"

STATUS_NEGOTIATING = "negotiating"
STATUS_CONFIRMED = "confirmed"
STATUS_ESCALATED = "escalated"
STATUSES = frozenset({STATUS_NEGOTIATING, STATUS_CONFIRMED, STATUS_ESCALATED})

ACTION_PROPOSE = "propose"
ACTION_ACCEPT = "accept"
ACTION_COUNTER = "counter"
ACTION_CONFIRM = "confirm"
ACTION_ESCALATE = "escalate"
# The handshake (the ANEX seed): ask a hub for its card, and the two answers that end an
# exchange. Nobody answers a refuse or a not-understood, so two machines cannot loop on them.
ACTION_CARD = "card"
ACTION_REFUSE = "refuse"
ACTION_NOT_UNDERSTOOD = "not-understood"
ACTIONS = frozenset(
    {ACTION_PROPOSE, ACTION_ACCEPT, ACTION_COUNTER, ACTION_CONFIRM, ACTION_ESCALATE}
    | {ACTION_CARD, ACTION_REFUSE, ACTION_NOT_UNDERSTOOD}
)
FINAL_ACTIONS = frozenset({ACTION_REFUSE, ACTION_NOT_UNDERSTOOD})
# Versions with these actions put new options on the table: each one is a round.
ROUND_ACTIONS = frozenset({ACTION_PROPOSE, ACTION_COUNTER})

MAX_BYTES = 256_000
MAX_PARTICIPANTS = 100
MAX_ITEMS = 20
MAX_OPTIONS = 50
MAX_HISTORY = 500
MAX_TEXT = 1_000  # topic, option
MAX_SUMMARY = 4_000  # history summaries are free prose, often written by an LLM
MAX_NAME = 128  # session id, item name
MAX_EMAIL = 254  # RFC 5321 path limit
MAX_VERSION = 1_000_000
MAX_DEPTH = 32  # nesting of unknown/extension JSON

# Session ids go into subject tags "[AIMP:<id>]": no spaces, brackets or control chars.
SESSION_ID_RE = re.compile(r"[!-Z\\^-~]+")  # printable ASCII except '[' and ']'
EMAIL_RE = re.compile(r"[^@\s]+@[^@\s]+")
CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")
SUMMARY_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # may hold \t \n \r
NOTHING_RE = re.compile(r"(?!)")  # free JSON strings may hold anything but lone surrogates


class ProtocolError(ValueError):
    """The data is not a valid AIMP/0.1 session."""


def check_text(value: object, where: str, limit: int, control: re.Pattern[str]) -> str:
    """Return value if it is a string within limit, free of control and lone surrogates."""
    if not isinstance(value, str):
        raise ProtocolError(f"{where}: expected a string, got {type(value).__name__}")
    if len(value) > limit:
        raise ProtocolError(f"{where}: longer than {limit} characters")
    if control.search(value):
        raise ProtocolError(f"{where}: contains control characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(f"{where}: not valid Unicode (lone surrogate)") from None
    return value


def check_name(value: object, where: str) -> str:
    """Return value if it is a non-empty short name (session id, item name)."""
    check_text(value, where, MAX_NAME, CONTROL_RE)
    if not value:
        raise ProtocolError(f"{where}: must not be empty")
    return value  # type: ignore[return-value]


def check_email(value: object, where: str) -> str:
    """Return value if it looks like one email address."""
    check_text(value, where, MAX_EMAIL, CONTROL_RE)
    if not EMAIL_RE.fullmatch(value):  # type: ignore[arg-type]
        raise ProtocolError(f"{where}: not an email address: {value!r}")
    return value  # type: ignore[return-value]


def check_version(value: object, where: str) -> int:
    """Return value if it is an integer version in 0..MAX_VERSION."""
    # bool is an int in Python but never a version in JSON.
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{where}: expected an integer, got {type(value).__name__}")
    if not 0 <= value <= MAX_VERSION:
        raise ProtocolError(f"{where}: out of range 0..{MAX_VERSION}")
    return value


def check_choice(value: object, allowed: frozenset[str], where: str) -> str:
    """Return value if it is one of the allowed strings."""
    if not isinstance(value, str) or value not in allowed:
        raise ProtocolError(f"{where}: {value!r} is not one of {sorted(allowed)}")
    return value


def check_json_value(value: object, where: str, depth: int = 0) -> None:
    """Refuse anything that would not survive a JSON round trip unchanged, or nests too deep."""
    if depth > MAX_DEPTH:
        raise ProtocolError(f"{where}: nested deeper than {MAX_DEPTH}")
    if isinstance(value, str):
        check_text(value, where, MAX_BYTES, NOTHING_RE)
    elif isinstance(value, float) and not math.isfinite(value):
        # json.loads reads 1e400 as inf, which json.dumps would write as invalid JSON.
        raise ProtocolError(f"{where}: number out of range")
    elif isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):  # json.dumps would turn it into a string: no round trip
                raise ProtocolError(f"{where}: object keys must be strings")
            check_json_value(k, where, depth + 1)
            check_json_value(v, where, depth + 1)
    elif isinstance(value, list):
        for v in value:
            check_json_value(v, where, depth + 1)
    elif value is not None and not isinstance(value, bool | int | float):
        raise ProtocolError(f"{where}: {type(value).__name__} is not a JSON value")
