"""The answer to a member's own settings mail: each setting spelt out, or why it was not read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from hubs.models import Hub, Member
from hubs.preference_text import WHOLE_DAY, rule_text
from mailbridge.outbox import OutboundMail, outbox_reply
from mailbridge.types import IncomingMail
from negotiation.rendering import render
from negotiation.self_service import LANGUAGE_NAMES, PREFERENCES, TIME_ZONE, Setting

_LANGUAGE_NAMES_ZH = {"en": "英文", "zh-hans": "中文"}


def _rules(rules: list[dict]) -> list[str]:
    return [
        rule_text(r) + (" (all day)" if (r["start"], r["end"]) == WHOLE_DAY else "") for r in rules
    ]


def _row(setting: Setting, now: datetime) -> dict:
    row = {
        "field": setting.field,
        "value": setting.value,
        "error": setting.error,
        "written": setting.written,
    }
    if setting.field == TIME_ZONE and not setting.error:
        local = now.astimezone(ZoneInfo(str(setting.value)))
        row["local_now"] = f"{local:%a} {local:%H:%M} {local.tzname()}"
    elif setting.field == PREFERENCES and not setting.error:
        prefs = setting.value
        row.update(
            preferred=_rules(prefs.preferred), blocked=_rules(prefs.blocked), places=prefs.places
        )
    elif setting.value in LANGUAGE_NAMES:
        row.update(
            language_name=LANGUAGE_NAMES[setting.value],
            language_name_zh=_LANGUAGE_NAMES_ZH[setting.value],
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
    """Answer a settings mail at the member's own address, in the language it was written in."""
    context = {
        "zh": chinese,
        "verified": verified,
        "reader_name": member.name or ("" if chinese else "there"),
        "hub_name": hub.name,
        "zone": member.effective_time_zone,
        "settings": [_row(s, now) for s in settings],
        "applied": any(not s.error for s in settings),
    }
    subject = f"你的设置 ({hub.name})" if chinese else f"Your settings at {hub.name}"
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
