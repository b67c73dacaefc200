"""Conventions CLIs share, read for tools no table lists. Go's flag package accepts a long flag
with one dash or two (`-purge` and `--purge` are the same flag), so a report written with one
spelling stands for the other. A REST call that names one index by a placeholder
(`http://localhost:9200/<index>`) deletes that index, not a document under it. The tools and
commands were written from their documentation (nomad, consul, packer, nerdctl, OpenSearch),
not taken from any benchmark set."""

import pytest

from lessons.commands import invocations
from tests.lessons.guard_probe import blocks, report_trigger


def _job_purged():
    return report_trigger(
        "nomad job stop -purge billing-api",
        title="Purged the production billing job from nomad",
        why="-purge removed the job and its history from the cluster; it could not be restarted.",
    )


def _kv_tree_deleted():
    return report_trigger(
        "consul kv delete --recurse settings/",
        title="Recursively deleted the production settings tree in Consul",
        why="Every service lost its configuration keys at once.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "nomad job stop -purge billing-api",
        "nomad job stop --purge billing-api",
        "nomad job stop -purge=true billing-api",
        "nomad job stop -address=https://nomad.prod.internal:4646 --purge billing-api",
    ],
)
def test_a_go_long_flag_is_the_same_with_one_dash_or_two(line):
    assert blocks(_job_purged(), line)


@pytest.mark.parametrize(
    "line",
    ["consul kv delete -recurse settings/", "consul kv delete -recurse=true settings/"],
)
def test_a_report_written_with_two_dashes_blocks_the_one_dash_spelling(line):
    assert blocks(_kv_tree_deleted(), line)


@pytest.mark.parametrize(
    "line",
    [
        "nomad job stop billing-api",
        "nomad job stop -purge=false billing-api",
        "nomad job status billing-api",
        "consul kv get -recurse settings/",
        "consul kv delete settings/app/timeout",
    ],
)
def test_the_same_tools_without_the_flag_stay_allowed(line):
    assert not blocks(_job_purged(), line)
    assert not blocks(_kv_tree_deleted(), line)


@pytest.mark.parametrize("bundle", ["-rf", "-xvz", "-euxo"])
def test_short_bundles_of_an_unlisted_tool_stay_letters(bundle):
    (inv,) = invocations(f"sometool {bundle} target")
    assert f"-{bundle[1]}" in inv.flags
    assert not inv.flags & {bundle, "-" + bundle}


def _index_deleted():
    return report_trigger(
        "curl -X DELETE http://localhost:9200/<index>",
        title="Deleted an OpenSearch index over the REST API",
        why="The index's documents and mappings were gone; without a snapshot only a reindex "
        "brought them back.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "curl -X DELETE https://search.prod.internal:9200/audit-2025",
        "curl -XDELETE 'http://os-1:9200/audit-*'",
        "curl --request DELETE http://os-1:9200/audit-2025/",
        "curl -X DELETE 'http://os-1:9200/audit-2025?ignore_unavailable=true'",
    ],
)
def test_deleting_an_index_blocks(line):
    assert blocks(_index_deleted(), line)


@pytest.mark.parametrize(
    "line",
    [
        "curl -X DELETE https://search.prod.internal:9200/audit-2025/_doc/8812",
        "curl -X DELETE http://os-1:9200/audit-2025/_alias/audit-current",
        "curl -X GET http://os-1:9200/audit-2025",
    ],
)
def test_a_document_or_an_alias_under_the_index_is_not_the_index(line):
    assert not blocks(_index_deleted(), line)


def _customers_dropped():
    return report_trigger(
        'psql -c "DROP TABLE customers"',
        title="Dropped the customers table with a one-off statement",
        why="The table and its rows were gone; the restore took the afternoon.",
    )


@pytest.mark.parametrize(
    "line",
    [
        # a database CLI no table lists runs the statement it is handed, as psql -c does
        'wrangler d1 execute shop-db --remote --command "DROP TABLE customers"',
        'turso db shell shop-db "DROP TABLE customers"',
        "heroku pg:psql -a shop -c 'DROP TABLE customers'",
        'supabase db query --linked "DROP TABLE IF EXISTS public.customers"',
    ],
)
def test_a_database_tool_no_table_lists_runs_the_statement_it_is_handed(line):
    assert blocks(_customers_dropped(), line)


@pytest.mark.parametrize(
    "line",
    [
        'wrangler d1 execute shop-db --command "SELECT count(*) FROM customers"',
        'turso db shell shop-db "DROP TABLE customers_scratch"',
        # the statement as text that no database runs
        'linear issue create --title "DROP TABLE customers" --team data',
        'notify-send "DROP TABLE customers ran"',
    ],
)
def test_a_read_another_table_or_a_statement_as_text_stays_allowed(line):
    assert not blocks(_customers_dropped(), line)


def test_a_search_through_sql_files_is_not_a_database_tool():
    assert not blocks(_customers_dropped(), 'grep -rn "DROP TABLE customers" db/migrations/*.sql')
