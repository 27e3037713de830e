"""django-q2 schedules of the bridge, created idempotently (update_or_create by name).

Decision: they are (re)written after every `migrate` (a post_migrate receiver; `make
run` migrates on start) and by `manage.py mailbridge_schedules`. IMAP mailboxes have
no schedule of their own: one job a minute polls the due ones (mailbridge/polling.py),
so the scheduler's work does not grow with the number of hubs.
"""

from django_q.models import Schedule

SWEEPER_NAME = "mailbridge-sweeper"
RETENTION_NAME = "mailbridge-retention"
POLL_NAME = "mailbridge-imap-poll"
# The per-mailbox schedules of earlier versions, deleted by migration 0004.
OLD_MAILBOX_PREFIX = "mailbridge-imap-"


def schedules_migrated(apps) -> bool:
    """Tell whether django_q's tables exist in a post_migrate state (`apps`)."""
    # A partial migrate ("migrate hubs 0004" on a new database) leaves them unmade:
    # schedules are then written by the migrate that makes them.
    try:
        if apps is not None:
            apps.get_model("django_q", "Schedule")
    except LookupError:
        return False
    return True


def schedules_ensure() -> None:
    """Create or update the sweeper, retention and mailbox polling schedules."""
    Schedule.objects.update_or_create(
        name=SWEEPER_NAME,
        defaults={
            "func": "mailbridge.tasks.sweep",
            "schedule_type": Schedule.MINUTES,
            "minutes": 1,
            "repeats": -1,
        },
    )
    # Daily, and always scheduled: with AIMP_RAW_MAIL_RETENTION_DAYS=0 a run does nothing,
    # so changing the setting needs no schedule change.
    Schedule.objects.update_or_create(
        name=RETENTION_NAME,
        defaults={
            "func": "mailbridge.tasks.apply_retention",
            "schedule_type": Schedule.DAILY,
            "repeats": -1,
        },
    )
    Schedule.objects.update_or_create(
        name=POLL_NAME,
        defaults={
            "func": "mailbridge.tasks.poll_mailboxes",
            "schedule_type": Schedule.MINUTES,
            "minutes": 1,
            "repeats": -1,
        },
    )
