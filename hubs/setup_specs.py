"""Parse and check what an operator asks for on the command line, before any write."""

import re
import zoneinfo
from dataclasses import dataclass, field
from datetime import date
from email.utils import parseaddr

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

INVITE_CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{2,99}$")


class SpecError(ValueError):
    """Input that cannot be used; the message is one line for the operator."""


@dataclass(frozen=True)
class PersonSpec:
    name: str
    email: str


@dataclass(frozen=True)
class InviteSpec:
    code: str
    max_uses: int
    expires_on: date | None
    role: str = "member"


@dataclass(frozen=True)
class HubSpec:
    name: str
    email: str
    time_zone: str | None  # None: a new hub gets UTC, an existing one keeps its own
    slug: str | None = None
    rename: bool = False  # an existing hub takes `name` only when asked
    members: tuple[PersonSpec, ...] = field(default=())
    admins: tuple[PersonSpec, ...] = field(default=())
    invites: tuple[InviteSpec, ...] = field(default=())


def email_check(address: str, *, what: str) -> str:
    """Return the address lower-cased, or raise SpecError when it is malformed."""
    address = address.strip()
    try:
        validate_email(address)
    except ValidationError:
        raise SpecError(f"malformed {what} address: {address!r}") from None
    return address.lower()


def person_parse(text: str, *, what: str = "member") -> PersonSpec:
    """Parse 'Name <address>' or a bare address."""
    raw = text.strip()
    if "<" in raw or ">" in raw:
        match = re.fullmatch(r'\s*"?([^"<>]*?)"?\s*<([^<>]+)>\s*', raw)
        if not match:
            raise SpecError(f"malformed {what}: {text!r} (expected 'Name <address>')")
        name, address = match.group(1).strip(), match.group(2)
    else:
        name, address = parseaddr(raw)
        if not address or address != raw:
            raise SpecError(f"malformed {what}: {text!r} (expected 'Name <address>')")
    if any(ord(ch) < 32 for ch in name):
        raise SpecError(f"malformed {what} name: {name!r}")
    return PersonSpec(name=name, email=email_check(address, what=what))


def invite_parse(text: str) -> InviteSpec:
    """Parse 'code', 'code:max-uses' or 'code:max-uses:YYYY-MM-DD'."""
    parts = text.strip().split(":")
    if len(parts) > 3:
        raise SpecError(f"malformed invite {text!r} (expected code:max-uses:YYYY-MM-DD)")
    code = parts[0]
    if not INVITE_CODE_RE.match(code):
        raise SpecError(f"malformed invite code {code!r}: 3-100 letters, digits, '_' or '-'")
    max_uses = 1
    if len(parts) >= 2 and parts[1]:
        if not parts[1].isdigit() or int(parts[1]) < 1:
            raise SpecError(f"invite {code!r}: max uses must be a whole number >= 1")
        max_uses = int(parts[1])
    expires_on = None
    if len(parts) == 3 and parts[2]:
        try:
            expires_on = date.fromisoformat(parts[2])
        except ValueError:
            raise SpecError(f"invite {code!r}: expiry must be a date YYYY-MM-DD") from None
    return InviteSpec(code=code, max_uses=max_uses, expires_on=expires_on)


def time_zone_check(name: str) -> str:
    """Return the name when it is an IANA time zone, else raise SpecError."""
    if name not in zoneinfo.available_timezones():
        raise SpecError(f"unknown time zone {name!r} (use an IANA name such as Europe/Berlin)")
    return name


def hub_spec_build(
    *,
    name: str,
    email: str,
    time_zone: str | None,
    slug: str | None = None,
    members: list[str] = (),
    admins: list[str] = (),
    invites: list[str] = (),
    rename: bool = False,
) -> HubSpec:
    """Parse every argument and reject duplicates; raise SpecError on the first problem."""
    name = name.strip()
    if not name:
        raise SpecError("the hub needs a name")
    hub_email = email_check(email, what="hub")
    people = [person_parse(m, what="member") for m in members]
    admin_people = [person_parse(a, what="admin") for a in admins]
    seen: set[str] = set()
    for person in people + admin_people:
        if person.email == hub_email:
            raise SpecError(f"{person.email} is the hub's own address and cannot be a member")
        if person.email in seen:
            raise SpecError(f"duplicate member {person.email}")
        seen.add(person.email)
    codes = [invite_parse(i) for i in invites]
    seen_codes: set[str] = set()
    for invite in codes:
        if invite.code.lower() in seen_codes:
            raise SpecError(f"duplicate invite code {invite.code}")
        seen_codes.add(invite.code.lower())
    if slug is not None and not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,59}", slug):
        raise SpecError(f"malformed slug {slug!r}: lower-case letters, digits and '-'")
    return HubSpec(
        name=name,
        email=hub_email,
        time_zone=time_zone_check(time_zone) if time_zone is not None else None,
        slug=slug,
        rename=rename,
        members=tuple(people),
        admins=tuple(admin_people),
        invites=tuple(codes),
    )
