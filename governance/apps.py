from django.apps import AppConfig


class GovernanceConfig(AppConfig):
    name = "governance"
    verbose_name = "Governance"

    def ready(self):
        # In ready(), not at the top: importing it registers an extension with drf-spectacular,
        # which should happen once, after the apps are loaded.
        from governance import schema  # noqa: F401  (registers the OpenAPI auth schemes)
