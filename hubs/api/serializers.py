"""What the API shows and accepts of hubs, members, contacts and invite codes."""

from __future__ import annotations

from rest_framework import serializers

from hubs.api.callers import caller_of
from hubs.api.fields import hub_field
from hubs.edits import OPERATOR_ONLY_HUB_FIELDS
from hubs.models import Contact, Hub, InviteCode, Member

CLOCK = r"^([01]\d|2[0-3]):[0-5]\d$|^24:00$"
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


class HubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Hub
        fields = [
            "id",
            "name",
            "slug",
            "email",
            "time_zone",
            "language",
            "default_duration_minutes",
            "max_rounds",
            "response_window_hours",
            "reminder_delay_hours",
            "quiet_hours_start",
            "quiet_hours_end",
            "sender_policy",
            "agent_policy",
            "agent_allow_list",
            "active",
            "created_at",
        ]
        read_only_fields = ["id", "created_at"]
        extra_kwargs = {"slug": {"required": False}}

    def get_fields(self):
        fields = super().get_fields()
        request = self.context.get("request")
        caller = caller_of(request) if request is not None else None
        if caller is not None and not caller.is_operator:
            for name in OPERATOR_ONLY_HUB_FIELDS:
                fields[name].read_only = True
        return fields

    def validate_email(self, value: str) -> str:
        value = value.strip().lower()
        same = Hub.objects.filter(email__iexact=value)
        if self.instance is not None:
            same = same.exclude(pk=self.instance.pk)
        if same.exists():
            raise serializers.ValidationError("Another hub has this address.")
        return value

    def validate_quiet_hours_start(self, value: int) -> int:
        if value > 23:
            raise serializers.ValidationError("An hour of the day, 0 to 23.")
        return value

    validate_quiet_hours_end = validate_quiet_hours_start


class WeeklySlotSerializer(serializers.Serializer):
    """A weekly slot in the member's own zone, e.g. weekdays 09:00-12:00."""

    days = serializers.ListField(child=serializers.ChoiceField(choices=DAYS), min_length=1)
    start = serializers.RegexField(CLOCK, help_text="HH:MM")
    end = serializers.RegexField(CLOCK, help_text="HH:MM (24:00 for midnight)")

    def validate(self, attrs):
        if attrs["end"] != "24:00" and attrs["end"] <= attrs["start"]:
            raise serializers.ValidationError({"end": "Must be after start."})
        return attrs


class MemberSerializer(serializers.ModelSerializer):
    hub = hub_field()
    preferred_times = WeeklySlotSerializer(many=True, required=False)
    blocked_times = WeeklySlotSerializer(many=True, required=False)
    preferred_locations = serializers.ListField(
        child=serializers.CharField(max_length=300), required=False
    )
    has_admin_login = serializers.SerializerMethodField()

    class Meta:
        model = Member
        fields = [
            "id",
            "hub",
            "email",
            "name",
            "role",
            "time_zone",
            "language",
            "preferred_times",
            "blocked_times",
            "preferred_locations",
            "auto_accept",
            "has_admin_login",
            "joined_at",
        ]
        read_only_fields = ["id", "joined_at"]

    def get_has_admin_login(self, obj: Member) -> bool:
        return obj.user_id is not None

    def get_fields(self):
        fields = super().get_fields()
        if self.instance is not None:
            # The address is who the member is: a new address is a new member.
            fields["email"].read_only = True
            fields["hub"].read_only = True
        return fields

    def validate(self, attrs):
        if self.instance is None and "email" in attrs:
            exists = Member.objects.for_hub(attrs["hub"]).filter(email__iexact=attrs["email"])
            if exists.exists():
                raise serializers.ValidationError({"email": "This hub has a member with it."})
        return attrs


class ContactSerializer(serializers.ModelSerializer):
    hub = hub_field()

    class Meta:
        model = Contact
        fields = ["id", "hub", "name", "email", "has_agent", "agent_email", "time_zone"]
        read_only_fields = ["id"]

    def get_fields(self):
        fields = super().get_fields()
        if self.instance is not None:
            fields["hub"].read_only = True
        return fields

    def validate(self, attrs):
        has_agent = attrs.get("has_agent", getattr(self.instance, "has_agent", False))
        agent_email = attrs.get("agent_email", getattr(self.instance, "agent_email", ""))
        if has_agent and not agent_email:
            raise serializers.ValidationError(
                {"agent_email": "A contact's agent needs an address."}
            )
        hub = attrs.get("hub", getattr(self.instance, "hub", None))
        email = attrs.get("email")
        if hub is not None and email:
            same = Contact.objects.for_hub(hub).filter(email__iexact=email)
            if self.instance is not None:
                same = same.exclude(pk=self.instance.pk)
            if same.exists():
                raise serializers.ValidationError({"email": "This hub has a contact with it."})
        return attrs


class InviteCodeSerializer(serializers.ModelSerializer):
    hub = hub_field()
    code = serializers.RegexField(
        r"^[A-Za-z0-9][A-Za-z0-9_-]{2,99}$",
        required=False,
        help_text="3-100 letters, digits, '_' or '-'; generated when left out.",
    )
    max_uses = serializers.IntegerField(min_value=1, max_value=1_000_000, default=1)
    remaining_uses = serializers.SerializerMethodField()

    class Meta:
        model = InviteCode
        fields = [
            "id",
            "hub",
            "code",
            "role",
            "max_uses",
            "uses",
            "remaining_uses",
            "expires_on",
            "created_at",
        ]
        read_only_fields = ["id", "uses", "created_at"]

    def get_remaining_uses(self, obj: InviteCode) -> int:
        return max(0, obj.max_uses - obj.uses)

    def validate(self, attrs):
        code = attrs.get("code")
        if code and InviteCode.objects.for_hub(attrs["hub"]).filter(code__iexact=code).exists():
            raise serializers.ValidationError({"code": "This hub has an invite with this code."})
        return attrs
