"""Routes of the hubs app's API (included under /api/v1/ by negotiation.api.urls).

Members are routed by negotiation.api.urls: a new member is announced to webhooks.
"""

from rest_framework.routers import SimpleRouter

from hubs.api import schema  # noqa: F401  (registers the Api-Key scheme with the schema)
from hubs.api.endpoints import ContactViewSet, HubViewSet, InviteCodeViewSet

router = SimpleRouter()
router.register("hubs", HubViewSet, basename="hub")
router.register("contacts", ContactViewSet, basename="contact")
router.register("invite-codes", InviteCodeViewSet, basename="invite-code")

urlpatterns = router.urls
