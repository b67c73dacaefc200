"""Every policy threshold is read where it applies, inherited down the scope tree (issue 15.7),
and the learnings rate limit honours the session header and the policy (issue 15.12)."""

import pytest

from governance.auth import Principal
from governance.models import Escalation
from hindsight.models import Learning
from hindsight.services import (
    hindsight_bloat_check,
    hindsight_note_upsert,
    hindsight_promotion_propose,
    resolution_apply,
    resolution_create,
)
from hindsight.services.upkeep import hindsight_proposals_sweep
from notes.models import KnowledgeItem
from tests.governance.factories import PolicyFactory
from tests.hindsight.factories import ErrorSignatureFactory

pytestmark = pytest.mark.django_db

SYSTEM = Principal.system("a")


def _applied(signature, applications: int, failures: int = 0):
    resolution = resolution_create(signature=signature, description="Use get.", actor=SYSTEM)
    for n in range(applications - 1):
        resolution_apply(resolution_id=resolution.pk, success=n >= failures, actor=SYSTEM)
    hindsight_note_upsert(signature_id=signature.pk)
    signature.refresh_from_db()
    return resolution


def test_the_policys_minimum_applications_decides_a_promotion(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _applied(signature, applications=2)
    assert hindsight_promotion_propose(signature=signature) is None  # 2 < 5 by default
    PolicyFactory(scope=scope_tree["team"], promotion_min_applications=2)  # inherited below
    assert hindsight_promotion_propose(signature=signature) is not None


def test_the_policys_minimum_success_rate_decides_a_promotion(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _applied(signature, applications=6, failures=2)  # 4/6 = 0.67 < 0.8 by default
    assert hindsight_promotion_propose(signature=signature) is None
    PolicyFactory(scope=scope_tree["project"], promotion_min_success_rate=0.6)
    assert hindsight_promotion_propose(signature=signature) is not None


def test_a_stricter_policy_holds_a_promotion_back(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _applied(signature, applications=5)
    PolicyFactory(scope=scope_tree["company"], promotion_min_applications=10)
    assert hindsight_promotion_propose(signature=signature) is None


def test_the_upkeep_sweep_proposes_by_the_policys_bar(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"])
    _applied(signature, applications=3)
    assert hindsight_proposals_sweep(since=None)["promotions_proposed"] == 0
    PolicyFactory(scope=scope_tree["org"], promotion_min_applications=3)
    resolution_apply(resolution_id=signature.resolutions.get().pk, success=True, actor=SYSTEM)
    assert hindsight_proposals_sweep(since=None)["promotions_proposed"] == 1


def _notes(scope, n):
    for i in range(n):
        KnowledgeItem.objects.create(
            kind="hindsight", scope=scope, status="accepted", title=f"n{i}", content=f"n{i}"
        )


def test_the_policys_bloat_limit_decides_the_alert_where_the_layers_scopes_meet(
    scope_tree, agent_client
):
    _notes(scope_tree["project"], 3)
    _notes(scope_tree["other_project"], 3)
    assert hindsight_bloat_check() == []  # 6 in the project layer <= its default limit
    # A team's limit is not the layer's: the layer's scopes meet higher up, in the org.
    PolicyFactory(scope=scope_tree["team"], bloat_limit=2)
    assert hindsight_bloat_check() == []
    PolicyFactory(scope=scope_tree["org"], bloat_limit=5)
    reports = hindsight_bloat_check()
    assert [(r.layer, r.scope_path, r.count, r.threshold) for r in reports] == [
        ("project", scope_tree["org"].path, 6, 5)
    ]
    assert Escalation.objects.get().scope == scope_tree["org"]
    # Per scope, the storage API shows each scope's own (inherited) limit: the team's 2.
    storage = agent_client.get("/api/v1/hindsight/storage").json()["scopes"]
    assert [(s["scope"], s["threshold"], s["over_threshold"]) for s in storage] == [
        (scope_tree["project"].path, 2, True)
    ]


# --- the learnings rate limit --------------------------------------------------------------------


def _save(client, n, **headers):
    return client.post(
        "/api/v1/learnings",
        {"trigger": "tool:make", "error_pattern": f"no rule {n}"},
        format="json",
        **headers,
    )


def test_the_learnings_limit_counts_the_session_header_and_follows_the_policy(
    agent_client, scope_tree
):
    PolicyFactory(scope=scope_tree["project"], learning_saves_per_session=2)
    session = {"HTTP_X_MNEMOSYNE_SESSION": "s-1"}
    assert [_save(agent_client, n, **session).status_code for n in range(3)] == [201, 201, 429]
    assert _save(agent_client, 9, HTTP_X_MNEMOSYNE_SESSION="s-2").status_code == 201
    assert Learning.objects.count() == 3


def test_tool_results_count_against_the_header_session_too(agent_client, scope_tree):
    PolicyFactory(scope=scope_tree["project"], learning_saves_per_session=1)
    actions = [
        agent_client.post(
            "/api/v1/tool-results",
            {"tool_name": "make", "error": error},
            format="json",
            HTTP_X_MNEMOSYNE_SESSION="s-1",
        ).json()["action"]
        # two different errors: the same one again would count an occurrence, not save
        for error in ("make: *** No rule to make target 'x'. Stop.", "make: *** [all] Error 2")
    ]
    assert actions == ["learned", "save_failed"]
