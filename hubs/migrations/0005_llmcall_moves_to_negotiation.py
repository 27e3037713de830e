# The LLM call log moves to negotiation, beside the understanding code that writes it.
# State only: negotiation's 0004 takes over the table (and renames it).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("hubs", "0004_member_auto_accept_help"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="LLMCall")],
            database_operations=[],
        ),
    ]
