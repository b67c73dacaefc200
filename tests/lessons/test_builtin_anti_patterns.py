"""The spec's "Current Anti-Patterns (Auto-Loaded)", shipped as data every install has."""

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from governance.auth import Principal
from governance.models import AuditLog
from lessons.models import AntiPattern
from lessons.services import anti_pattern_set_active, anti_pattern_update
from lessons.services import anti_patterns_install_builtin as install
from tests.governance.factories import AgentCredentialFactory

pytestmark = pytest.mark.django_db

SPEC_TITLES = {
    "Direct production database modifications",
    "Editing n8n workflows via SQL",
    "Modifying ARIA's system prompt without a backup",
    "Running rm -rf on data directories",
    "Deploying to prod without dev testing",
}


def check(client, action, domain="development"):
    body = {"proposed_action": action, "context": "", "domain": domain, "agent": "CLAUDE_CODE"}
    response = client.post("/check/anti-pattern", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def test_the_command_installs_the_specs_anti_patterns_once():
    out = StringIO()
    call_command("install_anti_patterns", stdout=out)
    assert "5 created, 0 updated, 0 kept" in out.getvalue()
    assert set(AntiPattern.objects.values_list("title", flat=True)) == SPEC_TITLES
    assert all(a.embedding is not None and a.cross_domain for a in AntiPattern.objects.all())
    assert AuditLog.objects.filter(action="anti_pattern.install").count() == 5

    assert install() == {"created": 0, "updated": 0, "kept": 5}
    assert AntiPattern.objects.count() == 5


def test_a_maintainers_deactivation_and_edit_survive_the_loader():
    install()
    rm = AntiPattern.objects.get(builtin_key="rm-rf-data-directories")
    anti_pattern_set_active(
        anti_pattern_id=rm.pk, principal=Principal.system("maintainer"), active=False
    )
    deploy = AntiPattern.objects.get(builtin_key="prod-deploy-without-dev")
    anti_pattern_update(
        anti_pattern_id=deploy.pk,
        principal=Principal.system("maintainer"),
        changes={"command_trigger": {"commands": ["vercel --prod"]}},
    )

    assert install() == {"created": 0, "updated": 0, "kept": 5}
    rm.refresh_from_db()
    deploy.refresh_from_db()
    assert rm.active is False
    assert [c["program"] for c in deploy.command_trigger["commands"]] == ["vercel"]
    assert deploy.command_trigger["source"] == "person"


def test_a_shipped_trigger_nobody_edited_follows_the_release():
    install()
    AntiPattern.objects.filter(builtin_key="n8n-workflow-sql").update(
        command_trigger={"commands": [{"program": "psql"}], "source": "builtin"}
    )
    assert install() == {"created": 0, "updated": 1, "kept": 4}
    n8n = AntiPattern.objects.get(builtin_key="n8n-workflow-sql")
    assert len(n8n.command_trigger["commands"]) > 1


BOTH_WAYS = [
    # direct production database modifications
    ('psql "$PROD_DATABASE_URL" -c "UPDATE users SET plan = \'pro\' WHERE id = 42"', True),
    ("PGHOST=db.production.internal psql -d app -c 'DELETE FROM orders WHERE id = 3'", True),
    ("psql $PROD_DB_URL < hotfix.sql", True),
    ("docker exec -it prod-db psql -U postgres -c 'TRUNCATE sessions'", True),
    ('psql "$PROD_DATABASE_URL" -c "SELECT count(*) FROM users"', False),
    ('psql "$DEV_DATABASE_URL" -c "UPDATE users SET plan = \'pro\'"', False),
    ('pg_dump "$PROD_DATABASE_URL" > backup.sql', False),
    ("psql -c 'UPDATE products SET price = 3'", False),
    # editing n8n workflows via SQL
    ("psql -c \"UPDATE workflow_entity SET active = false WHERE id = '12'\"", True),
    ('sqlite3 ~/.n8n/database.sqlite "DELETE FROM workflow_entity WHERE id = 3"', True),
    ("psql -c 'SELECT id, name FROM workflow_entity'", False),
    ("n8n import:workflow --input=workflow.json", False),
    # ARIA's system prompt without a backup
    ("sed -i 's/ARIA/Aria/' /opt/aria/system_prompt.md", True),
    ("echo 'You are ARIA' > aria/system_prompt.md", True),
    ("cp draft.md /opt/aria/system_prompt.md", True),
    ("sed -i.bak 's/ARIA/Aria/' /opt/aria/system_prompt.md", False),
    (
        "cp aria/system_prompt.md aria/system_prompt.md.bak"
        " && sed -i 's/a/b/' aria/system_prompt.md",
        False,
    ),
    ("cat /opt/aria/system_prompt.md", False),
    ("sed -i 's/a/b/' aria/config.yml", False),
    # rm -rf on data directories
    ("rm -rf /var/lib/postgresql/data", True),
    ("sudo rm -fr /srv/app/data/", True),
    ("cd /var/lib/postgresql && rm -rf data", True),
    ("docker exec db rm -rf /var/lib/mysql", True),
    ("rm -rf build/ dist/", False),
    ("rm -rf node_modules", False),
    ("rm data.csv", False),
    ("mv /srv/app/data /srv/app/data.old", False),
]


@pytest.mark.parametrize("action, blocked", BOTH_WAYS)
def test_real_commands_both_ways(agent_client, action, blocked):
    install()
    assert check(agent_client, action)["blocked"] is blocked


@pytest.mark.parametrize(
    "action, warned",
    [
        ("kubectl apply -f k8s/ --context production", True),
        ("vercel deploy --prod", True),
        ("./deploy.sh production", True),
        ("git push production main", True),
        ("./promote-to-prod.sh", False),
        ("./deploy.sh dev", False),
        ("kubectl get pods -n production", False),
        ("terraform plan -var-file=prod.tfvars", False),
    ],
)
def test_a_direct_deploy_to_production_warns(agent_client, action, warned):
    install()
    answer = check(agent_client, action)
    assert answer["blocked"] is False  # the server cannot see whether DEV was tested
    titles = [m["title"] for m in answer["matching_patterns"] if m["match_type"] == "command"]
    assert (titles == ["Deploying to prod without dev testing"]) is warned


def test_they_apply_in_every_scope_and_domain(scope_tree):
    install()
    token = AgentCredentialFactory(name="elsewhere", scopes=[scope_tree["other_project"]]).token
    client = APIClient(HTTP_AUTHORIZATION=f"Bearer {token}")
    answer = check(client, "rm -rf /var/lib/postgresql/data", domain="creative")
    assert answer["blocked"] is True
    match = answer["matching_patterns"][0]
    assert match["domain_match"] == "cross_domain" and match["scope"] == "default"


def test_a_deactivated_one_blocks_nothing(agent_client):
    install()
    rm = AntiPattern.objects.get(builtin_key="rm-rf-data-directories")
    anti_pattern_set_active(
        anti_pattern_id=rm.pk, principal=Principal.system("maintainer"), active=False
    )
    assert check(agent_client, "rm -rf /var/lib/postgresql/data")["blocked"] is False
