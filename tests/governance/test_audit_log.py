import pytest
from django.db import connection, transaction
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


def test_appending_is_allowed(entry):
    audit_record(
        actor=Principal.system("tester"), action="test.second", target_type="x", target_id="2"
    )
    assert AuditLog.objects.count() == 2
