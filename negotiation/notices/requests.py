"""The mail to a member whose request is missing something."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from hubs.models import Member
from negotiation.models import Meeting
from negotiation.notices.delivery import mail_member
from negotiation.notices.language import in_member_language
from negotiation.rendering import render

MISSING = ("topic", "participants", "time", "time_fit")


@in_member_language("initiator")
def missing_info_send(
    *,
    meeting: Meeting,
    initiator: Member,
    missing: Sequence[str],
    unknown: Sequence[str],
    dedupe_key: str,
    inbound_id: int | None,
    message_id: str | None,
) -> None:
    """Ask once for what the request lacks, and for the addresses of unknown names."""
    context = {
        "reader_name": initiator.name or gettext("there"),
        "missing": [m for m in missing if m in MISSING],
        "unknown": list(unknown),
        "hub_name": meeting.hub.name,
    }
    mail_member(
        meeting=meeting,
        member=initiator,
        kind="missing_info",
        text=render("meetings/missing_info", context),
        dedupe_key=dedupe_key,
        cause_id=inbound_id,
        in_reply_to=message_id,
    )


@in_member_language("initiator")
def sender_check_send(
    *,
    meeting: Meeting,
    initiator: Member,
    excerpt: str,
    addresses: Sequence[str],
    inbound_id: int | None,
) -> None:
    """Ask the member, at their own address, whether they sent a request made in their name."""
    context = {
        "reader_name": initiator.name or gettext("there"),
        "excerpt": excerpt,
        "addresses": list(addresses),
        "hub_name": meeting.hub.name,
    }
    # Not threaded under the received mail: the member may never have seen it.
    mail_member(
        meeting=meeting,
        member=initiator,
        kind="sender_check",
        text=render("meetings/sender_check", context),
        dedupe_key=f"{meeting.session_id}:sender-check:{inbound_id}",
        cause_id=inbound_id,
    )
