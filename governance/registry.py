"""What approving a proposal does, registered by the app that owns the subject.

Governance decides; the owning app applies. Apps register in their `AppConfig.ready()`:

    register_applier(ProposalKind.PROMOTION, "notes.knowledgeitem", apply_promotion)

The applier runs inside the approving transaction, with the locked proposal, and may raise
`mnemosyne_site.errors.Conflict` to refuse (the whole decision then rolls back).
"""

from collections.abc import Callable

_APPLIERS: dict[tuple[str, str], Callable] = {}


def register_applier(kind: str, subject_type: str, applier: Callable) -> None:
    _APPLIERS[(kind, subject_type.lower())] = applier


def applier_for(kind: str, subject_type: str) -> Callable | None:
    return _APPLIERS.get((kind, subject_type.lower()))


# --- what the review pages and the dashboard show about other apps' objects --------------------
# A describer turns a proposal's subject into evidence for the detail page:
#   describer(subject_id: str) -> dict  (title, fields, metrics, lineage, text: whatever helps)
_DESCRIBERS: dict[str, Callable] = {}
# A dashboard provider returns one section of the dashboard for the viewing principal:
#   provider(principal) -> dict
_DASHBOARD_PROVIDERS: dict[str, Callable] = {}


def register_describer(subject_type: str, describer: Callable) -> None:
    _DESCRIBERS[subject_type.lower()] = describer


def describer_for(subject_type: str) -> Callable | None:
    return _DESCRIBERS.get(subject_type.lower())


def register_dashboard_provider(key: str, provider: Callable) -> None:
    _DASHBOARD_PROVIDERS[key] = provider


def dashboard_providers() -> dict[str, Callable]:
    return dict(_DASHBOARD_PROVIDERS)
