"""Harmless commands a report of another danger must not block, read as their documentation
says: Elasticsearch's and OpenSearch's scroll, point-in-time and async-search endpoints free a
search's cursor (`DELETE /_search/scroll/_all` clears every scroll context), they delete no
index. The commands were written from the Elasticsearch REST API reference, not taken from any
benchmark set."""

import pytest

from tests.lessons.guard_probe import blocks, report_trigger


def _every_index_deleted():
    return report_trigger(
        "curl -X DELETE 'https://search.internal:9200/_all'",
        title="Deleted every Elasticsearch index with DELETE /_all",
        why="All the search data of every service was gone; the cluster had to be rebuilt.",
    )


def _indices_deleted_over_rest():
    return report_trigger(
        "curl -X DELETE http://<host>:9200/<index>",
        title="Deleted Elasticsearch indices over the REST API",
        why="The index and its documents are gone; only a snapshot brings them back.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "curl -X DELETE 'https://search.internal:9200/_search/scroll/_all'",
        "curl -s -X DELETE https://search.internal:9200/_search/scroll "
        "-H 'Content-Type: application/json' -d '{\"scroll_id\": \"DXF1ZXJ5\"}'",
        "curl -X DELETE 'https://search.internal:9200/_pit' -d '{\"id\": \"46ToAwMDaWR5\"}'",
        "curl -X DELETE https://search.internal:9200/_async_search/FmRldE8zREVEUzA2",
        "http DELETE search.internal:9200/_search/scroll/_all",
    ],
)
def test_freeing_a_search_cursor_deletes_no_index(line):
    assert not blocks(_every_index_deleted(), line)
    assert not blocks(_indices_deleted_over_rest(), line)


@pytest.mark.parametrize(
    "line",
    [
        "curl -X DELETE 'https://search.internal:9200/_all'",
        "curl --request DELETE https://search.internal:9200/_all?expand_wildcards=all",
    ],
)
def test_deleting_every_index_stays_blocked(line):
    assert blocks(_every_index_deleted(), line)


def test_a_report_of_clearing_every_scroll_still_blocks_it():
    cleared = report_trigger(
        "curl -X DELETE 'https://search.internal:9200/_search/scroll/_all'",
        title="Cleared every scroll context of the shared search cluster",
        why="Every running export of every team failed halfway through.",
    )
    assert blocks(cleared, "curl -X DELETE https://search.internal:9200/_search/scroll/_all")


def _schema_dropped():
    return report_trigger(
        "alembic downgrade base",
        title="Dropped every table by downgrading the schema to base",
        why="Running every downgrade dropped every table the migrations had created.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "flyway -url=jdbc:postgresql://localhost:5432/app_test clean",
        "flyway -url=jdbc:mysql://127.0.0.1:3306/scratch clean",
    ],
)
def test_a_jdbc_url_on_this_machine_is_this_machine(line):
    assert not blocks(_schema_dropped(), line)


def test_a_jdbc_url_of_another_machine_stays_another_machine():
    assert blocks(_schema_dropped(), "flyway -url=jdbc:postgresql://db.internal:5432/app clean")
