import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("negotiation", "0010_participant_written_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="meeting",
            name="window_checked",
            field=models.BooleanField(default=False, editable=False),
        ),
        migrations.AddIndex(
            model_name="meeting",
            index=models.Index(
                condition=models.Q(
                    ("status", "negotiating"),
                    ("window_checked", False),
                    ("window_notice_sent", False),
                ),
                fields=["deadline"],
                name="meeting_window_due",
            ),
        ),
        migrations.AddIndex(
            model_name="meeting",
            index=models.Index(fields=["-created_at"], name="meeting_newest"),
        ),
        migrations.AddIndex(
            model_name="participant",
            index=models.Index(
                models.F("hub"),
                django.db.models.functions.text.Lower("email"),
                name="participant_hub_email",
            ),
        ),
    ]
