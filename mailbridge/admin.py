"""Admin for the mail bridge: what came in, what went out, mailboxes, SMTP settings."""

from django import forms
from django.contrib import admin, messages
from django.utils import timezone

from hubs.admin_scoping import HubScopedAdmin
from hubs.encryption import UNREADABLE_HELP, is_unreadable
from hubs.tenant_network import validate_tenant_host
from mailbridge.inbound import enqueue_process
from mailbridge.jobs import enqueue_send
from mailbridge.models import (
    HubMailbox,
    HubSmtpSettings,
    InboundMessage,
    OutboundMessage,
    UndeliverableAddress,
)


class _ReadOnly:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(InboundMessage)
class InboundMessageAdmin(_ReadOnly, HubScopedAdmin):
    list_display = ["received_at", "hub", "sender", "subject", "kind", "status", "attempts"]
    list_filter = ["status", "kind", "source", ("hub", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["sender", "subject", "message_id"]
    list_select_related = ["hub"]
    exclude = ["raw"]
    readonly_fields = ["raw_text"]
    actions = ["process_again"]

    @admin.display(description="raw message (first 20,000 characters)")
    def raw_text(self, obj) -> str:
        return bytes(obj.raw)[:20_000].decode("utf-8", "replace")

    def has_change_permission(self, request, obj=None):
        # Viewing needs no change right; the action below needs it.
        return HubScopedAdmin.has_view_permission(self, request, obj)

    @admin.action(description="Process again (failed or ignored messages)")
    def process_again(self, request, queryset):
        rows = queryset.filter(
            hub__isnull=False,
            status__in=[InboundMessage.Status.FAILED, InboundMessage.Status.IGNORED],
        )
        ids = list(rows.values_list("id", flat=True))
        rows.update(status=InboundMessage.Status.RETRY, next_attempt_at=timezone.now())
        for inbound_id in ids:
            enqueue_process(inbound_id)
        messages.info(request, f"{len(ids)} message(s) queued for processing again.")


@admin.register(OutboundMessage)
class OutboundMessageAdmin(_ReadOnly, HubScopedAdmin):
    list_display = ["created_at", "hub", "to_email", "subject", "kind", "status", "attempts"]
    list_filter = ["status", "kind", ("hub", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["to_email", "subject", "message_id", "thread_key"]
    list_select_related = ["hub"]
    actions = ["send_again"]

    def has_change_permission(self, request, obj=None):
        return HubScopedAdmin.has_view_permission(self, request, obj)

    @admin.action(description="Send again (failed messages only; same Message-ID)")
    def send_again(self, request, queryset):
        rows = queryset.filter(status=OutboundMessage.Status.FAILED)
        ids = list(rows.values_list("id", flat=True))
        rows.update(status=OutboundMessage.Status.RETRY, next_attempt_at=None)
        for outbound_id in ids:
            enqueue_send(outbound_id)
        messages.info(request, f"{len(ids)} message(s) queued for sending again.")


class _SecretForm(forms.ModelForm):
    """A password field that is never shown back; left blank, it keeps the stored value."""

    password = forms.CharField(
        required=False,
        widget=forms.PasswordInput(render_value=False),
        help_text="Stored encrypted. Leave blank to keep the current password.",
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and is_unreadable(self.instance.password):
            self.fields["password"].help_text = UNREADABLE_HELP

    def clean_password(self):
        value = self.cleaned_data.get("password")
        if not value and self.instance.pk:
            return type(self.instance).objects.get(pk=self.instance.pk).password
        return value


class _TenantHostForm(forms.ModelForm):
    """The host must not be the operator's own network (checked again at connect time)."""

    def clean(self):
        data = super().clean()
        if data.get("host") and data.get("port"):
            try:
                validate_tenant_host(data["host"], data["port"])
            except forms.ValidationError as exc:
                self.add_error("host", exc)
        return data


class HubMailboxForm(_TenantHostForm, _SecretForm):
    class Meta:
        model = HubMailbox
        fields = [
            "hub",
            "host",
            "port",
            "security",
            "username",
            "password",
            "folder",
            "poll_minutes",
            "enabled",
        ]


class HubSmtpSettingsForm(_TenantHostForm, _SecretForm):
    class Meta:
        model = HubSmtpSettings
        fields = [
            "hub",
            "enabled",
            "host",
            "port",
            "username",
            "password",
            "use_tls",
            "use_ssl",
            "timeout_seconds",
        ]


@admin.register(HubMailbox)
class HubMailboxAdmin(HubScopedAdmin):
    form = HubMailboxForm
    list_display = ["__str__", "hub", "enabled", "last_polled_at", "last_uid", "last_error"]
    list_filter = ["enabled", ("hub", admin.RelatedOnlyFieldListFilter)]
    readonly_fields = ["uidvalidity", "last_uid", "last_polled_at", "last_error"]


@admin.register(HubSmtpSettings)
class HubSmtpSettingsAdmin(HubScopedAdmin):
    form = HubSmtpSettingsForm
    list_display = ["__str__", "hub", "enabled"]


@admin.register(UndeliverableAddress)
class UndeliverableAddressAdmin(HubScopedAdmin):
    list_display = ["address", "hub", "created_at", "until", "reason"]
    list_filter = [("hub", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["address"]
    actions = ["allow_again"]

    def has_change_permission(self, request, obj=None):
        return False

    @admin.action(description="Allow mail to these addresses again", permissions=["delete"])
    def allow_again(self, request, queryset):
        count, _ = queryset.delete()
        self.message_user(request, f"{count} address(es) may receive mail again.")
