"""AIMP/0.1 session rules, and the one import point for the protocol (pure: no Django).

Votes, options, consensus, versions, rounds and time options live here. The rest of the
protocol is split by what it holds and re-exported, so callers keep importing everything
from `negotiation.protocol`: vocabulary, limits and field checks in protocol_checks.py,
the immutable `Session` values in protocol_session.py, JSON in protocol_json.py. Spec:
../shared/PROTOCOL.md (the "protocol.json" section).

The hub is never a participant: the reference implementation listed its own address as a
voter that never votes, so no session ever reached consensus. Callers build
`participants` from the meeting's people only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

from negotiation.protocol_checks import (
    ACTION_ACCEPT,
    ACTION_CARD,
    ACTION_CONFIRM,
    ACTION_COUNTER,
    ACTION_ESCALATE,
    ACTION_NOT_UNDERSTOOD,
    ACTION_PROPOSE,
    ACTION_REFUSE,
    ACTIONS,
    EXTENSION_KEY,
    FINAL_ACTIONS,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_EMAIL,
    MAX_HISTORY,
    MAX_ITEMS,
    MAX_NAME,
    MAX_OPTIONS,
    MAX_PARTICIPANTS,
    MAX_SUMMARY,
    MAX_TEXT,
    MAX_VERSION,
    PROTOCOL,
    ROUND_ACTIONS,
    STATUS_CONFIRMED,
    STATUS_ESCALATED,
    STATUS_NEGOTIATING,
    STATUSES,
    ProtocolError,
)
from negotiation.protocol_json import from_json, to_dict, to_json
from negotiation.protocol_session import TOP_KEYS, HistoryEntry, Item, Session

__all__ = [
    "ACTIONS",
    "ACTION_ACCEPT",
    "ACTION_CARD",
    "ACTION_NOT_UNDERSTOOD",
    "ACTION_REFUSE",
    "FINAL_ACTIONS",
    "ACTION_CONFIRM",
    "ACTION_COUNTER",
    "ACTION_ESCALATE",
    "ACTION_PROPOSE",
    "EXTENSION_KEY",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_EMAIL",
    "MAX_HISTORY",
    "MAX_ITEMS",
    "MAX_NAME",
    "MAX_OPTIONS",
    "MAX_PARTICIPANTS",
    "MAX_SUMMARY",
    "MAX_TEXT",
    "MAX_VERSION",
    "PROTOCOL",
    "ROUND_ACTIONS",
    "STATUSES",
    "STATUS_CONFIRMED",
    "STATUS_ESCALATED",
    "STATUS_NEGOTIATING",
    "HistoryEntry",
    "Item",
    "ProtocolError",
    "Session",
    "VoteRejected",
    "add_option",
    "apply_vote",
    "find_participant",
    "format_time_option",
    "from_json",
    "is_resolved",
    "item_consensus",
    "new_session",
    "next_version",
    "parse_time_option",
    "resolution",
    "round_limit_reached",
    "rounds",
    "to_dict",
    "to_json",
]

# The name this set had before the split into sibling modules; tests still use it.
_TOP_KEYS = TOP_KEYS


class VoteRejected(ValueError):
    """A vote or option change that the session rules do not allow."""


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
