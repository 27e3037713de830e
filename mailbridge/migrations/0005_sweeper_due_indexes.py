from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("mailbridge", "0004_mailbox_due_index"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="inboundmessage",
            index=models.Index(
                condition=models.Q(("status", "received")),
                fields=["received_at"],
                name="inbound_received_due",
            ),
        ),
        migrations.AddIndex(
            model_name="inboundmessage",
            index=models.Index(
                condition=models.Q(("status", "retry")),
                fields=["next_attempt_at"],
                name="inbound_retry_due",
            ),
        ),
        migrations.AddIndex(
            model_name="outboundmessage",
            index=models.Index(
                condition=models.Q(("status", "queued")),
                fields=["created_at"],
                name="outbound_queued_due",
            ),
        ),
        migrations.AddIndex(
            model_name="outboundmessage",
            index=models.Index(
                condition=models.Q(("status", "sending")),
                fields=["claimed_at"],
                name="outbound_sending_due",
            ),
        ),
    ]
