"""Who may act in a meeting, on what evidence. Pure: no Django import.

A From line is free to forge, and a reply token can be forwarded or leaked, so
neither is enough alone (except under the open policy, kept for hubs that accept
that). Evidence counts when both agree (the token the hub gave one participant,
and that participant's address in From) or when a trusted receiving server, or the
hub's own DKIM check, authenticated the From address.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

STRICT, STANDARD, OPEN = "strict", "standard", "open"


@dataclass(frozen=True)
class Evidence:
    """What one mail offers: its From, whose reply token it used, and the sender verdict."""

    sender: str
    token_owner: str | None  # the participant address the reply token was issued to
    authenticated: bool


@dataclass(frozen=True)
class Standing:
    """The outcome: the participant who acts, or why nobody does and whom to tell."""

    actor: str | None  # a participant's key
    refused: str = ""  # why the mail does not count (empty when someone acts)
    tell: str | None = None  # the key of the real participant to tell once


def _lower(address: str | None) -> str:
    return (address or "").strip().lower()


def who_acts(policy: str, evidence: Evidence, people: Mapping[str, str]) -> Standing:
    """Decide which participant (if any) a reply speaks for.

    `people` maps every address of a participant (their own, their agent's) to one key
    per participant; the Standing names the acting participant by that key.
    """
    sender, owner = _lower(evidence.sender), _lower(evidence.token_owner)
    by_address = {_lower(a): key for a, key in people.items()}
    writer, holder = by_address.get(sender), by_address.get(owner)
    if policy == OPEN:
        return Standing(writer if writer is not None else holder)
    if writer is not None and (writer == holder or evidence.authenticated):
        return Standing(writer)
    if holder is not None:
        # The reply came through this participant's invitation but from another, unproven
        # address (forwarded, an alias, or a forger): counted for nobody; the holder hears.
        return Standing(None, f"reply token of {owner} used by unverified {sender}", tell=holder)
    if writer is not None:
        # No token and no verdict: the real person hears, at their own address.
        return Standing(None, f"no reply token and {sender} not authenticated", tell=writer)
    return Standing(None, f"{sender} is not a participant")


def may_command(policy: str, evidence: Evidence, organiser: str) -> bool:
    """Tell whether an organiser's command (pick, cancel, drop, reschedule...) may run."""
    sender, owner, organiser = (
        _lower(evidence.sender),
        _lower(evidence.token_owner),
        _lower(organiser),
    )
    if policy == OPEN:
        return organiser in (sender, owner)
    # The token proves the mail answers the organiser's own thread; From or a verdict
    # proves who wrote it. Both, because a command changes everyone's calendar.
    return owner == organiser and sender == organiser


NO_CHECK, CHECK_NEW_ADDRESSES, CHECK_ALWAYS = "none", "new addresses", "always"


def request_check(policy: str, *, authenticated: bool) -> str:
    """Say when a member's new request waits for their "did you send this?" answer."""
    if authenticated or policy == OPEN:
        return NO_CHECK
    if policy == STRICT:
        return CHECK_ALWAYS
    # Standard: the hub never writes to an address that only a forgeable mail named.
    return CHECK_NEW_ADDRESSES
