"""Whether a message really comes from its From address: the receiving side's verdict. Pure.

The verdict is read from `Authentication-Results` (RFC 8601) written by a server the
operator trusts for that inbound door (its own MX in front of the SMTP listener or
IMAP mailbox, an ESP such as Amazon SES that adds one to the mail it posts). Anyone
can write such a header into a message, so only a header carrying a trusted
authserv-id counts, and of those only the topmost: headers are prepended on the way
in, so the receiving server's own is above any a sender forged (RFC 8601 section 5
also obliges that server to remove forged copies of its own id).

"Authenticated" means DMARC passed for the From domain, or DKIM or SPF passed for a
domain aligned with it (RFC 7489 section 3.1, relaxed alignment): the identifier a
person reads, not only the envelope.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_COMMENT = re.compile(r"\([^()]*\)")
_RESULT = re.compile(r"^\s*([a-z0-9_-]+)\s*=\s*([a-z]+)\b(.*)$", re.IGNORECASE | re.DOTALL)
_PROPERTY = re.compile(r"([a-z]+)\.([a-z0-9_-]+)\s*=\s*(\"[^\"]*\"|[^\s;]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Verdict:
    """The sender's standing and the evidence for it, as one line for the admin."""

    authenticated: bool
    evidence: str


UNVERIFIED = Verdict(False, "no trusted verdict")


@dataclass(frozen=True)
class MethodResult:
    """One `method=result` of an Authentication-Results header with its properties."""

    method: str
    result: str
    properties: dict[str, str]


def _strip_comments(value: str) -> str:
    previous = None
    while previous != value:  # nested comments: innermost first
        previous, value = value, _COMMENT.sub(" ", value)
    return value


def parse_results(value: str) -> tuple[str, list[MethodResult]]:
    """Return the authserv-id of one Authentication-Results value and its results."""
    parts = _strip_comments(value).split(";")
    head = parts[0].split()
    authserv_id = head[0].lower().rstrip(".") if head else ""
    results: list[MethodResult] = []
    for part in parts[1:]:
        match = _RESULT.match(part)
        if match is None:
            continue
        properties = {
            f"{p.lower()}.{name.lower()}": raw.strip('"').lower()
            for p, name, raw in _PROPERTY.findall(match.group(3))
        }
        results.append(MethodResult(match.group(1).lower(), match.group(2).lower(), properties))
    return authserv_id, results


def aligned(domain: str, from_domain: str) -> bool:
    """True when `domain` and the From domain share a suffix at a label boundary (relaxed)."""
    domain, from_domain = domain.lower().strip("."), from_domain.lower().strip(".")
    if not domain or not from_domain:
        return False
    if domain == from_domain:
        return True
    # Relaxed alignment compares organisational domains. Without a public suffix list a
    # parent that is at least two labels long stands for it: mail.example.com and
    # example.com align, example.com and other.com (or com) never do.
    shorter, longer = sorted((domain, from_domain), key=len)
    return shorter.count(".") >= 1 and longer.endswith("." + shorter)


def _domain_of(value: str) -> str:
    return value.rpartition("@")[2].strip().strip("<>").lower()


def _verdict_of(results: Iterable[MethodResult], from_domain: str) -> Verdict:
    for r in results:
        if r.result != "pass":
            continue
        if r.method == "dmarc":
            header_from = r.properties.get("header.from", from_domain)
            if _domain_of(header_from) == from_domain:
                return Verdict(True, f"dmarc=pass for {from_domain}")
        if r.method == "dkim":
            signer = r.properties.get("header.d") or _domain_of(r.properties.get("header.i", ""))
            if signer and aligned(signer, from_domain):
                return Verdict(True, f"dkim=pass for {signer}")
        if r.method == "spf":
            envelope = _domain_of(
                r.properties.get("smtp.mailfrom", "") or r.properties.get("smtp.helo", "")
            )
            if envelope and aligned(envelope, from_domain):
                return Verdict(True, f"spf=pass for {envelope}")
    failed = ", ".join(f"{r.method}={r.result}" for r in results) or "no results"
    return Verdict(False, f"not aligned with {from_domain}: {failed}")


def door_trusts(source: str, trusted: Sequence[str]) -> set[str]:
    """Return the authserv-ids trusted for the door `source` ('smtp', 'webhook:amazon_ses'...).

    An entry is `authserv-id` (every door) or `door=authserv-id`, where door is a
    source or its prefix before the colon (`webhook` for every ESP).
    """
    door = source.lower()
    ids: set[str] = set()
    for entry in trusted:
        entry = entry.strip().lower()
        if "=" in entry:
            name, _, authserv = entry.partition("=")
            if name.strip() in (door, door.partition(":")[0]):
                ids.add(authserv.strip().rstrip("."))
        elif entry:
            ids.add(entry.rstrip("."))
    return ids


def sender_verdict(results_headers: Sequence[str], sender: str, trusted_ids: set[str]) -> Verdict:
    """Read the topmost trusted Authentication-Results header for the From address `sender`."""
    from_domain = _domain_of(sender)
    if not from_domain or not trusted_ids:
        return UNVERIFIED
    for value in results_headers:  # in header order: the newest first
        authserv_id, results = parse_results(value)
        if authserv_id in trusted_ids:
            verdict = _verdict_of(results, from_domain)
            return Verdict(verdict.authenticated, f"{authserv_id}: {verdict.evidence}")
    return UNVERIFIED
