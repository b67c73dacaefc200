from django.apps import AppConfig


class MnemosyneSiteConfig(AppConfig):
    name = "mnemosyne_site"
    verbose_name = "Mnemosyne core"
