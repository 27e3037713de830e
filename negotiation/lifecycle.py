"""A meeting's life as a table: which transition may follow which status, and what it changes.

Pure: no Django. `Meeting`'s transition methods (negotiation/models/meetings.py) are the
only code that changes a meeting's status, version, round, deadline or calendar
sequence, and they ask this table first, so an invalid transition fails loudly instead
of leaving a meeting in a state nobody planned.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """A meeting's status (the values Meeting.Status stores)."""

    COLLECTING_INFO = "collecting_info"
    NEGOTIATING = "negotiating"
    ESCALATED = "escalated"
    CONFIRMED = "confirmed"
    CANCELLED = "cancelled"


class Transition(StrEnum):
    """Everything that can happen to a meeting's status."""

    OPEN = "open"  # the request is complete: invitations go out
    NEW_ROUND = "new_round"  # options were added: everyone is asked about them
    CONFIRM = "confirm"  # one time and one place for everyone
    ESCALATE = "escalate"  # the hub cannot decide: the initiator does
    CANCEL = "cancel"  # called off, before or after a confirmation
    RESCHEDULE = "reschedule"  # a settled meeting goes back to negotiating
    REVISE = "revise"  # a confirmed meeting changes without a new time (someone dropped)
    ANNOUNCE = "announce"  # a person's answer goes on the wire: agents see a new version


@dataclass(frozen=True)
class Effect:
    """What a transition does to a meeting besides its status."""

    source: frozenset[Status]
    target: Status
    # AIMP: every change other agents must see is a new version of the session.
    new_version: bool
    new_round: bool = False
    # A new response window starts (and the initiator may be told of it again).
    new_window: bool = False


_OPEN = frozenset({Status.COLLECTING_INFO, Status.NEGOTIATING, Status.ESCALATED})

EFFECTS: dict[Transition, Effect] = {
    # Version 1 is the invitation itself: opening does not change what agents saw.
    Transition.OPEN: Effect(
        frozenset({Status.COLLECTING_INFO}), Status.NEGOTIATING, new_version=False, new_window=True
    ),
    Transition.NEW_ROUND: Effect(
        frozenset({Status.NEGOTIATING}),
        Status.NEGOTIATING,
        new_version=True,
        new_round=True,
        new_window=True,
    ),
    Transition.CONFIRM: Effect(
        frozenset({Status.NEGOTIATING, Status.ESCALATED}), Status.CONFIRMED, new_version=True
    ),
    Transition.ESCALATE: Effect(
        frozenset({Status.NEGOTIATING}), Status.ESCALATED, new_version=True
    ),
    Transition.CANCEL: Effect(_OPEN | {Status.CONFIRMED}, Status.CANCELLED, new_version=True),
    Transition.REVISE: Effect(frozenset({Status.CONFIRMED}), Status.CONFIRMED, new_version=True),
    Transition.ANNOUNCE: Effect(
        frozenset({Status.NEGOTIATING}), Status.NEGOTIATING, new_version=True
    ),
    Transition.RESCHEDULE: Effect(
        frozenset({Status.CONFIRMED, Status.ESCALATED}),
        Status.NEGOTIATING,
        new_version=True,
        new_round=True,
        new_window=True,
    ),
}


class InvalidTransition(ValueError):
    """A transition asked of a meeting whose status does not allow it."""

    def __init__(self, transition: Transition, status: str) -> None:
        super().__init__(f"a meeting that is {status} cannot {transition}")
        self.transition = transition
        self.current = status


def allowed(status: str, transition: Transition) -> bool:
    """True when a meeting in `status` may go through `transition`."""
    return status in EFFECTS[transition].source


def effect_of(status: str, transition: Transition) -> Effect:
    """What `transition` does to a meeting in `status`; raise InvalidTransition if nothing may."""
    if not allowed(status, transition):
        raise InvalidTransition(transition, status)
    return EFFECTS[transition]
