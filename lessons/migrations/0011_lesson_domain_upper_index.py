"""Indexes for the case-insensitive domain filters of an agent memory's rebuild (Django's iexact
is UPPER(domain) = UPPER(...), which the plain domain indexes cannot serve): its critical-lessons
query and its lesson count each scanned the whole lessons table (34,000 pages at 133,000
lessons), its anti-patterns query the anti-pattern table."""

import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("governance", "0011_policy_drop_unread_thresholds"),
        ("lessons", "0010_lesson_processing_apart"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="antipattern",
            index=models.Index(
                django.db.models.functions.text.Upper("domain"),
                name="anti_pattern_domain_upper_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="lesson",
            index=models.Index(
                django.db.models.functions.text.Upper("domain"), name="lesson_domain_upper_idx"
            ),
        ),
    ]
