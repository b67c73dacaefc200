import numpy as np
import pytest
from rest_framework.test import APIClient

from lessons.models import AntiPattern
from lessons.services import pattern_detect
from tests.lessons.factories import AntiPatternFactory, LessonFactory

pytestmark = pytest.mark.django_db


def test_lessons_are_listed_with_filters_scoped_to_the_caller(agent_client, scope_tree):
    LessonFactory(title="docker one", domain="docker", tags=["x"])
    LessonFactory(title="caddy one", domain="caddy")
    LessonFactory(title="hidden", scope=scope_tree["other_project"])

    everything = agent_client.get("/api/v1/lessons/lessons").json()["results"]
    docker = agent_client.get("/api/v1/lessons/lessons?domain=docker").json()["results"]
    tagged = agent_client.get("/api/v1/lessons/lessons?tag=x").json()["results"]

    assert {x["title"] for x in everything} == {"docker one", "caddy one"}
    assert [x["title"] for x in docker] == ["docker one"]
    assert [x["title"] for x in tagged] == ["docker one"]
    assert "embedding" not in everything[0]


def test_an_invisible_lesson_is_404(agent_client, scope_tree):
    hidden = LessonFactory(scope=scope_tree["other_project"])
    assert agent_client.get(f"/api/v1/lessons/lessons/{hidden.pk}").status_code == 404


def test_patterns_are_deprecated_by_maintainers_through_the_api(maintainer, agent_client):
    base = np.zeros(384, dtype=np.float32)
    base[1] = 1
    lessons = [LessonFactory(title=f"l{i}", embedding=base) for i in range(3)]
    pattern = pattern_detect(lesson_id=lessons[-1].pk)

    refused = agent_client.post(f"/api/v1/lessons/patterns/{pattern.pk}/deprecate", {})
    assert refused.status_code == 403

    client = APIClient()
    client.force_login(maintainer)
    response = client.post(
        f"/api/v1/lessons/patterns/{pattern.pk}/deprecate", {"notes": "noise"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["status"] == "deprecated"
    again = client.post(f"/api/v1/lessons/patterns/{pattern.pk}/confirm", {}, format="json")
    assert again.status_code == 409


def test_a_maintainer_edits_a_trigger_and_an_invalid_one_is_400(maintainer, agent_client):
    anti_pattern = AntiPatternFactory()
    client = APIClient()
    client.force_login(maintainer)

    bad = client.patch(
        f"/api/v1/lessons/anti-patterns/{anti_pattern.pk}",
        {"trigger_pattern": "(a)\\1"},
        format="json",
    )
    assert bad.status_code == 400
    assert "trigger_pattern" in bad.json()["fields"]

    good = client.patch(
        f"/api/v1/lessons/anti-patterns/{anti_pattern.pk}",
        {"trigger_pattern": "(?i)mkfs\\."},
        format="json",
    )
    assert good.status_code == 200
    assert good.json()["trigger_pattern"] == "(?i)mkfs\\."

    assert (
        agent_client.patch(
            f"/api/v1/lessons/anti-patterns/{anti_pattern.pk}", {"severity": "low"}, format="json"
        ).status_code
        == 403
    )


def test_a_maintainer_edits_a_command_trigger_and_a_broad_one_is_400(maintainer):
    anti_pattern = AntiPatternFactory()
    client = APIClient()
    client.force_login(maintainer)
    url = f"/api/v1/lessons/anti-patterns/{anti_pattern.pk}"

    bad = client.patch(url, {"command_trigger": {"commands": ["git status"]}}, format="json")
    assert bad.status_code == 400
    assert "everyday command" in bad.json()["fields"]["command_trigger"][0]

    good = client.patch(
        url,
        {"command_trigger": {"commands": ["mkfs.ext4 <device>"]}, "cross_domain": True},
        format="json",
    )
    assert good.status_code == 200
    assert good.json()["command_trigger"]["commands"][0]["program"] == "mkfs"
    assert good.json()["command_trigger"]["source"] == "person"
    assert good.json()["cross_domain"] is True


def test_anti_patterns_are_deactivated_and_activated(maintainer):
    anti_pattern = AntiPatternFactory()
    client = APIClient()
    client.force_login(maintainer)
    response = client.post(f"/api/v1/lessons/anti-patterns/{anti_pattern.pk}/deactivate")
    assert response.status_code == 200 and response.json()["active"] is False
    response = client.post(f"/api/v1/lessons/anti-patterns/{anti_pattern.pk}/activate")
    assert response.json()["active"] is True
    assert AntiPattern.objects.get().active is True
    listed = client.get("/api/v1/lessons/anti-patterns?active=true").json()["results"]
    assert [x["id"] for x in listed] == [str(anti_pattern.pk)]


def test_the_schema_documents_the_spec_endpoints(api_client, settings, db):
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    response = APIClient(REMOTE_ADDR="127.0.0.1").get("/api/schema/?format=json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in [
        "/lessons/report",
        "/lessons/bulk",
        "/check/anti-pattern",
        "/query/relevant",
        "/agent/{agent_name}/memory",
        "/patterns/emerging",
        "/escalations/pending",
        "/lessons/{lesson_id}/validate",
        "/patterns/{pattern_id}/confirm",
        "/claude-code/context",
        "/claude-code/session-end",
        "/dashboard",
    ]:
        assert path in paths, path
