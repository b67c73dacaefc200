from django.apps import AppConfig


class NotesConfig(AppConfig):
    name = "notes"
    verbose_name = "Notes and knowledge"

    def ready(self) -> None:
        # In ready(), not at the top: an AppConfig module is loaded before the app registry is
        # ready, and these modules import models.
        from notes import governance_hooks

        governance_hooks.register()
