"""An agent's reports change only what lives in scopes it may write (issue 13.5): it may read an
ancestor's fix, but recording applications of it or boosting the ancestor's learnings is for
those who write there."""

import pytest

from governance.auth import Principal
from hindsight.models import Learning, Resolution, ResolutionApplication
from hindsight.services.learnings import learning_save
from hindsight.services.resolutions import resolution_create
from tests.hindsight.factories import ErrorSignatureFactory

pytestmark = pytest.mark.django_db


def _resolution(scope):
    signature = ErrorSignatureFactory(scope=scope, embed=False)
    return resolution_create(signature=signature, description="fix", actor=Principal.system())


def test_an_application_of_a_resolution_in_a_scope_it_cannot_write_is_refused(
    agent_client, scope_tree
):
    resolution = _resolution(scope_tree["team"])  # readable by the project's agent, not writable
    response = agent_client.post(
        f"/api/v1/hindsight/resolutions/{resolution.pk}/applications",
        {"success": True},
        format="json",
    )
    assert response.status_code == 403, response.content
    assert Resolution.objects.get(pk=resolution.pk).application_count == 1
    assert not ResolutionApplication.objects.filter(applied_by="agent").exists()


def test_an_application_in_its_own_scope_is_recorded(agent_client, scope_tree):
    resolution = _resolution(scope_tree["project"])
    response = agent_client.post(
        f"/api/v1/hindsight/resolutions/{resolution.pk}/applications",
        {"success": True},
        format="json",
    )
    assert response.status_code == 200 and response.json()["application_count"] == 2


def test_a_success_boosts_only_learnings_in_scopes_the_agent_may_write(agent_client, scope_tree):
    own = learning_save(
        scope=scope_tree["project"], trigger="tool:git", error_pattern="a", actor=Principal.system()
    )
    above = learning_save(
        scope=scope_tree["team"], trigger="tool:git", error_pattern="b", actor=Principal.system()
    )
    response = agent_client.post("/api/v1/tool-results", {"tool_name": "git"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["boosted"] == [str(own.pk)]
    assert Learning.objects.get(pk=own.pk).success_count == 1
    assert Learning.objects.get(pk=above.pk).success_count == 0
