"""Decoding header values and addresses from untrusted mail. Pure: no Django import."""

import codecs
import re
from email.header import decode_header
from email.utils import getaddresses

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_MSGID = re.compile(r"<[^<>\s]{1,250}>")
_FALLBACK_CHARSETS = ("utf-8", "cp1252", "latin-1")


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Decode bytes in the declared charset, falling back when it is unknown or lies."""
    candidates: list[str] = []
    if charset:
        name = charset.strip().strip('"').lower()
        try:
            codecs.lookup(name)
            candidates.append(name)
        except (LookupError, ValueError, TypeError):
            pass
    candidates.extend(c for c in _FALLBACK_CHARSETS if c not in candidates)
    for name in candidates:
        try:
            return data.decode(name)
        except (UnicodeDecodeError, LookupError, ValueError):
            continue
    return data.decode("latin-1", errors="replace")  # pragma: no cover - latin-1 never fails


def clean_text(value: str) -> str:
    """Remove NUL and other control characters except tab and newlines."""
    return _CONTROL.sub("", value)


def _unescape_raw(value: str) -> str:
    # The compat32 parser keeps 8-bit header bytes as surrogate escapes.
    try:
        raw = value.encode("ascii", "surrogateescape")
    except UnicodeEncodeError:
        return value
    return decode_bytes(raw, None) if any(b > 127 for b in raw) else value


def decode_header_value(value: object) -> str:
    """Return a header as one line of text, RFC 2047 words decoded, never raising."""
    text = _unescape_raw(str(value))
    try:
        chunks = decode_header(text)
        pieces = [
            chunk if isinstance(chunk, str) else decode_bytes(chunk, charset)
            for chunk, charset in chunks
        ]
        text = "".join(pieces)
    except Exception:  # noqa: BLE001 - malformed encoded words: keep the raw text
        pass
    return " ".join(clean_text(text).split())


def header_addresses(values: list[str]) -> list[tuple[str, str]]:
    """Parse address headers into (display name, lower-cased addr-spec) pairs."""
    out: list[tuple[str, str]] = []
    raw_values = [_unescape_raw(str(v)) for v in values]
    try:
        pairs = getaddresses(raw_values)
    except Exception:  # noqa: BLE001
        return out
    for name, addr in pairs:
        addr = addr.strip().lower()
        if not addr or "@" not in addr or any(c.isspace() for c in addr):
            continue
        out.append((decode_header_value(name), addr))
    return out


def message_ids(value: str) -> list[str]:
    """Return the <...> Message-IDs found in a header (References may hold many)."""
    return _MSGID.findall(_unescape_raw(str(value)))
