"""Remember the language a person writes to the hub in (issue 20)."""

from __future__ import annotations

from django.conf import settings

from hubs.models import Member
from negotiation.languages import language_detect
from negotiation.models import Participant


def written_language_note(*, hub_id: int, sender: str, text: str) -> str | None:
    """Store the language of `sender`'s mail on their member row and participations.

    Below the detector's confidence floor nothing changes (a bare "A 1" keeps the
    language the person last wrote in); returns the language stored, if any.
    """
    language = language_detect(text or "")
    if language is None or language not in dict(settings.LANGUAGES):
        return None
    Member.objects.filter(hub_id=hub_id, email__iexact=sender).exclude(
        written_language=language
    ).update(written_language=language)
    Participant.objects.filter(hub_id=hub_id, email__iexact=sender).exclude(
        written_language=language
    ).update(written_language=language)
    return language
