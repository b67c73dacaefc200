import pytest
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.models import AuditLog, Proposal
from governance.registry import describer_for
from governance.services import proposal_decide
from notes import conf
from notes.models import ExternalRef, Skill
from notes.services.skills import skill_activate, skill_save
from tests.clients import client_for

SKILLS = "/api/v1/skills"
REFS = "/api/v1/external-refs"


def _skill(client, name="deploy-canary", **body):
    return client.post(
        SKILLS,
        {"name": name, "skill_type": "script", "definition": {"steps": ["helm upgrade"]}, **body},
        format="json",
    )


def _active_skill(maintainer_client, scope: str, name="deploy-canary"):
    """A skill a maintainer saved without review and activated (agents may not skip review)."""
    assert _skill(maintainer_client, name, requires_approval=False, scope=scope).status_code == 201
    activated = maintainer_client.post(f"{SKILLS}/{name}/activate", {"scope": scope}, format="json")
    assert activated.status_code == 200, activated.content


@pytest.mark.django_db
def test_a_saved_skill_starts_as_a_draft(agent_client, scope_tree):
    response = _skill(agent_client, description="Roll out behind a canary")
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "draft" and body["requires_approval"] is True
    assert body["scope"] == scope_tree["project"].path and body["created_by"] == "agent"
    assert AuditLog.objects.filter(action="skill.create").exists()
    again = _skill(agent_client, description="Updated")
    assert again.status_code == 200 and again.json()["description"] == "Updated"
    assert Skill.objects.count() == 1


@pytest.mark.django_db
def test_activating_a_skill_that_needs_approval_goes_through_the_maintainers(
    agent_client, maintainer
):
    _skill(agent_client)
    response = agent_client.post(f"{SKILLS}/deploy-canary/activate", {}, format="json")
    assert response.status_code == 202
    assert response.json()["skill"]["status"] == "draft"
    proposal = Proposal.objects.get(pk=response.json()["proposal"]["id"])
    assert proposal.kind == "skill_activation" and proposal.subject_type == "notes.skill"
    proposal_decide(
        proposal_id=proposal.pk, principal=Principal.for_user(maintainer), decision="approve"
    )
    assert Skill.objects.get().status == "active"
    audit = AuditLog.objects.get(action="skill.activate")
    assert audit.actor == "maintainer" and audit.details["proposal"] == str(proposal.pk)


@pytest.mark.django_db
def test_a_skill_a_maintainer_saved_without_approval_is_activated_at_once(agent_client, maintainer):
    scope = "acme/platform/payments/api"
    _skill(client_for(maintainer), requires_approval=False, scope=scope)
    response = agent_client.post(f"{SKILLS}/deploy-canary/activate", {}, format="json")
    assert response.status_code == 200
    assert response.json()["skill"]["status"] == "active" and response.json()["proposal"] is None


@pytest.mark.django_db
def test_changing_an_approved_skill_sends_it_back_to_draft(agent_client, scope_tree):
    skill, _ = skill_save(
        principal=Principal.system(),
        scope=scope_tree["project"],
        name="s",
        skill_type="template",
        definition={"v": 1},
    )
    skill_activate(skill_id=skill.pk, actor=Principal.system())
    assert _skill(agent_client, name="s", skill_type="template").json()["status"] == "draft"


@pytest.mark.django_db
def test_active_skills_are_listed_nearest_layer_first(agent_client, scope_tree):
    for scope, name in (
        ("company", "lint"),
        ("company", "deploy"),
        ("project", "deploy"),
        ("other_project", "secret"),
        ("project", "draft-only"),
    ):
        skill, _ = skill_save(
            principal=Principal.system(),
            scope=scope_tree[scope],
            name=name,
            skill_type="composite",
            description=scope,
        )
        if name != "draft-only":
            skill_activate(skill_id=skill.pk, actor=Principal.system())
    body = agent_client.get(f"{SKILLS}/active").json()
    assert [(s["name"], s["description"]) for s in body] == [
        ("deploy", "project"),
        ("lint", "company"),
    ]


@pytest.mark.django_db
def test_usage_counts_uses_successes_and_the_last_use(agent_client, maintainer, scope_tree):
    _active_skill(client_for(maintainer), scope_tree["project"].path)
    first = agent_client.post(f"{SKILLS}/deploy-canary/usage", {"success": True}, format="json")
    second = agent_client.post(f"{SKILLS}/deploy-canary/usage", {"success": False}, format="json")
    assert (first.json()["use_count"], first.json()["success_count"]) == (1, 1)
    assert (second.json()["use_count"], second.json()["success_count"]) == (2, 1)
    assert second.json()["last_used_at"] >= first.json()["last_used_at"]
    missing = agent_client.post(f"{SKILLS}/nope/usage", {"success": True}, format="json")
    assert missing.status_code == 404


@pytest.mark.django_db
def test_skill_input_is_checked_field_by_field(agent_client):
    response = _skill(agent_client, skill_type="macro")
    assert response.status_code == 400 and "skill_type" in response.json()["fields"]
    response = _skill(agent_client, name="has spaces")
    assert response.status_code == 400 and "name" in response.json()["fields"]


@pytest.mark.django_db
def test_the_review_page_can_describe_a_skill(scope_tree):
    skill, _ = skill_save(
        principal=Principal.system(),
        scope=scope_tree["project"],
        name="s",
        skill_type="script",
        definition={"run": "make"},
    )
    described = describer_for("notes.skill")(str(skill.pk))
    assert described["title"] == "s"
    assert described["fields"]["definition"] == {"run": "make"}
    assert described["status"] == "draft" and described["layer"] == "project"
    assert described["metrics"]["use_count"] == 0


@pytest.mark.django_db
def test_people_deprecate_skills_they_may_write(member, outsider, agent_client):
    _skill(agent_client)
    path = {"scope": "acme/platform/payments/api"}
    outsider_try = client_for(outsider).post(
        f"{SKILLS}/deploy-canary/deprecate", path, format="json"
    )
    assert outsider_try.status_code == 403  # cannot even see the scope: refused as a missing one
    assert "scope" in outsider_try.json()["fields"]
    response = client_for(member).post(f"{SKILLS}/deploy-canary/deprecate", path, format="json")
    assert response.status_code == 200 and response.json()["status"] == "deprecated"


# --- external references ------------------------------------------------------------------------


def _ref(client, name="payments-runbook", **body):
    return client.put(
        f"{REFS}/{name}",
        {
            "ref_type": "wiki",
            "location": "https://wiki.example/payments",
            "summary": "On-call runbook for the payments API",
            **body,
        },
        format="json",
    )


@pytest.mark.django_db
def test_an_external_reference_is_saved_or_updated_by_name(agent_client):
    assert _ref(agent_client).status_code == 201
    response = _ref(agent_client, ref_type="documentation", location="https://docs.example/p")
    assert response.status_code == 200
    ref = ExternalRef.objects.get()
    assert (ref.ref_type, ref.location) == ("documentation", "https://docs.example/p")
    assert [
        a.action for a in AuditLog.objects.filter(target_type="notes.externalref").order_by("at")
    ] == [
        "external_ref.create",
        "external_ref.update",
    ]


@pytest.mark.django_db
def test_external_references_are_searched_by_name_and_summary(agent_client):
    _ref(agent_client)
    _ref(agent_client, "ledger-api", ref_type="api", summary="OpenAPI of the ledger")
    _ref(agent_client, "tooling", ref_type="tool", summary="Payments CLI")
    by_summary = agent_client.get(REFS, {"q": "payments"}).json()
    assert {r["name"] for r in by_summary} == {"payments-runbook", "tooling"}
    assert by_summary[0]["name"] == "payments-runbook"  # the name matches too
    by_name = agent_client.get(REFS, {"q": "ledger"}).json()
    assert [r["name"] for r in by_name] == ["ledger-api"]
    apis = agent_client.get(REFS, {"q": "", "ref_type": "api"}).json()
    assert [r["name"] for r in apis] == ["ledger-api"]


@pytest.mark.django_db
def test_the_specs_reference_types_only(agent_client):
    response = _ref(agent_client, ref_type="blog")
    assert response.status_code == 400 and "ref_type" in response.json()["fields"]
    for ref_type in ("documentation", "api", "wiki", "repository", "tool"):
        assert _ref(agent_client, f"r-{ref_type}", ref_type=ref_type).status_code == 201


@pytest.mark.django_db
def test_an_external_reference_can_be_read_and_deleted(agent_client):
    _ref(agent_client)
    assert agent_client.get(f"{REFS}/payments-runbook").json()["ref_type"] == "wiki"
    assert agent_client.delete(f"{REFS}/payments-runbook").status_code == 204
    assert agent_client.get(f"{REFS}/payments-runbook").status_code == 404
    assert AuditLog.objects.filter(action="external_ref.delete").exists()


@pytest.mark.django_db
def test_skill_and_reference_saves_share_the_session_limit(agent_client, monkeypatch):
    monkeypatch.setattr(conf, "KNOWLEDGE_SAVES_PER_SESSION", 2)
    assert _skill(agent_client, session="s").status_code == 201
    assert _ref(agent_client, session="s").status_code == 201
    assert _ref(agent_client, "another", session="s").status_code == 429
    assert _skill(agent_client, name="other", session="s").status_code == 429


@pytest.mark.django_db
def test_an_external_ref_saved_without_a_scope_is_read_without_one(settings):
    settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL = True
    local = APIClient(REMOTE_ADDR="127.0.0.1")
    saved = local.put(
        f"{REFS}/runbook",
        {"ref_type": "wiki", "location": "https://wiki.example/runbook"},
        format="json",
    )
    assert saved.status_code == 201, saved.content
    got = local.get(f"{REFS}/runbook")
    assert got.status_code == 200, got.content
    assert got.json()["location"] == "https://wiki.example/runbook"


@pytest.mark.django_db
def test_usage_is_recorded_for_active_skills_only(agent_client, maintainer, scope_tree):
    # Seed 003: IncrementSkillUsage counts uses of the skills ListActiveSkills hands out.
    maintainer_client, scope = client_for(maintainer), scope_tree["project"].path
    _skill(maintainer_client, requires_approval=False, scope=scope)
    draft = agent_client.post(f"{SKILLS}/deploy-canary/usage", {"success": True}, format="json")
    assert draft.status_code == 409, draft.content
    assert "draft" in draft.json()["detail"]
    assert Skill.objects.get().use_count == 0
    maintainer_client.post(f"{SKILLS}/deploy-canary/activate", {"scope": scope}, format="json")
    used = agent_client.post(f"{SKILLS}/deploy-canary/usage", {"success": True}, format="json")
    assert used.status_code == 200 and used.json()["use_count"] == 1
