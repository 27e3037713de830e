"""Recognise the few commands members write (pure): status, help, cancel, pick, wait, drop,
reschedule, accept (a time proposed in a calendar), remind, use <address> for <name>."""

from __future__ import annotations

import re
from dataclasses import dataclass

_PICK = re.compile(r"^pick\s*:?\s*([a-z])?\s*(?:[,/+&]|and)?\s*(\d)?$")
_DROP = re.compile(r"^drop\s+(.{1,100})$")
# "use bob@new.example for Bob": a bounced participant's new address.
_USE = re.compile(r"^use\s+<?([^\s<>@]+@[^\s<>@]+?)>?\s+for\s+(.{1,100})$", re.IGNORECASE)
# "reschedule", "reschedule: next week", "move it to Friday", 「改到下周」, 「改期」.
_RESCHEDULE = re.compile(
    r"^(?:(?:please\s+)?(?:reschedule|re-schedule)\b(?:\s+(?:it|the\s+meeting)\b)?"
    r"|(?:please\s+)?(?:move|postpone|push)\s+(?:it|the\s+meeting)\b"
    r"|改期|改时间|改到|推迟到|挪到)"
    r"\s*(?:[:：,]|\bto\b|\bfor\b)?\s*(.*)$",
    re.IGNORECASE,
)
MAX_COMMAND_CHARS = 60  # a longer first line is a sentence, not a command


@dataclass(frozen=True)
class Command:
    """A command word and its argument ('pick' 'B2', 'drop' 'Bob')."""

    name: str
    arg: str = ""


def parse_command(text: str) -> Command | None:
    """Return the command on the first non-empty line, or None for anything else."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if not line or len(line) > MAX_COMMAND_CHARS:
        return None
    words = line.lower().rstrip(".!").strip().strip('"').strip("'")
    if words in ("status", "help", "?", "cancel", "wait", "accept", "remind"):
        return Command("help" if words == "?" else words)
    if words in ("cancel it", "cancel the meeting", "cancel meeting"):
        return Command("cancel")
    pick = _PICK.match(words)
    if pick and (pick.group(1) or pick.group(2)):
        return Command("pick", ((pick.group(1) or "").upper()) + (pick.group(2) or ""))
    drop = _DROP.match(line.rstrip(".!").strip())
    if drop:
        return Command("drop", drop.group(1).strip())
    use = _USE.match(line.rstrip(".!").strip())
    if use:
        return Command("use", f"{use.group(1)} {use.group(2).strip()}")
    reschedule = _RESCHEDULE.match(line.rstrip(".!。！").strip())
    if reschedule:
        return Command("reschedule", reschedule.group(1).strip())
    return None
