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
from tests.hindsight.factories import ErrorSignatureFactory


def _note(scope, title, **fields):
    return KnowledgeItem.objects.create(
        kind="hindsight", scope=scope, status="accepted", title=title, content=title, **fields
    )


@pytest.mark.django_db
def test_it_escalates_a_scope_past_the_bloat_threshold_with_cleanup_candidates(
    scope_tree, hindsight_conf
):
    hindsight_conf(HINDSIGHT_BLOAT_THRESHOLD=2)
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
    stale = _note(project, "old and unused")
    long_ago = timezone.now() - timedelta(days=200)
    KnowledgeItem.objects.filter(pk=stale.pk).update(created_at=long_ago)
    _note(scope_tree["other_project"], "elsewhere")

    reports = hindsight_bloat_check()
    assert [(r.scope_path, r.count) for r in reports] == [("acme/platform/payments/api", 3)]
    escalation = Escalation.objects.get(pk=reports[0].escalation_id)
    assert escalation.escalated_to == "maintainers"
    assert escalation.scope == project
    assert metrics.STORAGE_COUNT.labels(layer="project")._value.get() == 4

    candidates = cleanup_candidates(scope=project)
    by_title = {c["title"]: c["reasons"] for c in candidates}
    assert "works" not in by_title
    assert "low_success" in by_title["rarely works"]
    assert {"old", "unused", "low_success"} <= set(by_title["old and unused"])
    # A second check does not queue a second escalation.
    hindsight_bloat_check()
    assert Escalation.objects.count() == 1


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
    assert bloat_check.delay().get() == {"scopes_over_threshold": 1}
    assert TaskRun.objects.filter(task_name="hindsight.bloat_check", succeeded=True).exists()
    assert Escalation.objects.filter(scope=scope_tree["project"]).count() == 1
