"""Admin for a hub's language model: settings (write-only key, test connection) and the call log."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages

from hubs.admin_scoping import HubScopedAdmin
from hubs.encryption import UNREADABLE_HELP, is_unreadable
from hubs.models import HubLLMSettings
from hubs.models.llm import OPERATOR_MODEL
from hubs.tenant_network import validate_tenant_url
from negotiation.models import LLMCall
from negotiation.understanding.llm_endpoint import model_refusal


class HubLLMSettingsForm(forms.ModelForm):
    """The API key is write-only: never rendered back, and a blank field keeps the stored key."""

    api_key = forms.CharField(
        label="API key",
        required=False,
        strip=True,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
        help_text="Stored encrypted and never shown. Leave blank to keep the current key.",
    )
    clear_api_key = forms.BooleanField(
        label="Clear API key", required=False, help_text="Remove the stored key."
    )
    # A provider URL typed without a scheme is meant as https (Django 6's default too).
    api_base = forms.URLField(
        label="API base URL",
        required=False,
        assume_scheme="https",
        help_text="Provider base URL; blank for the provider's default.",
    )

    class Meta:
        model = HubLLMSettings
        fields = [
            "hub",
            "enabled",
            "model",
            "api_base",
            "api_key",
            "temperature",
            "timeout_seconds",
            "max_tokens",
            "monthly_token_budget",
        ]
        help_texts = {
            "model": "litellm model string, e.g. openai/gpt-4o-mini or ollama/llama3; "
            f"{OPERATOR_MODEL!r} for the operator's own model, if it offers one",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial["api_key"] = ""
        self._stored_key = self.instance.api_key if self.instance.pk else ""
        if is_unreadable(self._stored_key):
            self.fields["api_key"].help_text = UNREADABLE_HELP

    def clean_api_key(self) -> str:
        return self.cleaned_data.get("api_key") or ""

    def clean_model(self) -> str:
        model = (self.cleaned_data.get("model") or "").strip()
        problem = model_refusal(model)
        if problem:
            raise forms.ValidationError(problem)
        return model

    def clean_api_base(self) -> str:
        # Refused now, and again before every call (the name may resolve elsewhere later).
        url = self.cleaned_data.get("api_base") or ""
        validate_tenant_url(url)
        return url

    def save(self, commit: bool = True):
        obj = super().save(commit=False)
        if self.cleaned_data.get("clear_api_key"):
            obj.api_key = ""
        elif not self.cleaned_data.get("api_key"):
            obj.api_key = self._stored_key
        if commit:
            obj.save()
        return obj


@admin.register(HubLLMSettings)
class HubLLMSettingsAdmin(HubScopedAdmin):
    form = HubLLMSettingsForm
    hub_field = "hub"
    list_display = ["hub", "enabled", "model", "monthly_token_budget", "key_set"]
    list_filter = ["enabled", "hub"]
    readonly_fields = ["budget_notice_month"]
    actions = ["test_connection"]

    @admin.display(boolean=True, description="API key set")
    def key_set(self, obj: HubLLMSettings) -> bool | None:
        # "Unknown" for a stored key no configured key decrypts: set, but unusable.
        return None if is_unreadable(obj.api_key) else bool(obj.api_key)

    @admin.action(description="Test connection")
    def test_connection(self, request, queryset):
        from negotiation.understanding.llm import llm_connection_test

        for settings in self.scope_queryset(queryset, request).select_related("hub"):
            ok, line = llm_connection_test(settings=settings)
            self.message_user(
                request, f"{settings.hub.name}: {line}", messages.SUCCESS if ok else messages.ERROR
            )


@admin.register(LLMCall)
class LLMCallAdmin(HubScopedAdmin):
    hub_field = "hub"
    hub_admin_can_add = False
    hub_admin_can_change = False
    list_display = [
        "created_at",
        "hub",
        "purpose",
        "model",
        "outcome",
        "prompt_tokens",
        "completion_tokens",
        "cost_usd",
        "latency_ms",
    ]
    list_filter = ["outcome", "purpose", "hub"]
    search_fields = ["model", "error"]
    readonly_fields = [f.name for f in LLMCall._meta.fields]

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False
