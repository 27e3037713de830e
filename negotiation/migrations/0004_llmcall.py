# The LLM call log, formerly hubs.LLMCall: the model is adopted in state over its old
# table, then the table and its indexes get negotiation's names (no row is copied).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("hubs", "0005_llmcall_moves_to_negotiation"),
        ("negotiation", "0003_after_confirmation"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="LLMCall",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("purpose", models.CharField(max_length=20)),
                        ("model", models.CharField(max_length=200)),
                        ("prompt_tokens", models.PositiveIntegerField(default=0)),
                        ("completion_tokens", models.PositiveIntegerField(default=0)),
                        (
                            "cost_usd",
                            models.DecimalField(blank=True, decimal_places=6, max_digits=12, null=True),
                        ),
                        ("latency_ms", models.PositiveIntegerField(default=0)),
                        (
                            "outcome",
                            models.CharField(
                                choices=[
                                    ("ok", "Ok"),
                                    ("invalid", "Invalid"),
                                    ("timeout", "Timeout"),
                                    ("rate_limited", "Rate Limited"),
                                    ("server_error", "Server Error"),
                                    ("connection_error", "Connection Error"),
                                    ("over_budget", "Over Budget"),
                                    ("error", "Error"),
                                ],
                                max_length=20,
                            ),
                        ),
                        ("error", models.TextField(blank=True)),
                        ("inbound_id", models.BigIntegerField(blank=True, null=True)),
                        ("input_hash", models.CharField(blank=True, default="", max_length=64)),
                        ("result", models.JSONField(blank=True, null=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                        (
                            "hub",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="llm_calls",
                                to="hubs.hub",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "hubs_llmcall",
                        "ordering": ["-created_at"],
                        "indexes": [
                            models.Index(
                                fields=["hub", "created_at"], name="hubs_llmcal_hub_id_7ccaa2_idx"
                            ),
                            models.Index(
                                fields=["hub", "input_hash"], name="hubs_llmcal_hub_id_3bff19_idx"
                            ),
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name="llmcall", table=None),
        migrations.RenameIndex(
            model_name="llmcall",
            new_name="llmcall_hub_created",
            old_name="hubs_llmcal_hub_id_7ccaa2_idx",
        ),
        migrations.RenameIndex(
            model_name="llmcall",
            new_name="llmcall_hub_input_hash",
            old_name="hubs_llmcal_hub_id_3bff19_idx",
        ),
    ]
