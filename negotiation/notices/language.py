"""Whose language a mail is written in: one language per mail, chosen per reader.

The member's own setting, else the language of the person's latest mail to the hub,
else the hub's; every notice renders inside translation.override(that language).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import TypeVar

from django.conf import settings
from django.utils import translation

from hubs.models import Hub, Member
from negotiation.languages import language_choose, language_detect
from negotiation.models import Meeting, Participant
from negotiation.notices.language_rows import language_rows

T = TypeVar("T")


def _available() -> frozenset[str]:
    return frozenset(code for code, _ in settings.LANGUAGES)


def member_language(member: Member) -> str:
    """The language a member reads."""
    return language_choose(
        setting=member.language,
        written=member.written_language,
        hub_default=member.hub.language,
        available=_available(),
    )


def participant_language(participant: Participant | None, meeting: Meeting) -> str:
    """The language one participant of a meeting reads."""
    if participant is None:
        return member_language(meeting.initiator)
    return participant_languages([participant], meeting)[participant.id]


def participant_languages(people: Sequence[Participant], meeting: Meeting) -> dict[int, str]:
    """The language each of a meeting's participants reads, by participant id, in one query.

    Their own setting as a member, else the language of their latest clear mail (this
    meeting's, their member row's, or another meeting's at this hub), else the hub's.
    A confirmation asks it for everyone at once (issue 19).
    """
    lowered = {p.email.lower() for p in people}
    if not lowered:
        return {}
    # Members' settings and, newest first, the languages guests wrote in at this hub
    # (`n` 0 for a member's row, else the participant's id): one statement.
    settings_of: dict[str, tuple[str, str]] = {}
    written_at_hub: dict[str, str] = {}
    for address, setting, written, n in language_rows(hub_id=meeting.hub_id, addresses=lowered):
        if n == 0:
            settings_of[address] = (setting, written)
        else:
            written_at_hub.setdefault(address, written)
    out = {}
    for person in people:
        address = person.email.lower()
        setting, member_written = settings_of.get(address, ("", ""))
        out[person.id] = language_choose(
            setting=setting,
            written=person.written_language or member_written or written_at_hub.get(address, ""),
            hub_default=meeting.hub.language,
            available=_available(),
        )
    return out


def stranger_language(hub: Hub, text: str) -> str:
    """The language to answer someone the hub does not know: what they wrote in, else the hub's."""
    return language_choose(
        setting="",
        written=language_detect(text) or "",
        hub_default=hub.language,
        available=_available(),
    )


def in_reader_language(reader: str = "reader") -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Run a notice in the language of its keyword argument `reader` (a participant)."""

    def decorate(notice: Callable[..., T]) -> Callable[..., T]:
        @wraps(notice)
        def speaking(**kwargs) -> T:
            with translation.override(participant_language(kwargs[reader], kwargs["meeting"])):
                return notice(**kwargs)

        return speaking

    return decorate


def in_member_language(member: str = "member") -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Run a notice in the language of its keyword argument `member` (a Member)."""

    def decorate(notice: Callable[..., T]) -> Callable[..., T]:
        @wraps(notice)
        def speaking(**kwargs) -> T:
            with translation.override(member_language(kwargs[member])):
                return notice(**kwargs)

        return speaking

    return decorate


def in_stranger_language(notice: Callable[..., T]) -> Callable[..., T]:
    """Run a notice to an unknown sender in the language of their mail (`hub`, `mail`)."""

    @wraps(notice)
    def speaking(**kwargs) -> T:
        mail = kwargs["mail"]
        with translation.override(stranger_language(kwargs["hub"], mail.text or mail.subject)):
            return notice(**kwargs)

    return speaking
