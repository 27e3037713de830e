"""The answer to a member's own settings mail: each setting spelt out, or why it was not read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import translation
from django.utils.translation import gettext, gettext_lazy

from hubs.models import Hub, Member
from hubs.preference_text import WHOLE_DAY, rule_text
from mailbridge.outbox import OutboundMail, outbox_reply
from mailbridge.types import IncomingMail
from negotiation.languages import CHINESE, ENGLISH
from negotiation.local_times import clock_text, local, weekday_text, zone_text
from negotiation.rendering import render
from negotiation.self_service import LANGUAGE_NAMES, PREFERENCES, TIME_ZONE, Setting

_LANGUAGE_NAMES = {"en": gettext_lazy("English"), "zh-hans": gettext_lazy("Chinese (简体中文)")}


def _rules(rules: list[dict]) -> list[str]:
    return [
        gettext("%(rule)s (all day)") % {"rule": rule_text(r)}
        if (r["start"], r["end"]) == WHOLE_DAY
        else rule_text(r)
        for r in rules
    ]


def _row(setting: Setting, now: datetime) -> dict:
    row = {
        "field": setting.field,
        "value": setting.value,
        "error": setting.error,
        "written": setting.written,
    }
    if setting.field == TIME_ZONE and not setting.error:
        there, language = local(now, str(setting.value)), translation.get_language() or "en"
        row["local_now"] = gettext("%(day)s %(time)s %(zone)s") % {
            "day": weekday_text(there, language),
            "time": clock_text(there, language),
            "zone": zone_text(there, language),
        }
    elif setting.field == PREFERENCES and not setting.error:
        prefs, parts = setting.value, []
        if prefs.preferred:
            parts.append(
                gettext("good times %(rules)s") % {"rules": "; ".join(_rules(prefs.preferred))}
            )
        if prefs.blocked:
            parts.append(gettext("not at %(rules)s") % {"rules": "; ".join(_rules(prefs.blocked))})
        if prefs.places:
            parts.append(
                gettext("places %(places)s") % {"places": gettext(", ").join(prefs.places)}
            )
        row["summary"] = "; ".join(parts)
    elif setting.value in LANGUAGE_NAMES:
        row["language_name"] = str(
            _LANGUAGE_NAMES.get(setting.value, LANGUAGE_NAMES[setting.value])
        )
    return row


def settings_answer_send(
    *,
    hub: Hub,
    mail: IncomingMail,
    member: Member,
    settings: Sequence[Setting],
    verified: bool,
    chinese: bool,
    now: datetime,
) -> None:
    """Answer a settings mail at the member's own address: in the language just chosen, else
    in the one the mail was written in."""
    # The settings phrases are read in English and Chinese only, so the mail was in one.
    with translation.override(CHINESE if chinese else ENGLISH):
        _settings_answer_send(hub, mail, member, settings, verified, now)


def _settings_answer_send(
    hub: Hub,
    mail: IncomingMail,
    member: Member,
    settings: Sequence[Setting],
    verified: bool,
    now: datetime,
) -> None:
    context = {
        "verified": verified,
        "reader_name": member.name or gettext("there"),
        "hub_name": hub.name,
        "zone": member.effective_time_zone,
        "settings": [_row(s, now) for s in settings],
        "applied": any(not s.error for s in settings),
    }
    subject = gettext("Your settings at %(hub)s") % {"hub": hub.name}
    outbox_reply(
        hub=hub,
        mail=mail,
        answer=OutboundMail(
            to=member.email,
            subject=subject,
            text=render("members/settings", context),
            kind="member_settings",
        ),
    )
