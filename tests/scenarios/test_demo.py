"""`make demo` ends with a confirmed meeting (a real worker process, no network, no LLM)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

from icalendar import Calendar

BASE_DIR = Path(__file__).resolve().parents[2]


def test_demo_conversation_ends_confirmed_with_an_ics_file():
    result = subprocess.run(
        [sys.executable, "-m", "negotiation.demo"],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = result.stdout
    assert "<<< hub -> carol@example.com: Welcome to Family" in out
    assert ": confirmed" in out
    assert "Dave <dave@outside.example>: optional, declined" in out
    assert "suggested something new" in out and re.search(r"I read:\n\W*time [A-Z] — ", out)
    path = Path(out.split("Calendar invite written to ", 1)[1].split()[0])
    cal = Calendar.from_ical(path.read_bytes())
    assert cal["METHOD"] == "REQUEST"
    assert len([c for c in cal.walk() if c.name == "VEVENT"]) == 1
    # After the first confirmation Alice moves the meeting: calendars move the event.
    assert "needs to move" in out and "Moved: Garden party planning" in out
    [event] = [c for c in cal.walk() if c.name == "VEVENT"]
    assert event["SEQUENCE"] == 1
    shutil.rmtree(path.parent)
