"""Admin for REST API keys: made here, shown once, stored hashed, revoked here.

The operator makes operator keys (no hub: every hub) and hub keys; a hub admin makes
keys of their own hub only (hubs.admin_scoping).
"""

from django.contrib import admin, messages
from rest_framework_api_key.admin import APIKeyModelAdmin
from rest_framework_api_key.models import APIKey as UnusedLibraryKey

from hubs.admin_scoping import HubScopedAdmin, is_operator
from hubs.models import ApiKey

# The library's own key model is not used (ApiKey carries the hub and the access level).
if admin.site.is_registered(UnusedLibraryKey):
    admin.site.unregister(UnusedLibraryKey)


@admin.register(ApiKey)
class ApiKeyAdmin(HubScopedAdmin, APIKeyModelAdmin):
    list_display = [
        "name",
        "prefix",
        "hub",
        "access",
        "created",
        "last_used_at",
        "expiry_date",
        "revoked",
    ]
    list_filter = ["access", "revoked", "hub"]
    search_fields = ["name", "prefix"]
    fields = [
        "name",
        "hub",
        "access",
        "expiry_date",
        "revoked",
        "prefix",
        "created",
        "last_used_at",
    ]
    actions = ["revoke"]

    def get_readonly_fields(self, request, obj=None):
        fields = [*super().get_readonly_fields(request, obj), "created", "last_used_at"]
        if obj is not None:
            fields.append("hub")  # a key never moves to another tenant
        return tuple(dict.fromkeys(fields))

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name == "hub" and field is not None:
            if is_operator(request.user):
                field.help_text = "Blank: an operator key, for every hub."
            else:
                field.required = True
        return field

    @admin.action(description="Revoke selected keys (cannot be undone)")
    def revoke(self, request, queryset):
        count = queryset.filter(revoked=False).update(revoked=True)
        messages.success(request, f"Revoked {count} key(s).")
