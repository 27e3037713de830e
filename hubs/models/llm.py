from django.db import models

from hubs.encryption import EncryptedTextField
from hubs.models.hub import Hub
from hubs.models.scoping import HubScopedQuerySet


class HubLLMSettings(models.Model):
    """A hub's own language model provider, reached through litellm."""

    hub = models.OneToOneField(Hub, on_delete=models.CASCADE, related_name="llm")
    enabled = models.BooleanField(default=False)
    model = models.CharField(
        max_length=200,
        blank=True,
        help_text="litellm model string, e.g. openai/gpt-4o-mini or ollama/llama3",
    )
    api_base = models.URLField(
        blank=True, help_text="Provider base URL; blank for the provider's default."
    )
    api_key = EncryptedTextField(blank=True, help_text="Stored encrypted; never shown back.")
    temperature = models.FloatField(default=0.0)
    timeout_seconds = models.FloatField(default=20.0)
    max_tokens = models.PositiveIntegerField(default=800)
    monthly_token_budget = models.PositiveIntegerField(
        default=0, help_text="Prompt plus completion tokens per calendar month; 0 means no limit."
    )
    budget_notice_month = models.CharField(
        max_length=7,
        blank=True,
        editable=False,
        help_text="The month (YYYY-MM) in which admins were told the budget ran out.",
    )

    objects = HubScopedQuerySet.as_manager()

    class Meta:
        verbose_name = "LLM settings"
        verbose_name_plural = "LLM settings"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(temperature__gte=0) & models.Q(temperature__lte=2),
                name="llm_temperature_range",
            ),
            models.CheckConstraint(
                condition=models.Q(timeout_seconds__gt=0), name="llm_timeout_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"LLM for {self.hub.name}: {self.model or 'none'}"


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
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["hub", "created_at"]),
            models.Index(fields=["hub", "input_hash"]),
        ]

    def __str__(self) -> str:
        return f"{self.purpose} via {self.model}: {self.outcome}"
