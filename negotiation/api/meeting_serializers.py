"""What the API shows of meetings: participants and their answers, options, tally, .ics."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from negotiation.calendar_invite import METHOD_REQUEST
from negotiation.models import Meeting, MeetingOption, Participant
from negotiation.services.outcomes import meeting_ics
from negotiation.services.state import meeting_state


class OptionSerializer(serializers.ModelSerializer):
    class Meta:
        model = MeetingOption
        fields = ["id", "item", "label", "start", "end", "place", "round_added", "withdrawn"]


class AnswerSerializer(serializers.Serializer):
    option = serializers.CharField(help_text="The option's label (A.. for times, 1.. for places).")
    item = serializers.ChoiceField(choices=MeetingOption.Item.choices)
    accepted = serializers.BooleanField()
    answered_at = serializers.DateTimeField()


class ParticipantSerializer(serializers.ModelSerializer):
    answers = serializers.SerializerMethodField()

    class Meta:
        model = Participant
        fields = [
            "id",
            "email",
            "name",
            "kind",
            "is_initiator",
            "required",
            "has_agent",
            "agent_email",
            "time_zone",
            "declined",
            "dropped",
            "undeliverable",
            "reminders_sent",
            "last_answered_at",
            "answers",
        ]

    @extend_schema_field(AnswerSerializer(many=True))
    def get_answers(self, obj: Participant) -> list[dict]:
        return [
            {
                "option": vote.option.label,
                "item": vote.option.item,
                "accepted": vote.accepted,
                "answered_at": vote.answered_at,
            }
            for vote in obj.votes.all()
            if not vote.option.withdrawn
        ]


class TallyOptionSerializer(serializers.Serializer):
    label = serializers.CharField()
    accepted_by = serializers.ListField(child=serializers.EmailField())
    rejected_by = serializers.ListField(child=serializers.EmailField())


class TallyItemSerializer(serializers.Serializer):
    chosen = serializers.CharField(allow_null=True)
    viable = serializers.ListField(child=serializers.CharField())
    waiting_on = serializers.ListField(child=serializers.EmailField())
    declined_required = serializers.ListField(child=serializers.EmailField())
    deadlocked = serializers.BooleanField()
    options = TallyOptionSerializer(many=True)


class TallySerializer(serializers.Serializer):
    time = TallyItemSerializer()
    location = TallyItemSerializer()


class MeetingSerializer(serializers.ModelSerializer):
    """A meeting in a list: its state, organiser and confirmed slot."""

    state = serializers.CharField(source="status", read_only=True)
    organiser = serializers.PrimaryKeyRelatedField(source="initiator", read_only=True)
    organiser_email = serializers.EmailField(source="initiator.email", read_only=True)
    confirmed_time = OptionSerializer(source="chosen_time", read_only=True, allow_null=True)
    confirmed_place = OptionSerializer(source="chosen_place", read_only=True, allow_null=True)

    class Meta:
        model = Meeting
        fields = [
            "id",
            "hub",
            "session_id",
            "topic",
            "state",
            "organiser",
            "organiser_email",
            "round",
            "duration_minutes",
            "deadline",
            "confirmed_time",
            "confirmed_place",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class MeetingDetailSerializer(MeetingSerializer):
    """A meeting with its people and their answers, the options, the tally and the .ics."""

    participants = serializers.SerializerMethodField()
    options = serializers.SerializerMethodField()
    tally = serializers.SerializerMethodField()
    ics = serializers.SerializerMethodField()

    class Meta(MeetingSerializer.Meta):
        fields = [*MeetingSerializer.Meta.fields, "participants", "options", "tally", "ics"]
        read_only_fields = fields

    @extend_schema_field(ParticipantSerializer(many=True))
    def get_participants(self, obj: Meeting) -> list[dict]:
        people = obj.participants.order_by("-is_initiator", "id").prefetch_related("votes__option")
        return ParticipantSerializer(people, many=True).data

    @extend_schema_field(OptionSerializer(many=True))
    def get_options(self, obj: Meeting) -> list[dict]:
        return OptionSerializer(obj.options.order_by("item", "start", "id"), many=True).data

    @extend_schema_field(TallySerializer)
    def get_tally(self, obj: Meeting) -> dict:
        state = meeting_state(obj)
        emails = {str(p.id): p.email for p in state.participants}
        tally = {}
        for item, decision in state.decisions.items():
            tally[item] = {
                "chosen": decision.chosen,
                "viable": list(decision.viable),
                "waiting_on": [emails.get(v, v) for v in decision.waiting_on],
                "declined_required": [emails.get(v, v) for v in decision.declined_required],
                "deadlocked": decision.deadlocked,
                "options": [
                    {
                        "label": o.label,
                        "accepted_by": [p.email for p in state.accepted_by(o)],
                        "rejected_by": [
                            p.email
                            for p in state.participants
                            if state.votes.get(p.id, {}).get(o.id) is False
                        ],
                    }
                    for o in state.options[item]
                ],
            }
        return tally

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_ics(self, obj: Meeting) -> str | None:
        """The confirmed meeting's invite.ics (METHOD:REQUEST), as participants got it."""
        if obj.status != Meeting.Status.CONFIRMED or obj.chosen_time is None:
            return None
        return meeting_ics(obj, method=METHOD_REQUEST, now=timezone.now()).decode()
