"""The mails that answer an answer: the echo of a free-text reading, and the question."""

from __future__ import annotations

from collections.abc import Sequence

from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.delivery import mail_participant
from negotiation.notices.language import in_reader_language
from negotiation.rendering import option_text, options_context, reader_context, reader_tz, render

ITEMS = ("time", "location")


@in_reader_language("reader")
def echo_send(
    *,
    meeting: Meeting,
    reader: Participant,
    accepted: dict[str, list[str]],
    proposals: Sequence[MeetingOption],
    left_out: Sequence[str],
    options: dict[str, list[MeetingOption]],
    inbound_id: int | None,
    message_id: str | None,
) -> bool:
    """Say once how a free-text answer was read, and ask for an item it left out."""
    tz_name = reader_tz(reader, meeting)
    times = options["time"] if "time" in left_out else []
    places = options["location"] if "location" in left_out else []
    context = reader_context(
        meeting,
        reader,
        declined=reader.declined,
        accepted=[
            {"item": item, "label": option.label, "text": option_text(option, tz_name)}
            for item in ITEMS
            for option in options[item]
            if option.label in accepted.get(item, ())
        ],
        proposals=[{"label": o.label, "text": option_text(o, tz_name)} for o in proposals],
        # One question per case ("Which time suits you?"), never built from words.
        left_out="both" if len(set(left_out)) > 1 else (left_out[0] if left_out else ""),
        **options_context(meeting, reader, times, places),
    )
    return mail_participant(
        meeting=meeting,
        participant=reader,
        kind="echo",
        text=render("meetings/echo", context),
        dedupe_key=f"echo:{inbound_id}:{reader.id}",
        cause_id=inbound_id,
        in_reply_to=message_id,
    )


@in_reader_language("reader")
def clarification_send(
    *,
    meeting: Meeting,
    reader: Participant,
    options: dict[str, list[MeetingOption]],
    inbound_id: int | None,
    message_id: str | None,
    words: str = "",
) -> bool:
    """One short mail restating the options, quoting the words it could not read: never a guess."""
    context = reader_context(
        meeting,
        reader,
        words=" ".join(words.split())[:200],
        **options_context(meeting, reader, options["time"], options["location"]),
    )
    return mail_participant(
        meeting=meeting,
        participant=reader,
        kind="clarification",
        text=render("meetings/clarification", context),
        dedupe_key=f"clarify:{inbound_id}",
        cause_id=inbound_id,
        in_reply_to=message_id,
    )
