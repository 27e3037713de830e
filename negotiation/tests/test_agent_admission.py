from negotiation.agent_admission import allow_entries, refusal


def test_open_admits_anyone():
    assert refusal(policy="open", sender="x@anywhere.example") is None


def test_contacts_admits_known_agents_only_whatever_the_case():
    known = ["Bot@Partner.example"]
    assert refusal(policy="contacts", sender="bot@partner.example", known=known) is None
    assert "contacts" in refusal(policy="contacts", sender="other@partner.example", known=known)


def test_allow_list_addresses_domains_and_subdomains_not_lookalikes():
    listed = "bot@one.example\n# the partner's agents\nexample.com\n@two.example  # old\n"
    assert allow_entries(listed) == (
        frozenset({"bot@one.example"}),
        frozenset({"example.com", "two.example"}),
    )
    for admitted in ("bot@one.example", "a@example.com", "a@mail.example.com", "z@two.example"):
        assert refusal(policy="allow_list", sender=admitted, allow_list=listed) is None
    for refused in ("other@one.example", "a@badexample.com", "a@example.com.evil.test"):
        assert refusal(policy="allow_list", sender=refused, allow_list=listed)


def test_an_unknown_policy_refuses():
    assert refusal(policy="closed?", sender="a@b.example")
