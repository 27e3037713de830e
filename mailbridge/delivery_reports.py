"""What a delivery status notification (RFC 3464) says about our mail. Pure."""

import re
from dataclasses import dataclass
from email import policy
from email.message import Message
from email.parser import BytesHeaderParser

from mailbridge.headers import decode_bytes
from mailbridge.mime_parts import content_type, first_message_id, payload, walk


@dataclass(frozen=True)
class DeliveryReport:
    """What a DSN (RFC 3464) says: which of our messages, which recipients failed."""

    original_message_id: str | None
    failed_recipients: tuple[str, ...]
    actions: tuple[str, ...]
    # Every failure was transient (RFC 3463 status 4.x.x, e.g. a full mailbox): a soft bounce.
    transient: bool = False


def delivery_report(msg: Message) -> DeliveryReport | None:
    """The report a multipart/report message carries, None for any other message."""
    if content_type(msg) != "multipart/report":
        return None
    original: str | None = None
    failed: list[str] = []
    actions: list[str] = []
    statuses: list[str] = []
    for part in walk(msg):
        ctype = content_type(part)
        if ctype == "message/delivery-status":
            failed_here, actions_here, statuses_here = _delivery_status(part)
            failed.extend(failed_here)
            actions.extend(actions_here)
            statuses.extend(statuses_here)
        elif ctype == "message/rfc822" and original is None:
            inner_payload = part.get_payload()
            inner = inner_payload[0] if isinstance(inner_payload, list) and inner_payload else None
            if isinstance(inner, Message):
                original = first_message_id(inner, "Message-ID") or None
        elif ctype == "text/rfc822-headers" and original is None:
            headers = BytesHeaderParser(policy=policy.compat32).parsebytes(payload(part))
            original = first_message_id(headers, "Message-ID") or None
    transient = bool(statuses) and all(status.startswith("4.") for status in statuses)
    return DeliveryReport(original, tuple(dict.fromkeys(failed)), tuple(actions), transient)


def _delivery_status(part: Message) -> tuple[list[str], list[str], list[str]]:
    # The delivery-status body is blocks of header fields (RFC 3464): one per-message
    # block, then one block per recipient. The parser may have split them into
    # sub-messages or left them as text; read both.
    body = part.get_payload()
    blocks: list[Message] = []
    if isinstance(body, list):
        blocks = [p for p in body if isinstance(p, Message)]
    else:
        text = decode_bytes(payload(part), None).replace("\r\n", "\n")
        parser = BytesHeaderParser(policy=policy.compat32)
        blocks = [parser.parsebytes(b.encode()) for b in re.split(r"\n\s*\n", text) if b.strip()]
    failed: list[str] = []
    actions: list[str] = []
    statuses: list[str] = []
    for block in blocks:
        action = str(block.get("Action", "")).strip().lower()
        if not action:
            continue
        actions.append(action)
        recipient = str(block.get("Final-Recipient") or block.get("Original-Recipient") or "")
        addr = recipient.split(";", 1)[-1].strip().strip("<>").lower()
        if action == "failed" and "@" in addr:
            failed.append(addr)
            # A missing or unreadable status counts as permanent, the safe side.
            statuses.append(str(block.get("Status", "5")).strip()[:10])
    return failed, actions, statuses
