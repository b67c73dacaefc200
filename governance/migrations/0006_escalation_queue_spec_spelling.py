"""Escalations opened before queue names were kept in the spec's spelling (`aria` -> `ARIA`)."""

from django.db import migrations
from django.db.models.functions import Lower

SPEC_QUEUE_NAMES = {"aria": "ARIA", "varys": "VARYS", "domain_supervisor": "domain_supervisor"}


def respell(apps, schema_editor):
    Escalation = apps.get_model("governance", "Escalation")
    rows = Escalation.objects.annotate(lowered=Lower("escalated_to"))
    for lowered, spelled in SPEC_QUEUE_NAMES.items():
        rows.filter(lowered=lowered).exclude(escalated_to=spelled).update(escalated_to=spelled)


class Migration(migrations.Migration):
    dependencies = [("governance", "0005_auditlog_refuses_truncate")]

    operations = [migrations.RunPython(respell, migrations.RunPython.noop)]
