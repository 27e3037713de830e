"""anymail's webhook URLs, each behind `require_webhook_secret`.

Included by aimp_site/urls.py at /anymail/ instead of anymail.urls, so the product
refuses to serve webhooks (503, nothing stored) when DEBUG is off and no
ANYMAIL_WEBHOOK_SECRET is configured.
"""

import copy

from anymail import urls as anymail_urls

from mailbridge.webhooks import require_webhook_secret

app_name = "anymail"


def _guarded(pattern):
    pattern = copy.copy(pattern)
    pattern.callback = require_webhook_secret(pattern.callback)
    return pattern


urlpatterns = [_guarded(p) for p in anymail_urls.urlpatterns]
