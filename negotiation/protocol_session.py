"""The AIMP/0.1 session as immutable values (pure: no Django, no project imports).

A `Session` built by hand goes through the same invariant checks (`__post_init__`) as one
read from mail, so no invalid session exists in memory. Reading and writing JSON is in
protocol_json.py; the session rules are in protocol.py.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from negotiation.protocol_checks import (
    ACTIONS,
    CONTROL_RE,
    EXTENSION_KEY,
    MAX_HISTORY,
    MAX_ITEMS,
    MAX_OPTIONS,
    MAX_PARTICIPANTS,
    MAX_SUMMARY,
    MAX_TEXT,
    SESSION_ID_RE,
    STATUSES,
    SUMMARY_CONTROL_RE,
    ProtocolError,
    check_choice,
    check_email,
    check_json_value,
    check_name,
    check_text,
    check_version,
)

# The fields protocol.json defines, per level; anything else is kept aside as "unknown".
TOP_KEYS = frozenset(
    {"protocol", "session_id", "version", "from", "action", "participants", "topic"}
    | {"proposals", "status", "history"}
)
ITEM_KEYS = frozenset({"options", "votes"})
HISTORY_KEYS = frozenset({"version", "from", "action", "summary"})


def _frozen(mapping: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping))


def _frozen_json(
    mapping: Mapping[str, Any], where: str, reserved: Iterable[str]
) -> Mapping[str, Any]:
    # Check before copying: deepcopy of a hostile, deeply nested value would overflow.
    value = dict(mapping)
    check_json_value(value, where, 0)
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
        object.__setattr__(self, "unknown", _frozen_json(self.unknown, "item", ITEM_KEYS))
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
        object.__setattr__(self, "unknown", _frozen_json(self.unknown, "history", HISTORY_KEYS))
        check_version(self.version, "history.version")
        check_email(self.from_, "history.from")
        check_choice(self.action, ACTIONS, "history.action")
        check_text(self.summary, "history.summary", MAX_SUMMARY, SUMMARY_CONTROL_RE)


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
        reserved = TOP_KEYS | {EXTENSION_KEY}
        object.__setattr__(self, "unknown", _frozen_json(self.unknown, "unknown", reserved))
        _check_session(self)


def _check_item(item: Item) -> None:
    if len(item.options) > MAX_OPTIONS:
        raise ProtocolError(f"options: more than {MAX_OPTIONS}")
    for option in item.options:
        check_text(option, "option", MAX_TEXT, CONTROL_RE)
        if not option:
            raise ProtocolError("option: must not be empty")
    if len(set(item.options)) != len(item.options):
        raise ProtocolError("options: duplicate option")
    offered = set(item.options)
    for voter, choice in item.votes.items():
        check_email(voter, "votes key")
        if choice is not None and not isinstance(choice, str):
            raise ProtocolError(f"votes: a vote is a string or null, got {type(choice).__name__}")
        if choice is not None and choice not in offered:
            raise ProtocolError(f"votes: {voter} voted for {choice!r}, which is not an option")


def _check_session(s: Session) -> None:
    check_name(s.session_id, "session_id")
    if not SESSION_ID_RE.fullmatch(s.session_id):
        raise ProtocolError("session_id: only printable ASCII without spaces or brackets")
    check_version(s.version, "version")
    check_email(s.from_, "from")
    check_choice(s.action, ACTIONS, "action")
    check_choice(s.status, STATUSES, "status")
    check_text(s.topic, "topic", MAX_TEXT, CONTROL_RE)
    if not 1 <= len(s.participants) <= MAX_PARTICIPANTS:
        raise ProtocolError(f"participants: need 1..{MAX_PARTICIPANTS} addresses")
    for p in s.participants:
        check_email(p, "participants")
    known = {p.lower() for p in s.participants}
    if len(known) != len(s.participants):
        raise ProtocolError("participants: duplicate address")
    if len(s.items) > MAX_ITEMS:
        raise ProtocolError(f"proposals: more than {MAX_ITEMS} items")
    for name, item in s.items.items():
        check_name(name, "proposals key")
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
