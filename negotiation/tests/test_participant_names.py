import pytest

from negotiation.models import Meeting, Participant
from negotiation.services.participant_names import participant_name_learn


@pytest.fixture
def guest(hub, member):
    meeting = Meeting.objects.create(hub=hub, initiator=member, topic="t")
    return Participant.objects.create(
        hub=hub, meeting=meeting, email="gina@guest.example", kind=Participant.Kind.ADDRESS
    )


@pytest.mark.parametrize("stored", ["", "gina@guest.example", "Gina@Guest.example"])
def test_a_nameless_participant_takes_the_name_of_their_from_line(guest, stored):
    guest.name = stored
    guest.save()
    assert participant_name_learn(participant=guest, display_name="  Gina   Rossi ")
    guest.refresh_from_db()
    assert guest.name == "Gina Rossi"


@pytest.mark.parametrize("shown", ["", None, "gina@guest.example", "<b>x</b>"])
def test_nothing_that_is_not_a_name_is_kept(guest, shown):
    assert not participant_name_learn(participant=guest, display_name=shown)


def test_a_name_once_known_is_never_replaced(guest):
    participant_name_learn(participant=guest, display_name="Gina")
    assert not participant_name_learn(participant=guest, display_name="Mallory")
    guest.refresh_from_db()
    assert guest.name == "Gina"
