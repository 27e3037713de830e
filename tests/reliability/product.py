"""The product as real processes for the reliability suite: gunicorn + qcluster.

Both point at pytest's test database on PostgreSQL and at Redis (or, for the runs on
the ORM broker, at no Redis: its queue is the database), under a cluster name and
cache prefix of their own, so parallel runs on a shared Redis never take each
other's tasks. Only 127.0.0.1 is used; every process is stopped at teardown.

Both run as deployed (README, scale path): gunicorn's threads and the cluster's
workers keep their database connections, where runserver's thread per request
would open one per POST.
"""

import ast
import os
import random
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection

from bench import procs
from bench.wire import BASIC_AUTH, WEBHOOK_PATH


def scale(name: str, default: int) -> int:
    """Return RELIABILITY_<NAME> from the environment, else the default."""
    return int(os.environ.get(f"RELIABILITY_{name.upper()}", default))


def _database_url() -> str:
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s.get("PASSWORD") else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


# Two cores: the workers spend much of a job waiting on PostgreSQL (row locks of a
# busy meeting, commits), so a few more workers than cores keep both cores busy.
WORKERS = 4


# The ORM broker re-delivers a job, and re-claims a post, whose worker was killed
# after django-q2's `retry` (180 s as deployed); the crash test cannot wait that long
# after each kill, so its ORM runs shorten it (jobs here take milliseconds).
ORM_TIMEOUT, ORM_RETRY = "20", "30"


class Product:
    """Start, kill and stop the web server and the worker cluster of one test."""

    def __init__(self, work_dir: Path, *, broker: str = "redis") -> None:
        self.work_dir = work_dir
        self.broker = broker
        self.cluster_name = f"aimp-rel-{uuid.uuid4().hex[:10]}"
        self.workers = scale("workers", WORKERS)
        extra = {"CACHE_KEY_PREFIX": self.cluster_name, "Q_WORKERS": str(self.workers)}
        if broker == "orm":
            extra.update({"Q_TIMEOUT": ORM_TIMEOUT, "Q_RETRY": ORM_RETRY})
        self.env = procs.product_env(
            database_url=_database_url(),
            data_dir=work_dir,
            # Without REDIS_URL the settings take the ORM broker, as the README's
            # embedded defaults do (mailbridge/queue_broker.py).
            redis_url=os.environ["REDIS_URL"] if broker == "redis" else None,
            cluster_name=self.cluster_name,
            settings_module="aimp_site.settings",
            extra=extra,
        )
        self.mailbox = Path(self.env["MAILBOX_DIR"])
        self.web: subprocess.Popen | None = None
        self.cluster: subprocess.Popen | None = None
        self.port = procs.free_port()
        self.cluster_starts = 0

    @property
    def webhook_url(self) -> str:
        return f"http://{procs.HOST}:{self.port}{WEBHOOK_PATH}"

    def start_web(self) -> None:
        """Start gunicorn on 127.0.0.1 and wait until it answers."""
        log_path = self.work_dir / "web.log"
        log = open(log_path, "ab")  # noqa: SIM115 - closed with the process by procs.stop()
        self.web = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "aimp_site.wsgi:application",
                "--bind",
                f"{procs.HOST}:{self.port}",
                "--workers",
                str(scale("web_workers", 2)),
                "--worker-class",
                "gthread",
                "--threads",
                str(scale("web_threads", 4)),
                "--backlog",
                "2048",
                "--timeout",
                "120",
                "--graceful-timeout",
                "5",
            ],
            cwd=procs.BASE_DIR,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.web._bench_log = log  # type: ignore[attr-defined]
        login = f"http://{procs.HOST}:{self.port}/admin/login/"
        procs.http_wait(login, proc=self.web, log_path=log_path)

    def start_cluster(self) -> None:
        self.cluster_starts += 1
        self.cluster = procs.cluster_start(
            env=self.env, log_path=self.work_dir / f"cluster-{self.cluster_starts}.log"
        )

    def kill_cluster(self) -> None:
        """SIGKILL the whole cluster (sentinel, pusher, monitor, workers) at once."""
        if self.cluster is not None:
            procs.kill(self.cluster)
            self.cluster = None

    def manage(self, *args: str, timeout: float = 120) -> str:
        """Run one manage.py command with the product's environment; return its stdout."""
        out = subprocess.run(
            [sys.executable, str(procs.BASE_DIR / "manage.py"), *args],
            cwd=procs.BASE_DIR,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
        return out.stdout

    def sweep_as_if_later(self, minutes: int = 20) -> dict:
        """Run the real sweeper in a product process with its clock `minutes` ahead.

        The sweeper leaves rows alone until they are minutes overdue; the suite cannot
        wait that long, so it asks the sweeper what it would do then. The work it
        re-enqueues goes to the running cluster like any other task.
        """
        code = (
            "from datetime import timedelta;from django.utils import timezone;"
            "from mailbridge.sweeper import mailbridge_sweep;"
            f"print(mailbridge_sweep(now=timezone.now() + timedelta(minutes={minutes})))"
        )
        return ast.literal_eval(self.manage("shell", "-c", code).strip().splitlines()[-1])

    def queued_jobs(self) -> int:
        """Return how many jobs wait for this cluster's workers (posts too, on the ORM broker)."""
        if self.broker == "orm":
            from mailbridge.queue_broker import PostsAndJobs

            # Its queue size counts the waiting posts and mails with the job rows.
            return PostsAndJobs(list_key=self.cluster_name).queue_size()
        import redis

        client = redis.from_url(self.env["REDIS_URL"])
        try:
            return client.llen(f"django_q:{self.cluster_name}:q")
        finally:
            client.close()

    def stop(self) -> None:
        """Stop both at once: the test has checked its figures, nothing is left to finish."""
        for proc in (self.web, self.cluster):
            if proc is not None:
                # SIGKILL: a graceful qcluster stop takes its full timeout here.
                procs.kill(proc)
                log = getattr(proc, "_bench_log", None)
                if log:
                    log.close()
        self.web = self.cluster = None
        if self.broker != "redis":
            return
        try:
            import redis

            client = redis.from_url(self.env["REDIS_URL"])
            client.delete(f"django_q:{self.cluster_name}:q")
        except Exception:  # noqa: BLE001 - cleanup of a shared Redis is best effort
            pass

    def log_tail(self, lines: int = 40) -> str:
        """Return the end of every process log (for assertion messages)."""
        out = []
        for path in sorted(self.work_dir.glob("*.log")):
            text = path.read_text(errors="replace").splitlines()[-lines:]
            out.append(f"--- {path.name}\n" + "\n".join(text))
        return "\n".join(out)


@dataclass
class PostFigures:
    """What the clients did."""

    posted: int = 0
    retried: int = 0
    refused: list = field(default_factory=list)
    seconds: float = 0.0


def post_all(url: str, payloads: list[bytes], *, clients: int, seed: int = 0) -> PostFigures:
    """POST every payload from `clients` concurrent threads; connection errors retried 5 times."""
    figures = PostFigures()
    lock = threading.Lock()
    queue = list(enumerate(payloads))
    random.Random(seed).shuffle(queue)

    def worker() -> None:
        while True:
            with lock:
                if not queue:
                    return
                _, payload = queue.pop()
            for attempt in range(6):
                request = urllib.request.Request(
                    url,
                    data=payload,
                    method="POST",
                    headers={"Content-Type": "application/json", "Authorization": BASIC_AUTH},
                )
                try:
                    with urllib.request.urlopen(request, timeout=60) as response:
                        status = response.status
                except urllib.error.HTTPError as exc:
                    status = exc.code
                except OSError:
                    status = None
                if status == 200:
                    break
                # An ESP retries what was not acknowledged: a stored-then-failed POST
                # comes back as a duplicate, which the product must absorb.
                with lock:
                    figures.retried += 1
                time.sleep(0.2 * (attempt + 1))
            with lock:
                figures.posted += 1
                if status != 200:
                    figures.refused.append(status)

    started = time.monotonic()
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    figures.seconds = time.monotonic() - started
    return figures
