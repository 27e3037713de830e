"""The job entry points, and the sweep's schedule written with the negotiation app's."""

from django_q.models import Schedule

from negotiation import tasks as negotiation_tasks
from negotiation.models import Event, WebhookDelivery
from negotiation.services.events_log import event_write
from negotiation.webhooks import tasks
from negotiation.webhooks.services import webhook_subscription_create


def test_the_sweep_runs_every_minute_and_is_written_once(db):
    negotiation_tasks.schedules_ensure()
    negotiation_tasks.schedules_ensure()
    [schedule] = Schedule.objects.filter(name=tasks.SWEEP_SCHEDULE_NAME)
    assert schedule.func == "negotiation.webhooks.tasks.sweep"
    assert (schedule.schedule_type, schedule.minutes, schedule.repeats) == (Schedule.MINUTES, 1, -1)


def test_the_send_job_takes_one_id_or_several(hub, meeting, now, receiver):
    webhook_subscription_create(hub=hub, url=receiver.url, event_types=["meeting.created"])
    for _ in range(3):
        event_write(meeting=meeting, kind=Event.Kind.STARTED, actor="hub", now=now)
    first, *rest = WebhookDelivery.objects.order_by("id").values_list("id", flat=True)
    assert tasks.send_deliveries(first) == ["delivered"]
    assert tasks.send_deliveries([*rest, first]) == ["delivered", "delivered", "skipped"]
    assert len(receiver.received) == 3
