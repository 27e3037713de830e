"""The economy figures: which meetings count as one-round, and what each participant got."""

import pytest

from bench.economy import economy_figures, economy_is_one_round

ALICE, BOB = "alice@example.com", "bob@example.com"
SETTLED = [
    ["requested", ALICE],
    ["started", "hub"],
    ["answered", BOB],
    ["answered", ALICE],
    ["confirmed", "hub"],
]


def meeting(*, events=SETTLED, mails=None, replies=None, **fields) -> dict:
    """A recorded meeting as bench.economy_plugin writes it: one-round unless told otherwise."""
    return {
        "status": "confirmed",
        "round": 1,
        "options_added": False,
        "participants": 2,
        "events": events,
        "mails": {ALICE: ["invitation", "confirmation"], BOB: ["invitation", "confirmation"]}
        if mails is None
        else mails,
        "replies": [
            {"sender": BOB, "labels_only": True, "model_calls": 0},
            {"sender": ALICE, "labels_only": True, "model_calls": 0},
        ]
        if replies is None
        else replies,
        **fields,
    }


def recorded(*meetings: dict) -> list[dict]:
    return [{"test": "t.py::test_one", "meetings": list(meetings), "model_calls": 0}]


def test_one_answer_each_then_the_confirmation_is_one_round():
    assert economy_is_one_round(meeting=meeting())


def test_a_strangers_ignored_reply_does_not_make_it_longer():
    events = SETTLED[:2] + [["ignored_non_participant", "eve@example.net"]] + SETTLED[2:]
    assert economy_is_one_round(meeting=meeting(events=events))


@pytest.mark.parametrize(
    "fields",
    [
        {"status": "negotiating"},
        {"status": "cancelled"},
        {"round": 2},
        {"options_added": True},
    ],
)
def test_unsettled_or_later_rounds_are_not_one_round(fields):
    assert not economy_is_one_round(meeting=meeting(**fields))


@pytest.mark.parametrize(
    "extra",
    [
        ["unclear_reply", BOB],  # a clarification asked, a second answer given
        ["late_reply", BOB],  # a reply after the confirmation
        ["undeliverable", "hub"],  # a bounce told to the organiser
        ["dropped", ALICE],
        ["window_passed", "hub"],
        ["window_extended", ALICE],
        ["picked", ALICE],
        ["escalated", "hub"],
    ],
)
def test_anything_more_in_the_log_is_a_longer_conversation(extra):
    assert not economy_is_one_round(meeting=meeting(events=SETTLED + [extra]))


def test_a_second_answer_from_the_same_person_is_not_one_round():
    assert not economy_is_one_round(meeting=meeting(events=SETTLED[:3] + SETTLED[2:]))


def test_longer_meetings_count_in_the_overall_figure_only():
    late = meeting(
        events=SETTLED + [["late_reply", BOB]],
        mails={
            ALICE: ["invitation", "confirmation"],
            BOB: ["invitation", "confirmation", "after-end"],
        },
    )
    figures = economy_figures(tests=recorded(meeting(), late))

    assert figures["meetings"] == 2 and figures["one_round_meetings"] == 1
    assert figures["one_round_emails_per_participant"] == 2
    assert figures["emails_per_participant"] == 2.25
    assert figures["one_round_participants_not_at_two"] == []


def test_an_echo_counts_and_is_shown_by_how_the_person_answered():
    echoed = meeting(
        mails={ALICE: ["invitation", "confirmation"], BOB: ["invitation", "echo", "confirmation"]},
        replies=[
            {"sender": "Bob@Example.com", "labels_only": False, "model_calls": 0},
            {"sender": ALICE, "labels_only": True, "model_calls": 0},
        ],
    )
    figures = economy_figures(tests=recorded(echoed))

    assert figures["one_round_emails_per_participant"] == 2.5
    assert figures["one_round_emails_per_participant_without_echo"] == 2
    assert figures["one_round_emails_per_label_answerer"] == 2
    assert figures["one_round_emails_per_free_text_answerer"] == 3
    assert figures["one_round_participants_not_at_two"] == [
        "t.py::test_one: bob@example.com ['invitation', 'echo', 'confirmation']"
    ]


def test_meetings_without_participants_are_left_out():
    figures = economy_figures(tests=recorded(meeting(participants=0, mails={}, replies=[])))

    assert figures["meetings"] == 0 and figures["one_round_emails_per_participant"] is None
