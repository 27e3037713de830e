"""Webhooks in the admin: a hub's subscriptions (edited through the services) and the
deliveries (read-only: status codes, attempts, errors, and "send again")."""

import json

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone
from django.utils.html import format_html

from hubs.admin_scoping import HubScopedAdmin, admin_hub_ids, is_operator
from negotiation.models import WebhookDelivery, WebhookSubscription
from negotiation.webhooks.payload import WEBHOOK_TYPES
from negotiation.webhooks.services import (
    webhook_delivery_resend,
    webhook_subscription_create,
    webhook_subscription_delete,
    webhook_subscription_secret_rotate,
    webhook_subscription_update,
    webhook_types_check,
    webhook_url_check,
)


class WebhookSubscriptionForm(forms.ModelForm):
    url = forms.URLField(label="URL", max_length=2000, assume_scheme="https")
    event_types = forms.MultipleChoiceField(
        choices=[(t, t) for t in WEBHOOK_TYPES], widget=forms.CheckboxSelectMultiple
    )

    class Meta:
        model = WebhookSubscription
        fields = ["hub", "url", "event_types", "description", "active"]

    def clean(self):
        data = super().clean()
        # The services' own checks, so a refusal shows on its field, not as a crash.
        for name, check in (("url", webhook_url_check), ("event_types", webhook_types_check)):
            if name in data:
                try:
                    data[name] = check(data[name])
                except ValidationError as exc:
                    self.add_error(None, exc)
        return data


@admin.register(WebhookSubscription)
class WebhookSubscriptionAdmin(HubScopedAdmin):
    form = WebhookSubscriptionForm
    list_display = ["url", "hub", "types", "active", "created_at"]
    list_filter = ["active", "hub"]
    search_fields = ["url", "description"]
    actions = ["rotate_secret"]

    def get_readonly_fields(self, request, obj=None):
        extra = ("hub", "signing_secret", "created_at") if obj else ()
        return (*super().get_readonly_fields(request, obj), *extra)

    @admin.display(description="event types")
    def types(self, obj: WebhookSubscription) -> str:
        return ", ".join(obj.event_types)

    @admin.display(description="signing secret")
    def signing_secret(self, obj: WebhookSubscription) -> str:
        """The secret a receiver verifies signatures with (its hub's admins only)."""
        if not obj.secret:
            return "cannot be decrypted with the current keys: rotate it"
        return format_html("<code>{}</code>", obj.secret)

    def _refuse_other_hubs(self, request, obj: WebhookSubscription) -> None:
        if not is_operator(request.user) and obj.hub_id not in admin_hub_ids(request.user):
            raise PermissionDenied("This row belongs to a hub you do not administer.")

    def save_model(self, request, obj, form, change):
        self._refuse_other_hubs(request, obj)
        data = form.cleaned_data
        fields = {
            "url": data["url"],
            "event_types": data["event_types"],
            "description": data.get("description", ""),
            "active": data.get("active", False),
        }
        if change:
            current = WebhookSubscription.objects.get(pk=obj.pk)
            saved = webhook_subscription_update(subscription=current, **fields)
        else:
            saved = webhook_subscription_create(hub=obj.hub, **fields)
            # Not in the message itself: messages may be kept in a cookie.
            messages.info(request, f"Open {saved.url} to copy its signing secret.")
        obj.pk, obj.secret, obj.created_at = saved.pk, saved.secret, saved.created_at

    def delete_model(self, request, obj):
        self._refuse_other_hubs(request, obj)
        webhook_subscription_delete(subscription=obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self.delete_model(request, obj)

    @admin.action(description="Rotate the signing secret", permissions=["change"])
    def rotate_secret(self, request, queryset):
        for subscription in queryset:
            webhook_subscription_secret_rotate(subscription=subscription)
        self.message_user(request, f"{queryset.count()} new secret(s): see each page.")


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(HubScopedAdmin):
    hub_admin_can_add = False
    hub_admin_can_change = False
    hub_admin_can_delete = False
    list_display = [
        "event_id",
        "event_type",
        "subscription",
        "state",
        "attempts",
        "last_status_code",
        "last_error",
        "next_attempt_at",
        "delivered_at",
        "created_at",
    ]
    list_filter = ["state", "event_type", "hub"]
    list_select_related = ["subscription"]
    search_fields = ["event_id", "subscription__url"]
    actions = ["send_again"]
    fields = [
        "hub",
        "subscription",
        "event_id",
        "event_type",
        "state",
        "attempts",
        "last_status_code",
        "last_error",
        "response_excerpt",
        "next_attempt_at",
        "retry_until",
        "delivered_at",
        "created_at",
        "body",
    ]
    readonly_fields = fields

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="payload")
    def body(self, obj: WebhookDelivery) -> str:
        return format_html("<pre>{}</pre>", json.dumps(obj.payload, indent=2, sort_keys=True))

    @admin.action(description="Send again (same webhook id)")
    def send_again(self, request, queryset):
        now = timezone.now()
        again = sum(webhook_delivery_resend(delivery=d, now=now) for d in queryset)
        self.message_user(request, f"{again} queued again; others are still on their way.")
        if again < queryset.count():
            self.message_user(
                request,
                "Only delivered or failed rows of active subscriptions are sent again.",
                messages.WARNING,
            )
