"""Admin for the mail bridge: what came in, what went out, mailboxes, SMTP settings."""

from zoneinfo import ZoneInfo

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html

from hubs.admin_scoping import HubScopedAdmin
from hubs.encryption import UNREADABLE_HELP, is_unreadable
from hubs.tenant_network import validate_tenant_host
from mailbridge.models import (
    HubMailbox,
    HubSmtpSettings,
    InboundMessage,
    OutboundMessage,
    UndeliverableAddress,
)
from mailbridge.outcome_words import INBOUND_KINDS, inbound_outcome, outbound_outcome
from mailbridge.requeue import inbound_process_again, outbound_send_again
from mailbridge.sending import build_email as outbound_email


def _local(moment, zone: str | None = None) -> str:
    """A moment in the hub's zone, the zone named ('Nov. 25, 2026, 11:44 a.m. CET')."""
    if not moment:
        return ""
    local = timezone.localtime(moment, ZoneInfo(zone) if zone else None)
    return f"{date_format(local, 'DATETIME_FORMAT')} {local.tzname()}"


class _MailRowAdmin(HubScopedAdmin):
    """A window onto mail: nothing can be added or edited, only tried again."""

    hub_admin_can_add = False
    hub_admin_can_change = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def get_readonly_fields(self, request, obj=None):
        # Every field read-only, so the page is a view even for the operator.
        return [f for f in self.get_fields(request, obj)]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        row = self.get_object(request, object_id)
        zone = row.hub.time_zone if row is not None and row.hub_id else "UTC"
        # Every date on the page in the hub's own zone, like the meeting page.
        with timezone.override(zone):
            response = super().change_view(request, object_id, form_url, extra_context)
            if hasattr(response, "render"):
                response.render()
        return response

    def get_urls(self):
        own = [
            path(
                "<int:object_id>/raw/",
                self.admin_site.admin_view(self.raw_view),
                name=f"{self.opts.app_label}_{self.opts.model_name}_raw",
            )
        ]
        return own + super().get_urls()

    def raw_view(self, request, object_id):
        row = get_object_or_404(self.get_queryset(request), pk=object_id)
        if not self.has_view_permission(request, row):
            raise PermissionDenied
        response = HttpResponse(self.raw_bytes(row), content_type="message/rfc822")
        response["Content-Disposition"] = (
            f'attachment; filename="{self.opts.model_name}-{row.pk}.eml"'
        )
        return response

    @admin.display(description="raw message")
    def download(self, obj) -> str:
        if not obj.pk:
            return ""
        url = reverse(f"admin:{self.opts.app_label}_{self.opts.model_name}_raw", args=[obj.pk])
        return format_html('<a href="{}" download>Download the message (.eml)</a>', url)


@admin.register(InboundMessage)
class InboundMessageAdmin(_MailRowAdmin):
    list_display = ["received", "sender", "subject", "kind_words", "status", "hub"]
    list_filter = ["status", "kind", "source", ("hub", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["sender", "subject", "message_id"]
    list_select_related = ["hub"]
    fields = [
        "outcome",
        "received_at",
        "processed_at",
        "hub",
        "sender",
        "subject",
        "kind_words",
        "status",
        "attempts",
        "source",
        "envelope_from",
        "envelope_to",
        "message_id",
        "thread_key",
        "download",
        "raw_text",
    ]
    actions = ["process_again"]

    def get_queryset(self, request):
        # The stored message (up to megabytes) is read only where it is shown.
        return super().get_queryset(request).defer("raw")

    def raw_bytes(self, obj) -> bytes:
        return bytes(obj.raw)

    @admin.display(description="received", ordering="received_at")
    def received(self, obj) -> str:
        return _local(obj.received_at, obj.hub.time_zone if obj.hub_id else None)

    @admin.display(description="what it is", ordering="kind")
    def kind_words(self, obj) -> str:
        return INBOUND_KINDS.get(obj.kind, obj.kind or "-")

    @admin.display(description="what the hub did")
    def outcome(self, obj) -> str:
        return inbound_outcome(
            status=obj.status,
            kind=obj.kind,
            note=obj.error,
            attempts=obj.attempts,
            next_attempt=_local(obj.next_attempt_at, obj.hub.time_zone if obj.hub_id else None),
        )

    @admin.display(description="raw message (first 20,000 characters)")
    def raw_text(self, obj) -> str:
        return bytes(obj.raw)[:20_000].decode("utf-8", "replace")

    @admin.action(description="Process again (failed or ignored messages)", permissions=["view"])
    def process_again(self, request, queryset):
        count = inbound_process_again(ids=queryset.values_list("id", flat=True), now=timezone.now())
        messages.info(request, f"{count} message(s) queued for processing again.")


@admin.register(OutboundMessage)
class OutboundMessageAdmin(_MailRowAdmin):
    list_display = ["created", "to_email", "subject", "kind", "status", "hub"]
    list_filter = ["status", "kind", ("hub", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["to_email", "subject", "message_id", "thread_key"]
    list_select_related = ["hub"]
    fields = [
        "outcome",
        "created_at",
        "sent_at",
        "hub",
        "to_email",
        "from_email",
        "reply_to",
        "subject",
        "kind",
        "status",
        "attempts",
        "message_id",
        "in_reply_to",
        "thread_key",
        "download",
        "text",
    ]
    actions = ["send_again"]

    def get_queryset(self, request):
        # The bodies and attachments are read only where they are shown.
        return super().get_queryset(request).defer("html", "attachments")

    def raw_bytes(self, obj) -> bytes:
        return outbound_email(obj).message().as_bytes()

    @admin.display(description="created", ordering="created_at")
    def created(self, obj) -> str:
        return _local(obj.created_at, obj.hub.time_zone)

    @admin.display(description="where it stands")
    def outcome(self, obj) -> str:
        return outbound_outcome(
            status=obj.status,
            attempts=obj.attempts,
            error=obj.error,
            sent_at=_local(obj.sent_at, obj.hub.time_zone),
        )

    @admin.action(
        description="Send again (failed messages only; same Message-ID)", permissions=["view"]
    )
    def send_again(self, request, queryset):
        count = outbound_send_again(ids=queryset.values_list("id", flat=True))
        messages.info(request, f"{count} message(s) queued for sending again.")


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
