from django.apps import AppConfig


class NotesConfig(AppConfig):
    name = "notes"
    verbose_name = "Notes and knowledge"

    def ready(self) -> None:
        from notes import governance_hooks

        governance_hooks.register()
