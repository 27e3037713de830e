"""The databases a bench run uses: a fresh SQLite file, or a fresh `aimp_bench` on PostgreSQL."""

import os
from pathlib import Path

PG_ADMIN_URL = os.environ.get("BENCH_PG_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
PG_BENCH_DB = os.environ.get("BENCH_PG_DB", "aimp_bench")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")


def postgres_reachable() -> bool:
    """Return True when the local PostgreSQL accepts a connection."""
    try:
        import psycopg

        with psycopg.connect(_libpq(PG_ADMIN_URL), connect_timeout=3):
            return True
    except Exception:  # noqa: BLE001 - any failure means "not reachable"
        return False


def redis_reachable() -> bool:
    """Return True when the local Redis answers PING."""
    try:
        import redis

        return bool(redis.from_url(REDIS_URL, socket_connect_timeout=3).ping())
    except Exception:  # noqa: BLE001
        return False


def _libpq(url: str) -> str:
    return url.replace("postgres://", "postgresql://", 1)


def database_fresh(kind: str, work_dir: Path) -> str:
    """Create an empty database of the given kind and return its DATABASE_URL."""
    if kind == "sqlite":
        return f"sqlite:///{work_dir / 'bench.sqlite3'}"
    if kind != "postgres":
        raise ValueError(kind)
    import psycopg

    with psycopg.connect(_libpq(PG_ADMIN_URL), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{PG_BENCH_DB}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{PG_BENCH_DB}"')
    base = PG_ADMIN_URL.rsplit("/", 1)[0]
    return f"{base}/{PG_BENCH_DB}"


def database_version(kind: str) -> str:
    """Return the server version of the database kind, as the server reports it."""
    if kind == "sqlite":
        import sqlite3

        return f"SQLite {sqlite3.sqlite_version}"
    import psycopg

    with psycopg.connect(_libpq(PG_ADMIN_URL)) as conn:
        return "PostgreSQL " + conn.execute("SHOW server_version").fetchone()[0]
