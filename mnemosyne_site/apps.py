from django.apps import AppConfig


class MnemosyneSiteConfig(AppConfig):
    name = "mnemosyne_site"
    verbose_name = "Mnemosyne core"

    def ready(self) -> None:
        from django.utils.module_loading import autodiscover_modules

        from mnemosyne_site import signals  # noqa: F401  (task metrics, outbox flush on start)

        # Every app's `metrics.py` is imported in every process (web, worker, beat), so /metrics
        # lists each named metric, with its fixed label values, before its first event.
        autodiscover_modules("metrics")
