"""Participants in three (four) zones: the same instant, rendered right for each reader."""

from zoneinfo import ZoneInfo

import pytest

from .meeting_kit import (
    Chat,
    ics_of,
    make_team,
    meeting_of,
    only_event,
    option_line,
    recipients,
    to,
)

READERS = {
    "alice@example.com": "Europe/Berlin",
    "bob@example.com": "Europe/London",
    "carol@example.com": "America/New_York",
    "dave@example.org": "Asia/Kolkata",
}


# Once failed in summer time, when New York's zone is EDT, not EST.
@pytest.mark.parametrize("today", ["sunday", "summer"], indirect=True)
def test_each_reader_sees_the_same_instant_in_their_own_zone(today, db, mailflow):
    team = make_team(carol_tz="America/New_York")
    team.dave.time_zone = "Asia/Kolkata"
    team.dave.save()
    chat = Chat(mailflow)
    invitations = chat.write(
        "alice@example.com",
        "Meeting about the budget with Bob, Carol and Dave next Tuesday or Wednesday "
        "afternoon, on Zoom.",
    )
    assert recipients(invitations) == sorted(READERS)
    meeting = meeting_of(invitations[0])

    for option in meeting.options.filter(item="time"):
        for address, zone in READERS.items():
            local = option.start.astimezone(ZoneInfo(zone))
            # Inside 08:00-20:00 for everyone whose zone is known.
            assert local.hour >= 8 and (local + (option.end - option.start)).hour <= 20
            line = option_line(to(invitations, address).body, option.label)
            end = option.end.astimezone(ZoneInfo(zone))
            assert line == (
                f"{local:%a} {local.day} {local:%b %Y}, {local:%H:%M}-{end:%H:%M} "
                f"{local.tzname()} ({zone})"
            )
    a = meeting.options.get(item="time", label="A")
    kolkata = a.start.astimezone(ZoneInfo("Asia/Kolkata"))
    assert (
        kolkata.minute in (0, 30) and f"{kolkata:%H:%M}" in to(invitations, "dave@example.org").body
    )
    assert "IST (Asia/Kolkata)" in to(invitations, "dave@example.org").body
    # EST or EDT as the option's own date has it, not today's.
    new_york = a.start.astimezone(ZoneInfo("America/New_York")).tzname()
    assert f"{new_york} (America/New_York)" in to(invitations, "carol@example.com").body

    for address in READERS:
        chat.reply(to(invitations, address), address, "A")
    confirmations = [m for m in chat.all_sent if "Confirmed:" in m.body]
    assert recipients(confirmations) == sorted(READERS)
    for message in confirmations:
        zone = READERS[message.to[0]]
        assert option_line(to(invitations, message.to[0]).body, "A") in message.body
        event = only_event(ics_of(message))
        assert event.decoded("DTSTART") == a.start
        assert event["DTSTART"].params["TZID"] == "Europe/Berlin"
        assert str(event["DTSTART"].dt.tzinfo) == "Europe/Berlin"
        assert zone in message.body
    cal = ics_of(confirmations[0])
    assert [str(c["TZID"]) for c in cal.walk() if c.name == "VTIMEZONE"] == ["Europe/Berlin"]
