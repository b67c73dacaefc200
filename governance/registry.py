"""What approving a proposal does, registered by the app that owns the subject.

Governance decides; the owning app applies. Apps register in their `AppConfig.ready()`:

    register_applier(ProposalKind.PROMOTION, "notes.knowledgeitem", apply_promotion)

The applier runs inside the approving transaction, with the locked proposal, and may raise
`mnemosyne_site.api.Conflict` to refuse (the whole decision then rolls back).
"""

from collections.abc import Callable

_APPLIERS: dict[tuple[str, str], Callable] = {}


def register_applier(kind: str, subject_type: str, applier: Callable) -> None:
    _APPLIERS[(kind, subject_type.lower())] = applier


def applier_for(kind: str, subject_type: str) -> Callable | None:
    return _APPLIERS.get((kind, subject_type.lower()))
