"""AIMP/0.1 versions and rounds: history carried forward, rounds counted, the limit."""

import pytest

from negotiation import protocol as p
from negotiation.protocol import ProtocolError
from negotiation.tests.protocol_examples import ALICE, BOB, CAROL, example

# --- versions and rounds ---------------------------------------------------------------


def test_next_version_appends_history_and_bumps():
    session = p.next_version(example(), from_=CAROL, action="accept", summary="Fine by me")
    assert session.version == 4 and session.from_ == CAROL and session.action == "accept"
    # The example's history lacked its current v3: it is recorded before v4.
    assert session.history[-2:] == (
        p.HistoryEntry(3, ALICE, "propose", ""),
        p.HistoryEntry(4, CAROL, "accept", "Fine by me"),
    )
    again = p.next_version(session, from_=BOB, action="accept", summary="Me too")
    assert again.history == (*session.history, p.HistoryEntry(5, BOB, "accept", "Me too"))
    assert session.status == "negotiating"
    assert (
        p.next_version(session, from_=ALICE, action="confirm", summary="Done").status == "confirmed"
    )
    assert (
        p.next_version(session, from_=ALICE, action="escalate", summary="?").status == "escalated"
    )
    with pytest.raises(ProtocolError):
        p.next_version(session, from_=ALICE, action="shout", summary="")


def test_rounds_count_distinct_propose_and_counter_versions():
    # Example: v1 propose, v2 counter, current v3 propose (not yet in history).
    session = example()
    assert p.rounds(session) == 3
    session = p.next_version(session, from_=BOB, action="accept", summary="ok")
    assert p.rounds(session) == 3  # v3 is now counted from history, accept adds no round
    session = p.next_version(session, from_=BOB, action="counter", summary="more")
    assert p.rounds(session) == 4
    assert not p.round_limit_reached(session, 5)
    session = p.next_version(session, from_=CAROL, action="counter", summary="more")
    assert p.round_limit_reached(session, 5)
