"""Who is calling: agents by bearer token, people by session, and (opt-in) anonymous local agents.

Every caller becomes a `Principal`, so permission checks and scope filters have one shape for
agents and people alike.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Q
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.permissions import SAFE_METHODS

from governance.models import AgentCredential, Role, Scope
from mnemosyne_site.errors import Unauthenticated

TOKEN_PREFIX = "mnem"
_LAST_USED_RESOLUTION = timedelta(minutes=1)
# The credential lookup runs on every agent request. One statement with no ORM to compile: the
# credential by its unique lookup, both scope lists as arrays and its default scope's row (a
# write to it then reads no scope). The ORM's version cost more CPU to compile and plan than to
# run (bench/profile_paths.py).
_CREDENTIAL_FIELDS = (
    "id",
    "name",
    "domain",
    "digest",
    "can_write",
    "default_scope_id",
    "expires_at",
    "last_used_at",
)
_DEFAULT_SCOPE_FIELDS = ("layer", "slug", "name", "parent_id", "path", "created_at")
_CREDENTIAL_SQL = """
SELECT c.id, c.name, c.domain, c.digest, c.can_write, c.default_scope_id, c.expires_at,
       c.last_used_at,
       ARRAY(SELECT s.path FROM governance_agentcredential_read_scopes r
             JOIN governance_scope s ON s.id = r.scope_id WHERE r.agentcredential_id = c.id),
       ARRAY(SELECT s.path FROM governance_agentcredential_write_scopes w
             JOIN governance_scope s ON s.id = w.scope_id WHERE w.agentcredential_id = c.id),
       d.layer, d.slug, d.name, d.parent_id, d.path, d.created_at
FROM governance_agentcredential c
LEFT JOIN governance_scope d ON d.id = c.default_scope_id
WHERE c.lookup = %s AND c.is_active
"""


def token_digest(secret: str) -> str:
    """A keyed digest, so a leaked table alone cannot be used to check guesses offline."""
    key = hashlib.sha256(f"mnemosyne-agent-token:{settings.SECRET_KEY}".encode()).digest()
    return hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()


def new_token() -> tuple[str, str, str]:
    """Returns (token, lookup, digest); only lookup and digest are stored."""
    lookup = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    return f"{TOKEN_PREFIX}_{lookup}_{secret}", lookup, token_digest(secret)


def principal_for_token(token: str) -> Principal:
    """The agent a bearer token names, with its scopes; Unauthenticated when it names none."""
    prefix, _, rest = token.partition("_")
    lookup, _, secret = rest.partition("_")
    if prefix != TOKEN_PREFIX or not lookup or not secret:
        raise Unauthenticated("Invalid token.")
    with connection.cursor() as cursor:
        cursor.execute(_CREDENTIAL_SQL, [lookup])
        row = cursor.fetchone()
    if row is None or not hmac.compare_digest(row[3], token_digest(secret)):
        raise Unauthenticated("Invalid token.")
    columns, (read_paths, write_paths), scope_columns = row[:8], row[8:10], row[10:]
    credential = AgentCredential(**dict(zip(_CREDENTIAL_FIELDS, columns, strict=True)))
    default_scope = None
    if credential.default_scope_id is not None:
        values = dict(zip(_DEFAULT_SCOPE_FIELDS, scope_columns, strict=True))
        values["id"] = credential.default_scope_id
        fields = [f.attname for f in Scope._meta.concrete_fields]
        default_scope = Scope.from_db(connection.alias, fields, [values[f] for f in fields])
    if credential.is_expired:
        raise Unauthenticated("Token expired.")
    now = timezone.now()
    if credential.last_used_at is None or now - credential.last_used_at > _LAST_USED_RESOLUTION:
        AgentCredential.objects.filter(pk=credential.pk).update(last_used_at=now)
    return Principal.for_agent(
        credential,
        read_paths=read_paths,
        write_paths=write_paths,
        default_scope=default_scope,
    )


def _subtree_q(paths: list[str], field_name: str) -> Q:
    q = Q(pk__in=[])
    for path in paths:
        q |= Q(**{field_name: path}) | Q(**{f"{field_name}__startswith": f"{path}/"})
    return q


def _ancestors(path: str) -> list[str]:
    parts = path.split("/")
    return ["/".join(parts[:n]) for n in range(1, len(parts))]


@dataclass(frozen=True)
class Principal:
    """The caller. `read_paths`/`write_paths` of None mean every scope."""

    kind: str  # "agent", "person" or "local"
    name: str
    can_write: bool = True
    read_paths: tuple[str, ...] | None = None
    write_paths: tuple[str, ...] | None = None
    credential: AgentCredential | None = None
    user: User | None = None
    domain: str = "general"
    default_scope_path: str | None = None
    # the agent's default scope when its credential names one, read with the credential
    default_scope: Scope | None = None
    roles: dict[str, frozenset[str]] = field(default_factory=dict)  # path -> roles

    is_authenticated = True
    is_anonymous = False

    @property
    def is_agent(self) -> bool:
        return self.kind in ("agent", "local")

    def __str__(self) -> str:
        return f"{self.kind}:{self.name}"

    def _within(self, path: str, paths: tuple[str, ...] | None, ancestors_too: bool) -> bool:
        if paths is None:
            return True
        for own in paths:
            if path == own or path.startswith(f"{own}/"):
                return True
            if ancestors_too and own.startswith(f"{path}/"):
                return True
        return False

    def can_read_path(self, path: str) -> bool:
        # Reading a scope includes its ancestors' knowledge, which retrieval layers in.
        return self._within(path, self.read_paths, ancestors_too=True)

    def can_write_path(self, path: str) -> bool:
        return self.can_write and self._within(path, self.write_paths, ancestors_too=False)

    def readable_q(self, field_name: str = "scope__path") -> Q:
        """A filter keeping only rows in scopes this principal may read."""
        if self.read_paths is None:
            return Q()
        ancestors = {a for path in self.read_paths for a in _ancestors(path)}
        return _subtree_q(list(self.read_paths), field_name) | Q(
            **{f"{field_name}__in": sorted(ancestors)}
        )

    def governed_q(self, field_name: str = "scope__path") -> Q:
        """Rows in the principal's own scopes and below, not their ancestors: decisions made
        above (proposals, audit rows) are the business of those who govern there, whose roles
        reach down to them, and may concern a sibling team."""
        if self.read_paths is None:
            return Q()
        return _subtree_q(list(self.read_paths), field_name)

    def writable_q(self, field_name: str = "scope__path") -> Q:
        """Rows in scopes this principal may write."""
        if not self.can_write:
            return Q(pk__in=[])
        if self.write_paths is None:
            return Q()
        return _subtree_q(list(self.write_paths), field_name)

    def has_role(self, path: str, role: str) -> bool:
        """A role held in a scope holds for everything below it; superusers hold every role."""
        if self.kind == "person" and getattr(self.user, "is_superuser", False):
            return True
        return any(
            role in roles and (path == own or path.startswith(f"{own}/"))
            for own, roles in self.roles.items()
        )

    @classmethod
    def for_agent(
        cls,
        credential: AgentCredential,
        *,
        read_paths: list[str] | None = None,
        write_paths: list[str] | None = None,
        default_scope: Scope | None = None,
    ) -> Principal:
        """The agent's principal; the scopes are read from the credential unless given (the
        token lookup reads them in its own query)."""
        if read_paths is None or write_paths is None:
            read_paths = [s.path for s in credential.read_scopes.all()]
            write_paths = [s.path for s in credential.write_scopes.all()]
            default_scope = credential.default_scope
        reads, writes = set(read_paths), set(write_paths)
        default_scope_path = default_scope.path if default_scope else None
        return cls(
            kind="agent",
            name=credential.name,
            can_write=credential.can_write,
            read_paths=tuple(sorted(reads | writes)),
            write_paths=tuple(sorted(writes)),
            credential=credential,
            domain=credential.domain,
            default_scope_path=default_scope_path or (sorted(writes)[0] if writes else None),
            default_scope=default_scope,
        )

    @classmethod
    def for_user(cls, user) -> Principal:
        roles: dict[str, set[str]] = {}
        for path, role in user.memberships.values_list("scope__path", "role"):
            roles.setdefault(path, set()).add(role)
        paths = tuple(sorted(roles))
        everything = user.is_superuser
        return cls(
            kind="person",
            name=user.get_username(),
            read_paths=None if everything else paths,
            write_paths=None
            if everything
            else tuple(p for p, r in roles.items() if r & {Role.MAINTAINER, Role.MEMBER}),
            user=user,
            roles={path: frozenset(r) for path, r in roles.items()},
        )

    @classmethod
    def local(cls) -> Principal:
        return cls(kind="local", name="local-agent")

    @classmethod
    def system(cls, name: str = "system") -> Principal:
        return cls(kind="system", name=name)


def principal_of(request) -> Principal:
    """The principal of a request that passed authentication (views behind a permission that
    requires one); 401 if there is none."""
    principal = principal_or_none(request)
    if principal is None:
        raise exceptions.NotAuthenticated()
    return principal


def principal_or_none(request) -> Principal | None:
    """The request's principal, built once per request for people; None when anonymous."""
    user = getattr(request, "user", None)
    if isinstance(user, Principal):
        return user
    if user is not None and getattr(user, "is_authenticated", False):
        cached = getattr(request, "_mnemosyne_principal", None)
        if cached is None:
            cached = Principal.for_user(user)
            request._mnemosyne_principal = cached
        return cached
    return None


class BearerTokenAuthentication(BaseAuthentication):
    def authenticate(self, request):
        header = get_authorization_header(request).split()
        if not header or header[0].lower() != b"bearer":
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Malformed Authorization header.")
        try:
            token = header[1].decode()
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("Invalid token.") from None
        try:
            principal = principal_for_token(token)
        except Unauthenticated as error:
            # DRF's own error, so the 401 carries the WWW-Authenticate challenge.
            raise exceptions.AuthenticationFailed(error.detail) from None
        return principal, principal.credential

    def authenticate_header(self, request) -> str:
        return 'Bearer realm="mnemosyne"'


def is_loopback(request) -> bool:
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


# A proxy on the same host makes every remote caller look local; any of these says one is there.
_PROXY_HEADERS = ("HTTP_FORWARDED", "HTTP_X_REAL_IP", "HTTP_VIA", "HTTP_X_FORWARDED_")
# What a browser says of a request its page did not start itself ("none" is a typed address).
_OWN_FETCH_SITES = {"", "none", "same-origin"}


def local_refusal(request) -> str | None:
    """Why an anonymous loopback request may not act as the local agent, or None if it may.

    A web page the developer opens can reach loopback too: it cannot send `application/json`
    without a CORS preflight (never granted), and browsers name its origin. A proxy on the same
    host would make everyone local."""
    meta = request.META
    proxied = sorted(key for key in meta if key.startswith(_PROXY_HEADERS))
    if proxied:
        names = ", ".join(key[5:].replace("_", "-").title() for key in proxied)
        return f"it came through a proxy ({names})"
    if meta.get("HTTP_SEC_FETCH_SITE", "").lower() not in _OWN_FETCH_SITES:
        return f"a web page of another site sent it (Sec-Fetch-Site: {meta['HTTP_SEC_FETCH_SITE']})"
    origin = meta.get("HTTP_ORIGIN")
    if origin is not None and urlsplit(origin).netloc != request.get_host():
        return f"a web page of another origin sent it (Origin: {origin[:100]})"
    if request.method not in SAFE_METHODS:
        media_type = meta.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
        if media_type != "application/json":
            return "a write must carry an application/json body"
    return None


class LocalAnonymousAuthentication(BaseAuthentication):
    """On a developer's machine (`make run`), unauthenticated calls from loopback act as one
    local agent, so the spec's lesson reporter and curl examples work unchanged; what a web page
    or a proxy could send is refused with 403 saying why."""

    def authenticate(self, request):
        if not (settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL and is_loopback(request)):
            return None
        why = local_refusal(request)
        if why:
            raise exceptions.PermissionDenied(
                f"Anonymous local mode refused this request: {why}. "
                "Send JSON from a local client, or use an agent token."
            )
        return Principal.local(), None
