"""/api/v1/: every app's routes, the OpenAPI schema and its docs (served locally, no CDN)."""

from django.http import HttpRequest, JsonResponse
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.exceptions import NotFound
from rest_framework.routers import SimpleRouter

from hubs.api.problems import PROBLEM_JSON, problem_body
from negotiation.api.events import EventViewSet
from negotiation.api.llm import LLMSettingsViewSet, LLMUsageViewSet
from negotiation.api.meetings import MeetingViewSet
from negotiation.api.members import AnnouncedMemberViewSet
from negotiation.api.webhooks import WebhookViewSet


def api_not_found(request: HttpRequest) -> JsonResponse:
    """An unknown path under /api/v1/: a problem document, whatever DEBUG says."""
    # Django's own 404 is an HTML page (a debug page with DEBUG on): an integration
    # reading JSON would choke on it.
    body = problem_body(NotFound(f"There is no API endpoint at {request.path}."))
    return JsonResponse(body, status=404, content_type=PROBLEM_JSON)


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
    re_path(r"^", api_not_found),  # last: only what no route above took
]
