"""Create, idempotently, a demo scope tree, a maintainer (who may also read lessons, signatures
and notes in the admin), a supervisor (on the ARIA, VARYS and domain supervisor queues) and a demo
agent. `make run` points anonymous local agents at the demo project (see `serve`).

Credentials it makes are kept in `<data dir>/demo_credentials.json` (git-ignored, mode 0600) so
`make run` can print them every time; passwords come from MNEMOSYNE_DEMO_PASSWORD when set.
"""

import json
import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.management.base import BaseCommand
from django.db import transaction
from django.db.models import Q

from governance.models import AgentCredential, Role
from governance.services import agent_create, membership_grant, queue_assign, scope_ensure_path

DEMO_TREE = "acme/platform/payments/api"
DEMO_AGENT = "demo-agent"
# The admin pages of what agents report are governed by Django permissions: the demo maintainer
# reads them all, and edits anti-patterns, patterns and escalation rules.
DEMO_MAINTAINERS_GROUP = "demo maintainers"
MAINTAINER_VIEWS = ("lessons", "hindsight", "notes")
MAINTAINER_CHANGES = ("change_antipattern", "change_pattern", "change_escalationrule")


class Command(BaseCommand):
    help = "Create the demo scopes, people and agent (safe to run again)."

    def handle(self, *args, **options):
        path = settings.DATA_DIR / "demo_credentials.json"
        saved = json.loads(path.read_text()) if path.exists() else {}
        password = os.environ.get("MNEMOSYNE_DEMO_PASSWORD") or saved.get("password")
        password = password or secrets.token_urlsafe(12)

        with transaction.atomic():
            project = scope_ensure_path(path=DEMO_TREE)
            company = scope_ensure_path(path=DEMO_TREE.split("/")[0])
            scope_ensure_path(path=settings.MNEMOSYNE_DEFAULT_SCOPE)
            users = get_user_model().objects
            people = {
                "admin": {"is_staff": True, "is_superuser": True},
                "maintainer": {"is_staff": True, "is_superuser": False},
                "supervisor": {"is_staff": True, "is_superuser": False},
            }
            for username, flags in people.items():
                user, created = users.get_or_create(username=username, defaults=flags)
                if created or not saved:
                    user.set_password(password)
                    user.email = f"{username}@localhost"
                    user.save()
            membership_grant(
                user=users.get(username="maintainer"), scope=company, role=Role.MAINTAINER
            )
            group, _ = Group.objects.get_or_create(name=DEMO_MAINTAINERS_GROUP)
            group.permissions.set(
                Permission.objects.filter(
                    Q(content_type__app_label__in=MAINTAINER_VIEWS, codename__startswith="view_")
                    | Q(content_type__app_label="lessons", codename__in=MAINTAINER_CHANGES)
                )
            )
            users.get(username="maintainer").groups.add(group)
            membership_grant(
                user=users.get(username="supervisor"), scope=company, role=Role.SUPERVISOR
            )
            # The spec's escalation targets become queues the demo supervisor works.
            for queue in ("aria", "varys", "domain_supervisor"):
                queue_assign(user=users.get(username="supervisor"), queue=queue, scope=company)

            token = saved.get("agent_token")
            if token is None or not AgentCredential.objects.filter(name=DEMO_AGENT).exists():
                AgentCredential.objects.filter(name=DEMO_AGENT).update(is_active=False)
                _, token = agent_create(
                    name=DEMO_AGENT, domain="development", scopes=[project], ttl_days=365
                )

        demo = {"password": password, "agent_token": token, "scope": DEMO_TREE}
        path.write_text(json.dumps(demo, indent=2))
        path.chmod(0o600)
        self.stdout.write(
            self.style.SUCCESS(f"demo scopes {DEMO_TREE}; people admin, maintainer, supervisor")
        )
