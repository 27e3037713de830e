"""django-q2 schedules of the bridge, created idempotently (update_or_create by name).

Decision: they are (re)written after every `migrate` (a post_migrate receiver; `make
run` migrates on start) and by `manage.py mailbridge_schedules`; a mailbox's own
schedule follows the mailbox row when it is saved or deleted.
"""

from django_q.models import Schedule

SWEEPER_NAME = "mailbridge-sweeper"
RETENTION_NAME = "mailbridge-retention"


def _mailbox_schedule_name(mailbox_id: int) -> str:
    return f"mailbridge-imap-{mailbox_id}"


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
    """Create or update the sweeper, retention and per-mailbox poll schedules."""
    from mailbridge.models import HubMailbox

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
    for mailbox in HubMailbox.objects.all():
        mailbox_schedule_sync(mailbox=mailbox)


def mailbox_schedule_sync(*, mailbox) -> None:
    """Make the poll schedule of one mailbox match its row (enabled, interval)."""
    name = _mailbox_schedule_name(mailbox.id)
    if not mailbox.enabled or not mailbox.hub.active:
        Schedule.objects.filter(name=name).delete()
        return
    Schedule.objects.update_or_create(
        name=name,
        defaults={
            "func": "mailbridge.tasks.poll_mailbox",
            "args": repr(mailbox.id),
            "schedule_type": Schedule.MINUTES,
            "minutes": max(1, mailbox.poll_minutes),
            "repeats": -1,
        },
    )


def mailbox_schedule_remove(*, mailbox_id: int) -> None:
    """Delete the poll schedule of a deleted mailbox."""
    Schedule.objects.filter(name=_mailbox_schedule_name(mailbox_id)).delete()
