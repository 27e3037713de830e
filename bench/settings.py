"""Bench settings: the real settings plus the floor app and URLs, never used in production."""

from aimp_site.settings import *  # noqa: F403
from aimp_site.settings import INSTALLED_APPS, Q_CLUSTER

INSTALLED_APPS = [*INSTALLED_APPS, "bench"]
ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["*"]
# The bench drives the product with thousands of mails; printing each to the console
# would measure the terminal, not the product.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
# Turnaround splits each reply into legs from django-q2's task log, and the probes
# read task results: keep every success (unpruned, so no per-task cost grows with it).
Q_CLUSTER = {**Q_CLUSTER, "save_limit": 0}
