"""How the lessons table is kept: what its writes maintain and when autovacuum visits it."""

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def _table_settings() -> dict[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'lessons_lesson'")
        options = cursor.fetchone()[0] or []
    return dict(option.split("=", 1) for option in options)


def _indexed_columns() -> list[list[str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT array_agg(attribute.attname ORDER BY key.position)"
            " FROM pg_index AS idx"
            " CROSS JOIN LATERAL unnest(idx.indkey) WITH ORDINALITY AS key(attnum, position)"
            " JOIN pg_attribute AS attribute"
            "   ON attribute.attrelid = idx.indrelid AND attribute.attnum = key.attnum"
            " WHERE idx.indrelid = 'lessons_lesson'::regclass GROUP BY idx.indexrelid"
        )
        return [row[0] for row in cursor.fetchall()]


def test_autovacuum_visits_lessons_after_a_hundredth_of_them_are_new():
    # The neighbour scans read their index alone only on pages vacuumed since their last insert.
    assert _table_settings() == {
        "autovacuum_vacuum_insert_threshold": "1000",
        "autovacuum_vacuum_insert_scale_factor": "0.01",
    }


def test_a_lesson_row_maintains_one_index_per_lookup():
    columns = _indexed_columns()
    # scope_id leads the unique (scope, domain, title) constraint, which serves its lookups.
    assert ["scope_id"] not in columns
    assert ["scope_id", "domain", "title"] in columns
    # session_id is read by equality: one plain index, no LIKE twin.
    assert columns.count(["session_id"]) == 1
