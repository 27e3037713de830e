"""Admin scoping: a hub admin sees and edits only their own hub's rows.

Who is who:
- The operator is a superuser and sees every hub, with Django's usual behaviour.
- A hub admin is an active staff user linked (``Member.user``) to a Member whose role
  is ``admin``. Their hubs are the hubs of those Members; they may hold several.
- Any other staff user sees nothing of a hub-scoped model.

Decision: a hub admin's rights on hub-scoped models come from hub-admin status, not
from Django model permissions. The operator never has to hand out permissions, and
taking the admin role away (or unlinking the login) takes the access away at once.
Django's User/Group admin still uses ordinary permissions, which hub admins lack.

Using it (other apps subclass it for their own models)::

    from hubs.admin_scoping import HubScopedAdmin

    @admin.register(Meeting)
    class MeetingAdmin(HubScopedAdmin):
        hub_field = "hub"                 # lookup path from the model to its Hub
        list_filter = ["status", "hub"]   # the hub entry is scoped automatically

    @admin.register(Vote)
    class VoteAdmin(HubScopedAdmin):
        hub_field = "participant__meeting__hub"
        hub_admin_can_add = False         # hub admins may only view/change/delete

What it scopes for a hub admin: the changelist and every object view (another hub's
row is simply not found), view/change/delete/add permissions with and without an
object, foreign-key and many-to-many choices (Hub, any model with a ``hub`` field or
registered with a HubScopedAdmin, and users limited to logins linked to the admin's
own hubs), the hub list filter (only the admin's hubs), and save_model (a row whose
hub is not theirs is refused even if the form was forged). ``hub_field = ""`` means
the model is Hub itself. Inlines: use ``HubScopedInlineMixin`` in the same way.
"""

from __future__ import annotations

import copy

from django.conf import settings
from django.contrib import admin
from django.core.exceptions import FieldDoesNotExist, PermissionDenied
from django.db import models

from hubs.models import Hub, Member

_CACHE_ATTR = "_aimp_admin_hub_ids"


def admin_hub_ids(user) -> frozenset[int]:
    """Return the ids of the hubs a (non-superuser) user administers."""
    if user is None or not user.is_authenticated or not user.is_active or not user.is_staff:
        return frozenset()
    cached = getattr(user, _CACHE_ATTR, None)
    if cached is None:
        cached = frozenset(
            Member.objects.filter(user=user, role=Member.Role.ADMIN).values_list(
                "hub_id", flat=True
            )
        )
        # Cached on the user object of one request: the admin asks this many times.
        setattr(user, _CACHE_ATTR, cached)
    return cached


def is_operator(user) -> bool:
    """Return True for the operator, who sees every hub."""
    return bool(user and user.is_active and user.is_superuser)


def _hub_id_of(obj, hub_field: str) -> int | None:
    """Follow ``hub_field`` (a lookup path) from an object to its hub id."""
    if not hub_field:
        return obj.pk
    *hops, last = hub_field.split("__")
    current = obj
    for hop in hops:
        current = getattr(current, hop, None)
        if current is None:
            return None
    return getattr(current, f"{last}_id", None)


def _hub_path_of_model(model, admin_site) -> str | None:
    """Return the lookup path from a model to Hub, or None when it is not hub-owned."""
    if model is Hub:
        return ""
    registered = admin_site._registry.get(model)
    if isinstance(registered, HubScopedAdmin):
        return registered.hub_field
    try:
        field = model._meta.get_field("hub")
    except FieldDoesNotExist:
        return None
    if getattr(field, "related_model", None) is Hub:
        return "hub"
    return None


def _scope_choices(queryset, user, admin_site):
    """Limit a choice queryset to what the user's hubs own (users: linked logins only)."""
    if is_operator(user):
        return queryset
    hub_ids = admin_hub_ids(user)
    model = queryset.model
    if model._meta.label == settings.AUTH_USER_MODEL:
        return queryset.filter(hub_memberships__hub_id__in=hub_ids).distinct()
    path = _hub_path_of_model(model, admin_site)
    if path is None:
        return queryset
    if path == "":
        return queryset.filter(pk__in=hub_ids)
    return queryset.filter(**{f"{path}__in": hub_ids})


class _HubScopingMixin:
    """The logic shared by HubScopedAdmin and HubScopedInlineMixin."""

    hub_field: str = "hub"
    hub_admin_can_view: bool = True
    hub_admin_can_add: bool = True
    hub_admin_can_change: bool = True
    hub_admin_can_delete: bool = True
    # Fields a hub admin may see but not edit (the operator may edit them).
    hub_admin_readonly_fields: tuple[str, ...] = ()

    def scope_queryset(self, queryset, request):
        """Return the rows of the request user's hubs (all rows for the operator)."""
        if is_operator(request.user):
            return queryset
        hub_ids = admin_hub_ids(request.user)
        if not self.hub_field:
            return queryset.filter(pk__in=hub_ids)
        return queryset.filter(**{f"{self.hub_field}__in": hub_ids})

    def _hub_admin_may(self, request, obj, allowed: bool) -> bool:
        hub_ids = admin_hub_ids(request.user)
        if not allowed or not hub_ids:
            return False
        return obj is None or _hub_id_of(obj, self.hub_field) in hub_ids

    def get_queryset(self, request):
        return self.scope_queryset(super().get_queryset(request), request)

    def has_module_permission(self, request):
        if is_operator(request.user):
            return super().has_module_permission(request)
        return bool(admin_hub_ids(request.user))

    def has_view_permission(self, request, obj=None):
        if is_operator(request.user):
            return super().has_view_permission(request, obj)
        return self._hub_admin_may(
            request, obj, self.hub_admin_can_view or self.hub_admin_can_change
        )

    def has_change_permission(self, request, obj=None):
        if is_operator(request.user):
            return super().has_change_permission(request, obj)
        return self._hub_admin_may(request, obj, self.hub_admin_can_change)

    def has_delete_permission(self, request, obj=None):
        if is_operator(request.user):
            return super().has_delete_permission(request, obj)
        return self._hub_admin_may(request, obj, self.hub_admin_can_delete)

    def has_add_permission(self, request, *args):
        # Inlines pass the parent object; model admins pass nothing.
        if is_operator(request.user):
            return super().has_add_permission(request, *args)
        if not (admin_hub_ids(request.user) and self.hub_admin_can_add):
            return False
        parent = args[0] if args else None
        if parent is not None and isinstance(parent, Hub):
            return parent.pk in admin_hub_ids(request.user)
        return True

    def get_readonly_fields(self, request, obj=None):
        fields = tuple(super().get_readonly_fields(request, obj))
        if is_operator(request.user):
            return fields
        return fields + tuple(f for f in self.hub_admin_readonly_fields if f not in fields)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if field is not None and hasattr(field, "queryset"):
            field.queryset = _scope_choices(field.queryset, request.user, self.admin_site)
        return field

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if field is not None and hasattr(field, "queryset"):
            field.queryset = _scope_choices(field.queryset, request.user, self.admin_site)
        return field


class HubIdListFilter(admin.SimpleListFilter):
    """The operator's hub filter: by id (`?hub__id__exact=7`), never a list of hubs."""

    # Same parameter as Django's relation filter, so links to filtered lists still work.
    title = "hub"
    parameter_name = "hub__id__exact"

    def lookups(self, request, model_admin):
        # Only the chosen hub (one primary-key read), so the sidebar can say which it is;
        # listing the choices would read every hub, or every hub that owns a row.
        value = self.value()
        if not value or not value.isdigit():
            return []
        hub = Hub.objects.filter(pk=int(value)).only("name").first()
        return [(value, hub.name if hub else f"#{value}")]

    def queryset(self, request, queryset):
        value = self.value()
        if not value:
            return queryset
        if not value.isdigit():
            return queryset.none()
        return queryset.filter(hub_id=int(value))


class HubScopedAdmin(_HubScopingMixin, admin.ModelAdmin):
    """A ModelAdmin whose rows, choices, filters and permissions are scoped by hub."""

    def get_list_filter(self, request):
        # A plain FK filter lists every hub in the database; RelatedOnly lists only
        # hubs that own rows of the (already scoped) changelist queryset: right for a
        # hub admin, but for the operator a DISTINCT over the whole table and one
        # sidebar link per hub, so the operator filters by hub id instead.
        operator = is_operator(request.user)
        scoped = []
        hub_names = {self.hub_field, "hub"} - {""}
        for entry in super().get_list_filter(request):
            name = entry[0] if isinstance(entry, tuple | list) else entry
            if operator and isinstance(entry, str) and self._lists_all_values(entry):
                # A free-text column's filter is a DISTINCT over the whole table.
                continue
            if not isinstance(name, str) or name not in hub_names:
                scoped.append(entry)
            elif operator and name == "hub":
                scoped.append(HubIdListFilter)
            elif not operator:
                scoped.append((name, admin.RelatedOnlyFieldListFilter))
        return scoped

    def _lists_all_values(self, name: str) -> bool:
        try:
            field = self.model._meta.get_field(name)
        except FieldDoesNotExist:
            return False
        return bool(
            isinstance(field, models.CharField) and not field.choices and not field.is_relation
        )

    def get_changelist_instance(self, request):
        # For the operator, over every hub's rows: no count of the whole table on each
        # page and no date hierarchy (a scan for its years and months). Django reads
        # both from the shared admin object, so a copy carries them for this request.
        if is_operator(request.user) and (self.show_full_result_count or self.date_hierarchy):
            operator_admin = copy.copy(self)
            operator_admin.show_full_result_count = False
            operator_admin.date_hierarchy = None
            return admin.ModelAdmin.get_changelist_instance(operator_admin, request)
        return super().get_changelist_instance(request)

    def save_model(self, request, obj, form, change):
        if not is_operator(request.user):
            if not self.hub_field:
                allowed = change and obj.pk in admin_hub_ids(request.user)
            else:
                allowed = _hub_id_of(obj, self.hub_field) in admin_hub_ids(request.user)
            if not allowed:
                raise PermissionDenied("This row belongs to a hub you do not administer.")
        super().save_model(request, obj, form, change)


class HubScopedInlineMixin(_HubScopingMixin):
    """Mix into an InlineModelAdmin (before it) to scope an inline by hub."""
