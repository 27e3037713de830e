"""Questions in a meeting's thread: passed to the initiator, and their answers passed back."""

from __future__ import annotations

from datetime import datetime

from mailbridge.types import IncomingMail
from negotiation.models import Event, Meeting, Participant
from negotiation.services.events_log import mail_event_write
from negotiation.services.questions import question_answer, question_forward
from negotiation.understanding.types import Answer, Unclear


def asks_the_initiator(reading: Answer | Unclear, participant: Participant) -> bool:
    """True when a participant's reply asks something only the initiator can answer."""
    return (
        isinstance(reading, Answer)
        and bool(reading.question)
        and not participant.is_initiator
        and not participant.has_agent
    )


def question_pass_on(
    meeting: Meeting,
    participant: Participant,
    initiator: Participant,
    reading: Answer,
    mail: IncomingMail,
    now: datetime,
    *,
    acknowledge: bool,
) -> None:
    """Forward the question; the asker is told unless another mail answers them anyway."""
    question_forward(
        meeting=meeting,
        asker=participant,
        initiator=initiator,
        question=reading.question or "",
        now=now,
        inbound_id=mail.inbound_id,
        message_id=mail.message_id,
        acknowledge=acknowledge,
    )


def initiator_answers(
    meeting: Meeting, people: list[Participant], asker_id: int, mail: IncomingMail, now: datetime
) -> None:
    """The initiator's reply in a question's thread goes to the participant who asked."""
    initiator = next(p for p in people if p.is_initiator)
    asker = next((p for p in people if p.id == asker_id), None)
    # The text goes on to someone else: the From must be the initiator's, whatever the token.
    if asker is None or mail.sender != initiator.email:
        mail_event_write(
            meeting=meeting, kind=Event.Kind.IGNORED_NON_PARTICIPANT, mail=mail, now=now
        )
        return
    question_answer(
        meeting=meeting,
        asker=asker,
        initiator=initiator,
        answer=mail.text,
        now=now,
        inbound_id=mail.inbound_id,
    )
