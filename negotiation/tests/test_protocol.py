"""AIMP/0.1 wire format and session rules (negotiation/protocol.py)."""

from __future__ import annotations

import json
import string
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negotiation import protocol as p
from negotiation.protocol import ProtocolError, VoteRejected
from negotiation.tests.protocol_examples import (
    ALICE,
    BOB,
    CAROL,
    PROTOCOL_MD_EXAMPLE,
    T1,
    T2,
    example,
    json_values,
)

DATA = Path(__file__).parent / "data"


# --- the PROTOCOL.md example and the reference implementation's documents ------------


def test_protocol_md_example_parses_and_serialises_back_equal():
    session = example()
    assert json.loads(p.to_json(session)) == json.loads(PROTOCOL_MD_EXAMPLE)
    assert session.session_id == "meeting-001"
    assert session.version == 3
    assert session.from_ == ALICE
    assert session.action == p.ACTION_PROPOSE
    assert session.participants == (ALICE, BOB, CAROL)
    assert session.items["time"].options == (T1, T2)
    assert session.items["location"].votes == {ALICE: "Zoom", BOB: None, CAROL: None}
    assert session.status == p.STATUS_NEGOTIATING
    assert session.history[1] == p.HistoryEntry(2, BOB, "counter", "Suggested in person")
    assert p.from_json(p.to_json(session)) == session


def test_protocol_md_example_accepts_bytes_with_bom():
    raw = b"\xef\xbb\xbf" + PROTOCOL_MD_EXAMPLE.encode()
    assert p.from_json(raw) == example()


def test_reference_document_without_action_takes_it_from_history_and_keeps_its_fields():
    text = (DATA / "reference_v2.json").read_text(encoding="utf-8")
    session = p.from_json(text)
    assert session.action == p.ACTION_COUNTER
    assert session.unknown == {"current_round": 1, "round_respondents": ["bob-agent@example.com"]}
    written = json.loads(p.to_json(session))
    original = json.loads(text)
    assert written == {**original, "action": "counter"}
    assert "x-aimp-hub" not in written


def test_reference_hub_listed_as_participant_blocks_consensus_unless_left_out():
    session = p.from_json((DATA / "reference_v2.json").read_text(encoding="utf-8"))
    time_item = session.items["time"]
    # Everybody voted for T1 here, hub included; carol has not voted on the place.
    assert p.item_consensus(time_item, session.participants) == T1
    silent_hub = p.apply_vote(session, voter="hub@example.com", item="time", option=None)
    assert p.item_consensus(silent_hub.items["time"], silent_hub.participants) is None
    people = [a for a in silent_hub.participants if a != "hub@example.com"]
    assert p.item_consensus(silent_hub.items["time"], people) == T1


def test_unknown_fields_are_ignored_by_the_rules_and_written_back_out_of_the_way():
    obj = json.loads(PROTOCOL_MD_EXAMPLE)
    obj["x-other-agent"] = {"mood": "sunny", "n": [1, 2.5, None, True]}
    obj["proposals"]["time"]["weights"] = {"2026-03-01T10:00": 0.7}
    obj["history"][0]["signed"] = "abc"
    obj["x-aimp-hub"] = {"meeting": "m-42", "labels": {"2026-03-01T10:00": "A"}}
    session = p.from_json(json.dumps(obj))
    assert session.unknown == {"x-other-agent": obj["x-other-agent"]}
    assert session.items["time"].unknown == {"weights": {"2026-03-01T10:00": 0.7}}
    assert session.extensions == obj["x-aimp-hub"]
    assert json.loads(p.to_json(session)) == obj
    # Rules see only protocol fields: the same votes decide the same way.
    assert p.resolution(session) == p.resolution(example())
    voted = p.apply_vote(session, voter=BOB, item="time", option=T1)
    assert voted.unknown == session.unknown and voted.extensions == session.extensions


def test_our_extensions_live_only_under_x_aimp_hub():
    session = replace(example(), extensions={"meeting_id": 7})
    written = json.loads(p.to_json(session))
    assert set(written) == set(json.loads(PROTOCOL_MD_EXAMPLE)) | {"x-aimp-hub"}
    assert written["x-aimp-hub"] == {"meeting_id": 7}


def test_unknown_may_not_shadow_a_protocol_field():
    with pytest.raises(ProtocolError):
        replace(example(), unknown={"status": "confirmed"})
    with pytest.raises(ProtocolError):
        replace(example(), unknown={"x-aimp-hub": {}})


def test_sessions_are_immutable():
    session = example()
    with pytest.raises(TypeError):
        session.items["time"] = session.items["location"]  # type: ignore[index]
    with pytest.raises(TypeError):
        session.items["time"].votes[BOB] = T1  # type: ignore[index]


# --- generated sessions round-trip ------------------------------------------------------

_free_text = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
_addresses = st.builds(
    lambda local, domain: f"{local}@{domain}.example",
    st.text(string.ascii_letters + string.digits + ".+_-", min_size=1, max_size=10),
    st.sampled_from(["a", "b", "hub"]),
)
_item_names = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12
)
_reserved = p._TOP_KEYS | {p.EXTENSION_KEY}


@st.composite
def sessions(draw, *, rich: bool = False) -> p.Session:
    """Draw a valid session: votes only by participants, only for offered options.

    `rich` adds unknown fields and extensions (slow to generate; only the round trip needs them).
    """
    none = st.just({})
    participants = draw(st.lists(_addresses, min_size=1, max_size=6, unique_by=str.lower))
    items = {}
    for name in draw(st.lists(_item_names, max_size=4, unique=True)):
        options = draw(st.lists(_free_text.filter(bool), max_size=5, unique=True))
        voters = draw(st.lists(st.sampled_from(participants), unique=True))
        votes = {v: draw(st.none() | st.sampled_from(options)) if options else None for v in voters}
        extra = draw(
            st.dictionaries(
                st.text(max_size=6).filter(lambda k: k not in ("options", "votes")),
                json_values,
                max_size=2,
            )
            if rich
            else none
        )
        items[name] = p.Item(options=tuple(options), votes=votes, unknown=extra)
    history = tuple(
        p.HistoryEntry(
            draw(st.integers(0, 50)),
            draw(_addresses),
            draw(st.sampled_from(sorted(p.ACTIONS))),
            draw(_free_text),
        )
        for _ in range(draw(st.integers(0, 4)))
    )
    return p.Session(
        session_id=draw(st.from_regex(r"[A-Za-z0-9._:-]{1,20}", fullmatch=True)),
        version=draw(st.integers(0, 1000)),
        from_=draw(_addresses),
        action=draw(st.sampled_from(sorted(p.ACTIONS))),
        participants=tuple(participants),
        topic=draw(_free_text),
        items=items,
        status=draw(st.sampled_from(sorted(p.STATUSES))),
        history=history,
        extensions=draw(
            st.dictionaries(st.text(max_size=6), json_values, max_size=3) if rich else none
        ),
        unknown=draw(
            st.dictionaries(
                st.text(max_size=8).filter(lambda k: k not in _reserved), json_values, max_size=3
            )
            if rich
            else none
        ),
    )


@settings(max_examples=200, deadline=None)
@given(sessions(rich=True))
def test_generated_sessions_round_trip(session):
    text = p.to_json(session)
    assert p.from_json(text) == session
    assert p.from_json(text.encode("utf-8")) == session
    assert json.loads(text)["protocol"] == "AIMP/0.1"


# --- votes, options, consensus ------------------------------------------------------------


def test_apply_vote_returns_a_new_session_and_leaves_the_old_one():
    before = example()
    after = p.apply_vote(before, voter=BOB, item="time", option=T1)
    assert after.items["time"].votes[BOB] == T1
    assert before.items["time"].votes[BOB] is None
    assert after.version == before.version  # votes do not bump the version


def test_apply_vote_compares_addresses_case_insensitively_and_keeps_the_spelling():
    session = p.apply_vote(example(), voter="Bob-Agent@EXAMPLE.com", item="location", option="Zoom")
    assert session.items["location"].votes == {ALICE: "Zoom", BOB: "Zoom", CAROL: None}


def test_apply_vote_none_clears_a_vote():
    session = p.apply_vote(example(), voter=ALICE, item="time", option=None)
    assert session.items["time"].votes[ALICE] is None


@pytest.mark.parametrize(
    ("voter", "item", "option"),
    [
        ("mallory@evil.example", "time", T1),  # not a participant
        ("hub@example.com", "time", T1),  # the hub is never a voter
        (BOB, "agenda", T1),  # unknown item
        (BOB, "time", "2026-03-09T09:00"),  # not offered
        (BOB, "time", "zoom"),  # options compare exactly
    ],
)
def test_apply_vote_rejects(voter, item, option):
    with pytest.raises(VoteRejected):
        p.apply_vote(example(), voter=voter, item=item, option=option)


def test_add_option_by_participant_only_without_duplicates():
    session = p.add_option(example(), item="location", option="Cafe", by=CAROL)
    assert session.items["location"].options == ("Zoom", "Office 3F", "Cafe")
    assert p.add_option(session, item="location", option="Cafe", by=BOB) == session
    with pytest.raises(VoteRejected):
        p.add_option(example(), item="location", option="Cafe", by="mallory@evil.example")
    with pytest.raises(VoteRejected):
        p.add_option(example(), item="location", option="", by=BOB)
    with pytest.raises(VoteRejected):
        p.add_option(example(), item="location", option="a\nb", by=BOB)


def test_add_option_to_a_new_item_starts_with_empty_votes():
    session = p.add_option(example(), item="agenda", option="Budget", by=BOB)
    assert session.items["agenda"] == p.Item(("Budget",), {ALICE: None, BOB: None, CAROL: None})


def test_consensus_per_item_and_resolution():
    session = example()
    assert p.resolution(session) is None and not p.is_resolved(session)
    for voter in (BOB, CAROL):
        session = p.apply_vote(session, voter=voter, item="time", option=T1)
    assert p.item_consensus(session.items["time"], session.participants) == T1
    assert p.item_consensus(session.items["location"], session.participants) is None
    assert not p.is_resolved(session)
    for voter in (BOB, CAROL):
        session = p.apply_vote(session, voter=voter, item="location", option="Zoom")
    assert p.resolution(session) == {"time": T1, "location": "Zoom"}
    assert p.is_resolved(session)


def test_split_votes_have_no_consensus_and_no_participants_never_agree():
    session = p.apply_vote(example(), voter=BOB, item="time", option=T2)
    session = p.apply_vote(session, voter=CAROL, item="time", option=T1)
    assert p.item_consensus(session.items["time"], session.participants) is None
    assert p.item_consensus(session.items["time"], []) is None


def test_session_without_items_is_not_resolved():
    session = replace(example(), items={})
    assert p.resolution(session) is None


def test_new_session_starts_at_version_one_with_empty_votes():
    session = p.new_session(
        session_id="s-1",
        from_="hub@h.example",
        participants=[ALICE, BOB],
        topic="Sync",
        options={"time": [T1, T2], "location": ["Zoom"]},
    )
    assert session.version == 1 and session.action == "propose" and session.status == "negotiating"
    assert session.items["time"].votes == {ALICE: None, BOB: None}
    assert session.history == (p.HistoryEntry(1, "hub@h.example", "propose", "Initiated"),)
    assert p.from_json(p.to_json(session)) == session


def _votes(session: p.Session) -> list[tuple[str, str, str | None]]:
    return [(v, name, c) for name, item in session.items.items() for v, c in item.votes.items()]


@st.composite
def session_and_votes(draw):
    session = draw(sessions())
    ballots = []
    for name, item in session.items.items():
        for voter in draw(st.lists(st.sampled_from(session.participants), unique=True)):
            ballots.append(
                (
                    voter,
                    name,
                    draw(st.none() | st.sampled_from(item.options)) if item.options else None,
                )
            )
    return session, ballots


@settings(max_examples=100, deadline=None)
@given(session_and_votes(), st.randoms(use_true_random=False))
def test_vote_order_does_not_change_consensus(case, rnd):
    session, ballots = case
    shuffled = list(ballots)
    rnd.shuffle(shuffled)
    one, two = session, session
    for voter, item, option in ballots:
        one = p.apply_vote(one, voter=voter, item=item, option=option)
    for voter, item, option in shuffled:
        two = p.apply_vote(two, voter=voter, item=item, option=option)
    assert one == two
    assert p.resolution(one) == p.resolution(two)
    for name in session.items:
        assert p.item_consensus(one.items[name], one.participants) == p.item_consensus(
            two.items[name], two.participants
        )


@settings(max_examples=100, deadline=None)
@given(sessions(), _addresses, st.data())
def test_a_non_participant_can_never_change_the_tally(session, stranger, data):
    if p.find_participant(session, stranger) is not None:
        return
    for name, item in session.items.items():
        option = data.draw(st.none() | st.sampled_from(item.options)) if item.options else None
        with pytest.raises(VoteRejected):
            p.apply_vote(session, voter=stranger, item=name, option=option)
        with pytest.raises(VoteRejected):
            p.add_option(session, item=name, option="x", by=stranger)
        # Even a stranger's vote smuggled into an item is not counted.
        stuffed = p.Item(item.options, {**item.votes, stranger: option})
        assert p.item_consensus(stuffed, session.participants) == p.item_consensus(
            item, session.participants
        )
        # ... and a document carrying one is refused outright.
        obj = json.loads(p.to_json(session))
        obj["proposals"][name]["votes"][stranger] = option
        with pytest.raises(ProtocolError):
            p.from_json(json.dumps(obj))


@settings(max_examples=100, deadline=None)
@given(session_and_votes(), st.data())
def test_consensus_never_names_an_option_that_is_not_offered(case, data):
    session, ballots = case
    for voter, item, option in ballots:
        session = p.apply_vote(session, voter=voter, item=item, option=option)
    voters = data.draw(st.lists(st.sampled_from(session.participants), unique=True))
    for item in session.items.values():
        result = p.item_consensus(item, voters)
        if result is not None:
            assert result in item.options
            assert all(item.votes.get(v) == result for v in voters)
    agreed = p.resolution(session)
    if agreed is not None:
        assert all(agreed[name] in session.items[name].options for name in session.items)


def test_consensus_ignores_a_forged_vote_for_a_non_option():
    forged = object.__new__(p.Item)  # bypasses the checks, as a buggy caller might
    object.__setattr__(forged, "options", ("Zoom",))
    object.__setattr__(forged, "votes", {ALICE: "Mars", BOB: "Mars"})
    assert p.item_consensus(forged, [ALICE, BOB]) is None
