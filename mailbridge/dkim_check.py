"""The hub's own DKIM check, for doors with no trusted receiving server in front.

Only a DKIM signature that verifies *and* whose d= domain is aligned with the From
domain authenticates the sender (DMARC's rule, RFC 7489 section 3.1): anyone can
sign a forged From with their own domain. SPF cannot be checked here (the doors do
not all know the connecting address), so it never counts on its own.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import dkim

from mailbridge.authentication import Verdict, aligned

logger = logging.getLogger(__name__)
MAX_SIGNATURES = 5  # each costs a DNS lookup and an RSA verification
DNS_TIMEOUT_SECONDS = 3

TxtLookup = Callable[..., bytes | None]


def _txt(name: bytes, timeout: int = DNS_TIMEOUT_SECONDS) -> bytes | None:
    return dkim.dnsplug.get_txt(name, timeout=min(timeout, DNS_TIMEOUT_SECONDS))


# Tests point this at a resolver of their own: the machine running them has no DNS.
txt_lookup: TxtLookup = _txt


def dkim_verdict(raw: bytes, sender: str) -> Verdict:
    """Verify the message's DKIM signatures; authenticated when one aligned with From passes."""
    from_domain = sender.rpartition("@")[2].lower()
    if not from_domain:
        return Verdict(False, "dkim: no From domain")
    try:
        checker = dkim.DKIM(raw, logger=logger)
        count = sum(1 for name, _ in checker.headers if name.lower() == b"dkim-signature")
    except Exception as exc:  # noqa: BLE001 - hostile input: unverified, never a crash
        return Verdict(False, f"dkim: unreadable ({type(exc).__name__})")
    if count == 0:
        return Verdict(False, "dkim: no signature")
    seen: list[str] = []
    for index in range(min(count, MAX_SIGNATURES)):
        try:
            passed = checker.verify(idx=index, dnsfunc=txt_lookup)
        except Exception as exc:  # noqa: BLE001 - a bad signature or DNS failure: not a pass
            seen.append(f"error {type(exc).__name__}")
            continue
        signer = (checker.domain or b"").decode("ascii", "replace").lower()
        signed_from = b"from" in getattr(checker, "include_headers", ())
        if passed and signed_from and aligned(signer, from_domain):
            return Verdict(True, f"dkim=pass for {signer} (verified by the hub)")
        seen.append(f"{signer or '?'}={'pass' if passed else 'fail'}")
    return Verdict(False, f"dkim: none aligned with {from_domain} ({', '.join(seen)})")
