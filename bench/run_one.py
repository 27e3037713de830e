"""Run the bench sections on one database and broker, in this process, and write JSON.

Called by bench.run once per (database, broker), because Django settings are
fixed per process. Each section is measured independently: a section whose
dependency is missing or broken records its error and the others still run.
"""

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

from bench import databases, procs

SECTIONS = ("footprint", "pipeline", "turnaround", "flat", "economy", "scale")


def _prepare(kind: str, broker: str, work_dir: Path) -> dict[str, str]:
    database_url = databases.database_fresh(kind, work_dir)
    env = procs.product_env(
        database_url=database_url,
        data_dir=work_dir,
        redis_url=databases.REDIS_URL if broker == "redis" else None,
        cluster_name=f"aimp-bench-{os.getpid()}",
    )
    os.environ.clear()
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    return env


def _section(name: str, env: dict[str, str], work_dir: Path, scale: dict) -> dict:
    if name == "footprint":
        from bench.footprint import footprint_measure

        return footprint_measure(env=env, work_dir=work_dir, setup_runs=scale["setup_runs"])
    if name == "pipeline":
        from bench.pipeline import pipeline_measure

        return pipeline_measure(messages=scale["pipeline_messages"])
    if name == "turnaround":
        from bench.turnaround import turnaround_measure

        return turnaround_measure(env=env, work_dir=work_dir, meetings=scale["turnaround_meetings"])
    if name == "flat":
        from bench.flat import flat_measure

        return flat_measure(
            small=scale["flat_small"],
            large=scale["flat_large"],
            hubs=scale["flat_hubs"],
            messages=scale["flat_messages"],
        )
    if name == "scale":
        from bench.scale import scale_measure

        return scale_measure(
            hubs=scale["scale_hubs"],
            events=scale["scale_events"],
            mails=scale["scale_mails"],
            poll_minutes=scale["scale_poll_minutes"],
        )
    if name == "economy":
        from bench.economy import economy_measure

        return economy_measure(env=env, work_dir=work_dir)
    raise ValueError(name)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, measure the requested sections, write the JSON file."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=("sqlite", "postgres"), required=True)
    parser.add_argument("--broker", choices=("orm", "redis"), default="orm")
    parser.add_argument("--sections", default=",".join(SECTIONS))
    parser.add_argument("--scale", default="{}", help="JSON overrides of bench.run.SCALE")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    from bench.run import SCALE

    scale = {**SCALE, **json.loads(args.scale)}
    work_dir = Path(tempfile.mkdtemp(prefix=f"aimp-bench-{args.db}-{args.broker}-"))
    results: dict = {"db": args.db, "broker": args.broker, "sections": {}}
    env = _prepare(args.db, args.broker, work_dir)
    results["database_version"] = databases.database_version(args.db)
    for name in args.sections.split(","):
        started = time.monotonic()
        print(f"[bench] {args.db}/{args.broker}: {name} ...", flush=True)
        try:
            results["sections"][name] = _section(name, env, work_dir, scale)
        except Exception as exc:  # noqa: BLE001 - one broken section must not hide the others
            traceback.print_exc()
            results["sections"][name] = {
                "error": f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
            }
        results["sections"][name]["wall_seconds"] = round(time.monotonic() - started, 1)
        print(f"[bench] {args.db}/{args.broker}: {name} done", flush=True)
    Path(args.out).write_text(json.dumps(results, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
