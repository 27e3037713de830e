"""`make run` starts the whole product on embedded defaults and stops on Ctrl-C."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_run_serves_the_admin_and_stops_cleanly(tmp_path):
    web_port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DATABASE_", "REDIS_", "EMAIL_", "DJANGO_SETTINGS"))
    }
    env.update(
        {
            "AIMP_DATA_DIR": str(tmp_path),
            "AIMP_WEB_PORT": str(web_port),
            "AIMP_SMTP_PORT": str(_free_port()),
        }
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "aimp_site.devserver"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        status = None
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{web_port}/admin/login/", timeout=2
                ) as r:
                    status = r.status
                    break
            except OSError:
                time.sleep(0.3)
        assert status == 200, "the admin login page was not served"
        assert (tmp_path / "aimp.sqlite3").is_file()
    finally:
        proc.send_signal(signal.SIGINT)
        output, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, output
    assert "[run] stopped" in output
