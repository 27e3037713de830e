"""A hub admin reads a meeting, edits a member's preferences and looks at mail, in Chromium."""

import re

import pytest
from django.contrib.auth import get_user_model

from hubs.models import Member
from mailbridge.models import InboundMessage, OutboundMessage
from negotiation.models import Meeting
from tests.scenarios.meeting_kit import Chat, make_team, meeting_of, to

from .conftest import DESKTOP, PHONE

PASSWORD = "a-long-test-password-1"
REQUEST = (
    "Budget review with Bob and Carol next week, Tuesday or Wednesday afternoon, "
    "at the office or on Zoom."
)


@pytest.fixture
def world(transactional_db, mailflow):
    """Ann runs the Team hub; Alice asked for a meeting, Bob answered with labels, Carol in words."""
    team = make_team()
    ann = get_user_model().objects.create_user(
        "ann@example.com", "ann@example.com", PASSWORD, is_staff=True
    )
    Member.objects.create(hub=team.hub, email="ann@example.com", name="Ann", role="admin", user=ann)
    chat = Chat(mailflow)
    invitations = chat.write("alice@example.com", REQUEST, subject="Budget review")
    chat.reply(to(invitations, "bob@example.com"), "bob@example.com", "A and 1")
    chat.reply(to(invitations, "carol@example.com"), "carol@example.com", "A works for me, on Zoom")
    return team, meeting_of(invitations[0])


def _login(page, live_server) -> None:
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "ann@example.com")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#site-name")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_hub_admin_reads_the_meeting_edits_preferences_and_cannot_edit_mail(
    chromium, live_server, world, shoot, size
):
    team, meeting = world
    viewport = DESKTOP if size == "desktop" else PHONE
    page = chromium.new_page(viewport=viewport)
    _login(page, live_server)

    # The meetings list: the state column is on screen at 1,400 px.
    page.goto(f"{live_server.url}/admin/negotiation/meeting/")
    shoot(page, f"{size}-meetings")
    state_header = page.locator("th.column-state")
    assert state_header.is_visible()
    if size == "desktop":
        box = state_header.bounding_box()
        assert box["x"] + box["width"] <= viewport["width"]
    assert page.locator("td.field-state").first.inner_text() == "Waiting for answers"

    # The meeting: the tally, the state in words, times in the hub's zone with the zone named.
    page.goto(f"{live_server.url}/admin/negotiation/meeting/{meeting.pk}/change/")
    shoot(page, f"{size}-meeting")
    assert page.locator("#aimp-state").inner_text() == "Waiting for answers"
    assert "Europe/Berlin" in page.locator("#aimp-zone").inner_text()
    tally = page.locator("#aimp-tally")
    assert tally.is_visible()
    header = tally.locator("thead").inner_text()
    assert "time A" in header and "(Europe/Berlin)" in header and "place 1" in header
    bob = tally.locator("tbody tr", has_text="Bob Brown").inner_text()
    assert "yes" in bob and "from labels" in bob and re.search(r"\d{2}:\d{2} CES?T", bob)
    carol = tally.locator("tbody tr", has_text="Carol").inner_text()
    assert "from words" in carol
    alice = tally.locator("tbody tr", has_text="Alice").inner_text()
    assert "not answered yet" in alice
    if size == "phone":
        # The wide grid scrolls inside its box; the page itself does not grow sideways.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"] + 1, width

    # Preferences through the form: a good value is stored as the usual JSON...
    bob_member = team.bob
    page.goto(f"{live_server.url}/admin/hubs/member/{bob_member.pk}/change/")
    page.fill("#id_preferred_times", "mon-fri 09:00-12:00\nsat 10-12")
    page.fill("#id_preferred_locations", "Zoom\nthe office")
    page.click("input[name=_continue]")
    page.wait_for_selector(".messagelist .success")
    bob_member.refresh_from_db()
    assert bob_member.preferred_times == [
        {"days": ["mon", "tue", "wed", "thu", "fri"], "start": "09:00", "end": "12:00"},
        {"days": ["sat"], "start": "10:00", "end": "12:00"},
    ]
    assert bob_member.preferred_locations == ["Zoom", "the office"]
    assert (
        page.locator("#id_preferred_times").input_value() == "mon-fri 09:00-12:00\nsat 10:00-12:00"
    )
    # ...and a bad one is refused with a message that says what to write.
    page.fill("#id_blocked_times", "weekdays 9 to noon")
    page.click("input[name=_continue]")
    error = page.locator(".field-blocked_times .errorlist")
    error.wait_for()
    assert 'write the hours as start-end, e.g. "09:00-12:00"' in error.inner_text()
    shoot(page, f"{size}-member-preferences-error")
    bob_member.refresh_from_db()
    assert bob_member.blocked_times == []

    # Mail rows: nothing to edit, the outcome in words, the raw message to download.
    inbound = InboundMessage.objects.filter(sender="bob@example.com").first()
    page.goto(f"{live_server.url}/admin/mailbridge/inboundmessage/{inbound.pk}/change/")
    shoot(page, f"{size}-inbound-mail")
    form = page.locator("#content-main form")
    assert form.locator("input[type=text], textarea, select").count() == 0
    assert page.locator("input[name=_save]").count() == 0
    outcome = page.locator(".field-outcome .readonly").inner_text()
    assert outcome.startswith("Handled as a reply in a meeting's thread.")
    assert "Error" not in outcome
    with page.expect_download() as download:
        page.click("text=Download the message (.eml)")
    assert download.value.suggested_filename == f"inboundmessage-{inbound.pk}.eml"
    # A forged POST changes nothing either.
    response = page.request.post(
        f"{live_server.url}/admin/mailbridge/inboundmessage/{inbound.pk}/change/",
        form={"subject": "changed"},
    )
    assert response.status in (403, 200)
    assert InboundMessage.objects.get(pk=inbound.pk).subject == inbound.subject

    outbound = OutboundMessage.objects.filter(to_email="bob@example.com").first()
    page.goto(f"{live_server.url}/admin/mailbridge/outboundmessage/{outbound.pk}/change/")
    shoot(page, f"{size}-outbound-mail")
    assert (
        page.locator("#content-main form textarea, #content-main form input[type=text]").count()
        == 0
    )
    assert page.locator(".field-outcome .readonly").inner_text().startswith("Sent ")
    assert Meeting.objects.get(pk=meeting.pk).status == Meeting.Status.NEGOTIATING
    page.close()
