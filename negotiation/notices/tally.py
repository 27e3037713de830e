"""The tally: where a meeting stands, as text for one reader."""

from __future__ import annotations

from negotiation.models import Meeting, Participant
from negotiation.rendering import names, option_text, reader_tz, render
from negotiation.services.state import LOCATION, TIME, MeetingState


def tally_text(meeting: Meeting, reader: Participant | None, state: MeetingState) -> str:
    """Every option with who accepts it, who declined and who is silent."""
    tz_name = reader_tz(reader, meeting)
    rows = [
        {
            "label": option.label,
            "text": option_text(option, tz_name),
            "yes": names(state.accepted_by(option)),
        }
        for item in (TIME, LOCATION)
        for option in state.options[item]
    ]
    declined = [p for p in state.participants if p.declined]
    return render(
        "meetings/_tally",
        {
            "tz": tz_name,
            "rows": rows,
            "declined": names(declined),
            "silent": names(state.silent_required()),
        },
    )
