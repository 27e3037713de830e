from hubs.models import Hub, HubAlias

hub_for_addresses = Hub.objects.for_addresses


def test_primary_address_finds_its_hub_in_one_query(hub, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert hub_for_addresses(["family@hub.example.com", "family+tok@hub.example.com"]) == hub


def test_alias_finds_its_hub(hub, other_hub):
    assert hub_for_addresses(["nobody@example.com", "fam@alias.example.com"]) == hub


def test_the_first_address_that_names_a_hub_wins(hub, other_hub):
    # An alias listed before another hub's primary address takes precedence.
    assert hub_for_addresses(["fam@alias.example.com", "team@hub.example.com"]) == hub
    assert hub_for_addresses(["team@hub.example.com", "fam@alias.example.com"]) == other_hub


def test_inactive_hubs_receive_nothing(hub):
    Hub.objects.filter(pk=hub.pk).update(active=False)
    assert hub_for_addresses(["family@hub.example.com"]) is None
    assert hub_for_addresses(["fam@alias.example.com"]) is None


def test_addresses_are_compared_case_insensitively(hub):
    HubAlias.objects.create(hub=hub, email="other@alias.example.com")
    assert hub_for_addresses(["Family@Hub.Example.com"]) == hub
    assert hub_for_addresses(["OTHER@alias.example.com"]) == hub
    assert hub_for_addresses([]) is None


def test_every_hub_addressed_is_found_and_one_hubs_mail_costs_one_query(
    hub, other_hub, django_assert_num_queries
):
    every = Hub.objects.all_for_addresses
    with django_assert_num_queries(1):
        assert every(["family@hub.example.com", "family+tok@hub.example.com"]) == [hub]
    assert every(["team@hub.example.com", "fam@alias.example.com"]) == [other_hub, hub]
    assert every(["nobody@example.com"]) == []


def test_a_hub_found_by_its_primary_address_brings_its_aliases(
    hub, other_hub, django_assert_num_queries
):
    # The job asks hub.addresses() right after routing: a hub read from the database
    # comes with its aliases, in the same statement, whether it has some or none.
    HubAlias.objects.create(hub=hub, email="Second@alias.example.com")
    with django_assert_num_queries(1):
        found = Hub.objects.all_for_addresses(["family@hub.example.com"])
        assert [h.addresses() for h in found] == [
            {"family@hub.example.com", "fam@alias.example.com", "second@alias.example.com"}
        ]
    with django_assert_num_queries(1):
        (team,) = Hub.objects.all_for_addresses(["team@hub.example.com"])
        assert team.addresses() == {"team@hub.example.com"}
