from rest_framework import permissions

from governance.auth import principal_or_none


class IsAuthenticatedPrincipal(permissions.BasePermission):
    """Any authenticated caller may read; writing needs a credential allowed to write."""

    message = "This credential may not write."

    def has_permission(self, request, view) -> bool:
        principal = principal_or_none(request)
        if principal is None:
            return False
        if request.method in permissions.SAFE_METHODS:
            return True
        return principal.can_write


class IsReader(permissions.BasePermission):
    """Any authenticated caller: for endpoints that read through POST (the anti-pattern check,
    the relevance query, error matching, note search), which a read-only agent must be able to
    call. What they record along the way (statistics, a missed suggestion, a retrieval) is about
    the reading, not a write the credential was refused."""

    def has_permission(self, request, view) -> bool:
        return principal_or_none(request) is not None


class IsPerson(permissions.BasePermission):
    """Decisions are made by people; agents may propose but never decide."""

    message = "Only people may make this decision."

    def has_permission(self, request, view) -> bool:
        principal = principal_or_none(request)
        return principal is not None and principal.kind == "person"
