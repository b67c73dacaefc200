import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from governance.auth import principal_for_token
from governance.models import AgentCredential, Membership, Scope

pytestmark = pytest.mark.django_db


def test_createagent_prints_the_token_alone():
    out = io.StringIO()
    call_command(
        "createagent",
        "builder",
        "--domain",
        "infrastructure",
        "--scope",
        "acme/platform/ops/deploy",
        stdout=out,
    )
    token = out.getvalue().strip()
    assert "\n" not in token and token.startswith("mnem_")
    credential = principal_for_token(token).credential
    assert credential is not None
    assert credential.name == "builder"
    assert credential.domain == "infrastructure"
    assert [s.path for s in credential.write_scopes.all()] == ["acme/platform/ops/deploy"]
    assert Scope.objects.get(path="acme/platform/ops").layer == "team"


def test_createagent_read_only_gets_no_write_scopes():
    out = io.StringIO()
    call_command("createagent", "reader", "--scope", "acme", "--read-only", stdout=out)
    credential = principal_for_token(out.getvalue().strip()).credential
    assert credential is not None
    assert credential.can_write is False
    assert not credential.write_scopes.exists()


def test_createagent_refuses_a_too_deep_scope():
    with pytest.raises(CommandError, match="at most 5 levels"):
        call_command("createagent", "x", "--scope", "a/b/c/d/e/f", stdout=io.StringIO())


def test_seed_demo_is_idempotent(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    call_command("seed_demo", stdout=io.StringIO())
    first = json.loads((tmp_path / "demo_credentials.json").read_text())
    call_command("seed_demo", stdout=io.StringIO())
    second = json.loads((tmp_path / "demo_credentials.json").read_text())
    assert first == second
    assert AgentCredential.objects.filter(name="demo-agent", is_active=True).count() == 1
    assert principal_for_token(second["agent_token"]).name == "demo-agent"
    users = get_user_model().objects
    assert users.filter(username__in=["admin", "maintainer", "supervisor"]).count() == 3
    assert users.get(username="maintainer").check_password(second["password"])
    assert Membership.objects.filter(
        user__username="maintainer", role="maintainer", scope__path="acme"
    ).exists()
    assert Scope.objects.filter(path="acme/platform/payments/api", layer="project").exists()
