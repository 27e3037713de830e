"""Consensus over multi-acceptance answers (negotiation/consensus.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from negotiation.consensus import Acceptance, Decision, OptionKey, decide

# Times ordered by start; places by position.
A, B, C = OptionKey("A", (1,)), OptionKey("B", (2,)), OptionKey("C", (3,))
TIMES = [A, B, C]


def yes(*ids: str) -> Acceptance:
    return Acceptance(accepted=frozenset(ids))


NO = Acceptance(declined=True)
SILENT = Acceptance()


def test_every_required_voter_accepts_the_same_option():
    result = decide(
        TIMES, {"ann": yes("A", "C"), "bob": yes("C")}, required={"ann", "bob"}, optional=()
    )
    assert result == Decision(
        chosen="C", waiting_on=(), declined_required=(), viable=("C",), deadlocked=False
    )


def test_nothing_is_chosen_until_every_required_voter_answered():
    result = decide(
        TIMES, {"ann": yes("A"), "bob": SILENT}, required={"ann", "bob", "cy"}, optional=()
    )
    assert result.chosen is None
    assert result.waiting_on == ("bob", "cy")
    assert result.viable == ("A",)
    assert not result.deadlocked


def test_a_required_decline_blocks():
    result = decide(TIMES, {"ann": yes("A"), "bob": NO}, required={"ann", "bob"}, optional=())
    assert result.chosen is None
    assert result.declined_required == ("bob",)
    assert result.viable == ("A",)  # what dropping bob would give
    assert result.deadlocked


def test_disjoint_acceptances_deadlock():
    result = decide(TIMES, {"ann": yes("A"), "bob": yes("B")}, required={"ann", "bob"}, optional=())
    assert result.chosen is None and result.viable == () and result.deadlocked


def test_optional_voters_never_block():
    answers = {"ann": yes("B"), "bob": yes("B"), "opt1": NO, "opt2": yes("A")}
    result = decide(TIMES, answers, required={"ann", "bob"}, optional={"opt1", "opt2", "opt3"})
    assert result.chosen == "B"
    assert result.waiting_on == ()


def test_ties_go_to_the_option_more_optional_voters_accept_then_the_earliest():
    required = {"ann", "bob"}
    both = {"ann": yes("A", "B", "C"), "bob": yes("A", "B", "C")}
    assert decide(TIMES, both, required=required, optional=()).chosen == "A"
    more_for_c = {**both, "o1": yes("C"), "o2": yes("B", "C"), "o3": yes("B")}
    result = decide(TIMES, more_for_c, required=required, optional={"o1", "o2", "o3"})
    assert result.chosen == "B"  # B and C have two optional votes each; B is earlier
    assert result.viable == ("B", "C", "A")


def test_order_not_list_position_decides_the_earliest():
    late_first = [OptionKey("late", (2026, 3, 2)), OptionKey("early", (2026, 3, 1))]
    answers = {"ann": yes("late", "early")}
    assert decide(late_first, answers, required={"ann"}, optional=()).chosen == "early"


def test_voters_outside_the_meeting_are_ignored():
    answers = {"ann": yes("A"), "mallory": NO, "eve": yes("B")}
    result = decide(TIMES, answers, required={"ann"}, optional=())
    assert result.chosen == "A"


def test_accepting_an_option_that_is_not_offered_counts_for_nothing():
    result = decide(TIMES, {"ann": yes("Z")}, required={"ann"}, optional=())
    assert result.chosen is None and result.viable == () and result.deadlocked


def test_no_required_voter_chooses_nothing():
    result = decide(TIMES, {"opt": yes("A")}, required=(), optional={"opt"})
    assert result.chosen is None and not result.deadlocked


def test_a_voter_listed_as_both_counts_as_required():
    result = decide(TIMES, {"ann": SILENT}, required={"ann"}, optional={"ann"})
    assert result.waiting_on == ("ann",)


def test_bad_calls_raise():
    with pytest.raises(ValueError):
        decide([A, OptionKey("A", (9,))], {}, required={"ann"}, optional=())
    with pytest.raises(TypeError):
        decide(TIMES, {}, required="ann", optional=())


# --- properties -----------------------------------------------------------------------

REQUIRED = ["r1", "r2", "r3"]
OPTIONAL = ["o1", "o2"]
STRANGERS = ["x1", "x2"]
OPTION_IDS = ["A", "B", "C", "D"]

answers_st = st.one_of(
    st.just(SILENT),
    st.just(NO),
    st.frozensets(st.sampled_from([*OPTION_IDS, "Z"])).map(lambda s: Acceptance(accepted=s)),
)


@st.composite
def cases(draw):
    ids = draw(st.lists(st.sampled_from(OPTION_IDS), min_size=1, unique=True))
    orders = draw(st.lists(st.integers(0, 100), min_size=len(ids), max_size=len(ids), unique=True))
    options = [OptionKey(i, (o,)) for i, o in zip(ids, orders, strict=True)]
    required = draw(st.lists(st.sampled_from(REQUIRED), min_size=1, unique=True))
    optional = draw(st.lists(st.sampled_from(OPTIONAL), unique=True))
    voters = draw(st.lists(st.sampled_from(REQUIRED + OPTIONAL), unique=True))
    answers = {v: draw(answers_st) for v in voters}
    return options, answers, required, optional


@settings(max_examples=200, deadline=None)
@given(cases(), st.randoms(use_true_random=False))
def test_answer_and_option_order_do_not_change_the_decision(case, rnd):
    options, answers, required, optional = case
    expected = decide(options, answers, required=required, optional=optional)
    items = list(answers.items())
    rnd.shuffle(items)
    shuffled_options = list(options)
    rnd.shuffle(shuffled_options)
    again = decide(
        shuffled_options, dict(items), required=list(reversed(required)), optional=optional
    )
    assert again == expected


@settings(max_examples=200, deadline=None)
@given(cases(), st.dictionaries(st.sampled_from(STRANGERS), answers_st))
def test_non_participants_never_change_the_decision(case, stranger_answers):
    options, answers, required, optional = case
    expected = decide(options, answers, required=required, optional=optional)
    stuffed = {**stranger_answers, **answers}
    assert decide(options, stuffed, required=required, optional=optional) == expected


@settings(max_examples=200, deadline=None)
@given(cases())
def test_the_chosen_option_is_offered_and_accepted_by_every_required_voter(case):
    options, answers, required, optional = case
    result = decide(options, answers, required=required, optional=optional)
    offered = {o.id for o in options}
    assert set(result.viable) <= offered
    if result.chosen is None:
        return
    assert result.chosen in offered
    for voter in required:
        answer = answers[voter]
        assert not answer.declined
        assert answer.accepted is not None and result.chosen in answer.accepted
    assert not result.waiting_on and not result.declined_required and not result.deadlocked


@settings(max_examples=200, deadline=None)
@given(cases())
def test_the_chosen_option_has_the_most_optional_support_among_the_viable(case):
    options, answers, required, optional = case
    result = decide(options, answers, required=required, optional=optional)
    if result.chosen is None:
        return

    def support(option_id: str) -> int:
        return sum(
            1
            for v in optional
            if v not in required
            and (a := answers.get(v)) is not None
            and not a.declined
            and a.accepted is not None
            and option_id in a.accepted
        )

    assert all(support(result.chosen) >= support(other) for other in result.viable)


@settings(max_examples=200, deadline=None)
@given(cases())
def test_a_chosen_option_is_kept_when_an_optional_voter_declines(case):
    options, answers, required, optional = case
    result = decide(options, answers, required=required, optional=optional)
    for voter in optional:
        if voter in required:
            continue
        after = decide(options, {**answers, voter: NO}, required=required, optional=optional)
        assert (after.chosen is None) == (result.chosen is None)
        assert after.waiting_on == result.waiting_on
