"""The hindsight section of the people's dashboard, limited to what the viewer may read."""

from __future__ import annotations

from governance.auth import Principal
from governance.selectors import readable
from hindsight.models import ErrorSignature, Resolution, SignatureStatus


def dashboard_section(principal: Principal) -> dict:
    signatures = (
        readable(ErrorSignature.objects.all(), principal)
        .filter(status=SignatureStatus.ACTIVE)
        .order_by("-occurrence_count", "-last_seen_at")
        .values("id", "error_type", "message_template", "occurrence_count")[:10]
    )
    resolutions = (
        readable(Resolution.objects.all(), principal)
        .order_by("-application_count", "-success_rate")
        .values("id", "description", "success_rate", "application_count")[:10]
    )
    return {
        "top_signatures": [
            {
                "id": str(s["id"]),
                "error_type": s["error_type"],
                "pattern": s["message_template"],
                "occurrence_count": s["occurrence_count"],
            }
            for s in signatures
        ],
        "resolution_success": [
            {
                "id": str(r["id"]),
                "description": r["description"][:200],
                "success_rate": r["success_rate"],
                "application_count": r["application_count"],
            }
            for r in resolutions
        ],
    }
