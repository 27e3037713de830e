"""Participants' answers: judgements of options, declines and counter-proposals."""

from __future__ import annotations

import string
from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from django.db import transaction

from negotiation import protocol
from negotiation.models import Meeting, MeetingOption, Participant, Vote
from negotiation.rendering import example_answer, option_rows, reader_tz, reading_text, render
from negotiation.services.auto_votes import auto_answer, auto_members, auto_state
from negotiation.services.events_log import event_write
from negotiation.services.mail_out import mail_participant
from negotiation.services.protocol_out import protocol_send
from negotiation.services.state import (
    LOCATION,
    TIME,
    MeetingState,
    meeting_locked,
    meeting_state,
)
from negotiation.understanding.types import ITEMS, Answer, ProposedOption

MAX_TIME_OPTIONS = 26
MAX_PLACE_OPTIONS = 9


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
    Vote.objects.bulk_create(
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
        update_conflicts=True,
        unique_fields=["participant", "option"],
        update_fields=["hub", "accepted", "answered_at", "source_inbound_id"],
    )
    return {option.id: accepted for option, accepted in changes.items()}


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


def _next_label(item: str, taken: set[str]) -> str | None:
    alphabet = string.ascii_uppercase if item == TIME else [str(n) for n in range(1, 10)]
    return next((label for label in alphabet if label not in taken), None)


def options_add(
    *,
    meeting: Meeting,
    proposer: Participant | None,
    proposals: Sequence[ProposedOption],
    now: datetime,
    inbound_id: int | None = None,
    state: MeetingState | None = None,
) -> tuple[list[MeetingOption], bool]:
    """Add proposed options as a new round; return (new options, round limit reached).

    A proposal equal to an existing option is just an acceptance of it by the proposer.
    Nothing is added when the round limit is reached: the caller escalates.
    `state` is the meeting's state when the caller has just read it.
    """
    state = state or meeting_state(meeting)
    fresh: list[tuple[str, ProposedOption]] = []
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
            place = " ".join((proposal.place or "").split())[:300]
            if not place:
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
    if not fresh:
        return [], False
    if meeting.round >= meeting.hub.max_rounds:
        return [], True
    taken = {item: {o.label for o in state.options[item]} for item in (TIME, LOCATION)}
    added, full = [], []
    for item, proposal in fresh:
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
            round_added=meeting.round + 1,
        )
        if proposer is not None:
            votes_write(proposer, {option: True}, now, inbound_id)
        added.append(option)
    if full:
        # Labels run out (A-Z, 1-9): what could not be added is recorded, never dropped unseen.
        event_write(
            meeting=meeting, kind="options_full", now=now, inbound_id=inbound_id,
            actor=proposer.address if proposer else "hub",
            detail={"dropped": [str(p.start or p.place) for p in full]},
        )  # fmt: skip
    if not added:
        return [], False
    meeting.round += 1
    meeting.version += 1
    meeting.deadline = now + timedelta(hours=meeting.hub.response_window_hours)
    meeting.window_notice_sent = False
    meeting.save()
    # Someone who declined every earlier time is asked again about the new ones.
    Participant.objects.filter(meeting=meeting, required=True, declined=True).exclude(
        pk=proposer.pk if proposer else None
    ).update(declined=False)
    event_write(
        meeting=meeting, kind="options_added", now=now, inbound_id=inbound_id,
        actor=proposer.address if proposer else "hub",
        detail={"options": [str(o) for o in added], "round": meeting.round},
    )  # fmt: skip
    _ask_about(meeting, added, proposer, now, inbound_id)
    return added, False


def _ask_about(
    meeting: Meeting,
    added: list[MeetingOption],
    proposer: Participant | None,
    now: datetime,
    inbound_id: int | None,
) -> None:
    """One short mail to each person who has not judged the new options yet.

    A member with auto_accept whose preferences decide the new options is answered for,
    and the mail says so.
    """
    state = auto_state(meeting)
    auto = auto_members(meeting, state.participants)
    answered = False
    proposer_name = proposer.display_name if proposer else "The hub"
    for person in state.participants:
        if person.declined or person.has_agent or (proposer and person.id == proposer.id):
            continue
        mine = state.votes.get(person.id, {})
        new = [o for o in added if o.id not in mine]
        if not new:
            continue
        note = ""
        if person.id in auto:
            state, note = auto_answer(
                meeting=meeting, participant=person, member=auto[person.id], options=new,
                state=state, now=now, inbound_id=inbound_id,
            )  # fmt: skip
            answered = answered or bool(note)
        tz_name = reader_tz(person, meeting)
        times = [o for o in new if o.item == TIME]
        places = [o for o in new if o.item == LOCATION]
        mail_participant(
            meeting=meeting,
            participant=person,
            kind="ask-new-options",
            text=render(
                "ask_new_options",
                {
                    "reader_name": person.display_name,
                    "proposer_name": proposer_name,
                    "topic": meeting.topic,
                    "hub_name": meeting.hub.name,
                    "zone_note": f"shown in {tz_name}",
                    "times": option_rows(times, tz_name),
                    "places": option_rows(places, tz_name),
                    "example": new[0].label,
                    "auto_note": note,
                },
            ),
            dedupe_key=f"ask:{person.id}:" + ",".join(o.label for o in new),
            cause_id=inbound_id,
        )
    protocol_send(
        meeting=meeting, action=protocol.ACTION_COUNTER, now=now, cause_id=inbound_id,
        summary=f"{proposer_name} added " + ", ".join(o.label for o in added),
    )  # fmt: skip
    if answered and proposer is None:
        # A person's new options are followed by answers_record's own progress check;
        # a round the hub started (meeting_progress) is not looked at again: look here.
        from negotiation.services.progress import meeting_progress

        meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id)


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
    from negotiation.services.progress import meeting_escalate, meeting_progress

    # Its own transaction when called alone; no savepoint inside the mail job's,
    # whose failure rolls everything back anyway.
    with transaction.atomic(savepoint=False):
        if state is None:
            meeting = meeting_locked(meeting.pk)
            state = meeting_state(meeting)
        # Read once and kept up to date in memory: every write below is mirrored in `state`.
        participant = _one_of(state, participant.pk)
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
            state = state.with_votes(
                participant.id, votes_write(participant, judged, now, inbound_id)
            )
        participant.declined = answer.declined or (participant.declined and not stated)
        added, limit_hit = options_add(
            meeting=meeting, proposer=participant, proposals=answer.proposals, now=now,
            inbound_id=inbound_id, state=state,
        ) if answer.proposals else ([], False)  # fmt: skip
        if answer.proposals:
            meeting.refresh_from_db()
            # New options, new votes, others no longer declined: read again, keeping
            # this participant's unsaved answer.
            fresh = meeting_state(meeting)
            state = replace(
                fresh,
                participants=[
                    participant if p.id == participant.id else p for p in fresh.participants
                ],
            ).recounted()
        if not participant.declined and (stated or added):
            # An item with a single option needs no answer of its own ("A" means A, Zoom).
            mine = state.votes.get(participant.id, {})
            implied: dict[MeetingOption, bool] = {}
            for item in ITEMS:
                options = state.options[item]
                if len(options) == 1 and item not in stated and options[0].id not in mine:
                    implied[options[0]] = True
            if implied:
                state = state.with_votes(
                    participant.id, votes_write(participant, implied, now, inbound_id)
                )
        participant.last_answered_at = now
        participant.save(update_fields=["declined", "last_answered_at"])
        state = state.recounted()
        event_write(
            meeting=meeting, kind="answered", actor=participant.address, now=now,
            inbound_id=inbound_id,
            detail={"accepted": stated, "declined": participant.declined,
                    "proposed": [str(o) for o in added], "source": answer.source},
        )  # fmt: skip
        # An answer that settles the meeting is answered by the confirmation: an echo's
        # "Reply to correct." would arrive with it, when a reply changes nothing.
        settles = state.decisions[TIME].chosen and state.decisions[LOCATION].chosen
        if echo and not participant.has_agent and not settles:
            _echo(meeting, participant, answer, stated, added, inbound_id, message_id, state)
        outcome = meeting_progress(meeting=meeting, now=now, inbound_id=inbound_id, state=state)
        if limit_hit and outcome != "confirmed":
            meeting_escalate(meeting=meeting, now=now, inbound_id=inbound_id, reason="round limit")


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
    tz_name = reader_tz(participant, meeting)
    times = state.options[TIME] if TIME in left_out else []
    places = state.options[LOCATION] if LOCATION in left_out else []
    reading = reading_text(meeting, participant, stated, participant.declined, added)
    if left_out:
        reading += (
            ". Which "
            + " and which ".join("time" if item == TIME else "place" for item in left_out)
            + " suit you?"
        )
    mail_participant(
        meeting=meeting,
        participant=participant,
        kind="echo",
        text=render(
            "echo",
            {
                "reader_name": participant.display_name,
                "reading": reading,
                "hub_name": meeting.hub.name,
                "zone_note": f"shown in {tz_name}",
                "times": option_rows(times, tz_name),
                "places": option_rows(places, tz_name),
                "example": example_answer(times, places),
            },
        ),
        dedupe_key=f"echo:{inbound_id}:{participant.id}",
        cause_id=inbound_id,
        in_reply_to=message_id,
    )
