from django.db import models

from hubs.encryption import EncryptedTextField
from hubs.models.hub import Hub
from hubs.models.scoping import HubScopedQuerySet

# The model value by which a hub chooses the operator's own model (AIMP_OPERATOR_LLM_*)
# instead of a provider of its own; the hub's base URL and key are then not used.
OPERATOR_MODEL = "operator"


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
        "API base URL", blank=True, help_text="Provider base URL; blank for the provider's default."
    )
    api_key = EncryptedTextField(
        "API key", blank=True, help_text="Stored encrypted; never shown back."
    )
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
