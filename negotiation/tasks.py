"""Background jobs of the scheduling loop (django-q2), and their schedule.

The response-window check runs every few minutes, reminders first; each run is safe to
repeat (a reminder is counted on the participant and deduplicated by the outbox, a
meeting is told once per window, see meeting_window_notice), so a double delivery by
django-q2 or a replay after downtime sends nothing twice.
"""

from django.utils import timezone

WINDOW_SCHEDULE_NAME = "negotiation-response-windows"
WINDOW_CHECK_MINUTES = 5


def check_response_windows() -> int:
    """Remind the silent whose reminder is due, then tell initiators whose windows passed."""
    from negotiation.services import meetings_window_check
    from negotiation.services.reminders import meetings_remind

    now = timezone.now()
    return meetings_remind(now=now) + meetings_window_check(now=now)


def schedules_ensure() -> None:
    """Create or update the periodic window check and webhook sweep (idempotent: by name)."""
    from django_q.models import Schedule

    from negotiation.webhooks.tasks import webhooks_schedule_ensure

    webhooks_schedule_ensure()

    Schedule.objects.update_or_create(
        name=WINDOW_SCHEDULE_NAME,
        defaults={
            "func": "negotiation.tasks.check_response_windows",
            "schedule_type": Schedule.MINUTES,
            "minutes": WINDOW_CHECK_MINUTES,
            "repeats": -1,
        },
    )


def _after_migrate(sender, apps=None, **kwargs) -> None:
    from mailbridge.schedules import schedules_migrated

    if schedules_migrated(apps):
        schedules_ensure()


def connect_schedules(app_config) -> None:
    """Write the schedule after every migrate of the negotiation app."""
    from django.db.models.signals import post_migrate

    post_migrate.connect(_after_migrate, sender=app_config, dispatch_uid="negotiation-schedules")
