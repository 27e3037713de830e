"""The hub's own DKIM check: real signatures by dkimpy, DNS answered by the test."""

import pytest

from mailbridge.dkim_check import dkim_verdict
from mailbridge.testing import build_email
from mailbridge.testing import dkim_key_pair as _key_pair
from mailbridge.testing import dkim_signed as signed


def mail(from_: str = "alice@example.com", body: str = "B works") -> bytes:
    return build_email(
        from_=from_, to="hub@hub.example", subject="Hi", body=body, authenticated=False
    )


def test_a_signature_by_the_from_domain_authenticates(dkim_dns):
    private, record = _key_pair()
    dkim_dns[b"s1._domainkey.example.com."] = record
    verdict = dkim_verdict(signed(mail(), "example.com", private), "alice@example.com")
    assert verdict.authenticated and "example.com" in verdict.evidence


def test_a_parent_domain_signature_is_aligned_with_a_subdomain_sender(dkim_dns):
    private, record = _key_pair()
    dkim_dns[b"s1._domainkey.example.com."] = record
    raw = signed(mail("alice@mail.example.com"), "example.com", private)
    assert dkim_verdict(raw, "alice@mail.example.com").authenticated


def test_a_forger_signing_with_their_own_domain_is_not_authenticated(dkim_dns):
    private, record = _key_pair()
    dkim_dns[b"s1._domainkey.evil.example."] = record
    verdict = dkim_verdict(signed(mail(), "evil.example", private), "alice@example.com")
    assert not verdict.authenticated and "evil.example=pass" in verdict.evidence


def test_a_changed_body_or_a_missing_key_fails(dkim_dns):
    private, record = _key_pair()
    raw = signed(mail(), "example.com", private)
    assert not dkim_verdict(raw, "alice@example.com").authenticated  # no key published
    dkim_dns[b"s1._domainkey.example.com."] = record
    tampered = raw.replace(b"B works", b"A works")
    assert not dkim_verdict(tampered, "alice@example.com").authenticated


@pytest.mark.parametrize(
    "raw",
    [b"", b"\x00\xff garbage", b"DKIM-Signature: v=1; a=rsa-sha256; d=;\r\n\r\nbody"],
)
def test_hostile_input_is_unverified_never_a_crash(dkim_dns, raw):
    assert not dkim_verdict(raw, "alice@example.com").authenticated
