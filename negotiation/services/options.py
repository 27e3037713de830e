"""Options added after the invitations: counter-proposals and the hub's new rounds."""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from negotiation import protocol
from negotiation.models import Event, Meeting, MeetingOption, Participant
from negotiation.notices.invitations import new_options_ask
from negotiation.services.auto_votes import auto_answers_record, auto_state
from negotiation.services.events_log import HUB_ACTOR, event_write
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import LOCATION, TIME, MeetingState, meeting_state
from negotiation.services.votes import votes_write
from negotiation.understanding.types import ProposedOption
from negotiation.untrusted_text import MAX_PLACE_CHARS, repeatable

MAX_TIME_OPTIONS = 26
MAX_PLACE_OPTIONS = 9


@dataclass(frozen=True)
class OptionsAdded:
    """What options_add changed; its caller decides what follows."""

    added: list[MeetingOption] = field(default_factory=list)
    # The round limit is reached: nothing was added, the caller escalates.
    limit_hit: bool = False
    # Someone's preferences answered about the new options: the tally may have moved.
    answered_for: bool = False


def _next_label(item: str, taken: set[str]) -> str | None:
    alphabet = string.ascii_uppercase if item == TIME else [str(n) for n in range(1, 10)]
    return next((label for label in alphabet if label not in taken), None)


def options_create(
    *,
    meeting: Meeting,
    proposer: Participant | None,
    proposals: Sequence[tuple[str, ProposedOption]],
    round_added: int,
    now: datetime,
    inbound_id: int | None = None,
) -> list[MeetingOption]:
    """Store each (item, proposal) under the next free label; the proposer accepts it.

    A label is never given twice in a meeting, withdrawn options' included: a late
    reply naming an old label must not land on a new option. What finds no label is
    recorded, never dropped unseen.
    """
    taken: dict[str, set[str]] = {TIME: set(), LOCATION: set()}
    for item, label in MeetingOption.objects.filter(meeting=meeting).values_list("item", "label"):
        taken[item].add(label)
    added, full = [], []
    for item, proposal in proposals:
        limit = MAX_TIME_OPTIONS if item == TIME else MAX_PLACE_OPTIONS
        label = _next_label(item, taken[item])
        if label is None or len(taken[item]) >= limit:
            full.append(proposal)
            continue
        taken[item].add(label)
        option = MeetingOption.objects.create(
            hub_id=meeting.hub_id,
            meeting=meeting,
            item=item,
            label=label,
            start=proposal.start,
            end=proposal.end,
            place=proposal.place or "",
            proposed_by=proposer,
            round_added=round_added,
        )
        if proposer is not None:
            votes_write(proposer, {option: True}, now, inbound_id)
        added.append(option)
    if full:
        # Labels run out (A-Z, 1-9).
        event_write(
            meeting=meeting,
            kind=Event.Kind.OPTIONS_FULL,
            now=now,
            inbound_id=inbound_id,
            actor=proposer.address if proposer else HUB_ACTOR,
            detail={"dropped": [str(p.start or p.place) for p in full]},
        )
    return added


def _fresh(
    meeting: Meeting,
    proposer: Participant | None,
    proposals: Sequence[ProposedOption],
    state: MeetingState,
    now: datetime,
    inbound_id: int | None,
) -> list[tuple[str, ProposedOption]]:
    """The proposals that are new; one equal to an option is the proposer's acceptance of it.

    A place whose words must not be mailed to everyone (a link, an address, payment
    words, too long) is left out and recorded.
    """
    fresh: list[tuple[str, ProposedOption]] = []
    refused: list[str] = []
    for proposal in proposals:
        item = TIME if proposal.item == "time" else LOCATION
        if item == TIME:
            if proposal.start is None or proposal.start <= now:
                continue
            end = proposal.end or proposal.start + timedelta(minutes=meeting.duration_minutes)
            if end <= proposal.start:
                continue
            same = next((o for o in state.options[TIME] if o.start == proposal.start), None)
            proposal = ProposedOption(item="time", start=proposal.start, end=end)
        else:
            place = repeatable(proposal.place, MAX_PLACE_CHARS)
            if not place:
                if (proposal.place or "").strip():
                    refused.append(proposal.place or "")
                continue
            same = next(
                (o for o in state.options[LOCATION] if o.place.lower() == place.lower()), None
            )
            proposal = ProposedOption(item="location", place=place)
        if same is not None:
            if proposer is not None:
                votes_write(proposer, {same: True}, now, inbound_id)
        elif all(p != proposal for _, p in fresh):
            fresh.append((item, proposal))
    if refused:
        event_write(
            meeting=meeting,
            kind=Event.Kind.PROPOSAL_REFUSED,
            now=now,
            inbound_id=inbound_id,
            actor=proposer.address if proposer else HUB_ACTOR,
            detail={"places": [p[:300] for p in refused]},
        )
    return fresh


def options_add(
    *,
    meeting: Meeting,
    proposer: Participant | None,
    proposals: Sequence[ProposedOption],
    now: datetime,
    inbound_id: int | None = None,
    state: MeetingState | None = None,
) -> OptionsAdded:
    """Add proposed options as a new round and ask everyone who has not judged them.

    Nothing is added when the round limit is reached (`limit_hit`: the caller escalates).
    `state` is the meeting's state when the caller has just read it.
    """
    state = state or meeting_state(meeting)
    actor = proposer.address if proposer else HUB_ACTOR
    fresh = _fresh(meeting, proposer, proposals, state, now, inbound_id)
    if not fresh:
        return OptionsAdded()
    if meeting.round >= meeting.hub.max_rounds:
        return OptionsAdded(limit_hit=True)
    added = options_create(
        meeting=meeting,
        proposer=proposer,
        proposals=fresh,
        round_added=meeting.round + 1,
        now=now,
        inbound_id=inbound_id,
    )
    if not added:
        return OptionsAdded()
    meeting.new_round(deadline=now + timedelta(hours=meeting.hub.response_window_hours))
    # Someone who declined every earlier time is asked again about the new ones.
    Participant.objects.filter(meeting=meeting, required=True, declined=True).exclude(
        pk=proposer.pk if proposer else None
    ).update(declined=False)
    event_write(
        meeting=meeting,
        kind=Event.Kind.OPTIONS_ADDED,
        now=now,
        inbound_id=inbound_id,
        actor=actor,
        detail={"options": [str(o) for o in added], "round": meeting.round},
    )
    answered_for = _ask_about(meeting, added, proposer, now, inbound_id)
    return OptionsAdded(added=added, answered_for=answered_for)


def _ask_about(
    meeting: Meeting,
    added: list[MeetingOption],
    proposer: Participant | None,
    now: datetime,
    inbound_id: int | None,
) -> bool:
    """One short mail to each person who has not judged the new options yet.

    A member with auto_accept whose preferences decide the new options is answered for,
    and the mail says so. Return whether anyone was.
    """
    state = auto_state(meeting)
    asked = {}
    for person in state.participants:
        if person.declined or person.has_agent or (proposer and person.id == proposer.id):
            continue
        mine = state.votes.get(person.id, {})
        new = [o for o in added if o.id not in mine]
        if new:
            asked[person.id] = new
    state, accepted = auto_answers_record(
        meeting=meeting, state=state, asked=asked, now=now, inbound_id=inbound_id
    )
    for person in state.participants:
        if person.id in asked:
            new_options_ask(
                meeting=meeting,
                reader=person,
                proposer=proposer,
                options=asked[person.id],
                accepted=accepted.get(person.id),
                cause_id=inbound_id,
            )
    proposer_name = proposer.display_name if proposer else "The hub"
    protocol_send(
        meeting=meeting,
        action=protocol.ACTION_COUNTER,
        now=now,
        cause_id=inbound_id,
        summary=f"{proposer_name} added " + ", ".join(o.label for o in added),
    )
    return bool(accepted)
