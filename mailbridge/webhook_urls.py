"""anymail's webhook URLs, each behind `require_webhook_secret` and `webhook_door`.

Included by aimp_site/urls.py at /anymail/ instead of anymail.urls, so the product
refuses to serve webhooks (503, nothing stored) when DEBUG is off and no
ANYMAIL_WEBHOOK_SECRET is configured, and every view checks basic auth before
reading the body, bounds the body (413) and answers 400, never 500, to a body it
cannot read (see mailbridge/webhooks.py).
"""

import copy

from anymail import urls as anymail_urls

from mailbridge.webhooks import require_webhook_secret, webhook_door

app_name = "anymail"


def _guarded(pattern):
    pattern = copy.copy(pattern)
    pattern.callback = require_webhook_secret(webhook_door(pattern.callback))
    return pattern


urlpatterns = [_guarded(p) for p in anymail_urls.urlpatterns]
