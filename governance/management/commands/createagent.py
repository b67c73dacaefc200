from django.core.management.base import BaseCommand, CommandError

from governance.services import agent_create, scope_ensure_default, scope_ensure_path
from mnemosyne_site.errors import DomainError


class Command(BaseCommand):
    help = "Create an agent credential and print its token (alone, on stdout). Shown only once."

    def add_arguments(self, parser):
        parser.add_argument("name")
        parser.add_argument("--domain", default="general")
        parser.add_argument(
            "--scope",
            action="append",
            default=[],
            help="scope path the agent may read and write (repeatable; created if missing)",
        )
        parser.add_argument("--read-only", action="store_true")
        parser.add_argument("--ttl-days", type=int, default=None)

    def handle(self, *args, name, domain, scope, read_only, ttl_days, **options):
        try:
            scopes = [scope_ensure_path(path=p) for p in scope] or [scope_ensure_default()]
        except DomainError as error:
            raise CommandError(str(error)) from None
        _, token = agent_create(
            name=name, domain=domain, scopes=scopes, can_write=not read_only, ttl_days=ttl_days
        )
        self.stdout.write(token)
