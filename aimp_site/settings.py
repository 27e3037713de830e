"""Settings, read from the environment (django-environ) with embedded defaults.

With no environment at all the product runs on SQLite, django-q2's ORM broker,
mail to the console and a local file mailbox, and the offline rules engine.
Every variable is documented in .env.example.
"""

import os
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
if (BASE_DIR / ".env").is_file():
    env.read_env(BASE_DIR / ".env")

DATA_DIR = Path(env.str("AIMP_DATA_DIR", default=str(BASE_DIR / "var")))
DATA_DIR.mkdir(parents=True, exist_ok=True)

# Embedded mode is a development convenience; production sets DEBUG=false and must
# then bring its own key, so a forgotten key can never silently sign sessions.
DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is required when DEBUG is off: set SECRET_KEY in the environment or .env"
        )
    SECRET_KEY = "insecure-embedded-development-key-do-not-use-in-production"

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# Keys for fields encrypted at rest (LLM API keys, IMAP/SMTP passwords). The first
# key encrypts; all decrypt, so keys can be rotated (manage.py rotate_secrets). Apart
# from SECRET_KEY, so a database dump plus SECRET_KEY opens nothing and SECRET_KEY can
# change; only embedded mode (DEBUG on) falls back to a key derived from SECRET_KEY.
FIELD_ENCRYPTION_KEYS = [
    k.strip() for k in env.list("FIELD_ENCRYPTION_KEYS", default=[]) if k.strip()
]
if not FIELD_ENCRYPTION_KEYS and not DEBUG:
    raise ImproperlyConfigured(
        "FIELD_ENCRYPTION_KEYS is required when DEBUG is off: set one or more Fernet keys "
        "(comma-separated, the first encrypts) in the environment or .env; generate one with "
        'python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())". '
        "Secrets stored before it was required used a key derived from SECRET_KEY: see "
        "FIELD_ENCRYPTION_KEYS in .env.example to keep them."
    )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "anymail",
    "django_q",
    "rest_framework",
    "rest_framework_api_key",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "hubs",
    "mailbridge",
    "negotiation",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "aimp_site.urls"
WSGI_APPLICATION = "aimp_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------
DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{DATA_DIR / 'aimp.sqlite3'}")
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE takes the write lock at BEGIN, so two writers queue instead of one
    # failing with "database is locked" on upgrade; WAL lets readers run meanwhile.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
# Persistent connections: opening one costs more than most requests' queries (a
# PostgreSQL backend fork; SQLite's PRAGMAs). Health checks drop a dead one first.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache and background jobs ---------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="aimp"),
        }
    }
else:
    # A database cache, so qinfo/qmonitor see the cluster across processes.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "aimp_cache",
        }
    }

Q_CLUSTER = {
    "name": env.str("Q_CLUSTER_NAME", default="aimp"),
    "workers": env.int("Q_WORKERS", default=2),
    # django-q2 re-delivers a task after `retry` seconds; it must exceed `timeout`,
    # or a slow task would run twice in parallel (see NOTES.md).
    "timeout": env.int("Q_TIMEOUT", default=120),
    "retry": env.int("Q_RETRY", default=180),
    "max_attempts": 1,
    "catch_up": False,
    "ack_failures": True,
    # django-q2 prunes its success log by locking and reading every saved success on
    # each task (save_limit > 0), one monitor per cluster: at a few thousand jobs that
    # monitor is the bottleneck. The product's own rows (inbound, outbound, events)
    # record what each job did; failed jobs are always kept. 0 keeps every success.
    "save_limit": env.int("Q_SAVE_LIMIT", default=-1),
    "poll": 0.1,
    "label": "Background jobs",
    "sync": env.bool("Q_SYNC", default=False),
    "cache": "default",
}
if REDIS_URL:
    Q_CLUSTER["redis"] = REDIS_URL
else:
    Q_CLUSTER["orm"] = "default"
    # django-q2's ORM broker that also takes the ESP posts and queued mails waiting in
    # their tables: the webhook and the outbox queue no job row (mailbridge/queue_broker.py).
    Q_CLUSTER["broker_class"] = "mailbridge.queue_broker.PostsAndJobs"

# --- Mail -------------------------------------------------------------------
EMAIL_URL = env.str("EMAIL_URL", default="")
if EMAIL_URL:
    vars().update(env.email_url_config(EMAIL_URL))
EMAIL_BACKEND = env.str(
    "EMAIL_BACKEND",
    default=(
        "django.core.mail.backends.smtp.EmailBackend"
        if EMAIL_URL
        else "mailbridge.backends.ConsoleAndFileBackend"
    ),
)
MAILBOX_DIR = Path(env.str("MAILBOX_DIR", default=str(DATA_DIR / "mailbox")))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="hub@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# anymail: every ANYMAIL_<NAME> variable becomes ANYMAIL["<NAME>"] (for example
# ANYMAIL_POSTMARK_SERVER_TOKEN), so any ESP anymail supports is configured the same way.
ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value
    for key, value in os.environ.items()
    if key.startswith("ANYMAIL_") and key != "ANYMAIL_WEBHOOK_SECRET"
}
ANYMAIL["WEBHOOK_SECRET"] = env.list("ANYMAIL_WEBHOOK_SECRET", default=[])

# --- Product settings -------------------------------------------------------
AIMP_LOOP_HEADER = "X-AIMP-Hub-Loop"
# A soft bounce (4.x.x: mailbox full, greylisting that gave up) stops mail to the
# address for this many days; a hard one until an admin allows the address again.
AIMP_SOFT_BOUNCE_DAYS = env.int("AIMP_SOFT_BOUNCE_DAYS", default=7)
AIMP_MAX_SUBJECT_CHARS = env.int("AIMP_MAX_SUBJECT_CHARS", default=500)
AIMP_MAX_BODY_CHARS = env.int("AIMP_MAX_BODY_CHARS", default=20_000)
AIMP_MAX_MESSAGE_BYTES = env.int("AIMP_MAX_MESSAGE_BYTES", default=10 * 1024 * 1024)
# An ESP posts one message inside JSON or a form: Postmark sends the raw MIME and every
# attachment again in base64 (about 2.1 times the message), SES base64 (1.4), Mailgun and
# SendGrid the raw MIME as a form field (1.0-1.1). A bigger body gets 413 before it is
# read. Only /anymail/ reads this much (mailbridge/body_limits.py); every other form
# keeps Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB).
AIMP_MAX_WEBHOOK_BYTES = env.int("AIMP_MAX_WEBHOOK_BYTES", default=3 * AIMP_MAX_MESSAGE_BYTES)
# Received raw mail (and the text of sent mail) of finished messages is emptied after this
# many days by a daily job (mailbridge/retention.py); rows and their outcome stay. 0 keeps it.
AIMP_RAW_MAIL_RETENTION_DAYS = env.int("AIMP_RAW_MAIL_RETENTION_DAYS", default=90)
AIMP_SMTP_HOST = env.str("AIMP_SMTP_HOST", default="127.0.0.1")
AIMP_SMTP_PORT = env.int("AIMP_SMTP_PORT", default=2525)
# A send interrupted this long ago (worker killed mid-send) is sent again by the
# sweeper; keep it well above Q_TIMEOUT plus the SMTP timeout.
AIMP_SENDING_STALE_SECONDS = env.int("AIMP_SENDING_STALE_SECONDS", default=900)
# Each process remembers which hub owns an address, and a hub's aliases, this long
# (hubs/address_cache.py): a change made in another process is seen after at most this.
AIMP_HUB_CACHE_SECONDS = env.int("AIMP_HUB_CACHE_SECONDS", default=30)
# Rounds one agent's protocol mail may start in one meeting; proposing once more escalates
# (protocol mail skips the auto-reply filter, so this is what stops two machines looping).
AIMP_AGENT_MAX_ROUNDS = env.int("AIMP_AGENT_MAX_ROUNDS", default=5)
# Handshake answers (card, refuse, not-understood) one agent address gets per day (UTC).
AIMP_PROTOCOL_ANSWERS_PER_SENDER_PER_DAY = env.int(
    "AIMP_PROTOCOL_ANSWERS_PER_SENDER_PER_DAY", default=3
)
# Receiving servers whose Authentication-Results (RFC 8601) the hub believes: the MX in
# front of the SMTP listener or the IMAP mailboxes, an ESP that writes one. An entry is
# an authserv-id for every door, or `door=authserv-id` (`smtp`, `imap`, `webhook`,
# `webhook:amazon_ses`). Empty: no mail counts as authenticated unless a strict hub
# verifies its DKIM signature itself.
AIMP_TRUSTED_AUTHSERV_IDS = env.list("AIMP_TRUSTED_AUTHSERV_IDS", default=[])
# What the hub sends that nobody asked for in a meeting, per day (UTC): a flood of forged
# mail meets these caps, and every mail held back is recorded on the inbound row.
AIMP_NOTICES_PER_ADDRESS_PER_DAY = env.int("AIMP_NOTICES_PER_ADDRESS_PER_DAY", default=5)
AIMP_NOTICES_PER_HUB_PER_DAY = env.int("AIMP_NOTICES_PER_HUB_PER_DAY", default=200)
AIMP_UNKNOWN_SENDER_NOTICES_PER_HUB_PER_DAY = env.int(
    "AIMP_UNKNOWN_SENDER_NOTICES_PER_HUB_PER_DAY", default=20
)
# Clarifying questions to one participant in a row without a readable answer; then the
# organiser is told instead (an auto-responder without Auto-Submitted stops here).
AIMP_MAX_UNANSWERED_QUESTIONS = env.int("AIMP_MAX_UNANSWERED_QUESTIONS", default=2)

# Tenants and the operator's network: hosts a hub configures (LLM base URL, IMAP and SMTP
# hosts) must resolve to public addresses, unless allowed here. AIMP_ALLOW_PRIVATE_HOSTS
# lets hubs reach loopback/private/link-local addresses (single-tenant or development
# installs; the cloud metadata address stays refused); the list allows host names or
# CIDRs (e.g. "ollama.lan,10.0.5.0/24") for every hub.
AIMP_ALLOW_PRIVATE_HOSTS = env.bool("AIMP_ALLOW_PRIVATE_HOSTS", default=False)
AIMP_ALLOWED_HOSTS_FOR_TENANTS = env.list("AIMP_ALLOWED_HOSTS_FOR_TENANTS", default=[])
# Outgoing webhooks (negotiation/webhooks/): subscriber URLs follow the same host rule as
# above, checked when saved and again, pinned, at every send. A request waits this many
# seconds at most; a failing delivery is retried with growing delays for this many hours.
AIMP_WEBHOOK_TIMEOUT_SECONDS = env.float("AIMP_WEBHOOK_TIMEOUT_SECONDS", default=10.0)
AIMP_WEBHOOK_RETRY_HOURS = env.int("AIMP_WEBHOOK_RETRY_HOURS", default=24)
# litellm providers hubs may name; empty means the built-in list of key-only providers
# (negotiation/understanding/llm_tenant.py). Cloud providers that sign with the server's
# own credentials (bedrock, vertex_ai, azure...) are not on it.
AIMP_TENANT_LLM_PROVIDERS = env.list("AIMP_TENANT_LLM_PROVIDERS", default=[])
# The operator's own model, used only by hubs whose model is "operator"; the server's
# environment (OPENAI_API_KEY...) is never used for a hub's own provider.
AIMP_OPERATOR_LLM_MODEL = env.str("AIMP_OPERATOR_LLM_MODEL", default="")
AIMP_OPERATOR_LLM_API_BASE = env.str("AIMP_OPERATOR_LLM_API_BASE", default="")
AIMP_OPERATOR_LLM_API_KEY = env.str("AIMP_OPERATOR_LLM_API_KEY", default="")

# --- REST API -----------------------------------------------------------------
# /api/v1/ (hubs/api, negotiation/api, mailbridge/api): API keys made in the admin, or a
# staff session for the browsable API; errors as application/problem+json; cursor pages.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "hubs.api.auth.ApiKeyAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "hubs.api.pagination.IdCursorPagination",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_THROTTLE_CLASSES": ["hubs.api.throttling.ApiKeyRateThrottle"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "hubs.api.problems.problem_exception_handler",
    "PAGE_SIZE": 50,
}
# Requests per API key (or staff login): "<n>/<second|minute|hour|day>"; over it, 429.
AIMP_API_RATE = env.str("AIMP_API_RATE", default="600/minute")
SPECTACULAR_SETTINGS = {
    "TITLE": "AIMP Hub API",
    "DESCRIPTION": "Hubs, members, contacts, invite codes, meetings, their events and mail. "
    "Send `Authorization: Api-Key <key>` (keys are made in the admin).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "hubs.api.schema.problem_responses",
        "hubs.api.schema.portable_integers",
    ],
}

# --- i18n / static ------------------------------------------------------------
LANGUAGE_CODE = "en-us"
# The languages the hub writes in (issue 20: one catalogue each under locale/).
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
# One django.po per language; the .mo files are compiled, not committed (aimp_site/catalogues.py).
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"

if not DEBUG:
    SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=True)
    CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
    },
}
