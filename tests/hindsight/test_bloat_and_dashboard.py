from datetime import timedelta

import pytest
from django.utils import timezone

from governance.auth import Principal
from governance.models import Escalation
from governance.registry import dashboard_providers
from hindsight import metrics
from hindsight.services import hindsight_bloat_check, resolution_apply, resolution_create
from hindsight.services.bloat import cleanup_candidates
from notes.models import KnowledgeItem
from tests.clients import client_for
from tests.hindsight.factories import ErrorSignatureFactory


def _note(scope, title, **fields):
    return KnowledgeItem.objects.create(
        kind="hindsight", scope=scope, status="accepted", title=title, content=title, **fields
    )


@pytest.mark.django_db
def test_bloat_is_counted_per_layer_against_that_layers_threshold_with_cleanup_candidates(
    scope_tree, hindsight_conf
):
    # Seed 000: "WHEN hindsight note count exceeds threshold per layer (configurable) THEN alert
    # on potential bloat AND suggest cleanup of low-value notes (low success_rate, old, unused)".
    hindsight_conf(HINDSIGHT_BLOAT_THRESHOLD=10, HINDSIGHT_BLOAT_THRESHOLDS={"project": 2})
    project = scope_tree["project"]
    good = ErrorSignatureFactory(scope=project, message_template="A <NUM>", embed=False)
    bad = ErrorSignatureFactory(scope=project, message_template="B <NUM>", embed=False)
    for sig, title in ((good, "works"), (bad, "rarely works")):
        sig.note = _note(project, title, retrieval_count=3)
        sig.save()
    resolution_create(signature=good, description="ok", actor=Principal.system("a"))
    poor = resolution_create(signature=bad, description="meh", actor=Principal.system("a"))
    for _ in range(4):
        resolution_apply(resolution_id=poor.pk, success=False, actor=Principal.system("a"))  # 0.2
    stale = _note(scope_tree["other_project"], "old and unused in the sibling project")
    long_ago = timezone.now() - timedelta(days=200)
    KnowledgeItem.objects.filter(pk=stale.pk).update(created_at=long_ago)
    for n in range(4):  # the team layer has more notes, but its threshold is the default 10
        _note(scope_tree["team"], f"team note {n}", retrieval_count=1)

    reports = hindsight_bloat_check()

    # 3 project-layer notes over two project scopes: one alert for the layer, none per scope.
    assert [(r.layer, r.count, r.threshold) for r in reports] == [("project", 3, 2)]
    escalation = Escalation.objects.get(pk=reports[0].escalation_id)
    assert escalation.escalated_to == "maintainers"
    # Filed where the layer's scopes meet, so maintainers of all of them can see it.
    assert escalation.scope == scope_tree["org"]
    assert "rarely works" in escalation.title and "old and unused" in escalation.title
    assert metrics.STORAGE_COUNT.labels(layer="project")._value.get() == 3
    assert metrics.STORAGE_COUNT.labels(layer="team")._value.get() == 4

    candidates = cleanup_candidates(layer="project")
    by_title = {c["title"]: c["reasons"] for c in candidates}
    assert "works" not in by_title
    assert "low_success" in by_title["rarely works"]
    assert {"old", "unused", "low_success"} <= set(
        by_title["old and unused in the sibling project"]
    )
    assert {c["scope"] for c in candidates} == {project.path, scope_tree["other_project"].path}
    # A second check does not queue a second escalation.
    hindsight_bloat_check()
    assert Escalation.objects.count() == 1


@pytest.mark.django_db
def test_the_storage_api_shows_layers_against_their_thresholds(
    scope_tree, hindsight_conf, maintainer
):
    hindsight_conf(HINDSIGHT_BLOAT_THRESHOLD=10, HINDSIGHT_BLOAT_THRESHOLDS={"project": 1})
    _note(scope_tree["project"], "one")
    _note(scope_tree["project"], "two")
    body = client_for(maintainer).get("/api/v1/hindsight/storage", {"layer": "project"}).json()
    layers = {row["layer"]: row for row in body["layers"]}
    assert layers["project"]["count"] == 2 and layers["project"]["threshold"] == 1
    assert layers["project"]["over_threshold"] is True
    assert {c["title"] for c in body["cleanup_candidates"]} == {"one", "two"}


@pytest.mark.django_db
def test_no_alert_under_the_threshold(scope_tree, hindsight_conf):
    hindsight_conf(HINDSIGHT_BLOAT_THRESHOLD=5)
    _note(scope_tree["project"], "one")
    assert hindsight_bloat_check() == []
    assert not Escalation.objects.exists()


@pytest.mark.django_db
def test_the_dashboard_shows_only_what_the_viewer_may_read(scope_tree, member, outsider):
    mine = ErrorSignatureFactory(
        scope=scope_tree["project"], message_template="A <NUM>", occurrence_count=9, embed=False
    )
    ErrorSignatureFactory(
        scope=scope_tree["other_project"],
        message_template="B <NUM>",
        occurrence_count=20,
        embed=False,
    )
    resolution_create(signature=mine, description="fix A", actor=Principal.system("a"))
    provider = dashboard_providers()["hindsight"]
    seen = provider(Principal.for_user(member))
    assert [s["id"] for s in seen["top_signatures"]] == [str(mine.pk)]
    assert seen["top_signatures"][0]["occurrence_count"] == 9
    assert seen["resolution_success"][0]["description"] == "fix A"
    other = provider(Principal.for_user(outsider))
    assert [s["pattern"] for s in other["top_signatures"]] == ["B <NUM>"]
    assert other["resolution_success"] == []


@pytest.mark.django_db
def test_the_bloat_check_is_scheduled_and_records_its_run(scope_tree, hindsight_conf):
    from hindsight.tasks import bloat_check
    from mnemosyne_site.models import TaskRun
    from mnemosyne_site.schedules import SCHEDULES

    assert SCHEDULES["hindsight: bloat check"][0] == bloat_check.name
    hindsight_conf(HINDSIGHT_BLOAT_THRESHOLD=1)
    _note(scope_tree["project"], "one")
    _note(scope_tree["project"], "two")
    assert bloat_check.delay().get() == {"layers_over_threshold": 1}
    assert TaskRun.objects.filter(task_name="hindsight.bloat_check", succeeded=True).exists()
    assert Escalation.objects.filter(scope=scope_tree["project"]).count() == 1
