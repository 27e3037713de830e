"""A participant the organiser named by address alone gets the name they sign their mail with."""

from __future__ import annotations

from negotiation.models import Participant

MAX_NAME = 200


def participant_name_learn(*, participant: Participant, display_name: str | None) -> bool:
    """Keep the From line's display name of a participant who has none yet; True if kept."""
    # "Hello gina@guest.example" reads as a machine; "Hello Gina" as a person. Only a
    # blank name is filled: the organiser's or the hub's own name for someone wins, and a
    # later mail cannot rename anyone. The name is text, never an address or markup. (A
    # request that named someone by address alone stores the address as their name.)
    name = " ".join((display_name or "").split())[:MAX_NAME]
    named = participant.name and participant.name.lower() != participant.email.lower()
    if named or not name or "@" in name or "<" in name:
        return False
    participant.name = name
    participant.save(update_fields=["name"])
    return True
