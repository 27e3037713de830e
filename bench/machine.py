"""Describe the machine a benchmark ran on, so figures are never quoted without it."""

import os
import platform
import subprocess
import sys
from pathlib import Path


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_mb() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    except OSError:
        pass
    return None


def _command_version(*cmd: str) -> str | None:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (out.stdout or out.stderr).strip().splitlines()[0] if out.returncode == 0 else None


def _redis_version() -> str | None:
    line = _command_version("redis-server", "--version")
    if not line:
        return None
    for word in line.split():
        if word.startswith("v="):
            return "Redis " + word[2:]
    return line


def machine_describe() -> dict:
    """Return CPU, cores, memory, OS, Python and library versions of this machine."""
    import sqlite3

    import django

    versions = {"django": django.get_version(), "sqlite": sqlite3.sqlite_version}
    for module in ("django_q", "anymail", "psycopg", "redis"):
        try:
            from importlib.metadata import version

            dist = {"django_q": "django-q2", "anymail": "django-anymail"}.get(module, module)
            versions[module] = version(dist)
        except Exception:  # noqa: BLE001 - a missing optional library is just not listed
            pass
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memory_mb": _memory_mb(),
        "os": f"{platform.system()} {platform.release()}",
        "python": sys.version.split()[0],
        "postgresql": _command_version("psql", "--version"),
        "redis": _redis_version(),
        "versions": versions,
    }
