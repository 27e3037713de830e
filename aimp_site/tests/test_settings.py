"""Settings come from the environment; production refuses to start without a key."""

import os
import subprocess
import sys
from pathlib import Path

from cryptography.fernet import Fernet

ROOT = Path(__file__).resolve().parents[2]


def _setup(env_overrides: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(
            ("DATABASE_", "DEBUG", "SECRET_", "REDIS_", "EMAIL_", "FIELD_ENCRYPTION_")
        )
    }
    env.update({"DJANGO_SETTINGS_MODULE": "aimp_site.settings", "AIMP_DATA_DIR": str(tmp_path)})
    env.update(env_overrides)
    code = "import django; django.setup(); from django.conf import settings; print(settings.DATABASES['default']['ENGINE'], settings.Q_CLUSTER.get('orm'), settings.EMAIL_BACKEND)"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_no_environment_runs_on_embedded_defaults(tmp_path):
    result = _setup({}, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.sqlite3",
        "default",
        "mailbridge.backends.ConsoleAndFileBackend",
    ]


def test_debug_off_without_secret_key_refuses_to_start(tmp_path):
    result = _setup({"DEBUG": "false"}, tmp_path)
    assert result.returncode != 0
    assert "SECRET_KEY is required when DEBUG is off" in result.stderr


def test_debug_off_without_field_encryption_keys_refuses_to_start(tmp_path):
    result = _setup({"DEBUG": "false", "SECRET_KEY": "x"}, tmp_path)
    assert result.returncode != 0
    assert "FIELD_ENCRYPTION_KEYS is required when DEBUG is off" in result.stderr
    assert "Fernet.generate_key()" in result.stderr


def test_scale_settings_from_urls(tmp_path):
    result = _setup(
        {
            "DEBUG": "false",
            "SECRET_KEY": "x" * 50,
            "FIELD_ENCRYPTION_KEYS": Fernet.generate_key().decode(),
            "DATABASE_URL": "postgres://u:p@db.example:5432/aimp",
            "REDIS_URL": "redis://127.0.0.1:6379/3",
            "EMAIL_URL": "smtp://127.0.0.1:2526",
        },
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "None",
        "django.core.mail.backends.smtp.EmailBackend",
    ]
