from rest_framework import permissions

from governance.auth import principal_or_none


class IsReader(permissions.BasePermission):
    """Any authenticated caller: for endpoints that read through POST (the anti-pattern check,
    the relevance query), which a read-only agent must be able to call."""

    def has_permission(self, request, view) -> bool:
        return principal_or_none(request) is not None
