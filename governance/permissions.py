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


class IsPerson(permissions.BasePermission):
    """Decisions are made by people; agents may propose but never decide."""

    message = "Only people may make this decision."

    def has_permission(self, request, view) -> bool:
        principal = principal_or_none(request)
        return principal is not None and principal.kind == "person"
