"""AIMP/0.1 wire format and session rules (pure: no Django, no project imports).

A `Session` is an immutable value; every rule returns a new one. `from_json` is the only
door for mail-borne data and turns anything malformed into `ProtocolError`; a `Session`
built by hand goes through the same invariant checks (`__post_init__`), so no invalid
session exists in memory. Spec: ../shared/PROTOCOL.md (the "protocol.json" section).

The hub is never a participant: the reference implementation listed its own address as a
voter that never votes, so no session ever reached consensus. Callers build
`participants` from the meeting's people only.
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any
from zoneinfo import ZoneInfo

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
ACTIONS = frozenset(
    {ACTION_PROPOSE, ACTION_ACCEPT, ACTION_COUNTER, ACTION_CONFIRM, ACTION_ESCALATE}
)
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
_SESSION_ID_RE = re.compile(r"[!-Z\\^-~]+")  # printable ASCII except '[' and ']'
_EMAIL_RE = re.compile(r"[^@\s]+@[^@\s]+")
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")
_SUMMARY_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # may hold \t \n \r
_NOTHING_RE = re.compile(r"(?!)")  # free JSON strings may hold anything but lone surrogates


class ProtocolError(ValueError):
    """The data is not a valid AIMP/0.1 session."""


class VoteRejected(ValueError):
    """A vote or option change that the session rules do not allow."""


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


def _frozen_json(
    mapping: Mapping[str, Any], where: str, reserved: Iterable[str]
) -> Mapping[str, Any]:
    # Check before copying: deepcopy of a hostile, deeply nested value would overflow.
    value = dict(mapping)
    _check_json_value(value, where, 0)
    clash = set(value) & set(reserved)
    if clash:
        raise ProtocolError(f"{where}: holds a field the protocol defines: {sorted(clash)[0]}")
    return MappingProxyType(copy.deepcopy(value))


@dataclass(frozen=True)
class Item:
    """One item voted on independently (e.g. "time" or "location")."""

    options: tuple[str, ...]
    votes: Mapping[str, str | None]  # participant address -> chosen option or None
    unknown: Mapping[str, Any] = field(default_factory=dict)  # kept for a faithful round trip

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", tuple(self.options))
        object.__setattr__(self, "votes", _frozen(self.votes))
        object.__setattr__(self, "unknown", _frozen_json(self.unknown, "item", _ITEM_KEYS))
        _check_item(self)


@dataclass(frozen=True)
class HistoryEntry:
    """One past version: who sent it, with which action, and a human summary."""

    version: int
    from_: str
    action: str
    summary: str
    unknown: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "unknown", _frozen_json(self.unknown, "history", _HISTORY_KEYS))
        _check_version(self.version, "history.version")
        _check_email(self.from_, "history.from")
        _check_choice(self.action, ACTIONS, "history.action")
        _check_text(self.summary, "history.summary", MAX_SUMMARY, _SUMMARY_CONTROL_RE)


@dataclass(frozen=True)
class Session:
    """A whole protocol.json document as an immutable value."""

    session_id: str
    version: int
    from_: str
    action: str
    participants: tuple[str, ...]
    topic: str
    items: Mapping[str, Item]
    status: str
    history: tuple[HistoryEntry, ...] = ()
    extensions: Mapping[str, Any] = field(default_factory=dict)  # the "x-aimp-hub" object
    unknown: Mapping[str, Any] = field(default_factory=dict)  # other top-level fields

    def __post_init__(self) -> None:
        object.__setattr__(self, "participants", tuple(self.participants))
        object.__setattr__(self, "items", _frozen(self.items))
        object.__setattr__(self, "history", tuple(self.history))
        object.__setattr__(self, "extensions", _frozen_json(self.extensions, EXTENSION_KEY, ()))
        reserved = _TOP_KEYS | {EXTENSION_KEY}
        object.__setattr__(self, "unknown", _frozen_json(self.unknown, "unknown", reserved))
        _check_session(self)


# --- invariants ---------------------------------------------------------------------


def _check_text(value: object, where: str, limit: int, control: re.Pattern[str]) -> str:
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


def _check_name(value: object, where: str) -> str:
    _check_text(value, where, MAX_NAME, _CONTROL_RE)
    if not value:
        raise ProtocolError(f"{where}: must not be empty")
    return value  # type: ignore[return-value]


def _check_email(value: object, where: str) -> str:
    _check_text(value, where, MAX_EMAIL, _CONTROL_RE)
    if not _EMAIL_RE.fullmatch(value):  # type: ignore[arg-type]
        raise ProtocolError(f"{where}: not an email address: {value!r}")
    return value  # type: ignore[return-value]


def _check_version(value: object, where: str) -> int:
    # bool is an int in Python but never a version in JSON.
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{where}: expected an integer, got {type(value).__name__}")
    if not 0 <= value <= MAX_VERSION:
        raise ProtocolError(f"{where}: out of range 0..{MAX_VERSION}")
    return value


def _check_choice(value: object, allowed: frozenset[str], where: str) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ProtocolError(f"{where}: {value!r} is not one of {sorted(allowed)}")
    return value


def _check_item(item: Item) -> None:
    if len(item.options) > MAX_OPTIONS:
        raise ProtocolError(f"options: more than {MAX_OPTIONS}")
    for option in item.options:
        _check_text(option, "option", MAX_TEXT, _CONTROL_RE)
        if not option:
            raise ProtocolError("option: must not be empty")
    if len(set(item.options)) != len(item.options):
        raise ProtocolError("options: duplicate option")
    offered = set(item.options)
    for voter, choice in item.votes.items():
        _check_email(voter, "votes key")
        if choice is not None and not isinstance(choice, str):
            raise ProtocolError(f"votes: a vote is a string or null, got {type(choice).__name__}")
        if choice is not None and choice not in offered:
            raise ProtocolError(f"votes: {voter} voted for {choice!r}, which is not an option")


def _check_session(s: Session) -> None:
    _check_name(s.session_id, "session_id")
    if not _SESSION_ID_RE.fullmatch(s.session_id):
        raise ProtocolError("session_id: only printable ASCII without spaces or brackets")
    _check_version(s.version, "version")
    _check_email(s.from_, "from")
    _check_choice(s.action, ACTIONS, "action")
    _check_choice(s.status, STATUSES, "status")
    _check_text(s.topic, "topic", MAX_TEXT, _CONTROL_RE)
    if not 1 <= len(s.participants) <= MAX_PARTICIPANTS:
        raise ProtocolError(f"participants: need 1..{MAX_PARTICIPANTS} addresses")
    for p in s.participants:
        _check_email(p, "participants")
    known = {p.lower() for p in s.participants}
    if len(known) != len(s.participants):
        raise ProtocolError("participants: duplicate address")
    if len(s.items) > MAX_ITEMS:
        raise ProtocolError(f"proposals: more than {MAX_ITEMS} items")
    for name, item in s.items.items():
        _check_name(name, "proposals key")
        if not isinstance(item, Item):
            raise ProtocolError(f"proposals.{name}: not an Item")
        voters = [v.lower() for v in item.votes]
        if len(set(voters)) != len(voters):
            raise ProtocolError(f"proposals.{name}.votes: duplicate voter")
        strangers = set(voters) - known
        if strangers:
            raise ProtocolError(f"proposals.{name}.votes: non-participant {sorted(strangers)[0]}")
    if len(s.history) > MAX_HISTORY:
        raise ProtocolError(f"history: more than {MAX_HISTORY} entries")
    if any(not isinstance(h, HistoryEntry) for h in s.history):
        raise ProtocolError("history: entries must be HistoryEntry")


def _check_json_value(value: object, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ProtocolError(f"{where}: nested deeper than {MAX_DEPTH}")
    if isinstance(value, str):
        _check_text(value, where, MAX_BYTES, _NOTHING_RE)
    elif isinstance(value, float) and not math.isfinite(value):
        # json.loads reads 1e400 as inf, which json.dumps would write as invalid JSON.
        raise ProtocolError(f"{where}: number out of range")
    elif isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):  # json.dumps would turn it into a string: no round trip
                raise ProtocolError(f"{where}: object keys must be strings")
            _check_json_value(k, where, depth + 1)
            _check_json_value(v, where, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _check_json_value(v, where, depth + 1)
    elif value is not None and not isinstance(value, bool | int | float):
        raise ProtocolError(f"{where}: {type(value).__name__} is not a JSON value")


# --- JSON ---------------------------------------------------------------------------

_TOP_KEYS = frozenset(
    {"protocol", "session_id", "version", "from", "action", "participants", "topic"}
    | {"proposals", "status", "history"}
)
_ITEM_KEYS = frozenset({"options", "votes"})
_HISTORY_KEYS = frozenset({"version", "from", "action", "summary"})


def _reject_constant(name: str) -> None:
    raise ProtocolError(f"not JSON: {name} is not allowed")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # Two readers picking different copies of a duplicated key would see different votes.
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ProtocolError(f"not JSON we accept: duplicate key {key!r}")
        result[key] = value
    return result


def _load(text: str | bytes, max_bytes: int) -> dict[str, Any]:
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError("not valid Unicode") from None
    elif isinstance(text, bytes | bytearray):
        data = bytes(text)
    else:
        raise ProtocolError(f"expected str or bytes, got {type(text).__name__}")
    if len(data) > max_bytes:
        raise ProtocolError(f"too large: {len(data)} bytes > {max_bytes}")
    try:
        obj = json.loads(
            data.decode("utf-8-sig"),
            object_pairs_hook=_no_duplicate_keys,
            parse_constant=_reject_constant,
        )
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError, huge ints
        raise ProtocolError(f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("not a JSON object")
    return obj


def _get(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise ProtocolError(f"{where}{key}: missing")
    value = obj[key]
    if not isinstance(value, kind):
        raise ProtocolError(f"{where}{key}: wrong type {type(value).__name__}")
    return value


def _item_from(name: str, obj: object) -> Item:
    where = f"proposals.{name}."
    if not isinstance(obj, dict):
        raise ProtocolError(f"proposals.{name}: expected an object")
    options = _get(obj, "options", list, where)
    votes = _get(obj, "votes", dict, where)
    if len(options) > MAX_OPTIONS:  # before the per-option checks, to bound the work
        raise ProtocolError(f"{where}options: more than {MAX_OPTIONS}")
    extra = {k: v for k, v in obj.items() if k not in _ITEM_KEYS}
    return Item(options=tuple(options), votes=votes, unknown=extra)


def _history_from(obj: object) -> HistoryEntry:
    if not isinstance(obj, dict):
        raise ProtocolError("history: entries must be objects")
    return HistoryEntry(
        version=_get(obj, "version", int, "history."),
        from_=_get(obj, "from", str, "history."),
        action=_get(obj, "action", str, "history."),
        summary=_get(obj, "summary", str, "history."),
        unknown={k: v for k, v in obj.items() if k not in _HISTORY_KEYS},
    )


def _action_from_history(version: int, history: tuple[HistoryEntry, ...]) -> str:
    # The reference implementation writes no top-level "action"; it records the current
    # version's action as the last history entry. We read that, and always write "action".
    for entry in reversed(history):
        if entry.version == version:
            return entry.action
    raise ProtocolError("action: missing, and no history entry for the current version")


def from_json(text: str | bytes, *, max_bytes: int = MAX_BYTES) -> Session:
    """Parse and validate a protocol.json document; raise ProtocolError on any defect.

    Every field of the PROTOCOL.md example is required except "action", which the
    reference implementation omits (then taken from the history entry of this version).
    """
    obj = _load(text, max_bytes)
    if obj.get("protocol") != PROTOCOL:
        raise ProtocolError(f"protocol: expected {PROTOCOL!r}, got {obj.get('protocol')!r}")
    participants = _get(obj, "participants", list, "")
    if len(participants) > MAX_PARTICIPANTS:
        raise ProtocolError(f"participants: more than {MAX_PARTICIPANTS}")
    proposals = _get(obj, "proposals", dict, "")
    if len(proposals) > MAX_ITEMS:
        raise ProtocolError(f"proposals: more than {MAX_ITEMS} items")
    history = _get(obj, "history", list, "")
    if len(history) > MAX_HISTORY:
        raise ProtocolError(f"history: more than {MAX_HISTORY} entries")
    extensions = obj.get(EXTENSION_KEY, {})
    if not isinstance(extensions, dict):
        raise ProtocolError(f"{EXTENSION_KEY}: expected an object")
    version = _get(obj, "version", int, "")
    entries = tuple(_history_from(h) for h in history)
    if "action" in obj:
        action = _get(obj, "action", str, "")
    else:
        action = _action_from_history(version, entries)
    return Session(
        session_id=_get(obj, "session_id", str, ""),
        version=version,
        from_=_get(obj, "from", str, ""),
        action=action,
        participants=tuple(participants),
        topic=_get(obj, "topic", str, ""),
        items={name: _item_from(name, item) for name, item in proposals.items()},
        status=_get(obj, "status", str, ""),
        history=entries,
        extensions=extensions,
        unknown={k: v for k, v in obj.items() if k not in _TOP_KEYS and k != EXTENSION_KEY},
    )


def to_dict(session: Session) -> dict[str, Any]:
    """Return the protocol.json object for a session (plain dicts and lists)."""
    out: dict[str, Any] = {
        "protocol": PROTOCOL,
        "session_id": session.session_id,
        "version": session.version,
        "from": session.from_,
        "action": session.action,
        "participants": list(session.participants),
        "topic": session.topic,
        "proposals": {
            name: {"options": list(item.options), "votes": dict(item.votes)}
            | copy.deepcopy(dict(item.unknown))
            for name, item in session.items.items()
        },
        "status": session.status,
        "history": [
            {"version": h.version, "from": h.from_, "action": h.action, "summary": h.summary}
            | copy.deepcopy(dict(h.unknown))
            for h in session.history
        ],
    }
    # Fields of other implementations (e.g. the reference's "current_round") go back as
    # they came; our own extras live only under "x-aimp-hub". An empty one is omitted.
    out.update(copy.deepcopy(dict(session.unknown)))
    if session.extensions:
        out[EXTENSION_KEY] = copy.deepcopy(dict(session.extensions))
    return out


def to_json(session: Session) -> str:
    """Serialise a session to protocol.json text (UTF-8 safe, human-readable)."""
    return json.dumps(to_dict(session), ensure_ascii=False, indent=2)


# --- rules --------------------------------------------------------------------------


def new_session(
    *,
    session_id: str,
    from_: str,
    participants: Iterable[str],
    topic: str,
    options: Mapping[str, Iterable[str]],
    summary: str = "Initiated",
) -> Session:
    """Start a session at version 1 (action propose) with every vote empty."""
    people = tuple(participants)
    return Session(
        session_id=session_id,
        version=1,
        from_=from_,
        action=ACTION_PROPOSE,
        participants=people,
        topic=topic,
        items={
            name: Item(options=tuple(opts), votes=dict.fromkeys(people))
            for name, opts in options.items()
        },
        status=STATUS_NEGOTIATING,
        history=(HistoryEntry(1, from_, ACTION_PROPOSE, summary),),
    )


def find_participant(session: Session, address: str) -> str | None:
    """Return the participant spelling matching an address (case-insensitive), else None."""
    wanted = address.lower()
    return next((p for p in session.participants if p.lower() == wanted), None)


def _vote_key(item: Item, participant: str) -> str:
    # Reuse the key the document already has so a round trip keeps the sender's spelling.
    wanted = participant.lower()
    return next((v for v in item.votes if v.lower() == wanted), participant)


def apply_vote(session: Session, *, voter: str, item: str, option: str | None) -> Session:
    """Record (or with None, clear) one participant's vote on one item."""
    participant = find_participant(session, voter)
    if participant is None:
        raise VoteRejected(f"{voter} is not a participant of {session.session_id}")
    if item not in session.items:
        raise VoteRejected(f"no item {item!r} in {session.session_id}")
    current = session.items[item]
    if option is not None and option not in current.options:
        raise VoteRejected(f"{option!r} is not an option for {item!r}")
    votes = dict(current.votes)
    votes[_vote_key(current, participant)] = option
    new_item = replace(current, votes=votes)
    return replace(session, items={**session.items, item: new_item})


def add_option(session: Session, *, item: str, option: str, by: str) -> Session:
    """Offer one more option for an item (a new item starts with empty votes)."""
    if find_participant(session, by) is None:
        raise VoteRejected(f"{by} is not a participant of {session.session_id}")
    current = session.items.get(item)
    if current is None:
        current = Item(options=(), votes=dict.fromkeys(session.participants))
    if option in current.options:
        return session
    try:
        new_item = replace(current, options=(*current.options, option))
        return replace(session, items={**session.items, item: new_item})
    except ProtocolError as exc:
        raise VoteRejected(f"option {option!r} rejected: {exc}") from None


def item_consensus(item: Item, participants: Iterable[str]) -> str | None:
    """Return the option every participant voted for, else None.

    `participants` must not contain the hub's own address (the hub never votes); an
    empty participant list never has consensus. Votes of anyone else are ignored.
    """
    by_voter = {voter.lower(): choice for voter, choice in item.votes.items()}
    choices = {by_voter.get(p.lower()) for p in participants}
    if len(choices) != 1:
        return None
    (choice,) = choices
    return choice if choice in item.options else None


def resolution(session: Session) -> dict[str, str] | None:
    """Return {item: agreed option} when every item has consensus, else None."""
    if not session.items:
        return None
    agreed = {
        name: item_consensus(item, session.participants) for name, item in session.items.items()
    }
    if any(choice is None for choice in agreed.values()):
        return None
    return agreed  # type: ignore[return-value]


def is_resolved(session: Session) -> bool:
    """Tell whether every item has an option all participants voted for."""
    return resolution(session) is not None


def next_version(session: Session, *, from_: str, action: str, summary: str) -> Session:
    """Bump the version, record it in history; confirm/escalate also set the status.

    If the current version is missing from history (as in the PROTOCOL.md example), it is
    recorded first with an empty summary, so that no round is forgotten.
    """
    history = session.history
    if all(h.version != session.version for h in history):
        history = (*history, HistoryEntry(session.version, session.from_, session.action, ""))
    version = session.version + 1
    status = {ACTION_CONFIRM: STATUS_CONFIRMED, ACTION_ESCALATE: STATUS_ESCALATED}.get(
        action, session.status
    )
    entry = HistoryEntry(version=version, from_=from_, action=action, summary=summary)
    return replace(
        session,
        version=version,
        from_=from_,
        action=action,
        status=status,
        history=(*history, entry),
    )


def rounds(session: Session) -> int:
    """Count the rounds: distinct versions whose action was propose or counter.

    Versions are taken from history plus the current top-level (version, action), so a
    document whose history lags one version behind (as in the PROTOCOL.md example)
    counts the same as one that records every version.
    """
    actions = {h.version: h.action for h in session.history}
    actions[session.version] = session.action
    return sum(1 for action in actions.values() if action in ROUND_ACTIONS)


def round_limit_reached(session: Session, max_rounds: int) -> bool:
    """Tell whether no further propose/counter round may start (rounds >= max_rounds)."""
    return rounds(session) >= max_rounds


# --- time options -------------------------------------------------------------------


def parse_time_option(value: str, *, default_tz: str) -> datetime:
    """Read an ISO 8601 time option; a naive one (the reference's) is in default_tz."""
    try:
        parsed = datetime.fromisoformat(value.strip())
    except (ValueError, AttributeError):
        raise ProtocolError(f"not an ISO 8601 time: {value!r}") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=ZoneInfo(default_tz))
    return parsed


def format_time_option(dt: datetime) -> str:
    """Write an aware time as ISO 8601 with offset to the minute (2026-03-01T10:00+08:00)."""
    if dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError("format_time_option needs an aware datetime")
    return dt.isoformat(timespec="minutes")
