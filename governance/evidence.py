"""What the review pages show about a proposal's subject: whatever its app's describer returns.

Describers belong to the apps that own the subjects (`governance.registry.register_describer`).
A missing describer, a deleted subject or a describer that fails must not break the page: the
reviewer then sees what is known (the proposal's own payload) and a note saying what is missing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from governance.models import Proposal, ProposalKind
from governance.registry import describer_for

logger = logging.getLogger(__name__)

# Keys the detail page lays out in their own places; anything else goes to "More".
LAID_OUT = {
    "title",
    "summary",
    "status",
    "layer",
    "scope",
    "url",
    "fields",
    "metrics",
    "lineage",
    "text",
    "content",
    "excerpt",
    "tags",
    "kind",
    "id",
}
# Payload keys that steer the page rather than being evidence in themselves.
STEERING = {
    "other_id",
    "similarity",
    "keeps",
    "keep",
    "to_status",
    "target_status",
    "from_status",
    "from",
    "to",
    "status",
}


@dataclass
class Described:
    registered: bool
    ok: bool
    data: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)
    error: str = ""
    subject_id: str = ""

    @property
    def title(self) -> str:
        return str(self.data.get("title") or "")

    @property
    def body(self) -> str:
        return str(
            self.data.get("content") or self.data.get("text") or self.data.get("excerpt") or ""
        )


def describe(subject_type: str, subject_id: Any) -> Described:
    describer = describer_for(subject_type)
    subject_id = "" if subject_id is None else str(subject_id)
    if describer is None:
        return Described(registered=False, ok=False, subject_id=subject_id)
    try:
        data = describer(subject_id) or {}
    except Exception as error:  # the page must render even when the subject's app fails
        logger.warning("describer for %s failed on %s", subject_type, subject_id, exc_info=True)
        return Described(
            registered=True, ok=False, error=type(error).__name__, subject_id=subject_id
        )
    if not isinstance(data, dict):
        data = {"summary": str(data)}
    extra = {k: v for k, v in data.items() if k not in LAID_OUT}
    return Described(registered=True, ok=True, data=data, extra=extra, subject_id=subject_id)


def _first(mapping: dict, *keys: str) -> Any:
    for key in keys:
        if mapping.get(key) not in (None, ""):
            return mapping[key]
    return None


def proposal_evidence(proposal: Proposal) -> dict:
    """Everything the detail page needs to lay out the evidence for one proposal."""
    payload = proposal.payload if isinstance(proposal.payload, dict) else {}
    subject = describe(proposal.subject_type, proposal.subject_id)
    evidence: dict[str, Any] = {
        "subject": subject,
        "payload": {k: v for k, v in payload.items() if k not in STEERING},
    }
    if proposal.kind == ProposalKind.MERGE:
        other_id = payload.get("other_id")
        evidence["other"] = describe(proposal.subject_type, other_id) if other_id else None
        evidence["other_id"] = other_id
        evidence["similarity"] = payload.get("similarity")
        evidence["keeps"] = _first(payload, "keeps", "keep")
    elif proposal.kind == ProposalKind.LIFECYCLE:
        evidence["from_status"] = _first(payload, "from_status", "from") or subject.data.get(
            "status"
        )
        evidence["to_status"] = _first(payload, "to_status", "target_status", "to", "status")
    elif proposal.kind == ProposalKind.PROMOTION:
        evidence["source_scope"] = subject.data.get("scope") or _first(
            payload, "from_scope", "source_scope"
        )
        evidence["source_layer"] = subject.data.get("layer") or payload.get("from_layer")
    return evidence
