"""People the organiser named by address alone are greeted by the name they sign with."""

from .meeting_kit import to

REQUEST = (
    "Meeting about the budget with gina@guest.example next Tuesday or Wednesday afternoon, on Zoom."
)


def test_a_guest_named_by_address_is_greeted_by_the_name_of_their_reply(team, chat):
    invitations = chat.write("alice@example.com", REQUEST)
    invitation = to(invitations, "gina@guest.example")
    assert invitation.body.startswith("Hello gina@guest.example")
    echo = chat.reply(invitation, "Gina Rossi <gina@guest.example>", "Tuesday works for me")
    assert to(echo, "gina@guest.example").body.startswith("Hello Gina Rossi,")
    # A later mail signed otherwise renames no one.
    again = chat.reply(invitation, "Mallory <gina@guest.example>", "Wednesday works too")
    assert all(not m.body.startswith("Hello Mallory") for m in again)
