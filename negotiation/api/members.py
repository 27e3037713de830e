"""Members by API: hubs.api's endpoint, with a new member announced to the hub's webhooks."""

from __future__ import annotations

from django.utils import timezone

from hubs.api.endpoints import MemberViewSet
from negotiation.services.member_join import member_join


class AnnouncedMemberViewSet(MemberViewSet):
    """Members of the caller's hubs; one created here is a `member.joined` webhook too."""

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = member_join(
            hub=data.pop("hub"), email=data.pop("email"), fields=data, now=timezone.now()
        )
