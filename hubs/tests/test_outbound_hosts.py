"""The address policy for hosts tenants configure (hubs/outbound_hosts.py), without DNS."""

import subprocess
import sys
from ipaddress import ip_address
from pathlib import Path

import pytest

from hubs.outbound_hosts import (
    Allowance,
    HostRefused,
    address_refusal,
    checked_addresses,
    host_refusal,
    literal_address,
    save_time_refusal,
    url_host_port,
)

STRICT = Allowance()
OPEN = Allowance(private=True)


def resolver(table):
    """A fake DNS: name -> addresses; unknown names are not found."""

    def resolve(host, port):
        if host not in table:
            raise HostRefused(f"host not found: {host}")
        return table[host]

    return resolve


def url_refusal(url, allowance=STRICT, table=None):
    try:
        host, port = url_host_port(url)
        checked_addresses(host, port, allowance, resolver(table or {}))
    except HostRefused as exc:
        return str(exc)
    return None


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("127.0.0.1", "a loopback address"),
        ("127.255.0.9", "a loopback address"),
        ("10.0.0.5", "a private address"),
        ("172.16.3.4", "a private address"),
        ("192.168.1.1", "a private address"),
        ("169.254.1.1", "a link-local address"),
        ("169.254.169.254", "the cloud metadata address"),
        ("0.0.0.0", "an unspecified address"),
        ("224.0.0.1", "a multicast address"),
        ("100.64.0.1", "a shared (carrier-grade NAT) address"),
        ("240.0.0.1", "a reserved address"),
        ("192.0.2.10", "a reserved address"),
        ("255.255.255.255", "a reserved address"),
        ("::1", "a loopback address"),
        ("::", "an unspecified address"),
        ("fc00::1", "a private address"),
        ("fd12:3456::1", "a private address"),
        ("fe80::1", "a link-local address"),
        ("fec0::1", "a site-local address"),
        ("ff02::1", "a multicast address"),
        ("2001:db8::1", "a reserved address"),
        ("fd00:ec2::254", "the cloud metadata address"),
        # IPv4 inside IPv6: the packet reaches the IPv4 address.
        ("::ffff:127.0.0.1", "a loopback address"),
        ("::ffff:10.1.2.3", "a private address"),
        ("::ffff:169.254.169.254", "the cloud metadata address"),
        ("64:ff9b::a00:1", "a private address"),
        ("2002:7f00:1::", "a loopback address"),
    ],
)
def test_non_public_addresses_are_refused_with_their_kind(address, kind):
    refusal = address_refusal(ip_address(address), STRICT)
    assert refusal.startswith(f"address not allowed: {ip_address(address)}")
    assert refusal.endswith(f" is {kind}")


def test_an_embedded_ipv4_address_is_named():
    refusal = address_refusal(ip_address("::ffff:169.254.169.254"), STRICT)
    assert refusal == (
        "address not allowed: ::ffff:a9fe:a9fe (169.254.169.254) is the cloud metadata address"
    )


@pytest.mark.parametrize(
    "address", ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]
)
def test_public_addresses_pass(address):
    assert address_refusal(ip_address(address), STRICT) is None


def test_the_allowance_opens_private_ranges_but_never_the_metadata_address():
    for address in ("127.0.0.1", "10.0.0.5", "fe80::1", "::ffff:192.168.0.1"):
        assert address_refusal(ip_address(address), OPEN) is None
    assert "metadata" in address_refusal(ip_address("169.254.169.254"), OPEN)
    assert "metadata" in address_refusal(ip_address("::ffff:169.254.169.254"), OPEN)


def test_an_allowed_network_opens_just_that_network():
    allowance = Allowance.build(allow_private=False, entries=["10.0.5.0/24", " ", "fd00::/64"])
    assert address_refusal(ip_address("10.0.5.7"), allowance) is None
    assert address_refusal(ip_address("fd00::7"), allowance) is None
    assert address_refusal(ip_address("10.0.6.7"), allowance) is not None
    assert address_refusal(ip_address("127.0.0.1"), allowance) is not None


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("2130706433", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
        ("0x7F000001", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("10.1", "10.0.0.1"),
        ("167772165", "10.0.0.5"),
        ("0xa9.0xfe.0xa9.0xfe", "169.254.169.254"),
        ("127.0.0.1.", "127.0.0.1"),
        ("[::1]", "::1"),
        ("[::FFFF:7F00:1]", "::ffff:127.0.0.1"),
    ],
)
def test_every_spelling_of_an_address_is_read_as_the_address(host, address):
    assert literal_address(host) == ip_address(address)


@pytest.mark.parametrize(
    "host", ["1.2.3.09", "1.2.3.4.5", "256.1.1.1", "example.123", "0x.1.2.3.4"]
)
def test_a_host_that_ends_in_a_number_but_is_no_address_is_refused(host):
    assert "not a valid address" in host_refusal(host, STRICT)


@pytest.mark.parametrize("host", ["example.com", "mail.example.org.", "xn--bcher-kva.example"])
def test_names_are_not_addresses(host):
    assert literal_address(host) is None and host_refusal(host, STRICT) is None


@pytest.mark.parametrize(
    "host", ["localhost", "LOCALHOST.", "api.localhost", "localhost.localdomain", "ip6-localhost"]
)
def test_local_names_are_refused_without_asking_dns(host):
    assert host_refusal(host, STRICT).endswith("is a loopback address")
    assert host_refusal(host, OPEN) is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://2130706433/", "address not allowed: 127.0.0.1 is a loopback address"),
        ("http://0x7f.1/", "address not allowed: 127.0.0.1 is a loopback address"),
        ("http://example.com@127.0.0.1/", "address not allowed: 127.0.0.1 is a loopback address"),
        ("http://localhost.:11434/v1", "address not allowed: localhost is a loopback address"),
        ("https://[::1]:8443/v1", "address not allowed: ::1 is a loopback address"),
        ("http://[::ffff:a00:5]/", "::ffff:a00:5 (10.0.0.5) is a private address"),
        ("http://169.254.169.254/latest/meta-data/", "the cloud metadata address"),
        ("http://[fe80::1%25eth0]/", "is a link-local address"),
        ("http://127.0.0.1\\@example.com/", "spaces or backslashes"),
        ("file:///etc/passwd", "only http and https"),
        ("gopher://example.com/", "only http and https"),
        ("http:///v1", "has no host"),
        ("http://example.com:99999999/", "port is not a number"),
        ("http://internal.example/v1", "internal.example -> 10.0.0.5 is a private address"),
        ("http://split.example/v1", "split.example -> 127.0.0.1 is a loopback address"),
        ("http://nowhere.example/", "host not found: nowhere.example"),
    ],
)
def test_urls_are_refused_for_the_address_they_reach(url, expected):
    table = {
        "internal.example": ["10.0.0.5"],
        # One good and one bad address: a client may fall back to the bad one.
        "split.example": ["93.184.216.34", "127.0.0.1"],
    }
    refusal = url_refusal(url, table=table)
    assert refusal is not None and expected in refusal and "\n" not in refusal


def test_a_public_url_passes_and_returns_its_addresses():
    table = {"api.example.com": ["93.184.216.34", "2606:2800:220:1::1"]}
    assert url_refusal("https://api.example.com/v1", table=table) is None
    host, port = url_host_port("https://user:pw@API.example.com./v1")
    assert (host, port) == ("api.example.com.", 443)
    assert checked_addresses(host, port, STRICT, resolver(table)) == [
        ip_address("93.184.216.34"),
        ip_address("2606:2800:220:1::1"),
    ]


def test_an_allowed_name_may_resolve_anywhere_the_operator_says():
    allowance = Allowance.build(allow_private=False, entries=["Ollama.LAN."])
    table = {"ollama.lan": ["10.0.0.9"]}
    assert checked_addresses("ollama.lan", 11434, allowance, resolver(table)) == [
        ip_address("10.0.0.9")
    ]
    with pytest.raises(HostRefused):
        checked_addresses("other.lan", 11434, allowance, resolver({"other.lan": ["10.0.0.9"]}))


def test_save_time_lets_an_unknown_name_be_but_not_a_bad_one():
    table = {"internal.example": ["10.0.0.5"]}
    assert save_time_refusal("not-yet.example", 993, STRICT, resolver(table)) is None
    assert "private" in save_time_refusal("internal.example", 993, STRICT, resolver(table))
    assert "loopback" in save_time_refusal("127.0.0.1", 993, STRICT, resolver(table))
    assert save_time_refusal("internal.example", 993, OPEN, resolver(table)) is None


def test_hosts_with_url_characters_are_not_host_names():
    for host in ("example.com/path", "a@b.example", "a b.example", "a..b"):
        assert "is not a host name" in host_refusal(host, STRICT)


def test_the_module_imports_nothing_of_django_or_the_project():
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys, hubs.outbound_hosts; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'django', 'aimp_site', 'mailbridge', 'negotiation'} "
        "or (m.startswith('hubs.') and m != 'hubs.outbound_hosts')); "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)
