"""Who may act in a meeting: the evidence table of the README's Security section."""

import pytest

from negotiation.sender_trust import (
    CHECK_ALWAYS,
    CHECK_NEW_ADDRESSES,
    NO_CHECK,
    OPEN,
    STANDARD,
    STRICT,
    Evidence,
    may_command,
    request_check,
    who_acts,
)

PEOPLE = {
    "alice@x.example": "1",
    "bob@x.example": "2",
    "carol@x.example": "3",
    "agent@ai.example": "3",
}  # noqa: E501


def acts(policy, sender, token=None, authenticated=False):
    return who_acts(policy, Evidence(sender, token, authenticated), PEOPLE)


@pytest.mark.parametrize("policy", [STANDARD, STRICT])
def test_token_and_matching_from_act(policy):
    assert acts(policy, "bob@x.example", "bob@x.example").actor == "2"
    assert acts(policy, "BOB@x.example", "bob@x.example").actor == "2"


@pytest.mark.parametrize("policy", [STANDARD, STRICT])
def test_a_participants_own_address_and_their_agents_are_one_person(policy):
    assert acts(policy, "carol@x.example", "agent@ai.example").actor == "3"


@pytest.mark.parametrize("policy", [STANDARD, STRICT])
def test_an_authenticated_from_acts_without_a_token(policy):
    assert acts(policy, "bob@x.example", None, authenticated=True).actor == "2"
    # ... and through someone else's forwarded invitation it is still the writer's own vote.
    assert acts(policy, "bob@x.example", "carol@x.example", authenticated=True).actor == "2"


@pytest.mark.parametrize("policy", [STANDARD, STRICT])
def test_from_alone_or_token_alone_is_refused_and_the_real_person_is_named(policy):
    forged = acts(policy, "bob@x.example", None)
    assert (forged.actor, forged.tell) == (None, "2")
    mixed = acts(policy, "bob@x.example", "carol@x.example")
    assert (mixed.actor, mixed.tell) == (None, "3")  # the holder of the token hears
    leaked = acts(policy, "mallory@evil.example", "carol@x.example")
    assert (leaked.actor, leaked.tell) == (None, "3")


def test_strangers_are_nobody_and_nobody_is_told():
    stranger = acts(STANDARD, "mallory@evil.example", None, authenticated=True)
    assert (stranger.actor, stranger.tell) == (None, None)


def test_open_is_the_from_line_first_then_the_token():
    assert acts(OPEN, "bob@x.example", "carol@x.example").actor == "2"
    assert acts(OPEN, "mallory@evil.example", "carol@x.example").actor == "3"


@pytest.mark.parametrize("policy", [STANDARD, STRICT])
def test_commands_need_the_organisers_token_and_from(policy):
    def command(sender, token):
        return may_command(policy, Evidence(sender, token, True), "alice@x.example")

    assert command("alice@x.example", "alice@x.example")
    assert not command("alice@x.example", "bob@x.example")  # authenticated, wrong thread
    assert not command("alice@x.example", None)
    assert not command("bob@x.example", "alice@x.example")


def test_which_requests_wait_for_the_member():
    assert request_check(STANDARD, authenticated=True) == NO_CHECK
    assert request_check(STRICT, authenticated=True) == NO_CHECK
    assert request_check(OPEN, authenticated=False) == NO_CHECK
    assert request_check(STANDARD, authenticated=False) == CHECK_NEW_ADDRESSES
    assert request_check(STRICT, authenticated=False) == CHECK_ALWAYS
