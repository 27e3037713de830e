"""A participant's question for the initiator, and the initiator's answer passed back."""

from __future__ import annotations

from django.utils.translation import gettext

from negotiation.models import Meeting, Participant
from negotiation.notices.delivery import mail_participant
from negotiation.notices.language import in_reader_language
from negotiation.notices.short import short_notice_send
from negotiation.rendering import reader_context, render
from negotiation.untrusted_text import links_cut

MAX_QUOTED = 500


def question_thread(meeting: Meeting, asker: Participant) -> str:
    """The side thread in which the initiator answers one participant's questions."""
    return f"{meeting.session_id}:q:{asker.id}"


def question_thread_parts(thread_key: str) -> tuple[str, int] | None:
    """(session id, asker's participant id) of a question thread, else None."""
    session, marker, asker = thread_key.partition(":q:")
    return (session, int(asker)) if marker and asker.isdigit() else None


def _quoted(text: str) -> str:
    return " ".join(text.split())[:MAX_QUOTED]


@in_reader_language("initiator")
def question_forward_send(
    *,
    meeting: Meeting,
    initiator: Participant,
    asker: Participant,
    question: str,
    cause_id: int | None,
    is_question: bool = True,
) -> bool:
    """Pass a participant's question (or note) to the initiator, in a thread of its own."""
    thread = question_thread(meeting, asker)
    context = reader_context(
        meeting,
        initiator,
        asker_name=asker.display_name,
        asker_short=asker.name.split()[0] if asker.name else asker.email,
        # The asker's words go to someone else: without links (negotiation.untrusted_text).
        question=_quoted(links_cut(question)),
        is_question=is_question,
    )
    return mail_participant(
        meeting=meeting,
        participant=initiator,
        kind="question",
        text=render("meetings/question", context),
        dedupe_key=f"question:{cause_id}",
        cause_id=cause_id,
        # Its own tag: a reply that lost its token still finds the question, not the meeting.
        subject=f"[AIMP:{thread}] "
        + gettext('%(name)s about "%(topic)s"')
        % {"name": asker.display_name, "topic": meeting.topic},
        thread=thread,
    )


@in_reader_language("asker")
def question_ack_send(
    *,
    meeting: Meeting,
    asker: Participant,
    initiator: Participant,
    inbound_id: int | None,
    message_id: str | None,
    is_question: bool = True,
) -> bool:
    """Tell the asker the question (or note) went to the initiator."""
    return short_notice_send(
        meeting=meeting,
        reader=asker,
        kind="question_ack",
        context={"initiator_name": initiator.display_name, "is_question": is_question},
        dedupe_key=f"question-ack:{inbound_id}",
        inbound_id=inbound_id,
        message_id=message_id,
    )


@in_reader_language("asker")
def question_answer_send(
    *,
    meeting: Meeting,
    asker: Participant,
    initiator: Participant,
    question: str,
    answer: str,
    cause_id: int | None,
) -> bool:
    """Pass the initiator's answer to the participant who asked, in the meeting's thread."""
    context = reader_context(
        meeting,
        asker,
        initiator_name=initiator.display_name,
        question=_quoted(question),
        answer=answer.strip()[:4000],
    )
    return mail_participant(
        meeting=meeting,
        participant=asker,
        kind="question_answer",
        text=render("meetings/question_answer", context),
        dedupe_key=f"question-answer:{cause_id}",
        cause_id=cause_id,
    )
