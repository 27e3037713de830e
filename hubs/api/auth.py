"""`Authorization: Api-Key <key>`: the key's hash is looked up, revoked and expired keys refused."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from rest_framework import authentication, exceptions
from rest_framework_api_key.permissions import KeyParser

from hubs.models import ApiKey

# last_used_at is written at most this often per key: a read must not cost a write each time.
LAST_USED_RESOLUTION = timedelta(minutes=1)


class KeyUser:
    """The request.user of a key: authenticated, and no login of the admin."""

    is_authenticated = True
    is_anonymous = False
    is_active = True
    is_staff = False
    is_superuser = False
    pk = None

    def __init__(self, key: ApiKey) -> None:
        self.key = key

    def get_username(self) -> str:
        return f"api:{self.key.name}"

    def __str__(self) -> str:
        return self.get_username()


class ApiKeyAuthentication(authentication.BaseAuthentication):
    """Authenticate by an ApiKey; a wrong, revoked or expired key answers 401."""

    keyword = KeyParser.keyword

    def authenticate(self, request):
        key_text = KeyParser().get_from_authorization(request)
        if key_text is None:
            return None
        key_text = key_text.strip()
        prefix = key_text.partition(".")[0]
        key = ApiKey.objects.get_usable_keys().select_related("hub").filter(prefix=prefix).first()
        if key is None or not key.is_valid(key_text):
            raise exceptions.AuthenticationFailed("Unknown or revoked API key.")
        if key.has_expired:
            raise exceptions.AuthenticationFailed("This API key has expired.")
        if key.hub is not None and not key.hub.active:
            raise exceptions.AuthenticationFailed("This API key's hub is deactivated.")
        now = timezone.now()
        if key.last_used_at is None or now - key.last_used_at > LAST_USED_RESOLUTION:
            ApiKey.objects.filter(pk=key.pk).update(last_used_at=now)
            key.last_used_at = now
        return KeyUser(key), key

    def authenticate_header(self, request) -> str:
        return self.keyword
