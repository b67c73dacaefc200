import threading

import pytest
from django.db import connection

from governance.auth import Principal
from governance.models import AuditLog
from hindsight.models import Resolution, ResolutionApplication
from hindsight.services import resolution_apply, resolution_create
from tests.hindsight.factories import ErrorSignatureFactory


@pytest.fixture
def signature(scope_tree):
    return ErrorSignatureFactory(scope=scope_tree["project"])


@pytest.mark.django_db
def test_a_new_resolution_starts_at_full_success_with_one_application(signature):
    resolution = resolution_create(
        signature=signature,
        description="Check the key exists before reading it.",
        code_change="- d['user_id']\n+ d.get('user_id')",
        context={"frameworks": ["django"]},
        actor=Principal.system("agent-1"),
    )
    assert resolution.success_rate == 1.0
    assert resolution.application_count == 1
    assert resolution.success_count == 1
    assert resolution.last_success_at is not None
    assert resolution.signature_id == signature.pk
    assert resolution.context == {"frameworks": ["django"]}
    assert ResolutionApplication.objects.filter(resolution=resolution, success=True).count() == 1
    assert AuditLog.objects.filter(
        action="hindsight.resolution.create", target_id=str(resolution.pk)
    ).exists()


@pytest.mark.django_db
def test_each_application_recomputes_the_rate_from_successes_over_applications(signature):
    resolution = resolution_create(
        signature=signature, description="fix", actor=Principal.system("a")
    )
    first_success = resolution.last_success_at
    resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    after = resolution_apply(
        resolution_id=resolution.pk, success=False, actor=Principal.system("a")
    )
    assert after.application_count == 3
    assert after.success_count == 2
    assert after.success_rate == pytest.approx(2 / 3)
    assert after.last_success_at > first_success
    assert after.last_failure_at is not None
    again = resolution_apply(resolution_id=resolution.pk, success=True, actor=Principal.system("a"))
    assert again.success_rate == pytest.approx(3 / 4)
    assert again.last_success_at > after.last_success_at


@pytest.mark.django_db
def test_a_failed_application_keeps_its_context_for_analysis(signature):
    resolution = resolution_create(
        signature=signature, description="fix", actor=Principal.system("a")
    )
    before = resolution.last_success_at
    resolution_apply(
        resolution_id=resolution.pk,
        success=False,
        context={"python": "3.12"},
        error_message="still raises KeyError",
        session_key="s-1",
        actor=Principal.system("a"),
    )
    failure = ResolutionApplication.objects.get(resolution=resolution, success=False)
    assert failure.context == {"python": "3.12"}
    assert failure.error_message == "still raises KeyError"
    assert failure.session_key == "s-1"
    resolution.refresh_from_db()
    assert resolution.success_rate == 0.5
    assert resolution.last_success_at == before  # a failure never moves it


@pytest.mark.django_db(transaction=True)
def test_concurrent_applications_never_lose_a_count(scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"], embed=False)
    resolution = resolution_create(
        signature=signature, description="fix", actor=Principal.system("a")
    )
    errors = []

    def apply(success):
        try:
            resolution_apply(
                resolution_id=resolution.pk, success=success, actor=Principal.system("a")
            )
        except Exception as exc:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=apply, args=(i % 2 == 0,)) for i in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    resolution = Resolution.objects.get(pk=resolution.pk)
    assert resolution.application_count == 11
    assert resolution.success_count == 6
    assert resolution.success_rate == pytest.approx(6 / 11)


@pytest.mark.django_db
def test_applications_emit_outcome_and_success_rate_metrics(signature):
    from prometheus_client import REGISTRY

    def sample(name, labels=None):
        return REGISTRY.get_sample_value(name, labels or {}) or 0.0

    failures = sample(
        "hindsight_resolution_applications_total", {"success": "false", "layer": "project"}
    )
    observed = sample("hindsight_resolution_success_rate_count")
    resolution = resolution_create(
        signature=signature, description="fix", actor=Principal.system("a")
    )
    resolution_apply(resolution_id=resolution.pk, success=False, actor=Principal.system("a"))
    assert (
        sample("hindsight_resolution_applications_total", {"success": "false", "layer": "project"})
        == failures + 1
    )
    assert sample("hindsight_resolution_success_rate_count") == observed + 2


@pytest.mark.django_db
def test_a_retried_application_with_the_same_key_counts_once(agent_client, scope_tree):
    signature = ErrorSignatureFactory(scope=scope_tree["project"], embed=False)
    resolution = resolution_create(
        signature=signature, description="fix", actor=Principal.system("a")
    )
    url = f"/api/v1/hindsight/resolutions/{resolution.pk}/applications"
    for _ in range(2):
        response = agent_client.post(
            url, {"success": False}, format="json", HTTP_IDEMPOTENCY_KEY="apply-1"
        )
        assert response.status_code == 200
        assert response.json()["application_count"] == 2
    assert ResolutionApplication.objects.filter(resolution=resolution).count() == 2


@pytest.mark.django_db
def test_the_services_refuse_a_caller_who_may_not_write_whoever_calls_them(scope_tree):
    """Permission checks live in the services: a task or command meets the API's rules."""
    from hindsight.models import Learning
    from hindsight.services.learnings import learning_boost, learning_save
    from mnemosyne_site.errors import Forbidden

    signature = ErrorSignatureFactory(scope=scope_tree["project"], embed=False)
    reader = Principal(
        kind="agent", name="reader", read_paths=(scope_tree["project"].path,), write_paths=()
    )
    with pytest.raises(Forbidden):
        resolution_create(signature=signature, description="fix", actor=reader)
    with pytest.raises(Forbidden):
        learning_save(scope=scope_tree["project"], trigger="t", error_pattern="e", actor=reader)
    learning = learning_save(
        scope=scope_tree["project"], trigger="t", error_pattern="e", actor=Principal.system()
    )
    with pytest.raises(Forbidden):
        learning_boost(principal=reader, learning=learning, confidence_boost=0.5)
    assert not Resolution.objects.exists()
    assert Learning.objects.get().confidence == learning.confidence
