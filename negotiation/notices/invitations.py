"""The mails that ask: the invitation, and the question about options added later."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.notices.delivery import mail_participant
from negotiation.notices.language import in_reader_language
from negotiation.rendering import alternatives, names, options_context, reader_context, render

# What the hub accepted for a member from their preferences: {item: [labels]}.
Accepted = dict[str, list[str]]


def auto_note(accepted: Accepted | None) -> str:
    """The line on top of a mail the hub answered from preferences ("" when it did not)."""
    if accepted is None:
        return ""
    context = {
        "time": alternatives(accepted.get("time") or []),
        "place": alternatives(accepted.get("location") or []),
    }
    return render("meetings/notices/auto_note", context).strip()


@in_reader_language("reader")
def invitation_send(
    *,
    meeting: Meeting,
    reader: Participant,
    people: Sequence[Participant],
    times: Sequence[MeetingOption],
    places: Sequence[MeetingOption],
    accepted: Accepted | None = None,
    cause_id: int | None = None,
    again_to: str = "",
) -> bool:
    """The first mail every human participant gets (the initiator included).

    `again_to` sends it once more, to a participant's new address.
    """
    initiator = next(p for p in people if p.is_initiator)
    others = [p for p in people if p.id != reader.id and not p.is_initiator]
    context = reader_context(
        meeting,
        reader,
        for_initiator=reader.is_initiator,
        initiator_name=initiator.display_name,
        others=names(others),
        duration=meeting.duration_minutes,
        first_time=times[0].label if times and places else "",
        first_place=places[0].place if times and places else "",
        auto_note=auto_note(accepted),
        **options_context(meeting, reader, times, places),
    )
    return mail_participant(
        meeting=meeting,
        participant=reader,
        kind="invitation",
        text=render("meetings/invitation", context),
        dedupe_key=f"invite:{reader.id}" + (f":{again_to}" if again_to else ""),
        cause_id=cause_id,
    )


@in_reader_language("reader")
def new_options_ask(
    *,
    meeting: Meeting,
    reader: Participant,
    proposer: Participant | None,
    options: Sequence[MeetingOption],
    accepted: Accepted | None = None,
    cause_id: int | None = None,
) -> bool:
    """Ask one person about options added after they answered (a new round)."""
    times = [o for o in options if o.item == MeetingOption.Item.TIME]
    places = [o for o in options if o.item == MeetingOption.Item.LOCATION]
    context = reader_context(
        meeting,
        reader,
        proposer_name=proposer.display_name if proposer else gettext("The hub"),
        auto_note=auto_note(accepted),
        **options_context(meeting, reader, times, places),
    )
    # The example answers the question about the new options only.
    context["example"] = options[0].label
    return mail_participant(
        meeting=meeting,
        participant=reader,
        kind="ask_new_options",
        text=render("meetings/ask_new_options", context),
        dedupe_key=f"ask:{reader.id}:" + ",".join(o.label for o in options),
        cause_id=cause_id,
    )
