"""Install the anti-patterns every install has (the spec's auto-loaded ones); safe to run again.

`make run` runs it; a production setup runs it after `migrate`. A maintainer's deactivation or
edit of one of them is never undone.
"""

from django.core.management.base import BaseCommand

from lessons.services import anti_patterns_install_builtin


class Command(BaseCommand):
    help = "Install Mnemosyne's built-in anti-patterns (idempotent; keeps maintainers' changes)."

    def handle(self, *args, **options):
        counts = anti_patterns_install_builtin()
        self.stdout.write(
            f"built-in anti-patterns: {counts['created']} created, {counts['updated']} updated, "
            f"{counts['kept']} kept"
        )
