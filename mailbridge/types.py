"""What the mail bridge hands to the handlers that other apps register.

Pure: no Django import, so handlers and their tests can build these directly.
"""

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from mailbridge.calendar_answers import CalendarAnswer


class MailKind(StrEnum):
    """What an inbound message is, decided by routing before any handler runs."""

    REGISTRATION = "registration"  # subject carries [AIMP-INVITE:<code>]
    PROTOCOL = "protocol"  # [AIMP:<id>] tag plus a protocol.json attachment
    THREAD_REPLY = "thread_reply"  # a reply in a thread the hub started (token, tag or In-Reply-To)
    MEMBER_COMMAND = "member_command"  # new mail from a member: a request, status, help...
    UNKNOWN_SENDER = "unknown_sender"  # neither a member nor a reply in a known thread
    AUTO_GENERATED = "auto_generated"  # auto-replies, lists, bulk: recorded, never answered
    BOUNCE = "bounce"  # a delivery status notification about mail the hub sent
    LOOP = "loop"  # mail from the hub itself or carrying its loop header
    CALENDAR_ANSWER = "calendar_answer"  # a calendar client's REPLY/COUNTER/REFRESH (iTIP)


@dataclass(frozen=True)
class IncomingMail:
    """One classified inbound message, decoded, capped and stripped of quoted history."""

    inbound_id: int
    hub_id: int
    kind: MailKind
    sender: str  # lower-cased addr-spec of the single From address
    sender_name: str
    subject: str
    text: str  # the new text only: quoted history and signature removed
    full_text: str  # the whole decoded body (capped), for context such as echoes
    received_at: datetime
    message_id: str
    thread_key: str | None = None  # opaque key the hub gave the thread when it wrote
    thread_recipient: str | None = None  # whom the matched reply token was issued to
    invite_code: str | None = None
    protocol: dict | None = None  # parsed, size-capped protocol.json
    protocol_error: str | None = None  # why an attached protocol.json was rejected
    bounced_recipient: str | None = None  # for BOUNCE: the address that failed
    attachment_names: tuple[str, ...] = field(default=())
    calendar: CalendarAnswer | None = None  # for CALENDAR_ANSWER
    # The From address is vouched for (a trusted server's Authentication-Results, or a
    # DKIM signature aligned with it): evidence beyond the forgeable From line.
    authenticated: bool = False
    auth_evidence: str = ""
