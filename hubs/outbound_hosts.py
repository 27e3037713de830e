"""Which hosts a tenant may make the server connect to: the pure address policy.

A hub configures hosts the server then connects to (LLM base URL, IMAP and SMTP hosts).
Without a policy a tenant could point them at the operator's own network: loopback
services, the private LAN, the cloud metadata address. Every address a host names or
resolves to must be public unless the operator's allowance (passed in, never read
here) says otherwise. No Django here: callers pass the allowance and, in tests, a resolver.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network
from urllib.parse import urlsplit

IPAddress = IPv4Address | IPv6Address
IPNetwork = IPv4Network | IPv6Network
Resolver = Callable[[str, int], list[str]]

# The cloud metadata endpoints (AWS, GCP, Azure, OpenStack; AWS's IPv6 one): refused even
# when private addresses are allowed, since no mail or model server ever lives there and
# they hand out the machine's own cloud credentials.
METADATA = frozenset({ip_address("169.254.169.254"), ip_address("fd00:ec2::254")})
_PRIVATE = tuple(
    ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")
)
_SHARED = ip_network("100.64.0.0/10")
# IPv6 prefixes that carry an IPv4 address the packet really reaches (NAT64 well-known
# and local-use prefixes); IPv4-mapped, 6to4 and Teredo are unwrapped by ipaddress itself.
_NAT64 = (ip_network("64:ff9b::/96"), ip_network("64:ff9b:1::/48"))
_LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
_BAD_CHARS = frozenset("\\@/?#%[] \t\r\n") | {chr(c) for c in range(32)}


class HostRefused(ValueError):
    """The host may not be reached on a tenant's behalf; the message is one line for people."""


@dataclass(frozen=True)
class Allowance:
    """What the operator lets tenants reach beyond public addresses."""

    private: bool = False
    names: frozenset[str] = frozenset()
    networks: tuple[IPNetwork, ...] = field(default=())

    @classmethod
    def build(cls, *, allow_private: bool, entries: Iterable[str] = ()) -> Allowance:
        """Return the allowance for a flag and a list of host names and CIDRs."""
        names: set[str] = set()
        networks: list[IPNetwork] = []
        for raw in entries:
            entry = raw.strip()
            if not entry:
                continue
            try:
                networks.append(ip_network(entry, strict=False))
            except ValueError:
                names.add(normalize_host(entry))
        return cls(private=allow_private, names=frozenset(names), networks=tuple(networks))


def normalize_host(host: str) -> str:
    """Return `host` lower-cased, without brackets or one trailing dot."""
    host = host.strip().lower()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host[:-1] if host.endswith(".") and not host.endswith("..") else host


def _number(label: str) -> int | None:
    # inet_aton's (and WHATWG URL's) parts: 0x.. hex, 0.. octal, else decimal.
    try:
        if label[:2] in ("0x", "0X"):
            return int(label[2:] or "0", 16)
        if len(label) > 1 and label.startswith("0"):
            return int(label[1:], 8)
        return int(label, 10) if label.isdigit() else None
    except ValueError:
        return None


def _ends_in_number(host: str) -> bool:
    last = host.split(".")[-1]
    return last.isdigit() or (last[:2] in ("0x", "0X") and _number(last) is not None)


def _loose_ipv4(host: str) -> IPv4Address | None:
    """Return the IPv4 address of `127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1`... or None."""
    if not host or not _ends_in_number(host):
        return None
    labels = host.split(".")
    numbers = [_number(label) for label in labels]
    if len(labels) > 4 or any(n is None for n in numbers):
        # A browser refuses such a host; a resolver might still guess: refuse it here.
        raise HostRefused(f"address not allowed: {host} is not a valid address")
    *head, last = [n for n in numbers if n is not None]
    if any(n > 255 for n in head) or last >= 256 ** (5 - len(labels)):
        raise HostRefused(f"address not allowed: {host} is not a valid address")
    value = last
    for position, part in enumerate(head):
        value += part << (8 * (3 - position))
    return IPv4Address(value)


def literal_address(host: str) -> IPAddress | None:
    """Return the address `host` spells (any IPv4 spelling, IPv6 with or without brackets)."""
    host = normalize_host(host)
    if ":" in host:
        try:
            return IPv6Address(host.replace("%25", "%"))
        except ValueError:
            raise HostRefused(f"address not allowed: {host} is not a valid address") from None
    return _loose_ipv4(host)


def _embedded_ipv4(address: IPAddress) -> IPv4Address | None:
    if isinstance(address, IPv4Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    if any(address in net for net in _NAT64):
        return IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def _kind(address: IPAddress) -> str | None:
    """Why `address` is not public ("a private address"...), or None when it is."""
    if address in METADATA:
        return "the cloud metadata address"
    if address.is_unspecified:
        return "an unspecified address"
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_multicast:
        return "a multicast address"
    if any(address in net for net in _PRIVATE):
        return "a private address"
    if address in _SHARED:
        return "a shared (carrier-grade NAT) address"
    if isinstance(address, IPv6Address) and address.is_site_local:
        return "a site-local address"
    if address.is_reserved or address.is_private or not address.is_global:
        return "a reserved address"
    return None


def address_refusal(address: IPAddress, allowance: Allowance) -> str | None:
    """Return the one-line reason `address` may not be reached, or None when it may."""
    if any(address.version == net.version and address in net for net in allowance.networks):
        return None
    inner = _embedded_ipv4(address)
    kind = _kind(inner) if inner is not None else _kind(address)
    if kind is None:
        return None
    if allowance.private and address not in METADATA and inner not in METADATA:
        return None
    shown = f"{address} ({inner})" if inner is not None else str(address)
    return f"address not allowed: {shown} is {kind}"


def host_refusal(host: str, allowance: Allowance) -> str | None:
    """Return why `host` is refused without resolving it (names, literals), or None."""
    name = normalize_host(host)
    if not name:
        return "address not allowed: no host"
    if name in allowance.names:
        return None
    if ":" not in name and (set(name) & _BAD_CHARS or ".." in name):
        return f"address not allowed: {name!r} is not a host name"
    if not allowance.private and (name in _LOCAL_NAMES or name.endswith(".localhost")):
        return f"address not allowed: {name} is a loopback address"
    try:
        address = literal_address(name)
    except HostRefused as exc:
        return str(exc)
    return address_refusal(address, allowance) if address is not None else None


def url_host_port(url: str) -> tuple[str, int]:
    """Return the host and port an http(s) URL connects to; HostRefused when it has none."""
    text = url.strip()
    if any(c in text for c in "\\\t\r\n ") or any(ord(c) < 32 for c in text):
        raise HostRefused("address not allowed: the URL contains spaces or backslashes")
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https"):
        raise HostRefused("address not allowed: only http and https URLs")
    try:
        port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
    except ValueError:
        raise HostRefused("address not allowed: the URL's port is not a number") from None
    if not parts.hostname:
        raise HostRefused("address not allowed: the URL has no host")
    return parts.hostname, port


def system_resolve(host: str, port: int) -> list[str]:
    """Return every address the system resolver gives for `host` (TCP)."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise HostRefused(f"host not found: {host}") from None
    return [str(info[4][0]) for info in found]


def checked_addresses(
    host: str, port: int, allowance: Allowance, resolve: Resolver | None = None
) -> list[IPAddress]:
    """Resolve `host` and return its addresses if every one may be reached; else HostRefused."""
    problem = host_refusal(host, allowance)
    if problem:
        raise HostRefused(problem)
    name = normalize_host(host)
    literal = literal_address(name)
    if literal is not None:
        return [literal]
    # Looked up at call time, not bound as a default, so tests can stand in for DNS.
    found = (resolve or system_resolve)(name, port)
    addresses = [ip_address(a.split("%", 1)[0]) for a in found]
    if not addresses:
        raise HostRefused(f"host not found: {name}")
    if name in allowance.names:
        return addresses  # the operator vouches for this name, whatever it resolves to
    for address in addresses:
        # Every address, not just the first: a client may try them all in turn.
        problem = address_refusal(address, allowance)
        if problem:
            raise HostRefused(
                problem.replace("address not allowed:", f"address not allowed: {name} ->")
            )
    return addresses


def save_time_refusal(
    host: str, port: int, allowance: Allowance, resolve: Resolver | None = None
) -> str | None:
    """Return why a host typed into a form is refused now, or None."""
    # A name that does not resolve today is no danger today and may be set up later:
    # it is let be, and the check at connect time refuses it if it then points inward.
    problem = host_refusal(host, allowance)
    if problem or allowance.private:
        return problem
    try:
        checked_addresses(host, port, allowance, resolve)
    except HostRefused as exc:
        return None if str(exc).startswith("host not found") else str(exc)
    return None
