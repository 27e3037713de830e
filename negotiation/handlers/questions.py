"""Questions in a meeting's thread: passed to the initiator, and their answers passed back."""

from __future__ import annotations

import re
from datetime import datetime

from mailbridge.types import IncomingMail
from negotiation.handlers.command_words import parse_command
from negotiation.handlers.senders import organiser_verified
from negotiation.models import Event, Meeting, Participant
from negotiation.services.events_log import mail_event_write
from negotiation.services.questions import question_answer, question_forward
from negotiation.understanding.types import Answer, Unclear

# A reply that only says thanks tells the organiser nothing; anything longer may.
_ACKNOWLEDGEMENT = re.compile(
    r"^[\W_]*(?:(?:many\s+)?thanks?(?:\s+(?:you|a lot|all))?|thank\s+you(?:\s+all)?|ok(?:ay)?"
    r"|great|perfect|noted|got it|see you(?: there| then)?|cheers|looking forward(?: to it)?"
    r"|收到|谢谢|好的|好|明白)[\W_]*$",
    re.IGNORECASE,
)


def tells_the_initiator(text: str, participant: Participant) -> bool:
    """True when a note to a confirmed meeting says more than thanks ("I'll be late")."""
    words = " ".join(text.split())
    return (
        bool(words)
        and not _ACKNOWLEDGEMENT.match(words)
        # A command only the initiator may give is answered as such ("changes nothing").
        and parse_command(text) is None
        and not participant.is_initiator
        and not participant.has_agent
    )


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
        is_question=True,
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
    # The text goes on to someone else: the From must be the initiator's, with the token of
    # this thread or an authenticated sender.
    if asker is None or not organiser_verified(meeting.hub, initiator.email, mail):
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


def note_pass_on(
    meeting: Meeting,
    participant: Participant,
    initiator: Participant,
    mail: IncomingMail,
    now: datetime,
) -> None:
    """Forward a note to a confirmed meeting ("I'll be ten minutes late") to the initiator."""
    question_forward(
        meeting=meeting,
        asker=participant,
        initiator=initiator,
        question=mail.text,
        now=now,
        inbound_id=mail.inbound_id,
        message_id=mail.message_id,
        acknowledge=True,
        is_question=False,
    )
