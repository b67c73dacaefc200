"""How the OpenAPI schema describes our authentication (imported in GovernanceConfig.ready)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "governance.auth.BearerTokenAuthentication"
    name = "agentToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "mnem_<lookup>_<secret>",
            "description": "An agent's token (manage.py createagent).",
        }


class LocalAnonymousScheme(OpenApiAuthenticationExtension):
    target_class = "governance.auth.LocalAnonymousAuthentication"
    name = "localAnonymous"
    optional = True

    def get_security_definition(self, auto_schema):
        return {}
