"""The project's own errors: what services raise when a request cannot be carried out.

Plain exceptions, so services, the admin, tasks and commands use them without speaking HTTP; the
one API exception handler (`mnemosyne_site.api.exception_handler`) turns each into its status and
the `{"error", "detail", "fields"}` body, and the admin shows `str(error)` as a message.
"""


def fields_summary(fields: dict) -> str:
    """One line naming each field and its first problem: "scope: No such scope; limit: ..."."""
    parts = []
    for name, messages in fields.items():
        first = messages[0] if isinstance(messages, list) and messages else messages
        if isinstance(first, dict):
            first = next(iter(first.values()), "")
            first = first[0] if isinstance(first, list) and first else first
        parts.append(f"{name}: {first}")
    return "; ".join(parts) or "Invalid input."


class DomainError(Exception):
    """A request that is well formed but cannot be carried out in the current state."""

    status_code = 400
    code = "invalid_state"
    default_detail = "The request cannot be carried out."
    retry_after: int | None = None

    def __init__(self, detail: str | None = None, *, code: str | None = None, fields=None):
        self.fields = fields or {}
        # Without a detail of its own, an error about fields says what they are (the admin and
        # commands show `str(error)`).
        self.detail = detail or (
            fields_summary(self.fields) if self.fields else self.default_detail
        )
        if code:
            self.code = code
        super().__init__(self.detail)


class InvalidInput(DomainError):
    """Bad input found past the serializer (`fields` names the field and the problem)."""

    code = "invalid"
    default_detail = "Invalid input."


class Forbidden(DomainError):
    status_code = 403
    code = "permission_denied"
    default_detail = "You do not have permission to perform this action."


class NotFound(DomainError):
    status_code = 404
    code = "not_found"
    default_detail = "Not found."


class Conflict(DomainError):
    status_code = 409
    code = "conflict"
    default_detail = "The object changed state; reload and try again."


class Stale(Conflict):
    """What a proposal was about changed after it was proposed; approving it would apply
    something nobody reviewed."""

    code = "stale"
    default_detail = "The subject changed after it was proposed; propose it again."


class Busy(Conflict):
    """Someone else holds the row; the caller should retry shortly."""

    code = "busy"
    default_detail = "The object is being changed by someone else; retry shortly."
    retry_after = 1


class PayloadTooLarge(DomainError):
    status_code = 413
    code = "payload_too_large"
    default_detail = "The request is too large."


class Unauthenticated(DomainError):
    """A credential that is not valid (unknown, expired, malformed)."""

    status_code = 401
    code = "authentication_failed"
    default_detail = "Invalid token."


class RateLimited(DomainError):
    status_code = 429
    code = "rate_limited"
    default_detail = "Too many requests; retry later."


class Unavailable(DomainError):
    """A dependency (the database) is away; the request can be sent again shortly.

    Under `make run` the embedded database is restarted within seconds."""

    status_code = 503
    code = "unavailable"
    default_detail = "The database is unavailable; retry shortly."
    retry_after = 5
