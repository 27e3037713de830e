"""/api/v1/: every app's routes, the OpenAPI schema and its docs (served locally, no CDN)."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import SimpleRouter

from negotiation.api.events import EventViewSet
from negotiation.api.llm import LLMSettingsViewSet, LLMUsageViewSet
from negotiation.api.meetings import MeetingViewSet
from negotiation.api.members import AnnouncedMemberViewSet
from negotiation.api.webhooks import WebhookViewSet

router = SimpleRouter()
router.register("members", AnnouncedMemberViewSet, basename="member")
router.register("meetings", MeetingViewSet, basename="meeting")
router.register("events", EventViewSet, basename="event")
router.register("llm-settings", LLMSettingsViewSet, basename="llm-settings")
router.register("llm-usage", LLMUsageViewSet, basename="llm-usage")
router.register("webhooks", WebhookViewSet, basename="webhook")

urlpatterns = [
    path("", include("hubs.api.urls")),
    path("", include(router.urls)),
    path("", include("mailbridge.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
