from django.apps import AppConfig
from django.core import checks
from django.utils.module_loading import autodiscover_modules

from mnemosyne_site.checks import check_anonymous_local_off
from mnemosyne_site.vectors import check_prepared_statements_off


class MnemosyneSiteConfig(AppConfig):
    name = "mnemosyne_site"
    verbose_name = "Mnemosyne core"

    def ready(self) -> None:
        # In ready(), not at the top: an AppConfig module is loaded before the app registry is
        # ready, and the signal handlers reach models (the outbox flush on a worker's start).
        from mnemosyne_site import signals  # noqa: F401  (task metrics, outbox flush on start)
        from mnemosyne_site.embeddings import get_embedder
        from mnemosyne_site.warmup import register

        register(get_embedder)

        checks.register(check_prepared_statements_off)
        checks.register(check_anonymous_local_off, checks.Tags.security, deploy=True)

        # Every app's `metrics.py` is imported in every process (web, worker, beat), so /metrics
        # lists each named metric, with its fixed label values, before its first event.
        autodiscover_modules("metrics")
