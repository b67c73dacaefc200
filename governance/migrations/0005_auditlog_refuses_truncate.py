from django.db import migrations


class Migration(migrations.Migration):
    """TRUNCATE skips row triggers, so the audit log refuses it with a statement trigger too.

    It reuses the append-only function (TG_OP names the refused operation). The test suite's
    flush disables user triggers on this table inside its own transaction (tests/conftest.py);
    a production database refuses.
    """

    dependencies = [
        ("governance", "0004_verbose_names"),
    ]

    operations = [
        migrations.RunSQL(
            sql="""
            CREATE TRIGGER governance_auditlog_no_truncate
                BEFORE TRUNCATE ON governance_auditlog
                FOR EACH STATEMENT EXECUTE FUNCTION governance_auditlog_append_only();
            """,
            reverse_sql="DROP TRIGGER governance_auditlog_no_truncate ON governance_auditlog;",
        ),
    ]
