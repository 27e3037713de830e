"""Authentication-Results as receiving servers write them (RFC 8601 and real providers)."""

from mailbridge.authentication import aligned, door_trusts, parse_results, sender_verdict

# Shapes from RFC 8601 appendix B and from headers Gmail and Amazon SES add to mail.
GMAIL = (
    "mx.google.com;\r\n       dkim=pass header.i=@example.com header.s=20230601 header.b=Xy1z;"
    "\r\n       spf=pass (google.com: domain of alice@example.com designates 192.0.2.1 as "
    "permitted sender) smtp.mailfrom=alice@example.com;\r\n       dmarc=pass (p=NONE sp=NONE "
    "dis=NONE) header.from=example.com"
)
SES = (
    "amazonses.com; spf=pass (spfCheck: domain of mail.example.com designates 192.0.2.1 as "
    "permitted sender) client-ip=192.0.2.1; envelope-from=b@mail.example.com; "
    "helo=mail.example.com; dkim=pass header.i=@example.com; dmarc=pass header.from=example.com;"
)
RFC_FAIL = 'example.com; dkim=fail reason="bad signature" header.i=@mail-router.example.net'
FORGER_SIGNED = "mx.aimp.example; dkim=pass header.d=evil.example; spf=pass smtp.mailfrom=evil.example; dmarc=fail header.from=example.com"  # noqa: E501


def test_the_parts_of_a_header_with_comments_and_folding():
    authserv, results = parse_results(GMAIL)
    assert authserv == "mx.google.com"
    assert [(r.method, r.result) for r in results] == [
        ("dkim", "pass"),
        ("spf", "pass"),
        ("dmarc", "pass"),
    ]
    assert results[0].properties["header.i"] == "@example.com"
    assert results[1].properties["smtp.mailfrom"] == "alice@example.com"


def test_a_trusted_servers_pass_for_the_from_domain_authenticates():
    assert sender_verdict([GMAIL], "alice@example.com", {"mx.google.com"}).authenticated
    assert sender_verdict([SES], "bob@example.com", {"amazonses.com"}).authenticated


def test_nobody_trusted_or_an_untrusted_server_proves_nothing():
    assert not sender_verdict([GMAIL], "alice@example.com", set()).authenticated
    assert not sender_verdict([GMAIL], "alice@example.com", {"mx.aimp.example"}).authenticated


def test_a_forger_signing_with_their_own_domain_is_not_the_from_domain():
    verdict = sender_verdict([FORGER_SIGNED], "alice@example.com", {"mx.aimp.example"})
    assert not verdict.authenticated
    assert "not aligned with example.com" in verdict.evidence


def test_only_the_topmost_trusted_header_counts():
    # The forger wrote a passing header with the trusted id; the MX prepended its own above.
    ours = "mx.aimp.example; dkim=none; spf=softfail smtp.mailfrom=example.com; dmarc=fail"
    forged = "mx.aimp.example; dmarc=pass header.from=example.com"
    verdict = sender_verdict([ours, forged], "alice@example.com", {"mx.aimp.example"})
    assert not verdict.authenticated


def test_a_failing_result_is_not_a_pass():
    assert not sender_verdict(
        [RFC_FAIL], "x@mail-router.example.net", {"example.com"}
    ).authenticated


def test_relaxed_alignment_at_label_boundaries():
    assert aligned("mail.example.com", "example.com")
    assert aligned("example.com", "news.example.com")
    assert not aligned("badexample.com", "example.com")
    assert not aligned("com", "example.com")
    assert not aligned("", "example.com")


def test_trusted_ids_per_door():
    trusted = ["mx.aimp.example", "webhook:amazon_ses=amazonses.com", "smtp=mx2.aimp.example"]
    assert door_trusts("webhook:amazon_ses", trusted) == {"mx.aimp.example", "amazonses.com"}
    assert door_trusts("webhook:mailgun", trusted) == {"mx.aimp.example"}
    assert door_trusts("smtp", trusted) == {"mx.aimp.example", "mx2.aimp.example"}
    assert door_trusts("webhook:mailgun", ["webhook=mx.esp.example"]) == {"mx.esp.example"}
