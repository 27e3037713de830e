"""The idle-hubs section runs at toy size: no mailbox contacted before it is due."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.machine import machine_describe
from bench.report import report_markdown

ROOT = Path(__file__).resolve().parents[2]
TOY = {"scale_hubs": 300, "scale_events": 2_000, "scale_mails": 200, "scale_poll_minutes": 15}

pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the bench drives its own SQLite databases: once per CI run is enough",
)


def test_scale_section_polls_only_due_mailboxes_and_reports_the_operator_pages(tmp_path):
    out = tmp_path / "scale.json"
    proc = subprocess.run(
        [sys.executable, "-m", "bench.run_one", "--db", "sqlite", "--sections", "scale"]
        + ["--scale", json.dumps(TOY), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    run = json.loads(out.read_text())
    scale = run["sections"]["scale"]
    assert "error" not in scale, (scale["error"], proc.stderr[-4000:])
    idle = scale["idle"]
    assert idle["contacted_when_none_due"] == 0 and idle["quiet_minute"]["polled"] == 0
    # A minute of a 15-minute spread: about a fifteenth of the mailboxes, each contacted once.
    assert 0 < idle["due_minute"]["polled"] == idle["due_minute"]["contacted"] < 300 / 5
    assert {page["status"] for page in scale["pages"].values()} == {200}
    assert not any(page["distinct_hub"] for page in scale["pages"].values())
    markdown = report_markdown(
        {
            "started_at": "now",
            "wall_seconds": 1.0,
            "command": "make bench",
            "scale": TOY,
            "machine": machine_describe(),
            "runs": [run],
        }
    )
    assert "Idle background CPU per minute" in markdown and "not measured" not in markdown
