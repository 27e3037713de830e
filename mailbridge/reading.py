"""Reading a raw message into capped, decoded, untrusted-but-safe facts. Pure.

Never raises on hostile input: unknown or lying charsets, NUL bytes, missing
headers, deep MIME nesting and huge parts all end in a ParsedMail. Attachments
are kept in memory only (never written to disk), under sanitised names.
"""

import hashlib
import json
import re
from dataclasses import dataclass, field
from email import policy
from email.message import Message
from email.parser import BytesHeaderParser

from mailbridge.calendar_answers import CalendarAnswer, calendar_answer
from mailbridge.delivery_reports import DeliveryReport, delivery_report
from mailbridge.flowed import flowed_text
from mailbridge.headers import (
    clean_text,
    decode_bytes,
    decode_header_value,
    header_addresses,
    message_ids,
)
from mailbridge.html_text import html_reading
from mailbridge.mime_parts import (
    all_values,
    content_type,
    filename,
    first_message_id,
    is_attachment,
    parse_bytes,
    part_text,
    payload,
    raw_items,
    walk,
    walk_marked,
)
from mailbridge.replies import strip_reply

PROTOCOL_FILENAME = "protocol.json"
PROTOCOL_MAX_BYTES = 256 * 1024


@dataclass(frozen=True)
class ReceivedAttachment:
    """An attachment as received: a safe display name, its type and its bytes."""

    filename: str
    mimetype: str
    size: int


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
    for name, value in raw_items(msg)[:500]:
        key = clean_text(str(name)).strip().lower()
        out.setdefault(key, []).append(decode_header_value(value)[:2000])
    return {k: tuple(v) for k, v in out.items()}


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


# Above the text of an attached message: strip_reply ends the sender's words there.
FORWARD_SEPARATOR = "-------- Forwarded Message --------"


def _body(plain: list[str], html: list[str], links: list[str]) -> str:
    """The plain parts, or the HTML ones when there is no plain text."""
    from_plain = any(p.strip() for p in plain)
    body = "\n".join(plain) if from_plain else "\n".join(html)
    if from_plain and any(h.strip() for h in html):
        body = _seen_addresses_only(body, "\n".join([*html, *links]))
    return body


def read_message(raw: bytes, *, max_subject: int, max_body: int) -> ParsedMail:
    """Read raw bytes into a ParsedMail, capping subject and body as configured."""
    try:
        msg = parse_bytes(raw)
    except Exception:  # noqa: BLE001 - the parser should not raise, but never trust that
        msg = parse_bytes(b"\n\n" + raw)
    headers = _headers(msg)
    from_addresses = tuple(header_addresses(all_values(msg, "From")))
    single = len(from_addresses) == 1
    recipients: list[str] = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        recipients.extend(addr for _, addr in header_addresses(all_values(msg, name)))
    subject = decode_header_value(
        all_values(msg, "Subject")[0] if all_values(msg, "Subject") else ""
    )

    # The sender's own parts, and those of a message they attached (a forward "as
    # attachment"): someone else's words, kept for context below a forward separator.
    texts: dict[bool, tuple[list[str], list[str]]] = {False: ([], []), True: ([], [])}
    links: list[str] = []
    attachments: list[ReceivedAttachment] = []
    protocol: dict | None = None
    protocol_error: str | None = None
    calendar: CalendarAnswer | None = None
    text_budget = max_body * 4
    for part, attached in walk_marked(msg):
        if part.is_multipart():
            continue
        ctype = content_type(part)
        if (
            calendar is None
            and not attached
            and (ctype == "text/calendar" or filename(part).lower().endswith(".ics"))
        ):
            calendar = calendar_answer(payload(part))
        if is_attachment(part):
            name = filename(part) or "attachment"
            content = payload(part)
            attachments.append(ReceivedAttachment(name, ctype, len(content)))
            if name.lower() == PROTOCOL_FILENAME and protocol is None and not attached:
                protocol, protocol_error = _protocol(content)
            continue
        plain, html = texts[attached]
        if ctype == "text/plain" and text_budget > 0:
            text = flowed_text(part, part_text(part)[:text_budget])
            text_budget -= len(text)
            plain.append(text)
        elif ctype == "text/html" and text_budget > 0:
            text, mailto = html_reading(part_text(part)[:text_budget])
            links += mailto
            text_budget -= len(text)
            html.append(text)
    display, address = from_addresses[0] if single else ("", "")
    body = _body(*texts[False], links)
    forwarded = _body(*texts[True], links)
    if forwarded.strip():
        body = f"{body}\n\n{FORWARD_SEPARATOR}\n{forwarded}"
    body = body.replace("\r\n", "\n").replace("\r", "\n")[:max_body]
    return ParsedMail(
        from_addresses=from_addresses,
        sender=address,
        sender_name=display[:200],
        recipients=tuple(dict.fromkeys(recipients)),
        subject=subject[:max_subject],
        message_id=first_message_id(msg, "Message-ID"),
        in_reply_to=tuple(message_ids(" ".join(all_values(msg, "In-Reply-To")))),
        references=tuple(message_ids(" ".join(all_values(msg, "References"))))[-50:],
        headers=headers,
        text=body,
        reply_text=strip_reply(body, sender_name=display, sender_address=address)[:max_body],
        attachments=tuple(attachments[:100]),
        protocol=protocol,
        protocol_error=protocol_error,
        calendar=calendar,
        report=delivery_report(msg),
        content_type=content_type(msg),
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
    from_addresses = header_addresses(all_values(msg, "From"))
    sender = from_addresses[0][1] if len(from_addresses) == 1 else ""
    subject = decode_header_value(
        all_values(msg, "Subject")[0] if all_values(msg, "Subject") else ""
    )
    digest = hashlib.sha256()
    for name in ("From", "Date", "Subject"):
        digest.update(" ".join(decode_header_value(v) for v in all_values(msg, name)).encode())
        digest.update(b"\0")
    if oversize:
        digest.update(raw)
    else:
        for part in walk(msg):
            if not part.is_multipart():
                digest.update(payload(part).replace(b"\r\n", b"\n").strip())
                digest.update(b"\0")
    body_hash = digest.hexdigest()
    message_id = first_message_id(msg, "Message-ID")
    if not message_id:
        # RFC 5322 makes Message-ID optional; the content hash stands in for it.
        message_id = f"<{body_hash[:40]}@no-message-id>"
    recipients: list[str] = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        recipients.extend(addr for _, addr in header_addresses(all_values(msg, name)))
    return Fingerprint(
        sender=sender[:320],
        message_id=message_id[:255],
        subject=subject[:max_subject],
        body_hash=body_hash,
        recipients=tuple(dict.fromkeys(recipients)),
    )
