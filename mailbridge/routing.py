"""Which hub, which thread, what kind: the pure decisions. No Django import.

The database look-ups these decisions need live in `mailbridge.lookup`; the
processing job gathers the facts and `choose_kind` decides.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mailbridge.addresses import split_plus
from mailbridge.reading import PROTOCOL_FILENAME, ParsedMail
from mailbridge.types import MailKind

THREAD_TAG = re.compile(r"\[AIMP:(?!Room:)([A-Za-z0-9][A-Za-z0-9._:-]{0,199})\]")
INVITE_TAG = re.compile(r"\[AIMP-INVITE:\s*([A-Za-z0-9_-]{1,100})\s*\]", re.IGNORECASE)

_SYSTEM_LOCALPARTS = {"mailer-daemon", "postmaster", "mail-daemon", "maildaemon"}
_NO_REPLY = re.compile(r"^(no-?reply|do-?not-?reply|bounces?)([+.-].*)?$")
_PRECEDENCE_AUTO = {"bulk", "junk", "list", "auto_reply", "auto-reply"}
# Out-of-office and auto-reply subjects, in the languages members actually use.
_AUTO_SUBJECT = re.compile(
    r"^\s*("
    r"out of (the )?office|automatic reply|auto[- ]?reply|autoreply|auto[- ]?response|"
    r"away from (the )?office|on vacation|vacation reply|"
    r"abwesenheitsnotiz|automatische antwort|abwesend|"
    r"r[ée]ponse automatique|absence|absent du bureau|"
    r"respuesta autom[áa]tica|fuera de la oficina|"
    r"risposta automatica|fuori ufficio|"
    r"automatisch antwoord|afwezig|"
    r"automatiskt svar|autosvar|fr[åa]nvarande|"
    r"resposta autom[áa]tica|"
    r"自动回复|自動回覆|自動返信|不在|휴가|자동 회신"
    r")",
    re.IGNORECASE,
)


def hub_candidates(envelope_to: Sequence[str], header_recipients: Sequence[str]) -> list[str]:
    """Return recipient base addresses (plus tokens removed), envelope first, deduplicated."""
    out: list[str] = []
    for address in [*envelope_to, *header_recipients]:
        address = address.strip().strip("<>").lower()
        if "@" in address:
            out.append(split_plus(address)[0])
            out.append(address)
    return list(dict.fromkeys(out))


def reply_tokens(addresses: Iterable[str], hub_addresses: set[str]) -> list[str]:
    """Return plus tokens of recipients whose base address is one of the hub's."""
    tokens: list[str] = []
    for address in addresses:
        base, token = split_plus(address.strip().strip("<>").lower())
        if token and base in hub_addresses:
            tokens.append(token)
    return list(dict.fromkeys(tokens))


def thread_tag(subject: str) -> str | None:
    """Return the session id of an `[AIMP:<id>]` subject tag, if any."""
    match = THREAD_TAG.search(subject)
    return match.group(1) if match else None


def invite_code(subject: str) -> str | None:
    """Return the code of an `[AIMP-INVITE:<code>]` subject tag (any case), if any."""
    match = INVITE_TAG.search(subject)
    return match.group(1) if match else None


def referenced_ids(mail: ParsedMail) -> list[str]:
    """Return In-Reply-To then References ids, newest reference first."""
    return list(dict.fromkeys([*mail.in_reply_to, *reversed(mail.references)]))


def loop_reason(mail: ParsedMail, hub_addresses: set[str], loop_header: str) -> str | None:
    """Say why a message is the hub's own mail coming back, or None."""
    for _, address in mail.from_addresses:
        if split_plus(address)[0] in hub_addresses:
            return f"From is the hub's own address {address}"
    for value in mail.headers.get(loop_header.lower(), ()):
        if value.strip().lower() in hub_addresses:
            return f"carries the hub's loop header {loop_header}"
    return None


def auto_generated_reason(mail: ParsedMail, envelope_from: str | None) -> str | None:
    """Say why a message was written by a machine rather than a person, or None.

    X-Auto-Response-Suppress is deliberately absent: Outlook puts it on human mail.
    """
    auto_submitted = mail.header("Auto-Submitted").strip().lower()
    if auto_submitted and not auto_submitted.startswith("no"):
        return f"Auto-Submitted: {auto_submitted}"
    precedence = mail.header("Precedence").strip().lower()
    if precedence in _PRECEDENCE_AUTO:
        return f"Precedence: {precedence}"
    for name in (
        "List-Id",
        "List-Unsubscribe",
        "X-Autoreply",
        "X-Autorespond",
        "X-Failed-Recipients",
    ):
        if name.lower() in mail.headers:
            return f"has {name}"
    if "return-path" in mail.headers and mail.header("Return-Path").strip() in ("<>", ""):
        return "null Return-Path"
    if envelope_from is not None and envelope_from.strip() in ("", "<>"):
        return "null envelope sender"
    for _, address in mail.from_addresses:
        local = address.partition("@")[0]
        if local in _SYSTEM_LOCALPARTS:
            return f"system sender {address}"
        if _NO_REPLY.match(local):
            return f"no-reply sender {address}"
    if _AUTO_SUBJECT.match(mail.subject):
        return "out-of-office subject"
    return None


def looks_like_protocol(mail: ParsedMail) -> bool:
    """True when the subject has the AIMP tag and a protocol.json is attached."""
    return thread_tag(mail.subject) is not None and any(
        a.filename.lower() == PROTOCOL_FILENAME for a in mail.attachments
    )


def is_system_sender(address: str) -> bool:
    """True for mailer-daemon/postmaster style senders."""
    return address.partition("@")[0] in _SYSTEM_LOCALPARTS


@dataclass(frozen=True)
class Classification:
    """The kind of a message and a note for the admin on why."""

    kind: MailKind
    note: str = ""
    answerable: bool = True  # False: record only, call no handler
