"""`manage.py import_lessons FILE.md [--agent NAME] [--domain D] [--scope PATH]`."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from governance.auth import Principal
from lessons.markdown_import import parse_lessons
from lessons.services.importing import lessons_import


class Command(BaseCommand):
    help = (
        "Import a LESSONS-LEARNED.md style file (headings, `- Field: value` bullets, free text) "
        "as lessons. Importing the same file again creates nothing new."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--agent", default="MIGRATION", help="source_agent of the lessons")
        parser.add_argument("--domain", default="general", help="domain unless a lesson names one")
        parser.add_argument("--scope", default=None, help="scope path (default: the default scope)")

    def handle(self, *args, file: Path, agent: str, domain: str, scope: str | None, **options):
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {file}: {exc}") from None
        items = parse_lessons(text, domain=domain, agent=agent)
        if not items:
            self.stdout.write(f"{file}: no lessons found")
            return
        lines = lessons_import(
            items=items, principal=Principal.system(f"import:{agent}"), scope_path=scope
        )
        for line in lines:
            note = f" ({line.note})" if line.note else ""
            self.stdout.write(f"{line.action:8} {line.title}{note}")
        counts = {
            action: sum(1 for x in lines if x.action == action)
            for action in ("created", "updated", "skipped")
        }
        self.stdout.write(
            self.style.SUCCESS(
                f"{file}: created {counts['created']}, updated {counts['updated']}, "
                f"skipped {counts['skipped']}"
            )
        )
