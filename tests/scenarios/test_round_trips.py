"""A plain reply's job on PostgreSQL, counted in round trips as libpq sends them."""

import pytest
from django.db import connection

from mailbridge.testing import queries_sent
from negotiation.models import Vote

from .meeting_kit import meeting_of, to

REQUEST = "Please set up a meeting with Bob and Carol next week, Tuesday or Wednesday afternoon."
pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="a round trip is a PostgreSQL matter"
)


def _job(sent: list[str]) -> list[str]:
    """The reply job's queries: from its BEGIN to the query that commits."""
    lock = next(
        i for i, q in enumerate(sent) if "mailbridge_inboundmessage" in q and "SKIP LOCKED" in q
    )
    end = next(i for i in range(lock, len(sent)) if sent[i].endswith("COMMIT"))
    return sent[lock - 1 : end + 1]


@pytest.mark.django_db(transaction=True)
def test_a_plain_reply_is_six_round_trips_and_its_last_writes_carry_the_commit(team, chat):
    bob_mail = to(chat.write("alice@example.com", REQUEST, subject="Budget"), "bob@example.com")
    with queries_sent() as sent:
        chat.reply(bob_mail, "bob@example.com", "A and 1")
    job = _job(sent)
    # BEGIN; the received row locked with its hub; the reply token; the meeting locked
    # with its hub and initiator; its people, options and votes; then the votes, the
    # participant, the event and the row's outcome with the COMMIT (mailbridge.row_defer).
    assert job[0] == "BEGIN"
    assert len(job) == 6, job
    assert "negotiation_vote" in job[-1] and job[-1].endswith(";\nCOMMIT")
    assert "COMMIT" not in sent[sent.index(job[-1]) + 1 :][:1]  # no second commit
    assert chat.last_row.status == "done"
    bob = meeting_of(bob_mail).participants.get(email="bob@example.com")
    assert Vote.objects.filter(participant=bob, accepted=True).count() == 2  # A and 1
