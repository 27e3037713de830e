from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("hubs", "0011_member_written_language"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="hub",
            index=models.Index(fields=["name"], name="hub_name"),
        ),
    ]
