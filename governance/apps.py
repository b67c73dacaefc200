from django.apps import AppConfig


class GovernanceConfig(AppConfig):
    name = "governance"
    verbose_name = "Governance"

    def ready(self):
        from governance import schema  # noqa: F401  (registers the OpenAPI auth schemes)
