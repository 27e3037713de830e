"""What the API accepts to create a meeting and to act on one as its organiser."""

from __future__ import annotations

from rest_framework import serializers

from hubs.api.fields import ScopedRelatedField, hub_field
from hubs.models import Contact, Member
from negotiation.services.meeting_create import MAX_PLACES, MeetingSpec, PersonSpec
from negotiation.services.options import MAX_TIME_OPTIONS
from negotiation.services.requests import MAX_PARTICIPANTS


class SpanSerializer(serializers.Serializer):
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()

    def validate(self, attrs):
        if attrs["end"] <= attrs["start"]:
            raise serializers.ValidationError({"end": "Must be after start."})
        return attrs


class PersonInSerializer(serializers.Serializer):
    """One participant: a member, a contact, or any address (exactly one of the three)."""

    member = ScopedRelatedField(queryset=Member.objects.all(), required=False)
    contact = ScopedRelatedField(queryset=Contact.objects.all(), required=False)
    email = serializers.EmailField(required=False)
    name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    required = serializers.BooleanField(default=True)

    def validate(self, attrs):
        given = [k for k in ("member", "contact", "email") if attrs.get(k)]
        if len(given) != 1:
            raise serializers.ValidationError("Give exactly one of member, contact or email.")
        return attrs


class MeetingCreateSerializer(serializers.Serializer):
    hub = hub_field(help_text="Needed only by a caller of several hubs (the operator).")
    topic = serializers.CharField(max_length=300)
    organiser = ScopedRelatedField(
        queryset=Member.objects.all(), help_text="The member who asks (gets the organiser's mail)."
    )
    participants = PersonInSerializer(many=True, allow_empty=False, max_length=MAX_PARTICIPANTS)
    duration_minutes = serializers.IntegerField(min_value=5, max_value=24 * 60, required=False)
    windows = SpanSerializer(
        many=True,
        required=False,
        max_length=10,
        help_text="When it may happen: the hub proposes times inside these.",
    )
    options = SpanSerializer(
        many=True,
        required=False,
        max_length=MAX_TIME_OPTIONS,
        help_text="Or the exact times to offer, as they are.",
    )
    places = serializers.ListField(
        child=serializers.CharField(max_length=300), required=False, max_length=MAX_PLACES
    )
    response_window_hours = serializers.IntegerField(
        min_value=1, max_value=24 * 30, required=False, help_text="Default: the hub's."
    )

    def validate(self, attrs):
        hub = attrs["hub"]
        if attrs.get("windows") and attrs.get("options"):
            raise serializers.ValidationError({"options": "Give windows or options, not both."})
        if attrs["organiser"].hub_id != hub.pk:
            raise serializers.ValidationError({"organiser": "Not a member of this hub."})
        for index, person in enumerate(attrs["participants"]):
            row = person.get("member") or person.get("contact")
            if row is not None and row.hub_id != hub.pk:
                raise serializers.ValidationError(
                    {"participants": {index: "Not a member or contact of this hub."}}
                )
        return attrs

    def spec(self) -> MeetingSpec:
        """The validated input as the service takes it."""
        data = self.validated_data
        people = []
        for person in data["participants"]:
            row = person.get("member") or person.get("contact")
            people.append(
                PersonSpec(
                    email=row.email if row else person["email"],
                    name=person.get("name") or (row.name if row else ""),
                    required=person["required"],
                )
            )
        return MeetingSpec(
            topic=data["topic"],
            initiator=data["organiser"],
            people=tuple(people),
            duration_minutes=data.get("duration_minutes"),
            windows=tuple((w["start"], w["end"]) for w in data.get("windows", [])),
            times=tuple((o["start"], o["end"]) for o in data.get("options", [])),
            places=tuple(data.get("places", [])),
            response_window_hours=data.get("response_window_hours"),
        )


class PickSerializer(serializers.Serializer):
    time = serializers.CharField(max_length=4, allow_blank=True, help_text="e.g. B")
    place = serializers.CharField(
        max_length=4, allow_blank=True, help_text="e.g. 2 (blank when only one place)"
    )


class RescheduleSerializer(serializers.Serializer):
    when = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        help_text='In words, as by mail ("next week"); blank: from now on.',
    )
    window = SpanSerializer(required=False, help_text="Or exactly when the new times may be.")


class RemindedSerializer(serializers.Serializer):
    reminded = serializers.ListField(child=serializers.EmailField())
