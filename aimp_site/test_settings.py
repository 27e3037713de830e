"""Test settings: the same as production, with jobs run inline and fast hashing."""

import os

from aimp_site.settings import *  # noqa: F403
from aimp_site.settings import REDIS_URL

# django-q2 reads `sync` once at import, so it is fixed here rather than per test.
Q_CLUSTER["sync"] = True  # noqa: F405
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
ANYMAIL = {"WEBHOOK_SECRET": ["tester:s3cret-webhook"]}
# The fake model and mail servers listen on 127.0.0.1; tests/security turns this off.
AIMP_ALLOW_PRIVATE_HOSTS = True
# The operator's MX of the test world (mailbridge.testing.build_email writes its verdicts).
AIMP_TRUSTED_AUTHSERV_IDS = ["mx.aimp.test"]

if REDIS_URL:
    # Each xdist worker keeps its own key space on the shared Redis.
    CACHES["default"]["KEY_PREFIX"] = "aimp-test-" + os.environ.get(  # noqa: F405
        "PYTEST_XDIST_WORKER", "main"
    )
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
LOGGING = {"version": 1, "disable_existing_loggers": False}
