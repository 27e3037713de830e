"""The instruments still run: `make bench`'s sections at toy sizes, through its entry point.

Figures are not checked here (they come from `make bench`, not from tests); what is
checked is that each section measures the whole loop without an error or a warning,
so a change to the product cannot silently break the bench.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.machine import machine_describe
from bench.report import report_markdown

ROOT = Path(__file__).resolve().parents[2]
TOY = {
    "setup_runs": 1,
    "pipeline_messages": 15,
    "turnaround_meetings": 3,
    "flat_small": 30,
    "flat_large": 60,
    "flat_hubs": 5,
    "flat_messages": 20,
}

pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the bench drives its own SQLite databases: once per CI run is enough",
)


def _run(sections: str, out: Path) -> dict:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.run_one",
            "--db",
            "sqlite",
            "--sections",
            sections,
            "--scale",
            json.dumps(TOY),
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    run = json.loads(out.read_text())
    for name, result in run["sections"].items():
        assert "error" not in result, (name, result["error"], proc.stderr[-4000:])
        assert not result.get("warning"), (name, result["warning"])
    return run


def test_every_section_but_economy_measures_at_toy_sizes(tmp_path):
    # As `make bench` plans them: flat alone on a fresh database (bench.run._plan).
    run = _run("footprint,pipeline,turnaround", tmp_path / "run.json")
    flat = _run("flat", tmp_path / "flat.json")
    run["sections"].update(flat["sections"])
    sections = run["sections"]
    pipeline = sections["pipeline"]
    assert pipeline["outcome"]["meetings"] == {"confirmed": TOY["pipeline_messages"] // 3}
    assert pipeline["outcome"]["inbound"] == {"done": TOY["pipeline_messages"]}
    assert pipeline["pipeline"]["queries_per_message"] > 1
    # anymail alone stores nothing, so it is cheaper than the whole pipeline.
    assert 0 < pipeline["anymail"]["cost_ratio"] < pipeline["cost_ratio"]
    assert set(pipeline["anymail"]) == {"ms_per_message", "cost_ratio", "fixed_ratio"}
    # The least pipeline skips nearly all the product does (it would raise had the
    # rules engine not read the replies).
    assert 0 < pipeline["least"]["cost_ratio"] < pipeline["cost_ratio"]
    assert set(pipeline["units"]) == {
        "orm_select_ms",
        "raw_select_ms",
        "esp_parse_ms",
        "job_read_ms",
    }
    assert sections["turnaround"]["seconds"]["n"] == TOY["turnaround_meetings"]
    assert set(sections["turnaround"]["phases"]) == {"web_store", "inbound_job", "send_job"}
    assert sections["footprint"]["litellm"] == "no / no / no"
    small, large = sections["flat"]["queries"].split(" / ")
    assert small == large

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
    assert "not measured" not in markdown
    for label in ("Pipeline cost / floor cost", "Turnaround", "Large / small", "django.setup()"):
        assert label in markdown


def test_the_wide_meeting_read_measures(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "bench.wide_read", "sqlite"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "'people': 24, 'options': 3, 'votes': 69" in proc.stdout
