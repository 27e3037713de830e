"""Routes of the mail API (included under /api/v1/ by negotiation.api.urls)."""

from rest_framework.routers import SimpleRouter

from mailbridge.api.endpoints import InboundViewSet, OutboundViewSet

router = SimpleRouter()
router.register("mail/inbound", InboundViewSet, basename="mail-inbound")
router.register("mail/outbound", OutboundViewSet, basename="mail-outbound")

urlpatterns = router.urls
