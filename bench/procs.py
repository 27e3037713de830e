"""Start, watch and stop the product's real processes (web server, qcluster) for measuring.

Every child runs in its own session, so a kill reaches its whole process tree and
nothing started here outlives the run. Only 127.0.0.1 is ever used.
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
WEBHOOK_USER = "bench"
WEBHOOK_PASSWORD = "bench-webhook-secret"


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def product_env(
    *,
    database_url: str,
    data_dir: Path,
    redis_url: str | None = None,
    cluster_name: str = "aimp-bench",
    settings_module: str = "bench.settings",
    extra: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Return the environment for product processes pointed at one database and broker."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "REDIS_URL"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": settings_module,
            "DATABASE_URL": database_url,
            "AIMP_DATA_DIR": str(data_dir),
            "MAILBOX_DIR": str(data_dir / "mailbox"),
            "Q_CLUSTER_NAME": cluster_name,
            "ANYMAIL_WEBHOOK_SECRET": f"{WEBHOOK_USER}:{WEBHOOK_PASSWORD}",
            # Measured as deployed: DEBUG on records every query and costs the
            # pipeline (dozens of queries) far more than the floor (one).
            "DEBUG": "false",
            "SECRET_KEY": "bench-only-not-a-secret-0123456789abcdef",
            # Required with DEBUG off; base64 of b"bench-only-field-key-not-secret!".
            "FIELD_ENCRYPTION_KEYS": "YmVuY2gtb25seS1maWVsZC1rZXktbm90LXNlY3JldCE=",
            # As deployed: workers keep their connection (runserver still closes its
            # per-request thread's connection when the request ends).
            "CONN_MAX_AGE": "60",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.pop("Q_SYNC", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.update(extra or {})
    return env


def _spawn(args: list[str], env: Mapping[str, str], log_path: Path) -> subprocess.Popen:
    log = open(log_path, "ab")  # noqa: SIM115 - closed with the process by stop()
    proc = subprocess.Popen(
        [sys.executable, str(BASE_DIR / "manage.py"), *args],
        cwd=BASE_DIR,
        env=dict(env),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    proc._bench_log = log  # type: ignore[attr-defined]
    return proc


def web_start(*, env: Mapping[str, str], port: int, log_path: Path) -> subprocess.Popen:
    """Start `runserver --noreload` on 127.0.0.1:port and wait until it answers."""
    proc = _spawn(["runserver", "--noreload", "--skip-checks", f"{HOST}:{port}"], env, log_path)
    http_wait(f"http://{HOST}:{port}/admin/login/", proc=proc, log_path=log_path)
    return proc


def cluster_start(*, env: Mapping[str, str], log_path: Path) -> subprocess.Popen:
    """Start one `qcluster` (returns at once; the cluster needs a second to spin up)."""
    return _spawn(["qcluster"], env, log_path)


def http_wait(url: str, *, proc: subprocess.Popen, log_path: Path, timeout: float = 60.0) -> None:
    """Poll url until it answers (any HTTP status), the process dies, or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}; see {log_path}")
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer within {timeout}s; see {log_path}")


def stop(proc: subprocess.Popen, *, timeout: float = 15.0) -> None:
    """Stop a child and its process group: SIGTERM, then SIGKILL after timeout."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill(proc)
    _reap_group(proc.pid)
    log = getattr(proc, "_bench_log", None)
    if log:
        log.close()


def kill(proc: subprocess.Popen) -> None:
    """SIGKILL a child's whole process group at once, as a crash or the OOM killer would."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    _reap_group(proc.pid)


def _reap_group(pgid: int) -> None:
    # Children of a killed qcluster may linger a moment; make sure none survives.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            return
        time.sleep(0.05)


def process_tree(pid: int) -> list[int]:
    """Return pid and all its descendants (Linux /proc)."""
    pids, todo = [], [pid]
    while todo:
        current = todo.pop()
        pids.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            with contextlib.suppress(OSError):
                todo.extend(int(c) for c in (task / "children").read_text().split())
    return pids


def memory_kb(pid: int) -> dict[str, int]:
    """Return resident (RSS) and proportional (PSS) memory of one process, in kB."""
    out = {"rss_kb": 0, "pss_kb": 0}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                out["rss_kb"] = int(line.split()[1])
            elif line.startswith("Pss:"):
                out["pss_kb"] = int(line.split()[1])
    except OSError:
        pass
    return out


def tree_memory_kb(pid: int) -> dict[str, int]:
    """Return summed RSS and PSS of a process tree (PSS counts shared pages once)."""
    pids = process_tree(pid)
    totals = {"processes": len(pids), "rss_kb": 0, "pss_kb": 0}
    for child in pids:
        mem = memory_kb(child)
        totals["rss_kb"] += mem["rss_kb"]
        totals["pss_kb"] += mem["pss_kb"]
    return totals
