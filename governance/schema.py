"""How agent authentication appears in the OpenAPI schema."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "governance.auth.BearerTokenAuthentication"
    name = "agentToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "mnem_<lookup>_<secret>",
            "description": "An agent token from `manage.py createagent`.",
        }


class LocalAnonymousScheme(OpenApiAuthenticationExtension):
    target_class = "governance.auth.LocalAnonymousAuthentication"
    # No credentials and so no security scheme: an empty requirement marks auth as optional
    # (loopback callers when MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL is on).
    name: list[str] = []

    def get_security_requirement(self, auto_schema):
        return {}

    def get_security_definition(self, auto_schema):
        return []
