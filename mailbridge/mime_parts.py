"""The parts of a raw message, walked within limits and decoded leniently. Pure.

Never raises on hostile input: unknown or lying charsets, deep nesting and broken headers
all end in text, a type or an empty payload. mailbridge.reading builds its ParsedMail on
these; mailbridge.delivery_reports reads bounces with them.
"""

from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import Message

from mailbridge.headers import clean_text, decode_bytes, decode_header_value, message_ids

MAX_MIME_DEPTH = 30
MAX_MIME_PARTS = 300

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


def walk(msg: Message) -> Iterator[Message]:
    """Every part, depth first, within MAX_MIME_DEPTH and MAX_MIME_PARTS."""
    for part, _ in walk_marked(msg):
        yield part


def walk_marked(
    msg: Message, depth: int = 0, budget: list[int] | None = None, attached: bool = False
) -> Iterator[tuple[Message, bool]]:
    """Every part with whether it lies inside an attached message (message/rfc822).

    Iterative limits instead of Message.walk(): hostile nesting must not recurse without
    bound nor make us visit millions of parts.
    """
    budget = budget if budget is not None else [MAX_MIME_PARTS]
    if budget[0] <= 0 or depth > MAX_MIME_DEPTH:
        return
    budget[0] -= 1
    yield msg, attached
    if msg.is_multipart():
        payload = msg.get_payload()
        inner = attached or content_type(msg) == "message/rfc822"
        if isinstance(payload, list):
            for part in payload:
                if isinstance(part, Message):
                    yield from walk_marked(part, depth + 1, budget, inner)


def safe_filename(name: str) -> str:
    """Return the last path component of a sender-chosen name, without control chars."""
    name = clean_text(name).replace("\\", "/").split("/")[-1].strip().strip(".")
    return name[:200] or "attachment"


def filename(part: Message) -> str:
    try:
        name = part.get_filename()
    except Exception:  # noqa: BLE001
        name = None
    return safe_filename(decode_header_value(name)) if name else ""


def payload(part: Message) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001
        data = None
    if isinstance(data, bytes):
        return data
    raw = part.get_payload()
    return raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b""


def part_text(part: Message) -> str:
    try:
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001
        charset = None
    return clean_text(decode_bytes(payload(part), charset))


def content_type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:  # noqa: BLE001
        return "application/octet-stream"


def is_attachment(part: Message) -> bool:
    try:
        disposition = (part.get_content_disposition() or "").lower()
    except Exception:  # noqa: BLE001
        disposition = ""
    return disposition == "attachment" or bool(filename(part))


def raw_items(msg: Message) -> list[tuple[str, str]]:
    # The stored values, before compat32 wraps 8-bit ones in Header objects whose
    # str() loses the bytes: raw UTF-8 headers (RFC 6532) must survive decoding.
    return [(str(k), v if isinstance(v, str) else str(v)) for k, v in getattr(msg, "_headers", [])]


def all_values(msg: Message, name: str) -> list[str]:
    lowered = name.lower()
    return [v for k, v in raw_items(msg) if k.lower() == lowered]


def first_message_id(msg: Message, name: str) -> str:
    for value in all_values(msg, name):
        found = message_ids(value)
        if found:
            return found[0]
    return ""
