"""The least any pipeline on this stack does per reply, timed beside the floor.

A lower bound, not a design. anymail's own view receives the POST (the stack's door
for ESP mail: it authenticates and parses before any receiver runs); its receiver, in
one transaction, stores the raw MIME the ESP sent (one INSERT through a raw cursor,
no re-serialising), has the rules engine read "A and 1" from the text anymail already
parsed, and writes the answer in one more raw INSERT. Everything a correct product
cannot skip is left out: deduplication, the hub and thread lookups, reading the
meeting's state, the tally, the confirmation mails and the job queue (it works inline,
in one commit where the product uses two). If even this costs more than the target
times the floor, no pipeline on django-anymail and Django meets the target.
"""

from django.db import connection, transaction

from bench.drive import ANYMAIL_PATH, Reply, inbound_receiver, webhook_post_all
from bench.models import FloorPost


def least_drive(replies: list[Reply], *, meeting_id: int) -> float:
    """POST every reply to the webhook with the least receiver plugged in; return seconds."""
    view = _meeting_view(meeting_id)

    def least_receiver(sender, event, esp_name, **kwargs) -> None:
        _store_understand_record(event, view)

    with inbound_receiver(least_receiver):
        return webhook_post_all(replies, path=ANYMAIL_PATH)


def _meeting_view(meeting_id: int):
    from django.utils import timezone

    from negotiation.models import Meeting
    from negotiation.services.state import meeting_view

    meeting = Meeting.objects.select_related("hub").get(pk=meeting_id)
    return meeting_view(meeting, reader_tz=meeting.hub.time_zone, message_date=timezone.now())


def _store_understand_record(event, view) -> None:
    from negotiation.understanding.rules_reply import understand_reply
    from negotiation.understanding.types import Answer

    message = event.message
    raw = (event.esp_event or {}).get("RawEmail")
    raw = raw.encode() if raw else message.as_bytes()
    insert = f"INSERT INTO {FloorPost._meta.db_table} (body) VALUES (%s)"
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(insert, [raw])
        answer = understand_reply(message.text or "", view)
        if not isinstance(answer, Answer):
            # The bound must do the reading the pipeline does, not stop short of it.
            raise RuntimeError(f"the rules engine did not read the reply: {answer}")
        cursor.execute(insert, [repr(answer).encode()])
