"""Participants' answers: judgements of options, declines and counter-proposals."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime

from django.db import transaction

from mailbridge.row_update import row_update_later
from negotiation.models import Event, Meeting, MeetingOption, Participant
from negotiation.notices.answers import echo_send
from negotiation.services.events_log import event_write
from negotiation.services.options import OptionsAdded, options_add
from negotiation.services.outcomes import meeting_escalate
from negotiation.services.progress import meeting_progress
from negotiation.services.state import (
    LOCATION,
    TIME,
    MeetingState,
    meeting_locked,
    meeting_state,
)
from negotiation.services.votes import votes_write
from negotiation.services.wire_answers import answer_cast, stance_of
from negotiation.understanding.types import ITEMS, Answer


def _judge(
    options: Sequence[MeetingOption],
    mine: dict[int, bool],
    accepted: Collection[str],
    rejected: Collection[str],
) -> dict[MeetingOption, bool]:
    """Apply one answer about one item: the latest answer replaces the earlier one.

    Exception: when the answer names only options this person has not judged yet (a reply
    to "does the new time D suit you?"), it adds to their earlier answer instead.
    """
    unjudged = {o.label for o in options if o.id not in mine}
    mentioned = set(accepted) | set(rejected)
    judged_before = any(o.id in mine for o in options)
    if not accepted:
        targets = [o for o in options if o.label in rejected]
    elif judged_before and mentioned <= unjudged:
        targets = [o for o in options if o.label in unjudged]
    else:
        targets = list(options)
    return {option: option.label in accepted for option in targets}


def answers_record(
    *,
    meeting: Meeting,
    participant: Participant,
    answer: Answer,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
    echo: bool = True,
    state: MeetingState | None = None,
) -> None:
    """Record one participant's answer, tell them what was read if needed, move on.

    `state`, when given, was read in the caller's transaction after it locked `meeting`
    (select_for_update, as meeting_locked does): nothing is read again.
    """
    # Its own transaction when called alone; no savepoint inside the mail job's,
    # whose failure rolls everything back anyway.
    with transaction.atomic(savepoint=False):
        if state is None:
            meeting = meeting_locked(meeting.pk)
            state = meeting_state(meeting)
        # Read once and kept up to date in memory: every write below is mirrored in `state`.
        participant = _one_of(state, participant.pk)
        before = stance_of(state, participant)
        state, stated = _judgements_write(state, participant, answer, now, inbound_id)
        participant.declined = answer.declined or (participant.declined and not stated)
        outcome = OptionsAdded()
        if answer.proposals:
            outcome = options_add(
                meeting=meeting,
                proposer=participant,
                proposals=answer.proposals,
                now=now,
                inbound_id=inbound_id,
                state=state,
            )
            # New options, the proposer's votes, others no longer declined: read again,
            # keeping this participant's unsaved answer.
            fresh = meeting_state(meeting)
            state = replace(
                fresh,
                participants=[
                    participant if p.id == participant.id else p for p in fresh.participants
                ],
            ).recounted()
        added = outcome.added
        if not participant.declined and (stated or added):
            state = _implied_write(state, participant, stated, now, inbound_id)
        participant.last_answered_at = now
        # As save(update_fields=...) without its compile on every reply: Participant's
        # save() and its post_save receiver act only on a new row (issue 19).
        row_update_later(
            Participant,
            participant.pk,
            values={"declined": participant.declined, "last_answered_at": now},
        )
        state = state.recounted()
        event_write(
            meeting=meeting,
            kind=Event.Kind.ANSWERED,
            actor=participant.address,
            now=now,
            inbound_id=inbound_id,
            detail={
                "accepted": stated,
                "declined": participant.declined,
                "proposed": [str(o) for o in added],
                "source": answer.source,
                "labels": answer.plain_labels,  # the admin's tally: labels or words
            },
        )
        # An answer that settles the meeting is answered by the confirmation: an echo's
        # "Reply to correct." would arrive with it, when a reply changes nothing.
        settles = state.decisions[TIME].chosen and state.decisions[LOCATION].chosen
        if echo and not participant.has_agent and not settles:
            _echo(meeting, participant, answer, stated, added, inbound_id, message_id, state)
        progress = meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id, state=state)
        if outcome.limit_hit and progress != "confirmed":
            meeting_escalate(meeting=meeting, now=now, inbound_id=inbound_id, reason="round limit")
        elif progress == "waiting" and not added:
            answer_cast(
                meeting=meeting,
                participant=participant,
                before=before,
                state=state,
                now=now,
                inbound_id=inbound_id,
            )


def _judgements_write(
    state: MeetingState,
    participant: Participant,
    answer: Answer,
    now: datetime,
    inbound_id: int | None,
) -> tuple[MeetingState, dict[str, list[str]]]:
    """Write what the answer says of existing options; return the state and what it accepted."""
    mine = state.votes.get(participant.id, {})
    stated: dict[str, list[str]] = {}
    judged: dict[MeetingOption, bool] = {}
    for item in ITEMS:
        accepted = set(answer.accepted.get(item, frozenset()))
        rejected = set(answer.rejected.get(item, frozenset()))
        labels = {o.label for o in state.options[item]}
        accepted, rejected = accepted & labels, (rejected & labels) - accepted
        if accepted or rejected:
            judged.update(_judge(state.options[item], mine, accepted, rejected))
            stated[item] = sorted(accepted)
    if judged:
        state = state.with_votes(participant.id, votes_write(participant, judged, now, inbound_id))
    return state, stated


def _implied_write(
    state: MeetingState,
    participant: Participant,
    stated: dict[str, list[str]],
    now: datetime,
    inbound_id: int | None,
) -> MeetingState:
    """An item with a single option needs no answer of its own ("A" means A, Zoom)."""
    mine = state.votes.get(participant.id, {})
    implied: dict[MeetingOption, bool] = {}
    for item in ITEMS:
        options = state.options[item]
        if len(options) == 1 and item not in stated and options[0].id not in mine:
            implied[options[0]] = True
    if not implied:
        return state
    return state.with_votes(participant.id, votes_write(participant, implied, now, inbound_id))


def _one_of(state: MeetingState, participant_id: int) -> Participant:
    """The participant as just read with the state (a fresh row, like a new query)."""
    found = next((p for p in state.participants if p.id == participant_id), None)
    return found if found is not None else Participant.objects.get(pk=participant_id)


def _echo(
    meeting: Meeting,
    participant: Participant,
    answer: Answer,
    stated: dict[str, list[str]],
    added: list[MeetingOption],
    inbound_id: int | None,
    message_id: str | None,
    state: MeetingState,
) -> None:
    """Echo a free-text answer once; ask for an item the answer left out."""
    mine = state.votes.get(participant.id, {})
    left_out = [
        item
        for item in ITEMS
        if not participant.declined
        and state.options[item]
        and not any(o.id in mine for o in state.options[item])
    ]
    if answer.plain_labels and not left_out:
        return
    echo_send(
        meeting=meeting,
        reader=participant,
        accepted=stated,
        proposals=added,
        left_out=left_out,
        options=state.options,
        inbound_id=inbound_id,
        message_id=message_id,
    )
