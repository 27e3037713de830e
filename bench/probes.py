"""Tasks the bench sends to a running qcluster to look inside its worker processes."""

import os
import sys
from pathlib import Path


def worker_probe() -> dict:
    """Return this worker's pid, resident memory (kB) and whether litellm is loaded."""
    rss_kb = 0
    for line in Path(f"/proc/{os.getpid()}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss_kb = int(line.split()[1])
    return {"pid": os.getpid(), "rss_kb": rss_kb, "litellm": "litellm" in sys.modules}


def modules_loaded(request):
    """Report (as JSON) this web process's pid and whether litellm is loaded."""
    from django.http import JsonResponse

    return JsonResponse({"pid": os.getpid(), "litellm": "litellm" in sys.modules})
