"""The initiator's commands in a meeting's thread, by the meeting's status."""

from __future__ import annotations

import re
from datetime import datetime

from mailbridge.types import IncomingMail
from negotiation.handlers.command_words import Command
from negotiation.models import Meeting, Participant
from negotiation.services import meeting_cancel, meeting_drop, meeting_pick, meeting_wait
from negotiation.services.calendar_answers import counter_accept
from negotiation.services.readdress import participant_readdress
from negotiation.services.reminders import reminders_ask
from negotiation.services.rescheduling import meeting_reschedule

_PICK_ARG = re.compile(r"^([A-Z]?)(\d?)$")
S = Meeting.Status
# Which command works in which status; anything else is read as an ordinary reply.
ALLOWED = {
    "cancel": {S.NEGOTIATING, S.ESCALATED, S.CONFIRMED},
    "pick": {S.NEGOTIATING, S.ESCALATED},
    "wait": {S.NEGOTIATING},
    "drop": {S.NEGOTIATING, S.CONFIRMED},
    # In a negotiating meeting it explains that nothing is settled yet.
    "reschedule": {S.NEGOTIATING, S.ESCALATED, S.CONFIRMED},
    "use": {S.NEGOTIATING, S.ESCALATED, S.CONFIRMED},
    # The time someone proposed from their calendar (Outlook's "Propose new time").
    "accept": {S.CONFIRMED},
    "remind": {S.NEGOTIATING},
}


def split_pick(arg: str) -> tuple[str, str]:
    """'B2' as ('B', '2'); anything unreadable as labels no option has."""
    match = _PICK_ARG.match(arg)
    return (match.group(1), match.group(2)) if match else ("?", "?")


def initiator_command(
    meeting: Meeting, initiator: Participant, command: Command, mail: IncomingMail, now: datetime
) -> bool:
    """Run the initiator's command if the meeting's status allows it; False if it does not."""
    if meeting.status not in ALLOWED.get(command.name, ()):
        return False
    common = {
        "meeting": meeting,
        "now": now,
        "inbound_id": mail.inbound_id,
    }
    replying = {**common, "initiator": initiator, "message_id": mail.message_id}
    if command.name == "cancel":
        meeting_cancel(by=initiator, **common)
    elif command.name == "pick":
        time_label, place_label = split_pick(command.arg)
        meeting_pick(time_label=time_label, place_label=place_label, **replying)
    elif command.name == "wait":
        meeting_wait(**replying)
    elif command.name == "drop":
        meeting_drop(name=command.arg, **replying)
    elif command.name == "accept":
        counter_accept(**replying)
    elif command.name == "remind":
        reminders_ask(**replying)
    elif command.name == "use":
        address, _, name = command.arg.partition(" ")
        participant_readdress(address=address, name=name, **replying)
    else:
        meeting_reschedule(when=command.arg, **replying)
    return True
