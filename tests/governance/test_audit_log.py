import pytest
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.backends.postgresql.operations import DatabaseOperations
from django.db.utils import DatabaseError

from governance.auth import Principal
from governance.models import AuditLog
from governance.services import audit_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry():
    return audit_record(
        actor=Principal.system("tester"), action="test.action", target_type="x", target_id="1"
    )


def test_the_database_refuses_to_update_an_audit_row(entry):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        AuditLog.objects.filter(pk=entry.pk).update(action="tampered")
    assert AuditLog.objects.get(pk=entry.pk).action == "test.action"


def test_the_database_refuses_to_delete_an_audit_row(entry):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM governance_auditlog WHERE id = %s", [entry.pk])
    assert AuditLog.objects.filter(pk=entry.pk).exists()


def test_the_database_refuses_to_truncate_the_audit_log(entry):
    with pytest.raises(DatabaseError, match="append-only: TRUNCATE refused"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE governance_auditlog")
    assert AuditLog.objects.filter(pk=entry.pk).exists()


def test_djangos_own_flush_is_refused_outside_the_test_suite(entry):
    """What `manage.py flush` runs against a real database: one TRUNCATE of every table."""
    tables = connection.introspection.django_table_names(only_existing=True)
    unpatched = DatabaseOperations.sql_flush.__wrapped__(connection.ops, no_style(), tables)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        connection.ops.execute_sql_flush(unpatched)
    assert AuditLog.objects.filter(pk=entry.pk).exists()


def test_appending_is_allowed(entry):
    audit_record(
        actor=Principal.system("tester"), action="test.second", target_type="x", target_id="2"
    )
    assert AuditLog.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_test_suites_flush_empties_the_log_and_leaves_the_trigger_on():
    audit_record(
        actor=Principal.system("tester"), action="test.action", target_type="x", target_id="1"
    )
    call_command("flush", interactive=False, verbosity=0)
    assert AuditLog.objects.count() == 0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgenabled FROM pg_trigger WHERE tgname = %s AND tgrelid = %s::regclass",
            ["governance_auditlog_no_truncate", "governance_auditlog"],
        )
        assert cursor.fetchone() == ("O",)  # enabled in the normal ("origin") mode
    with pytest.raises(DatabaseError, match="TRUNCATE refused"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE governance_auditlog")
