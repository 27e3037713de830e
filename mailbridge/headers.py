"""Decoding header values and addresses from untrusted mail. Pure: no Django import."""

import codecs
import re
from email.header import decode_header
from email.utils import getaddresses

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_MSGID = re.compile(r"<[^<>\s]{1,250}>")
_FALLBACK_CHARSETS = ("utf-8", "cp1252", "latin-1")
# "Name <addr>" and a bare addr in the plainest characters: what getaddresses gives for
# them is the name with its runs of spaces made one, and the address as written. Most
# mail's From and To are this; the library's full RFC 5322 parser costs far more (issue
# 19), and anything else (quotes, comments, groups, commas, encoded words) still takes it.
_ADDR_SPEC = r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+"
_PLAIN_ADDRESS = re.compile(rf"\s*(?:([A-Za-z0-9 .'_-]*?)\s*<({_ADDR_SPEC})>|({_ADDR_SPEC}))\s*")


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
    return value if raw.isascii() else decode_bytes(raw, None)


def decode_header_value(value: object) -> str:
    """Return a header as one line of text, RFC 2047 words decoded, never raising."""
    text = _unescape_raw(str(value))
    if "=?" not in text:
        # No RFC 2047 encoded word: decode_header would hand the text back as it is.
        return " ".join(clean_text(text).split())
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
    plain = [_PLAIN_ADDRESS.fullmatch(v) for v in raw_values]
    if all(plain):
        for match in plain:
            name, addr = match[1] or "", (match[2] or match[3]).lower()
            out.append((" ".join(name.split()), addr))
        return out
    return addresses_parsed(raw_values)


def addresses_parsed(raw_values: list[str]) -> list[tuple[str, str]]:
    """As header_addresses, every value through the library's RFC 5322 parser."""
    out: list[tuple[str, str]] = []
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
