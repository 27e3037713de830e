"""Who is who on the AIMP wire, and what the session's history holds.

The hub is the agent of the people it represents. Agents answer by mailing every address
in `participants` except their own and ignore From and Reply-To (the reference's agents
do), so each person the hub represents is written under an address of the hub's: a
plus-address token of the session's thread issued to "wire:<their address>". Their
personal address never reaches an agent, so no protocol mail lands in a person's inbox.
The token is not their reply token: it names no person a From line could match, so an
agent that knows it gains no right to act as them.
"""

from __future__ import annotations

from collections.abc import Iterable

from mailbridge.addresses import plus_address
from mailbridge.outbox import reply_token_for
from negotiation import protocol
from negotiation.models import Meeting, Participant

WIRE_RECIPIENT = "wire:"
# Entries kept of a session's history: the wire format allows 500; a meeting is read whole
# into memory at every protocol mail, so the oldest entries go first past this.
HISTORY_KEPT = 200


def wire_address(*, meeting: Meeting, participant: Participant) -> str:
    """The participant's address in protocol.json: their agent's, else one of the hub's."""
    if participant.has_agent and participant.agent_email:
        return participant.agent_email
    if participant.wire_address:
        return participant.wire_address  # the name an outside agent's session gave them
    token = reply_token_for(
        hub=meeting.hub,
        thread_key=meeting.session_id,
        recipient=f"{WIRE_RECIPIENT}{participant.email}",
    )
    return plus_address(meeting.hub.email, token.token)


def wire_addresses(*, meeting: Meeting, participants: Iterable[Participant]) -> dict[int, str]:
    """Each participant's address on the wire, by participant id."""
    return {p.id: wire_address(meeting=meeting, participant=p) for p in participants}


def history_merge(*, meeting: Meeting, session: protocol.Session) -> bool:
    """Keep the entries of an incoming session the meeting has not seen; True if any were new."""
    # Other agents' entries are carried forward in every version the hub writes (AIMP:
    # the history is the session's, not the hub's). One entry per (version, from, action).
    seen = {(h["version"], h["from"].lower(), h["action"]) for h in meeting.protocol_history}
    new = [
        {"version": h.version, "from": h.from_, "action": h.action, "summary": h.summary[:900]}
        for h in session.history
        if (h.version, h.from_.lower(), h.action) not in seen
    ]
    if not new:
        return False
    merged = sorted([*meeting.protocol_history, *new], key=lambda h: h["version"])
    meeting.protocol_history = merged[-HISTORY_KEPT:]
    meeting.save(update_fields=["protocol_history", "updated_at"])
    return True
