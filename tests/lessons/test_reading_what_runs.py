"""What a command runs when its spelling hides it. service(8) runs the System V init script, so
`/etc/init.d/<name> stop` (under sudo too) and Debian's `invoke-rc.d <name> stop` are
`service <name> stop`. PostgreSQL's and MySQL's `EXPLAIN ANALYZE` executes the statement it
explains (a DELETE deletes its rows); a plain EXPLAIN, or ANALYZE turned off, only plans it.
Commands written from the tools' documentation, not taken from any benchmark set."""

import pytest

from tests.lessons.guard_probe import blocks, report_trigger


def _database_stopped():
    return report_trigger(
        "sudo systemctl stop mysql",
        title="Stopped the MySQL server the whole host depends on",
        why="Every application on the box lost its database until someone restarted it.",
    )


def _rows_deleted():
    return report_trigger(
        'psql -c "DELETE FROM invoices"',
        title="Deleted every row of the invoices table",
        why="A DELETE with no WHERE clause removes all rows; there was no backup.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "sudo /etc/init.d/mysql stop",
        "/etc/init.d/mysql stop",
        "sudo invoke-rc.d mysql stop",
    ],
)
def test_an_init_script_run_by_its_path_is_the_service_it_starts_and_stops(line):
    assert blocks(_database_stopped(), line)


@pytest.mark.parametrize(
    "line", ["sudo /etc/init.d/mysql status", "sudo /etc/init.d/nginx stop", "service mysql status"]
)
def test_an_init_script_asked_anything_else_is_allowed(line):
    assert not blocks(_database_stopped(), line)


@pytest.mark.parametrize(
    "line",
    [
        'psql -c "EXPLAIN ANALYZE DELETE FROM invoices"',
        'psql -c "explain analyze verbose delete from invoices"',
        'psql -c "EXPLAIN (ANALYZE, COSTS OFF) DELETE FROM invoices"',
        'psql -c "EXPLAIN (ANALYZE true, BUFFERS) DELETE FROM invoices"',
        'mysql -e "EXPLAIN ANALYZE DELETE FROM invoices"',
    ],
)
def test_explain_analyze_runs_the_statement_it_explains(line):
    assert blocks(_rows_deleted(), line)


@pytest.mark.parametrize(
    "line",
    [
        'psql -c "EXPLAIN DELETE FROM invoices"',
        'psql -c "EXPLAIN (VERBOSE, FORMAT JSON) DELETE FROM invoices"',
        'psql -c "EXPLAIN (ANALYZE false) DELETE FROM invoices"',
        'psql -c "EXPLAIN ANALYZE SELECT count(*) FROM invoices"',
    ],
)
def test_a_plan_only_explain_is_allowed(line):
    assert not blocks(_rows_deleted(), line)


def test_a_preview_only_run_destroys_nothing():
    trigger = report_trigger(
        "sst remove --stage production",
        title="Removed the production stage with sst remove",
        why="Every resource of the stage, its database included, was deleted.",
    )
    assert blocks(trigger, "sst remove --stage production")
    assert not blocks(trigger, "sst remove --stage production --preview-only")
