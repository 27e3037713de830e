"""The hub's handshake answers to agents: its card, a refusal, "not understood".

Each is one protocol mail to the sender, threaded under the mail it answers, capped per
sender and per hub each day: a machine that keeps writing gets a bounded number of
answers. Nobody answers a refuse or a not-understood (protocol.FINAL_ACTIONS), so two
hubs cannot loop on them.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

from django.conf import settings

from hubs.models import Hub
from mailbridge.outbox import Attachment, OutboundMail, outbox_reply
from mailbridge.ratelimit import notice_claim
from mailbridge.types import IncomingMail
from negotiation import protocol
from negotiation.handlers.hub_card import hub_card

# What the hub does with each performative it reads: written into its card, and the
# README's table says the same.
PERFORMATIVES = {
    "propose": "starts a session with the hub's members named in participants",
    "accept": "votes, one option per item",
    "counter": "votes and adds options (a new round; capped per agent)",
    "confirm": "settles the session (followed when the initiator sends it)",
    "escalate": "hands the session to the humans",
    "card": "asks for this card",
    "refuse": "ends an exchange (never answered)",
    "not-understood": "says a mail could not be read (never answered)",
}
_SAFE_ID = re.compile(r"[^!-Z\\^-~]")


def _session_id(mail: IncomingMail, parsed: protocol.Session | None) -> str:
    if parsed is not None:
        return parsed.session_id
    # A tag we could not read as a session still threads the answer, if it is printable.
    return _SAFE_ID.sub("", mail.thread_key or "")[:64] or "unknown"


def card_of(hub: Hub) -> dict:
    """The hub's card for agents: who it is, what it speaks, where to write."""
    card = hub_card(name=hub.name, email=hub.email, member_count=hub.members.count())
    card["aimp_hub"]["protocol_versions"] = [protocol.PROTOCOL]
    card["aimp_hub"]["address"] = hub.email
    card["aimp_hub"]["performatives"] = PERFORMATIVES
    card["aimp_hub"]["agent_policy"] = hub.agent_policy
    return card


def protocol_reply_send(
    *,
    hub: Hub,
    mail: IncomingMail,
    action: str,
    reason: str,
    now: datetime,
    parsed: protocol.Session | None = None,
) -> bool:
    """Answer one agent's mail with `action` (card, refuse, not-understood); False if capped."""
    if not notice_claim(
        hub=hub,
        address=mail.sender,
        purpose=f"protocol_{action}",
        now=now,
        per_address=settings.AIMP_PROTOCOL_ANSWERS_PER_SENDER_PER_DAY,
        per_hub=settings.AIMP_NOTICES_PER_HUB_PER_DAY,
    ):
        return False
    session_id = _session_id(mail, parsed)
    version = min((parsed.version if parsed else 0) + 1, protocol.MAX_VERSION)
    extensions: dict = {"reason": reason[:900]}
    if action == protocol.ACTION_CARD:
        extensions["card"] = card_of(hub)
    document = protocol.Session(
        session_id=session_id,
        version=version,
        from_=hub.email,
        action=action,
        participants=(mail.sender,),
        topic=(parsed.topic if parsed else "")[:900],
        items={},
        status=protocol.STATUS_NEGOTIATING,
        history=(protocol.HistoryEntry(version, hub.email, action, reason[:900]),),
        extensions=extensions,
    )
    outbox_reply(
        hub=hub,
        mail=mail,
        answer=OutboundMail(
            to=mail.sender,
            subject=f"[AIMP:{session_id}] v{version} {action}",
            text=f"AIMP/0.1 {action}: {reason}\n\n-- {hub.name}\n",
            attachments=(
                Attachment(
                    "protocol.json", protocol.to_json(document).encode(), "application/json"
                ),
            ),
            kind=f"protocol:{action}",
            extra_headers={"X-AIMP-Version": "0.1", "X-AIMP-Session": session_id},
        ),
    )
    return True


def words_in_session_reply_send(
    *, hub: Hub, mail: IncomingMail, session_id: str, now: datetime
) -> bool:
    """Answer a stranger's mail in words about an AIMP session: in its thread, with the card."""
    # A reference agent writes to participants it thinks are people in words, with the
    # session's tag in the subject, and reads only its own thread: the answer keeps the
    # subject (and so the tag) and says how to reach the hub's members in protocol form.
    if not notice_claim(
        hub=hub,
        address=mail.sender,
        purpose="unknown_sender",
        now=now,
        per_hub=settings.AIMP_UNKNOWN_SENDER_NOTICES_PER_HUB_PER_DAY,
    ):
        return False
    card = json.dumps(card_of(hub), indent=2, ensure_ascii=False)
    subject = mail.subject if mail.subject.lower().startswith("re:") else f"Re: {mail.subject}"
    outbox_reply(
        hub=hub,
        mail=mail,
        answer=OutboundMail(
            to=mail.sender,
            subject=subject[:300],
            text=(
                f"This is {hub.name}, an AIMP/0.1 hub: it answers for its members as their "
                f"agent. To include them in session {session_id}, send the session as "
                f"protocol.json (AIMP/0.1) to {hub.email}, naming that address among the "
                "participants; this hub's card is attached (hub-card.json).\n\n"
                f"-- {hub.name}\n"
            ),
            attachments=(Attachment("hub-card.json", card.encode(), "application/json"),),
            kind="protocol:words",
        ),
    )
    return True
