"""A calendar client answered an invitation (Gmail's "Yes", Outlook's "Propose new time")."""

from __future__ import annotations

from django.utils import timezone

from hubs.models import Hub
from mailbridge.types import IncomingMail
from negotiation.services.calendar_answers import calendar_answer_record


def handle(mail: IncomingMail) -> None:
    """Record the answer by its calendar data; never read it as words."""
    if mail.calendar is None:
        return
    calendar_answer_record(
        hub=Hub.objects.get(pk=mail.hub_id),
        answer=mail.calendar,
        sender=mail.sender,
        now=timezone.now(),
        inbound_id=mail.inbound_id,
        authenticated=mail.authenticated,
    )
