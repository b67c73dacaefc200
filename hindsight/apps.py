from django.apps import AppConfig


class HindsightConfig(AppConfig):
    name = "hindsight"
    verbose_name = "Hindsight"

    def ready(self) -> None:
        # In ready(), not at the top: an AppConfig module is loaded before the app registry is
        # ready, and these modules import models.
        from governance.models import ProposalKind
        from governance.registry import (
            register_applier,
            register_dashboard_provider,
            register_describer,
        )
        from hindsight.selectors.dashboard import dashboard_section
        from hindsight.services.proposals import (
            SIGNATURE_LABEL,
            signature_describe,
            signature_merge_apply,
        )

        register_applier(ProposalKind.MERGE, SIGNATURE_LABEL, signature_merge_apply)
        register_describer(SIGNATURE_LABEL, signature_describe)
        register_dashboard_provider("hindsight", dashboard_section)
