"""Reading a meeting's negotiation state: options, judgements, decisions, tallies."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime

from negotiation.consensus import Acceptance, Decision, OptionKey, decide
from negotiation.models import Meeting, MeetingOption, Participant, WebhookSubscription
from negotiation.protocol import format_time_option
from negotiation.services.state_read import (
    meeting_in_thread_read,
    options_and_votes,
    participants_present,
)
from negotiation.understanding.types import ITEMS, MeetingView, OptionView

TIME = MeetingOption.Item.TIME
LOCATION = MeetingOption.Item.LOCATION


def _locking():
    # Only the meeting's row is locked; its hub and initiator come in the same query.
    return Meeting.objects.select_for_update(of=("self",)).select_related("hub", "initiator")


def meeting_locked(pk: int) -> Meeting:
    """Lock the meeting row (only it) and read it with its hub and initiator in one query."""
    meeting = _locking().get(pk=pk)
    share_hub(meeting)
    return meeting


def meeting_in_thread(hub_id: int, session_id: str) -> Meeting | None:
    """Lock the hub's meeting of this session, if any, as meeting_locked does.

    Whether the hub has a webhook subscription comes with it: a hub without one then
    pays no query of its own for that in the mail job.
    """
    meeting = meeting_in_thread_read(hub_id, session_id)
    if meeting is None:
        return None
    share_hub(meeting)
    if not meeting.hub_hooks:
        WebhookSubscription.objects.active_none_known(meeting.hub_id)
    return meeting


def share_hub(meeting: Meeting) -> None:
    """Let the initiator (read with select_related) use the meeting's hub row."""
    # The initiator's time zone falls back to the hub's: no second query for the same row.
    if meeting.initiator.hub_id == meeting.hub_id:
        meeting.initiator.hub = meeting.hub


def meeting_participants(meeting: Meeting) -> list[Participant]:
    """Return the meeting's participants, the initiator first, then in the order added."""
    # Someone taken off a confirmed meeting is no longer part of it.
    return participants_present(meeting)


def unjudged_options(
    participant: Participant,
    options: dict[str, list[MeetingOption]],
    votes: dict[int, dict[int, bool]],
) -> list[MeetingOption]:
    """Options a participant has not said anything about yet."""
    mine = votes.get(participant.id, {})
    return [o for item in ITEMS for o in options[item] if o.id not in mine]


@dataclass(frozen=True)
class MeetingState:
    """Everything consensus needs, read once."""

    participants: list[Participant]
    options: dict[str, list[MeetingOption]]
    votes: dict[int, dict[int, bool]]

    @functools.cached_property
    def decisions(self) -> dict[str, Decision]:
        """Each item decided by negotiation.consensus.decide, on first use."""
        # A reply's job builds a state per write it mirrors (its votes, the implied
        # ones, a decline) and asks for the decisions once, at the end: deciding each
        # intermediate state cost a fifth of a wide meeting's job (issue 19).
        return _decided(self.participants, self.options, self.votes)

    def pending(self) -> list[Participant]:
        """Participants still to judge some option (declined ones excepted)."""
        return [
            p
            for p in self.participants
            if not p.declined and unjudged_options(p, self.options, self.votes)
        ]

    def silent_required(self) -> list[Participant]:
        """Required participants who have not answered at all."""
        return [
            p
            for p in self.participants
            if p.required and not p.declined and not self.votes.get(p.id)
        ]

    def accepted_by(self, option: MeetingOption) -> list[Participant]:
        return [p for p in self.participants if self.votes.get(p.id, {}).get(option.id) is True]

    def option(self, item: str, label: str) -> MeetingOption | None:
        return next((o for o in self.options[item] if o.label == label), None)

    def with_votes(self, participant_id: int, changes: dict[int, bool]) -> MeetingState:
        """The state after `changes` ({option id: accepted}) were written for one person."""
        votes = {pid: dict(mine) for pid, mine in self.votes.items()}
        votes.setdefault(participant_id, {}).update(changes)
        return state_build(self.participants, self.options, votes)

    def recounted(self) -> MeetingState:
        """The same state, decided anew when asked (a participant in `participants` changed)."""
        return state_build(self.participants, self.options, self.votes)


def meeting_state(meeting: Meeting) -> MeetingState:
    """Read the meeting and decide each item with negotiation.consensus.decide."""
    return state_build(meeting_participants(meeting), *options_and_votes(meeting.pk))


def state_build(
    participants: list[Participant],
    options: dict[str, list[MeetingOption]],
    votes: dict[int, dict[int, bool]],
) -> MeetingState:
    """The state of what was read (no query); its decisions are taken when first asked."""
    return MeetingState(participants, options, votes)


def _decided(
    participants: list[Participant],
    options: dict[str, list[MeetingOption]],
    votes: dict[int, dict[int, bool]],
) -> dict[str, Decision]:
    required = [str(p.id) for p in participants if p.required]
    optional = [str(p.id) for p in participants if not p.required]
    decisions = {}
    for item in ITEMS:
        keys = [
            OptionKey(id=o.label, order=(o.start.timestamp(),) if o.start else (position,))
            for position, o in enumerate(options[item])
        ]
        answers = {}
        for p in participants:
            mine = votes.get(p.id, {})
            judged = [o for o in options[item] if o.id in mine]
            accepted = frozenset(o.label for o in judged if mine[o.id])
            answers[str(p.id)] = Acceptance(
                accepted=accepted if judged else None, declined=p.declined
            )
        decisions[item] = decide(keys, answers, required=required, optional=optional)
    return decisions


def option_view(option: MeetingOption) -> OptionView:
    """Describe an option to the understanding engines."""
    if option.item == TIME:
        return OptionView(
            id=option.label,
            item="time",
            value=format_time_option(option.start),
            start=option.start,
            end=option.end,
        )
    return OptionView(id=option.label, item="location", value=option.place)


def meeting_view(
    meeting: Meeting,
    *,
    reader_tz: str,
    message_date: datetime,
    options: dict[str, list[MeetingOption]] | None = None,
) -> MeetingView:
    """Build the MeetingView a reply is read against (`options` when already read)."""
    options = options_and_votes(meeting.pk)[0] if options is None else options
    return MeetingView(
        topic=meeting.topic,
        options=tuple(option_view(o) for item in ITEMS for o in options[item]),
        reader_tz=reader_tz,
        message_date=message_date,
        duration_minutes=meeting.duration_minutes,
    )


def best_pick(state: MeetingState) -> tuple[str, str]:
    """The labels to suggest in 'pick B2': the most accepted time and place."""
    picks = []
    for item in (TIME, LOCATION):
        options = state.options[item]
        if not options:
            picks.append("")
            continue
        best = max(options, key=lambda o: (len(state.accepted_by(o)), -options.index(o)))
        picks.append(best.label)
    return picks[0], picks[1]


def participants_named(people: list[Participant], name: str) -> list[Participant]:
    """The participants `name` may mean: an address, a full name or a first name."""
    wanted = name.strip().lower()
    if not wanted:
        return []
    return [
        p
        for p in people
        if p.email == wanted
        or p.name.lower() == wanted
        or (p.name and p.name.lower().split()[0] == wanted)
    ]
