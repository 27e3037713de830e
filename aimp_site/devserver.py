"""Run the whole product on one machine: web server, job cluster and SMTP listener.

`make run` calls this. It migrates, then supervises the processes and stops them
all on Ctrl-C (or when one of them dies, so a broken part is never hidden).
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def _manage(*args: str) -> list[str]:
    return [sys.executable, str(BASE_DIR / "manage.py"), *args]


def _processes() -> list[tuple[str, list[str]]]:
    host = os.environ.get("AIMP_WEB_HOST", "127.0.0.1")
    port = os.environ.get("AIMP_WEB_PORT", "8000")
    procs = [
        ("web", _manage("runserver", "--noreload", f"{host}:{port}")),
        ("worker", _manage("qcluster")),
    ]
    commands_dir = BASE_DIR / "mailbridge" / "management" / "commands"
    if (commands_dir / "smtp_listener.py").is_file():
        procs.append(("smtp", _manage("smtp_listener")))
    return procs


def main() -> int:
    """Prepare the database and supervise the product's processes until Ctrl-C."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "aimp_site.settings")
    subprocess.run(_manage("migrate", "--noinput", "-v", "0"), check=True)
    subprocess.run(_manage("createcachetable"), check=True)
    running: list[tuple[str, subprocess.Popen]] = []
    for name, cmd in _processes():
        print(f"[run] starting {name}: {' '.join(cmd[1:])}", flush=True)
        running.append((name, subprocess.Popen(cmd)))
    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    exit_code = 0
    try:
        while not stopping:
            for name, proc in running:
                if proc.poll() is not None:
                    print(f"[run] {name} exited with {proc.returncode}; stopping", flush=True)
                    exit_code = proc.returncode or 1
                    stopping = True
            time.sleep(0.5)
    finally:
        for _, proc in running:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        deadline = time.monotonic() + 15
        for name, proc in running:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                print(f"[run] {name} did not stop in time; killing it", flush=True)
                proc.kill()
                proc.wait()
        print("[run] stopped", flush=True)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
