from django.apps import AppConfig


class HindsightConfig(AppConfig):
    name = "hindsight"
    verbose_name = "Hindsight"
