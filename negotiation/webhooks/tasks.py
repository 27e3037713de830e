"""django-q2 entry points of the webhooks (referenced by dotted path), and their schedule."""

from django.utils import timezone
from django_q.models import Schedule

from negotiation.webhooks.sending import webhook_deliveries_send, webhooks_sweep

SWEEP_SCHEDULE_NAME = "negotiation-webhooks-sweep"


def send_deliveries(delivery_ids: list[int] | int) -> list[str]:
    """Post the deliveries written together (one event's subscribers), each once."""
    ids = [delivery_ids] if isinstance(delivery_ids, int) else list(delivery_ids)
    return webhook_deliveries_send(delivery_ids=ids)


def sweep() -> dict:
    """Hand back due retries, lost jobs' rows and interrupted sends."""
    return webhooks_sweep(now=timezone.now())


def webhooks_schedule_ensure() -> None:
    """Create or update the once-a-minute sweep (idempotent: by name)."""
    Schedule.objects.update_or_create(
        name=SWEEP_SCHEDULE_NAME,
        defaults={
            "func": "negotiation.webhooks.tasks.sweep",
            "schedule_type": Schedule.MINUTES,
            "minutes": 1,
            "repeats": -1,
        },
    )
