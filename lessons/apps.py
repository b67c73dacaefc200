from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "lessons"
    verbose_name = "Lessons"

    def ready(self) -> None:
        # In ready(), not at the top: an AppConfig module is loaded before the app registry is
        # ready, and these modules import models.
        from governance.models import ProposalKind
        from governance.registry import (
            register_applier,
            register_dashboard_provider,
            register_describer,
        )
        from lessons.matching import current_index
        from lessons.selectors import dashboard_section
        from lessons.services.patterns import apply_pattern_confirmation, describe_pattern
        from mnemosyne_site.warmup import register

        register_applier(
            ProposalKind.PATTERN_CONFIRMATION, "lessons.pattern", apply_pattern_confirmation
        )
        register_describer("lessons.pattern", describe_pattern)
        register_dashboard_provider("lessons", dashboard_section)
        register(current_index)
