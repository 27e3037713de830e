"""The log of a hub's language-model calls, written by negotiation.understanding.

It lives beside the code that writes it (the understanding package and its memo);
hubs keeps only the hub's settings, and knows nothing of what the model is asked.
"""

from django.db import models

from hubs.models import Hub, HubScopedQuerySet


class LLMCall(models.Model):
    """One call to a hub's language model, kept for cost, budget and debugging."""

    class Outcome(models.TextChoices):
        OK = "ok"
        INVALID = "invalid"
        TIMEOUT = "timeout"
        RATE_LIMITED = "rate_limited"
        SERVER_ERROR = "server_error"
        CONNECTION_ERROR = "connection_error"
        OVER_BUDGET = "over_budget"
        ERROR = "error"

    hub = models.ForeignKey(Hub, on_delete=models.CASCADE, related_name="llm_calls")
    purpose = models.CharField(max_length=20)
    model = models.CharField(max_length=200)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=12, decimal_places=6, null=True, blank=True)
    latency_ms = models.PositiveIntegerField(default=0)
    outcome = models.CharField(max_length=20, choices=Outcome.choices)
    error = models.TextField(blank=True)
    inbound_id = models.BigIntegerField(null=True, blank=True)
    # The memo: a call that concluded stores its result under a hash of its exact
    # inputs, so the same question (the mail job's preparation, then its handler, or
    # a re-run after a crash) is answered from here instead of paying the model twice.
    input_hash = models.CharField(max_length=64, blank=True, default="")
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        verbose_name = "LLM call"
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["hub", "created_at"], name="llmcall_hub_created"),
            models.Index(fields=["hub", "input_hash"], name="llmcall_hub_input_hash"),
        ]

    def __str__(self) -> str:
        return f"{self.purpose} via {self.model}: {self.outcome}"
