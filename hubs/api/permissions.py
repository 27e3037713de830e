"""Who may call what: a caller of the API, read-only keys only reading, operator-only views."""

from __future__ import annotations

from rest_framework import exceptions, permissions

from hubs.api.callers import caller_of


class ApiAccess(permissions.BasePermission):
    """A key or a staff login of some hub; writes need a read-write caller.

    A view (or one of its actions) that only the operator may use says so with
    `operator_only = True` or `operator_actions = {"create", ...}`: other callers get 403.
    """

    def has_permission(self, request, view) -> bool:
        if not (request.user and request.user.is_authenticated):
            raise exceptions.NotAuthenticated()
        caller = caller_of(request)
        if caller is None:
            raise exceptions.PermissionDenied("This login administers no hub.")
        if request.method not in permissions.SAFE_METHODS and not caller.can_write:
            raise exceptions.PermissionDenied("This API key is read-only.")
        operator_only = getattr(view, "operator_only", False) or getattr(
            view, "action", None
        ) in getattr(view, "operator_actions", ())
        if operator_only and not caller.is_operator:
            raise exceptions.PermissionDenied("Only an operator key may do this.")
        return True
