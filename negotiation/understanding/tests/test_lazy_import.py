"""Starting the web server or the worker must not import litellm (seconds, hundreds of MB)."""

import subprocess
import sys

SCRIPT = """
import os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "aimp_site.test_settings")
import django
django.setup()
from django.core.management import call_command
call_command("check", verbosity=0)
import aimp_site.urls, aimp_site.wsgi  # the web entry points
import django_q.cluster  # what manage.py qcluster starts
import negotiation.understanding.service, negotiation.understanding.admin, negotiation.understanding.llm
assert "litellm" not in sys.modules, "litellm was imported at start-up"
print("clean")
"""


def test_web_and_worker_start_without_litellm():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("clean")
