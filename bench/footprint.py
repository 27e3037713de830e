"""Footprint: resident memory of the web process and of a worker, and django.setup() time.

Also proves that litellm is not loaded in either process unless an LLM call happens
(it is ~360 MB installed and seconds to import; see ../shared/NOTES.md).
"""

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from bench import procs
from bench.stats import summarize

_SETUP_SNIPPET = """
import os, sys, time
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "aimp_site.settings")
t0 = time.perf_counter()
import django
django.setup()
elapsed = time.perf_counter() - t0
print(elapsed, "litellm" in sys.modules)
"""


def setup_time(*, env: dict[str, str], runs: int = 7) -> dict:
    """Time django.setup() with the product settings in fresh interpreters (median of runs)."""
    env = {**env, "DJANGO_SETTINGS_MODULE": "aimp_site.settings"}
    samples, litellm_seen = [], False
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _SETUP_SNIPPET],
            cwd=procs.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        seconds, loaded = out.stdout.split()
        samples.append(float(seconds))
        litellm_seen = litellm_seen or loaded == "True"
    return {"seconds": summarize(samples), "litellm_loaded": litellm_seen}


def web_footprint(
    *, env: dict[str, str], work_dir: Path, warmup: Callable[[str], None] | None = None
) -> dict:
    """Start the web process, warm it up, and read its memory and loaded modules."""
    port = procs.free_port()
    proc = procs.web_start(env=env, port=port, log_path=work_dir / "web-footprint.log")
    base = f"http://{procs.HOST}:{port}"
    try:
        for _ in range(20):
            urllib.request.urlopen(f"{base}/admin/login/", timeout=10).read()
            req = urllib.request.Request(f"{base}/bench/floor/", data=b"warm-up", method="POST")
            urllib.request.urlopen(req, timeout=10).read()
        if warmup:
            warmup(base)
        probe = json.loads(urllib.request.urlopen(f"{base}/bench/modules/", timeout=10).read())
        mem = procs.memory_kb(proc.pid)
    finally:
        procs.stop(proc)
    return {"rss_kb": mem["rss_kb"], "pss_kb": mem["pss_kb"], "litellm_loaded": probe["litellm"]}


def worker_footprint(
    *, env: dict[str, str], work_dir: Path, warmup: Callable[[], None] | None = None
) -> dict:
    """Start one qcluster, warm it up with tasks, and read its workers' memory and modules.

    Must be called from a process whose Django settings use the same broker as env.
    """
    from django_q.tasks import async_task, result

    proc = procs.cluster_start(env=env, log_path=work_dir / "cluster-footprint.log")
    try:
        if warmup:
            warmup()
        probes = []
        for _ in range(8):
            task_id = async_task("bench.probes.worker_probe")
            answer = result(task_id, wait=60_000)
            if answer is None:
                raise TimeoutError(f"the worker did not answer; see {work_dir}")
            probes.append(answer)
        time.sleep(0.5)
        cluster = procs.tree_memory_kb(proc.pid)
    finally:
        procs.stop(proc)
    return {
        "worker_rss_kb": max(p["rss_kb"] for p in probes),
        "workers_probed": len({p["pid"] for p in probes}),
        "cluster_processes": cluster["processes"],
        "cluster_rss_kb": cluster["rss_kb"],
        "cluster_pss_kb": cluster["pss_kb"],
        "litellm_loaded": any(p["litellm"] for p in probes),
    }


def footprint_measure(*, env: dict[str, str], work_dir: Path, setup_runs: int = 7) -> dict:
    """Measure setup time, web and worker footprint in one go."""
    setup = setup_time(env=env, runs=setup_runs)
    web = web_footprint(env=env, work_dir=work_dir)
    worker = worker_footprint(env=env, work_dir=work_dir)
    flags = [setup["litellm_loaded"], web["litellm_loaded"], worker["litellm_loaded"]]
    return {
        "setup": setup,
        "web": web,
        "worker": worker,
        "litellm": " / ".join("YES" if f else "no" for f in flags),
    }
