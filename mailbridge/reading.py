"""Reading a raw message into capped, decoded, untrusted-but-safe facts. Pure.

Never raises on hostile input: unknown or lying charsets, NUL bytes, missing
headers, deep MIME nesting and huge parts all end in a ParsedMail. Attachments
are kept in memory only (never written to disk), under sanitised names.
"""

import hashlib
import json
import re
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import Message
from email.parser import BytesHeaderParser

from mailbridge.calendar_answers import CalendarAnswer, calendar_answer
from mailbridge.flowed import flowed_text
from mailbridge.headers import (
    clean_text,
    decode_bytes,
    decode_header_value,
    header_addresses,
    message_ids,
)
from mailbridge.html_text import html_reading
from mailbridge.replies import strip_reply

PROTOCOL_FILENAME = "protocol.json"
PROTOCOL_MAX_BYTES = 256 * 1024
MAX_MIME_DEPTH = 30
MAX_MIME_PARTS = 300


@dataclass(frozen=True)
class ReceivedAttachment:
    """An attachment as received: a safe display name, its type and its bytes."""

    filename: str
    mimetype: str
    size: int


@dataclass(frozen=True)
class DeliveryReport:
    """What a DSN (RFC 3464) says: which of our messages, which recipients failed."""

    original_message_id: str | None
    failed_recipients: tuple[str, ...]
    actions: tuple[str, ...]
    # Every failure was transient (RFC 3463 status 4.x.x, e.g. a full mailbox): a soft bounce.
    transient: bool = False


@dataclass(frozen=True)
class ParsedMail:
    """A decoded message; every string capped and free of NUL/control characters."""

    from_addresses: tuple[tuple[str, str], ...]
    sender: str  # '' unless exactly one From address
    sender_name: str
    recipients: tuple[str, ...]  # To, Cc, Delivered-To, X-Original-To (addr-specs)
    subject: str
    message_id: str
    in_reply_to: tuple[str, ...]
    references: tuple[str, ...]
    headers: dict[str, tuple[str, ...]]  # lower-cased name -> decoded values
    text: str  # whole body text, capped
    reply_text: str  # new text only (quoted history and signature removed), capped
    attachments: tuple[ReceivedAttachment, ...] = field(default=())
    protocol: dict | None = None
    protocol_error: str | None = None
    report: DeliveryReport | None = None
    content_type: str = "text/plain"
    calendar: CalendarAnswer | None = None  # a calendar client's REPLY, COUNTER or REFRESH

    def header(self, name: str) -> str:
        """Return the first value of a header, '' when absent."""
        values = self.headers.get(name.lower(), ())
        return values[0] if values else ""


# The job reads each message twice, its fingerprint then its words: the last parse is
# kept for the second reading. Both only read it; a large message is not kept.
_MEMO_BYTES = 256 * 1024
_last_parsed: tuple[bytes, Message] | None = None


def parse_bytes(raw: bytes) -> Message:
    """Parse raw bytes leniently (compat32 keeps going where policy.default raises)."""
    global _last_parsed
    last = _last_parsed
    if last is not None and last[0] == raw:
        return last[1]
    msg = message_from_bytes(raw, policy=policy.compat32)
    _last_parsed = (bytes(raw), msg) if len(raw) <= _MEMO_BYTES else None
    return msg


def _walk(msg: Message, depth: int = 0, budget: list[int] | None = None):
    # Iterative limits instead of Message.walk(): hostile nesting must not recurse
    # without bound nor make us visit millions of parts.
    budget = budget if budget is not None else [MAX_MIME_PARTS]
    if budget[0] <= 0 or depth > MAX_MIME_DEPTH:
        return
    budget[0] -= 1
    yield msg
    if msg.is_multipart():
        payload = msg.get_payload()
        if isinstance(payload, list):
            for part in payload:
                if isinstance(part, Message):
                    yield from _walk(part, depth + 1, budget)


def safe_filename(name: str) -> str:
    """Return the last path component of a sender-chosen name, without control chars."""
    name = clean_text(name).replace("\\", "/").split("/")[-1].strip().strip(".")
    return name[:200] or "attachment"


def _filename(part: Message) -> str:
    try:
        name = part.get_filename()
    except Exception:  # noqa: BLE001
        name = None
    return safe_filename(decode_header_value(name)) if name else ""


def _payload(part: Message) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001
        data = None
    if isinstance(data, bytes):
        return data
    raw = part.get_payload()
    return raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b""


def _part_text(part: Message) -> str:
    try:
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001
        charset = None
    return clean_text(decode_bytes(_payload(part), charset))


def _content_type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:  # noqa: BLE001
        return "application/octet-stream"


def _is_attachment(part: Message) -> bool:
    try:
        disposition = (part.get_content_disposition() or "").lower()
    except Exception:  # noqa: BLE001
        disposition = ""
    return disposition == "attachment" or bool(_filename(part))


_ADDRESS = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+")


def _seen_addresses_only(plain: str, visible_html: str) -> str:
    """Blank addresses of the plain part that the HTML part (what clients show) hides."""
    # Clients show the HTML alternative; one that hides an address there (display:none)
    # while the plain part carries it aims a machine reader at someone nobody saw named.
    seen = {a.lower() for a in _ADDRESS.findall(visible_html)}
    return _ADDRESS.sub(
        lambda m: m.group(0) if m.group(0).lower() in seen else "[hidden address]", plain
    )


def _headers(msg: Message) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for name, value in _raw_items(msg)[:500]:
        key = clean_text(str(name)).strip().lower()
        out.setdefault(key, []).append(decode_header_value(value)[:2000])
    return {k: tuple(v) for k, v in out.items()}


def _raw_items(msg: Message) -> list[tuple[str, str]]:
    # The stored values, before compat32 wraps 8-bit ones in Header objects whose
    # str() loses the bytes: raw UTF-8 headers (RFC 6532) must survive decoding.
    return [(str(k), v if isinstance(v, str) else str(v)) for k, v in getattr(msg, "_headers", [])]


def _all(msg: Message, name: str) -> list[str]:
    lowered = name.lower()
    return [v for k, v in _raw_items(msg) if k.lower() == lowered]


def _first_message_id(msg: Message, name: str) -> str:
    for value in _all(msg, name):
        found = message_ids(value)
        if found:
            return found[0]
    return ""


def _report(msg: Message) -> DeliveryReport | None:
    if _content_type(msg) != "multipart/report":
        return None
    original: str | None = None
    failed: list[str] = []
    actions: list[str] = []
    statuses: list[str] = []
    for part in _walk(msg):
        ctype = _content_type(part)
        if ctype == "message/delivery-status":
            failed_here, actions_here, statuses_here = _delivery_status(part)
            failed.extend(failed_here)
            actions.extend(actions_here)
            statuses.extend(statuses_here)
        elif ctype == "message/rfc822" and original is None:
            payload = part.get_payload()
            inner = payload[0] if isinstance(payload, list) and payload else None
            if isinstance(inner, Message):
                original = _first_message_id(inner, "Message-ID") or None
        elif ctype == "text/rfc822-headers" and original is None:
            headers = BytesHeaderParser(policy=policy.compat32).parsebytes(_payload(part))
            original = _first_message_id(headers, "Message-ID") or None
    transient = bool(statuses) and all(status.startswith("4.") for status in statuses)
    return DeliveryReport(original, tuple(dict.fromkeys(failed)), tuple(actions), transient)


def _delivery_status(part: Message) -> tuple[list[str], list[str], list[str]]:
    # The delivery-status body is blocks of header fields (RFC 3464): one per-message
    # block, then one block per recipient. The parser may have split them into
    # sub-messages or left them as text; read both.
    payload = part.get_payload()
    blocks: list[Message] = []
    if isinstance(payload, list):
        blocks = [p for p in payload if isinstance(p, Message)]
    else:
        text = decode_bytes(_payload(part), None).replace("\r\n", "\n")
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


def _protocol(content: bytes) -> tuple[dict | None, str | None]:
    if len(content) > PROTOCOL_MAX_BYTES:
        return None, f"protocol.json is larger than {PROTOCOL_MAX_BYTES} bytes"
    try:
        data = json.loads(decode_bytes(content, "utf-8"))
    except (ValueError, RecursionError) as exc:
        return None, f"protocol.json is not valid JSON: {str(exc)[:200]}"
    if not isinstance(data, dict):
        return None, "protocol.json is not a JSON object"
    if data.get("protocol") != "AIMP/0.1":
        return None, "protocol.json does not declare protocol AIMP/0.1"
    return data, None


def read_message(raw: bytes, *, max_subject: int, max_body: int) -> ParsedMail:
    """Read raw bytes into a ParsedMail, capping subject and body as configured."""
    try:
        msg = parse_bytes(raw)
    except Exception:  # noqa: BLE001 - the parser should not raise, but never trust that
        msg = parse_bytes(b"\n\n" + raw)
    headers = _headers(msg)
    from_addresses = tuple(header_addresses(_all(msg, "From")))
    single = len(from_addresses) == 1
    recipients: list[str] = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        recipients.extend(addr for _, addr in header_addresses(_all(msg, name)))
    subject = decode_header_value(_all(msg, "Subject")[0] if _all(msg, "Subject") else "")

    plain: list[str] = []
    html: list[str] = []
    links: list[str] = []
    attachments: list[ReceivedAttachment] = []
    protocol: dict | None = None
    protocol_error: str | None = None
    calendar: CalendarAnswer | None = None
    text_budget = max_body * 4
    for part in _walk(msg):
        if part.is_multipart():
            continue
        ctype = _content_type(part)
        if calendar is None and (
            ctype == "text/calendar" or _filename(part).lower().endswith(".ics")
        ):
            calendar = calendar_answer(_payload(part))
        if _is_attachment(part):
            name = _filename(part) or "attachment"
            content = _payload(part)
            attachments.append(ReceivedAttachment(name, ctype, len(content)))
            if name.lower() == PROTOCOL_FILENAME and protocol is None:
                protocol, protocol_error = _protocol(content)
            continue
        if ctype == "text/plain" and text_budget > 0:
            text = flowed_text(part, _part_text(part)[:text_budget])
            text_budget -= len(text)
            plain.append(text)
        elif ctype == "text/html" and text_budget > 0:
            text, mailto = html_reading(_part_text(part)[:text_budget])
            links += mailto
            text_budget -= len(text)
            html.append(text)
    display, address = from_addresses[0] if single else ("", "")
    from_plain = any(p.strip() for p in plain)
    body = "\n".join(plain) if from_plain else "\n".join(html)
    if from_plain and any(h.strip() for h in html):
        body = _seen_addresses_only(body, "\n".join([*html, *links]))
    body = body.replace("\r\n", "\n").replace("\r", "\n")[:max_body]
    return ParsedMail(
        from_addresses=from_addresses,
        sender=address,
        sender_name=display[:200],
        recipients=tuple(dict.fromkeys(recipients)),
        subject=subject[:max_subject],
        message_id=_first_message_id(msg, "Message-ID"),
        in_reply_to=tuple(message_ids(" ".join(_all(msg, "In-Reply-To")))),
        references=tuple(message_ids(" ".join(_all(msg, "References"))))[-50:],
        headers=headers,
        text=body,
        reply_text=strip_reply(body, sender_name=display, sender_address=address)[:max_body],
        attachments=tuple(attachments[:100]),
        protocol=protocol,
        protocol_error=protocol_error,
        calendar=calendar,
        report=_report(msg),
        content_type=_content_type(msg),
    )


@dataclass(frozen=True)
class Fingerprint:
    """What storing needs before any processing: who, which message, which content."""

    sender: str
    message_id: str
    subject: str
    body_hash: str
    recipients: tuple[str, ...]


def fingerprint(raw: bytes, *, max_subject: int, max_bytes: int) -> Fingerprint:
    """Identify a message for deduplication, independent of transport headers.

    The body hash covers the From, Date and Subject values and the decoded content
    of every part, not the raw bytes: the same mail fetched by IMAP and posted by
    an ESP differs in Received/Return-Path lines and transfer encoding.
    """
    oversize = len(raw) > max_bytes
    try:
        msg = (
            BytesHeaderParser(policy=policy.compat32).parsebytes(raw)
            if oversize
            else parse_bytes(raw)
        )
    except Exception:  # noqa: BLE001
        msg = parse_bytes(b"")
    from_addresses = header_addresses(_all(msg, "From"))
    sender = from_addresses[0][1] if len(from_addresses) == 1 else ""
    subject = decode_header_value(_all(msg, "Subject")[0] if _all(msg, "Subject") else "")
    digest = hashlib.sha256()
    for name in ("From", "Date", "Subject"):
        digest.update(" ".join(decode_header_value(v) for v in _all(msg, name)).encode())
        digest.update(b"\0")
    if oversize:
        digest.update(raw)
    else:
        for part in _walk(msg):
            if not part.is_multipart():
                digest.update(_payload(part).replace(b"\r\n", b"\n").strip())
                digest.update(b"\0")
    body_hash = digest.hexdigest()
    message_id = _first_message_id(msg, "Message-ID")
    if not message_id:
        # RFC 5322 makes Message-ID optional; the content hash stands in for it.
        message_id = f"<{body_hash[:40]}@no-message-id>"
    recipients: list[str] = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        recipients.extend(addr for _, addr in header_addresses(_all(msg, name)))
    return Fingerprint(
        sender=sender[:320],
        message_id=message_id[:255],
        subject=subject[:max_subject],
        body_hash=body_hash,
        recipients=tuple(dict.fromkeys(recipients)),
    )
