"""Questions for the initiator ("Is there a dial-in?"): passed on once, and answered back."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from negotiation.models import Event, Meeting, Participant
from negotiation.notices.questions import (
    question_ack_send,
    question_answer_send,
    question_forward_send,
)
from negotiation.services.events_log import event_write


def question_forward(
    *,
    meeting: Meeting,
    asker: Participant,
    initiator: Participant,
    question: str,
    now: datetime,
    inbound_id: int | None = None,
    message_id: str | None = None,
    acknowledge: bool = True,
    is_question: bool = True,
) -> None:
    """Pass a participant's question (or note) to the initiator once; maybe tell the asker."""
    with transaction.atomic():
        event_write(
            meeting=meeting,
            kind=Event.Kind.QUESTION_FORWARDED,
            actor=asker.address,
            now=now,
            inbound_id=inbound_id,
            detail={"question": question[:500], "is_question": is_question},
        )
        question_forward_send(
            meeting=meeting,
            initiator=initiator,
            asker=asker,
            question=question,
            is_question=is_question,
            cause_id=inbound_id,
        )
        if acknowledge:
            question_ack_send(
                meeting=meeting,
                asker=asker,
                initiator=initiator,
                inbound_id=inbound_id,
                message_id=message_id,
                is_question=is_question,
            )


def question_answer(
    *,
    meeting: Meeting,
    asker: Participant,
    initiator: Participant,
    answer: str,
    now: datetime,
    inbound_id: int | None = None,
) -> bool:
    """Pass the initiator's answer back to the participant who asked; False if none asked."""
    asked = (
        Event.objects.filter(
            meeting=meeting, kind=Event.Kind.QUESTION_FORWARDED, actor=asker.address
        )
        .order_by("-created_at", "-id")
        .first()
    )
    if asked is None or not answer.strip():
        return False
    with transaction.atomic():
        event_write(
            meeting=meeting,
            kind=Event.Kind.QUESTION_ANSWERED,
            actor=initiator.address,
            now=now,
            inbound_id=inbound_id,
            detail={"to": asker.email, "answer": answer[:2000]},
        )
        question_answer_send(
            meeting=meeting,
            asker=asker,
            initiator=initiator,
            question=asked.detail.get("question", ""),
            answer=answer,
            cause_id=inbound_id,
        )
    return True
