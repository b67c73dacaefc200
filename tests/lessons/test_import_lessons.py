from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from lessons.markdown_import import parse_lessons
from lessons.models import AntiPattern, Lesson

pytestmark = pytest.mark.django_db

FILE = """\
# Lessons Learned

Some introduction nobody reads.

## Docker

### 2024-01-10: PostgreSQL permission denied after upgrade
- **Type:** failure
- **Severity:** high
- **Context:** Running backup after container restart
- **Action:** Attempted to run pg_dump
- **Outcome:** Permission denied error
- **Root cause:** Container UID mismatch after postgres upgrade
- **Solution:** chown -R postgres:postgres /var/lib/postgresql/data
- **Tags:** docker, postgres, permissions

### Never run rm -rf on data directories
- Severity: critical
- Commands: `rm -rf /data`
- Alternatives:
  - Move the directory aside first
  - Use the cleanup script

Deleting a data directory cannot be undone.

## n8n

### Workaround for credentials lost on workflow import
Re-enter the credentials by hand after importing; the export does not carry them.
"""


def run(path, *args):
    out = StringIO()
    call_command("import_lessons", str(path), *args, stdout=out)
    return out.getvalue()


def test_the_parser_reads_headings_fields_and_free_text():
    lessons = parse_lessons(FILE, domain="infrastructure", agent="MIGRATION")
    assert [x["title"] for x in lessons] == [
        "PostgreSQL permission denied after upgrade",
        "Never run rm -rf on data directories",
        "Workaround for credentials lost on workflow import",
    ]
    first, second, third = lessons
    assert first["lesson_type"] == "failure" and first["severity"] == "high"
    assert first["category"] == "docker" and first["domain"] == "infrastructure"
    assert first["tags"] == ["docker", "postgres", "permissions"]
    assert first["root_cause"] == "Container UID mismatch after postgres upgrade"
    assert second["lesson_type"] == "anti_pattern" and second["severity"] == "critical"
    assert second["related_commands"] == ["rm -rf /data"]
    assert second["alternatives"] == ["Move the directory aside first", "Use the cleanup script"]
    assert second["context"] == "Deleting a data directory cannot be undone."
    assert third["lesson_type"] == "workaround" and third["category"] == "n8n"
    assert third["context"].startswith("Re-enter the credentials")


def test_import_creates_lessons_and_reimport_creates_nothing(tmp_path, scope_tree):
    path = tmp_path / "LESSONS-LEARNED.md"
    path.write_text(FILE)

    first = run(path, "--agent", "CLAUDE_CODE", "--domain", "infrastructure")

    assert "created 3, updated 0, skipped 0" in first
    assert Lesson.objects.count() == 3
    assert set(Lesson.objects.values_list("source_agent", flat=True)) == {"CLAUDE_CODE"}
    assert AntiPattern.objects.get().block_action is True
    assert Lesson.objects.filter(embedding__isnull=False).count() == 3

    second = run(path, "--agent", "CLAUDE_CODE", "--domain", "infrastructure")

    assert "created 0, updated 0, skipped 3" in second
    assert Lesson.objects.count() == 3
    assert set(Lesson.objects.values_list("occurrence_count", flat=True)) == {1}
    assert AntiPattern.objects.count() == 1


def test_a_changed_entry_is_updated_in_place(tmp_path, scope_tree):
    path = tmp_path / "LESSONS.md"
    path.write_text(FILE)
    run(path)
    path.write_text(FILE.replace("- **Severity:** high", "- **Severity:** critical"))

    output = run(path)

    assert "created 0, updated 1, skipped 2" in output
    assert "updated  PostgreSQL permission denied after upgrade (severity)" in output
    lesson = Lesson.objects.get(title="PostgreSQL permission denied after upgrade")
    assert lesson.severity == "critical" and lesson.occurrence_count == 1


def test_it_imports_into_the_named_scope(tmp_path, scope_tree):
    path = tmp_path / "LESSONS.md"
    path.write_text(FILE)
    run(path, "--scope", "acme/platform/payments")
    assert set(Lesson.objects.values_list("scope__path", flat=True)) == {"acme/platform/payments"}


def test_invalid_entries_are_skipped_and_named(tmp_path, db):
    path = tmp_path / "LESSONS.md"
    path.write_text(
        "## Section\n### Too sure\n- Type: failure\n- Confidence: 7\n"
        "### Fine\n- Type: success\n- Outcome: it worked\n"
    )
    output = run(path)
    assert "skipped  Too sure (invalid (confidence:" in output
    assert "created 1, updated 0, skipped 1" in output
    assert list(Lesson.objects.values_list("title", flat=True)) == ["Fine"]


def test_a_long_heading_is_cut_to_a_title_rather_than_lost(tmp_path, db):
    path = tmp_path / "LESSONS.md"
    path.write_text("## Section\n### " + "x" * 400 + "\n- Type: failure\n")
    run(path)
    assert Lesson.objects.get().title == "x" * 300


def test_a_missing_file_is_a_command_error(tmp_path, db):
    with pytest.raises(CommandError):
        run(tmp_path / "nope.md")
