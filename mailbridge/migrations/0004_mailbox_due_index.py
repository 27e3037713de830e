import django.utils.timezone
from django.db import migrations, models

OLD_MAILBOX_PREFIX = "mailbridge-imap-"
POLL_NAME = "mailbridge-imap-poll"


def drop_mailbox_schedules(apps, schema_editor):
    # One schedule per mailbox is replaced by one job for all (mailbridge/polling.py);
    # its own schedule is written by the post_migrate receiver.
    Schedule = apps.get_model("django_q", "Schedule")
    Schedule.objects.filter(name__startswith=OLD_MAILBOX_PREFIX).exclude(name=POLL_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("django_q", "0018_task_success_index"),
        ("mailbridge", "0003_verbose_names"),
    ]

    operations = [
        migrations.AddField(
            model_name="hubmailbox",
            name="next_poll_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.AddIndex(
            model_name="hubmailbox",
            index=models.Index(
                condition=models.Q(("enabled", True)), fields=["next_poll_at"], name="mailbox_due"
            ),
        ),
        migrations.RunPython(drop_mailbox_schedules, migrations.RunPython.noop),
    ]
