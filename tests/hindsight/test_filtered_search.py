"""Scope-filtered signature search against an exact scan (DESIGN §6: recall ≥ 0.95)."""

import numpy as np
import pytest

from governance.auth import Principal
from governance.services import scope_ensure_path
from hindsight.models import ErrorSignature
from hindsight.selectors import matching
from mnemosyne_site.vectors import forget_counts


@pytest.fixture
def spread_signatures(db):
    """1,200 signatures over six projects: clustered vectors, as real errors are."""
    rng = np.random.default_rng(3)
    centres = rng.normal(size=(40, 384))
    scopes = [scope_ensure_path(path=f"acme/platform/payments/p{i}") for i in range(6)]
    rows = []
    for i in range(1200):
        vector = centres[i % 40] + rng.normal(scale=0.35, size=384)
        rows.append(
            ErrorSignature(
                scope=scopes[i % 6],
                error_type="E",
                message_template=f"t{i}",
                message_pattern=f"^t{i}$",
                fingerprint=f"f{i}",
                embedding=(vector / np.linalg.norm(vector)).astype(np.float32),
            )
        )
    ErrorSignature.objects.bulk_create(rows, batch_size=400)
    return scopes, centres


def _exact(scope, query, k):
    rows = list(ErrorSignature.objects.filter(scope=scope).values_list("pk", "embedding"))
    matrix = np.vstack([np.asarray(e, dtype=np.float32) for _, e in rows])
    order = np.argsort(-(matrix @ query))[:k]
    return {rows[i][0] for i in order}


@pytest.mark.django_db
@pytest.mark.parametrize("exact_scan_max", [0, 2000])  # the HNSW plan, then the exact plan
def test_filtered_search_agrees_with_an_exact_scan(
    spread_signatures, hindsight_conf, settings, exact_scan_max
):
    scopes, centres = spread_signatures
    hindsight_conf(HINDSIGHT_MATCH_SIMILARITY=-1.0)
    settings.VECTOR_EXACT_SCAN_MAX_ROWS = exact_scan_max
    forget_counts()
    principal = Principal(kind="agent", name="reader", read_paths=(scopes[2].path,), write_paths=())
    signatures, _ = matching.signatures_visible(principal, None)
    rng = np.random.default_rng(5)
    hits = total = 0
    for n in range(20):
        query = centres[n] + rng.normal(scale=0.35, size=384)
        query = (query / np.linalg.norm(query)).astype(np.float32)
        found = {m.signature.pk for m in matching._semantic(signatures, query, 10)}
        expected = _exact(scopes[2], query, 10)
        hits += len(found & expected)
        total += len(expected)
    assert hits / total >= 0.95
