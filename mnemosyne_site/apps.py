from django.apps import AppConfig


class MnemosyneSiteConfig(AppConfig):
    name = "mnemosyne_site"
    verbose_name = "Mnemosyne core"

    def ready(self) -> None:
        from mnemosyne_site import signals  # noqa: F401  (task metrics, outbox flush on start)
