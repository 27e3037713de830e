"""The base of every API view: tenancy, permissions, problem documents, Idempotency-Key."""

from __future__ import annotations

from django.utils import timezone
from rest_framework import viewsets
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from hubs.api.callers import Caller, caller_of
from hubs.api.idempotency import HEADER, key_claim, key_release, request_fingerprint, response_keep
from hubs.api.permissions import ApiAccess
from hubs.api.problems import PROBLEM_JSON


class _Replay(Exception):
    def __init__(self, response: Response) -> None:
        self.response = response


class ApiViewMixin:
    """Mix into every API view (before the DRF class).

    `hub_path` is the lookup from the view's model to its Hub ("" for Hub itself): every
    queryset is cut to the caller's hubs, so another hub's row is not found (404) and
    never listed, whatever the filters.
    """

    permission_classes = [ApiAccess]
    hub_path: str = "hub"
    # Any id reaches the view, which answers 404 (as problem+json) for one that is no number,
    # instead of the URL resolver's HTML page.
    lookup_value_regex = "[^/]+"

    @property
    def caller(self) -> Caller:
        return caller_of(self.request)

    def scope(self, queryset):
        """Rows of the caller's hubs only."""
        caller = self.caller
        if caller is None:
            return queryset.none()
        if caller.is_operator:
            return queryset
        if not self.hub_path:
            return queryset.filter(pk__in=caller.hub_ids)
        return queryset.filter(**{f"{self.hub_path}__in": caller.hub_ids})

    def get_queryset(self):
        return self.scope(super().get_queryset())

    # Idempotency-Key: checked once the caller is known and allowed, replayed from storage.
    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self._idempotency = None
        key = request.headers.get(HEADER, "").strip()
        if request.method != "POST" or not key:
            return
        owner = self.caller.owner
        fingerprint = request_fingerprint(
            method=request.method, path=request.path, data=request.data
        )
        found = key_claim(owner=owner, key=key, fingerprint=fingerprint, now=timezone.now())
        if found is not None:
            response = Response(found.body, status=found.status_code)
            response["Idempotent-Replayed"] = "true"
            raise _Replay(response)
        self._idempotency = (owner, key, fingerprint)

    def handle_exception(self, exc):
        if isinstance(exc, _Replay):
            return exc.response
        return super().handle_exception(exc)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        kept = getattr(self, "_idempotency", None)
        if kept:
            owner, key, _ = kept
            if 200 <= response.status_code < 300:
                response_keep(
                    owner=owner, key=key, status_code=response.status_code, data=response.data
                )
            else:
                key_release(owner=owner, key=key)
            self._idempotency = None
        if response.status_code >= 400 and isinstance(
            getattr(response, "accepted_renderer", None), JSONRenderer
        ):
            response.content_type = PROBLEM_JSON
        return response


class ApiModelViewSet(ApiViewMixin, viewsets.ModelViewSet):
    """Scoped CRUD; writes go through the services named by each subclass."""

    http_method_names = ["get", "post", "patch", "delete", "head", "options"]


class ApiReadOnlyViewSet(ApiViewMixin, viewsets.ReadOnlyModelViewSet):
    """Scoped reads."""
