"""`make bench`: measure everything side by side and write bench/results/latest.{md,json}.

    .venv/bin/python -m bench.run            # SQLite, then PostgreSQL and Redis when reachable
    BENCH_QUICK=1 .venv/bin/python -m bench.run   # smaller samples, for a smoke run

Sizes come from SCALE (override any key with BENCH_<KEY>=<int>).
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import databases
from bench.machine import machine_describe
from bench.report import report_write

RESULTS_DIR = Path(__file__).resolve().parent / "results"

SCALE = {
    "setup_runs": 7,
    "pipeline_messages": 150,
    "turnaround_meetings": 20,
    "flat_small": 100,
    "flat_large": 100_000,
    "flat_hubs": 1_000,
    # Per size, in 20 rounds that alternate the small and the large database.
    "flat_messages": 240,
    # SQLite is measured at the size too: bulk_create's ~1.3M rows take 3-4
    # minutes of one core, about as long as on PostgreSQL.
    # Idle hubs (bench/scale.py): hubs with a mailbox each, events and mail rows.
    "scale_hubs": 100_000,
    "scale_events": 1_000_000,
    "scale_mails": 100_000,
    "scale_poll_minutes": 15,
}
QUICK = {
    "setup_runs": 3,
    "pipeline_messages": 60,
    "turnaround_meetings": 20,
    "flat_large": 5_000,
    "flat_hubs": 100,
    "flat_messages": 60,
    "scale_hubs": 5_000,
    "scale_events": 50_000,
    "scale_mails": 5_000,
}


def _scale() -> dict:
    scale = dict(SCALE)
    if os.environ.get("BENCH_QUICK"):
        scale.update(QUICK)
    for key in scale:
        value = os.environ.get(f"BENCH_{key.upper()}")
        if value:
            scale[key] = int(value)
    return scale


def _plan() -> list[tuple[str, str, list[str]]]:
    """Return the (database, broker, sections) runs this machine can do."""
    # "flat" runs alone on a fresh database: its small size means nothing else in it.
    plan = [
        ("sqlite", "orm", ["footprint", "pipeline", "turnaround", "economy"]),
        ("sqlite", "orm", ["flat"]),
    ]
    if databases.postgres_reachable():
        plan.append(("postgres", "orm", ["pipeline", "turnaround"]))
        plan.append(("postgres", "orm", ["flat"]))
        # 100,000 idle hubs and a million events: built once (about 2 minutes), on the
        # production database when there is one, to keep `make bench` near 10 minutes.
        plan.append(("postgres", "orm", ["scale"]))
        if databases.redis_reachable():
            plan.append(("postgres", "redis", ["pipeline", "turnaround"]))
    else:
        plan.append(("sqlite", "orm", ["scale"]))
    only = os.environ.get("BENCH_SECTIONS")
    if only:
        wanted = set(only.split(","))
        plan = [(db, br, [s for s in secs if s in wanted]) for db, br, secs in plan]
        plan = [p for p in plan if p[2]]
    return plan


def _merge(runs: list[dict]) -> list[dict]:
    """Join runs of the same database and broker into one column."""
    merged: dict[tuple[str, str], dict] = {}
    for run in runs:
        key = (run["db"], run["broker"])
        if key in merged:
            merged[key]["sections"].update(run["sections"])
        else:
            merged[key] = run
    return list(merged.values())


def main() -> int:
    """Run every planned measurement in its own process and write the combined report."""
    scale = _scale()
    started = time.time()
    runs = []
    for db, broker, sections in _plan():
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
            out = Path(tmp.name)
        cmd = [
            sys.executable,
            "-m",
            "bench.run_one",
            "--db",
            db,
            "--broker",
            broker,
            "--sections",
            ",".join(sections),
            "--scale",
            json.dumps(scale),
            "--out",
            str(out),
        ]
        print(f"[bench] === {db} / {broker} broker: {', '.join(sections)}", flush=True)
        proc = subprocess.run(cmd, cwd=Path(__file__).resolve().parent.parent, check=False)
        if proc.returncode == 0 and out.stat().st_size:
            runs.append(json.loads(out.read_text()))
        else:
            runs.append(
                {"db": db, "broker": broker, "error": f"exit {proc.returncode}", "sections": {}}
            )
        out.unlink(missing_ok=True)
    combined = {
        "started_at": time.strftime("%Y-%m-%d %H:%M:%S %Z", time.localtime(started)),
        "wall_seconds": round(time.time() - started, 1),
        "command": "make bench",
        "scale": scale,
        "machine": machine_describe(),
        "runs": _merge(runs),
    }
    md_path, json_path = report_write(combined, RESULTS_DIR)
    print(md_path.read_text())
    print(f"[bench] wrote {md_path} and {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
