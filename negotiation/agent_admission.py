"""Which agents a hub reads protocol mail from (Hub.agent_policy). Pure: no Django import."""

from __future__ import annotations

from collections.abc import Collection

OPEN, CONTACTS, ALLOW_LIST = "open", "contacts", "allow_list"


def allow_entries(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """Read an allow-list (one address or domain per line, # comments): (addresses, domains)."""
    addresses: set[str] = set()
    domains: set[str] = set()
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip().lower().lstrip("@").rstrip(".")
        if not entry or " " in entry:
            continue
        (addresses if "@" in entry else domains).add(entry)
    return frozenset(addresses), frozenset(domains)


def refusal(
    *, policy: str, sender: str, known: Collection[str] = (), allow_list: str = ""
) -> str | None:
    """Why the hub will not read this agent's protocol mail, or None when it will."""
    sender = sender.strip().lower()
    if policy == OPEN:
        return None
    if policy == CONTACTS:
        if sender in {k.lower() for k in known}:
            return None
        return "this hub reads protocol mail only from the agents of its contacts"
    if policy == ALLOW_LIST:
        addresses, domains = allow_entries(allow_list)
        domain = sender.rpartition("@")[2]
        # A listed domain covers its subdomains (mail.example.com under example.com),
        # never a domain that merely ends with the same letters (badexample.com).
        if sender in addresses or any(domain == d or domain.endswith("." + d) for d in domains):
            return None
        return "this hub reads protocol mail only from the agents its admin allowed"
    return "this hub reads no protocol mail"
