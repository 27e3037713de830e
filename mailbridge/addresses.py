"""Email address helpers. Pure: no Django import."""

import re
import secrets
import string
from email.utils import getaddresses

_TOKEN_ALPHABET = string.ascii_lowercase + string.digits
_ADDR_RE = re.compile(r"^[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[^@\s<>,;\"]+$|^[^@\s<>,;\"]+@localhost$")


def normalize_address(value: str) -> str:
    """Return the lower-cased addr-spec of `value` ('' when it is not one address)."""
    if not value or "\n" in value or "\r" in value:
        return ""
    pairs = getaddresses([value.strip()])
    if len(pairs) != 1:
        return ""
    addr = pairs[0][1].strip().strip("<>").lower()
    return addr if _ADDR_RE.match(addr) else ""


def split_plus(address: str) -> tuple[str, str | None]:
    """Split 'family+tok@x' into ('family@x', 'tok'); no '+' gives (address, None)."""
    local, at, domain = address.partition("@")
    if not at:
        return address, None
    base, plus, token = local.partition("+")
    if not plus or not base:
        return address, None
    return f"{base}@{domain}", token or None


def plus_address(address: str, token: str) -> str:
    """Return 'local+token@domain' for `address`."""
    local, _, domain = address.partition("@")
    return f"{local}+{token}@{domain}"


def address_domain(address: str) -> str:
    """Return the domain part of an address ('localhost' when there is none)."""
    return address.rpartition("@")[2] or "localhost"


def new_token(length: int = 20) -> str:
    """Return a random lower-case token that survives case-folding mail systems."""
    # Lower-case only: some MTAs lower-case the local part, and 20 chars of 36
    # symbols is ~103 bits, still unguessable.
    return "".join(secrets.choice(_TOKEN_ALPHABET) for _ in range(length))


def new_message_id(domain: str) -> str:
    """Return a fresh RFC 5322 Message-ID under `domain`."""
    return f"<{secrets.token_hex(16)}@{domain}>"
