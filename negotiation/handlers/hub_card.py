"""The hub card: a JSON block that tells people and AIMP agents how to use a hub.

Pure: no Django import. Shape fixed by PROTOCOL.md ("Hub card").
"""

import json

PROTOCOL_VERSION = "AIMP/0.1"
CAPABILITIES = (
    "schedule_meeting",
    "human_email",
    "aimp_protocol",
    "time_and_place_voting",
    "time_zones",
    "ical_invites",
    "status",
    "cancel",
    "help",
)
EXAMPLE_REQUEST = (
    "Meeting with Bob and carol@example.com about the Q1 review, 45 minutes, "
    "next Tuesday or Wednesday afternoon, Zoom or Office 3F"
)


def hub_card(*, name: str, email: str, member_count: int) -> dict:
    """Return the hub card of one hub."""
    return {
        "aimp_hub": {
            "name": name,
            "email": email,
            "protocol": PROTOCOL_VERSION,
            "capabilities": list(CAPABILITIES),
            # A count, not a list: a newcomer learns nobody's address from the card.
            "registered_members": member_count,
            "usage": {
                "schedule_meeting": {
                    "required_fields": ["topic", "participants", "availability"],
                    "optional_fields": ["duration", "location", "optional_participants"],
                    "example": EXAMPLE_REQUEST,
                }
            },
            "session_threading": {"pattern": "[AIMP:{session_id}]"},
        }
    }


def hub_card_json(*, name: str, email: str, member_count: int) -> str:
    """Return the hub card as indented JSON for an email body."""
    card = hub_card(name=name, email=email, member_count=member_count)
    return json.dumps(card, indent=2, ensure_ascii=False)
