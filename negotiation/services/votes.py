"""Writing judgements: one person's votes on options, in one statement."""

from __future__ import annotations

from datetime import datetime

from mailbridge.row_insert import rows_upsert
from negotiation.models import MeetingOption, Participant, Vote


def votes_write(
    participant: Participant,
    changes: dict[MeetingOption, bool],
    now: datetime,
    inbound_id: int | None,
) -> dict[int, bool]:
    """Write one person's judgements in one statement; return them as {option id: accepted}."""
    if not changes:
        return {}
    # One INSERT ... ON CONFLICT (participant, option) DO UPDATE (SQLite and PostgreSQL):
    # the latest judgement replaces the earlier one, as update_or_create did row by row.
    # The statement bulk_create(update_conflicts=True) writes, compiled once per process
    # and number of rows (mailbridge.row_insert, issue 19).
    rows_upsert(
        [
            Vote(
                hub_id=participant.hub_id,
                participant=participant,
                option=option,
                accepted=accepted,
                answered_at=now,
                source_inbound_id=inbound_id,
            )
            for option, accepted in changes.items()
        ],
        unique=("participant", "option"),
        update=("hub", "accepted", "answered_at", "source_inbound_id"),
    )
    return {option.id: accepted for option, accepted in changes.items()}
