"""Whose mail it is: the checks every meeting thread applies before anything counts."""

from __future__ import annotations

from datetime import datetime

from hubs.models import Hub
from mailbridge.types import IncomingMail
from negotiation.models import Event, Meeting, Participant
from negotiation.notices.short import unverified_reply_send
from negotiation.sender_trust import Evidence, may_command, who_acts
from negotiation.services.events_log import mail_event_write


def evidence_of(mail: IncomingMail) -> Evidence:
    """What a mail offers as proof of who wrote it."""
    return Evidence(
        sender=mail.sender, token_owner=mail.thread_recipient, authenticated=mail.authenticated
    )


def _identities(people: list[Participant]) -> dict[str, str]:
    keys: dict[str, str] = {}
    for person in people:
        for address in (person.email, person.agent_email):
            if address:
                keys.setdefault(address, str(person.id))
    return keys


def acting_participant(
    hub: Hub, meeting: Meeting, mail: IncomingMail, people: list[Participant], now: datetime
) -> Participant | None:
    """Return the participant a reply speaks for; record (and explain once) when none."""
    standing = who_acts(hub.sender_policy, evidence_of(mail), _identities(people))
    if standing.actor is not None:
        return next(p for p in people if str(p.id) == standing.actor)
    if standing.tell is None:
        # Knowing the session tag is not enough to vote (the reference's mistake).
        mail_event_write(
            meeting=meeting, kind=Event.Kind.IGNORED_NON_PARTICIPANT, mail=mail, now=now
        )
        return None
    real = next(p for p in people if str(p.id) == standing.tell)
    sender_refused(meeting, real, mail, now, standing.refused)
    return None


def sender_refused(
    meeting: Meeting,
    real: Participant,
    mail: IncomingMail,
    now: datetime,
    reason: str,
    *,
    command: bool = False,
) -> None:
    """Record a mail that spoke for `real` without proof; tell them once, never the sender."""
    mail_event_write(
        meeting=meeting,
        kind=Event.Kind.SENDER_REFUSED,
        mail=mail,
        now=now,
        detail={"for": real.email, "reason": reason, "evidence": mail.auth_evidence},
    )
    if not real.has_agent:  # a machine would answer a notice with another mail
        unverified_reply_send(
            meeting=meeting,
            reader=real,
            sender=mail.sender,
            inbound_id=mail.inbound_id,
            command=command,
        )


def command_allowed(
    hub: Hub, meeting: Meeting, organiser: Participant, mail: IncomingMail, now: datetime
) -> bool:
    """Tell whether the organiser's command may run; record and explain once when not."""
    if may_command(hub.sender_policy, evidence_of(mail), organiser.email):
        return True
    sender_refused(
        meeting,
        organiser,
        mail,
        now,
        "organiser command outside the organiser's thread",
        command=True,
    )
    return False


def organiser_verified(hub: Hub, organiser_email: str, mail: IncomingMail) -> bool:
    """Tell whether mail in the organiser's own thread (a question, a request) is theirs."""
    standing = who_acts(hub.sender_policy, evidence_of(mail), {organiser_email: "organiser"})
    return standing.actor == "organiser"
