"""A member's own settings, changed by their own mail (time zone, name, language, preferences)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from hubs.models import Member
from negotiation.self_service import LANGUAGE, NAME, PREFERENCES, TIME_ZONE, Setting


def member_settings_apply(*, member: Member, settings: Sequence[Setting]) -> list[Setting]:
    """Store the readable settings on the member; return those applied, in order."""
    applied: list[Setting] = []
    changed: set[str] = set()
    with transaction.atomic():
        for setting in settings:
            if setting.error or setting.value is None:
                continue
            if setting.field == TIME_ZONE:
                member.time_zone = str(setting.value)
                changed.add("time_zone")
            elif setting.field == NAME:
                member.name = str(setting.value)
                changed.add("name")
            elif setting.field == LANGUAGE:
                member.language = str(setting.value)
                changed.add("language")
            elif setting.field == PREFERENCES:
                prefs = setting.value
                # A mail states the member's week as it is now: it replaces the old rules.
                member.preferred_times = prefs.preferred
                member.blocked_times = prefs.blocked
                changed |= {"preferred_times", "blocked_times"}
                if prefs.places is not None:
                    member.preferred_locations = prefs.places
                    changed.add("preferred_locations")
            applied.append(setting)
        if changed:
            member.save(update_fields=sorted(changed))
    return applied
