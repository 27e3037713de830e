"""Admin for tenancy rows, scoped by hub (see hubs.admin_scoping for the rules)."""

from django import forms
from django.contrib import admin
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce

from hubs import admin_api_keys  # noqa: F401  (API keys: hubs/admin_api_keys.py)
from hubs.admin_scoping import HubScopedAdmin, HubScopedInlineMixin, admin_hub_ids, is_operator
from hubs.models import Contact, Hub, HubAlias, InviteCode, Member
from hubs.preference_text import (
    PreferenceError,
    places_from_text,
    rules_from_text,
    rules_to_text,
)
from hubs.setup_specs import INVITE_CODE_RE


class HubAliasInline(HubScopedInlineMixin, admin.TabularInline):
    model = HubAlias
    extra = 0
    # An alias decides which mail reaches the hub: only the operator assigns addresses.
    hub_admin_can_add = False
    hub_admin_can_change = False
    hub_admin_can_delete = False


class _OwnHubByDefault:
    """Preselect the hub on the add form when the admin runs exactly one hub."""

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        if not is_operator(request.user):
            hub_ids = admin_hub_ids(request.user)
            if len(hub_ids) == 1:
                initial.setdefault("hub", next(iter(hub_ids)))
        return initial


@admin.register(Hub)
class HubAdmin(HubScopedAdmin):
    hub_field = ""
    hub_admin_can_add = False
    hub_admin_can_delete = False
    # The addresses route mail between tenants; only the operator changes them.
    hub_admin_readonly_fields = ("slug", "email", "active")
    list_display = ["name", "email", "time_zone", "member_count", "active"]
    list_filter = ["active"]
    search_fields = ["name", "email", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [HubAliasInline]

    def get_queryset(self, request):
        # A subquery per listed hub, not a GROUP BY over every hub and member.
        members = (
            Member.objects.filter(hub=OuterRef("pk"))
            .order_by()
            .values("hub")
            .annotate(n=Count("pk"))
            .values("n")
        )
        return super().get_queryset(request).annotate(_member_count=Coalesce(Subquery(members), 0))

    def get_prepopulated_fields(self, request, obj=None):
        # A read-only slug cannot be prepopulated (Django would raise).
        return super().get_prepopulated_fields(request, obj) if is_operator(request.user) else {}

    @admin.display(description="members", ordering="_member_count")
    def member_count(self, obj) -> int:
        return obj._member_count


@admin.register(HubAlias)
class HubAliasAdmin(HubScopedAdmin):
    hub_admin_can_add = False
    hub_admin_can_change = False
    hub_admin_can_delete = False
    list_display = ["email", "hub"]
    list_filter = ["hub"]
    search_fields = ["email"]


_RULES_HELP = (
    "One rule per line: days, then hours, in the member's time zone. Examples: "
    '"mon-fri 09:00-12:00", "weekdays 9-12", "sat, sun 10:00-16:00", "fri" (the whole day).'
)


class MemberForm(forms.ModelForm):
    """Preferences as lines a family admin can write; stored as the same JSON as before."""

    preferred_times = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 40}),
        help_text=_RULES_HELP + " Blank: any time.",
    )
    blocked_times = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 40}),
        help_text=_RULES_HELP + " Times never to offer or accept.",
    )
    preferred_locations = forms.CharField(
        label="Preferred places",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 40}),
        help_text='One place per line, e.g. "Zoom" or "Café Central".',
    )

    class Meta:
        model = Member
        fields = [
            "hub",
            "email",
            "name",
            "role",
            "user",
            "time_zone",
            "language",
            "preferred_times",
            "blocked_times",
            "preferred_locations",
            "auto_accept",
        ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and not self.is_bound:
            self.initial["preferred_times"] = rules_to_text(self.instance.preferred_times)
            self.initial["blocked_times"] = rules_to_text(self.instance.blocked_times)
            places = self.instance.preferred_locations
            self.initial["preferred_locations"] = "\n".join(
                str(p) for p in (places if isinstance(places, list) else [])
            )

    def _read(self, name: str, reader):
        try:
            return reader(self.cleaned_data.get(name) or "")
        except PreferenceError as exc:
            raise forms.ValidationError(str(exc)) from exc

    def clean_preferred_times(self):
        return self._read("preferred_times", rules_from_text)

    def clean_blocked_times(self):
        return self._read("blocked_times", rules_from_text)

    def clean_preferred_locations(self):
        return self._read("preferred_locations", places_from_text)


@admin.register(Member)
class MemberAdmin(_OwnHubByDefault, HubScopedAdmin):
    form = MemberForm
    fieldsets = [
        (None, {"fields": ["hub", "email", "name", "role", "user"]}),
        ("Mail", {"fields": ["time_zone", "language"]}),
        (
            "Preferences",
            {
                "fields": [
                    "preferred_times",
                    "blocked_times",
                    "preferred_locations",
                    "auto_accept",
                ]
            },
        ),
    ]
    # Staff logins are the operator's business (python manage.py create_hub --admin).
    hub_admin_readonly_fields = ("user",)
    list_display = ["email", "name", "role", "time_zone", "hub", "user"]
    list_filter = ["role", "hub"]
    search_fields = ["email", "name"]
    list_select_related = ["hub", "user"]


@admin.register(Contact)
class ContactAdmin(_OwnHubByDefault, HubScopedAdmin):
    list_display = ["name", "email", "has_agent", "agent_email", "hub"]
    list_filter = ["has_agent", "hub"]
    search_fields = ["name", "email", "agent_email"]
    list_select_related = ["hub"]


class InviteCodeForm(forms.ModelForm):
    class Meta:
        model = InviteCode
        fields = ["hub", "code", "expires_on", "max_uses", "uses", "role"]

    def clean_code(self):
        code = self.cleaned_data["code"].strip()
        # Registration reads the code from the [AIMP-INVITE:<code>] subject tag, which
        # carries only these characters: any other code could never be redeemed.
        if not INVITE_CODE_RE.match(code):
            raise forms.ValidationError("Use 3-100 letters, digits, '_' or '-'.")
        return code


@admin.register(InviteCode)
class InviteCodeAdmin(_OwnHubByDefault, HubScopedAdmin):
    form = InviteCodeForm
    hub_admin_readonly_fields = ("uses",)
    list_display = ["code", "hub", "role", "uses", "max_uses", "expires_on"]
    list_filter = ["role", "hub"]
    search_fields = ["code"]
    list_select_related = ["hub"]
