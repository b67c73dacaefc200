"""How a tool spells what it does, read as its documentation says: curl's switches that only
change how a URL is parsed or how much is printed (`-g`/`--globoff`, `--no-progress-meter`)
are no part of the danger; a MongoDB shell call given an options document
(`db.dropDatabase({w: "majority"})`, a write concern) does what the bare call does. The
commands were written from curl(1) and the mongosh reference, not taken from any benchmark set."""

import pytest

from lessons.sql_statements import read_statements
from tests.lessons.guard_probe import blocks, report_trigger


def _consul_tree_deleted():
    return report_trigger(
        "curl -g -X DELETE 'http://<consul>:8500/v1/kv/app?recurse=true'",
        title="Deleted the whole Consul key tree of the app with a recursive DELETE",
        why="Every service lost its configuration at once.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "curl -X DELETE 'http://consul.internal:8500/v1/kv/app?recurse=true'",
        "curl --globoff --request DELETE 'https://consul.internal:8501/v1/kv/app?recurse=true'",
        "curl -sS --no-progress-meter -X DELETE 'http://consul.internal:8500/v1/kv/app?recurse'",
    ],
)
def test_a_switch_that_only_parses_or_prints_is_no_part_of_the_danger(line):
    assert blocks(_consul_tree_deleted(), line)


@pytest.mark.parametrize(
    "line",
    [
        "curl -g 'http://consul.internal:8500/v1/kv/app?recurse=true'",  # a read
        "curl -g -X DELETE 'http://localhost:8500/v1/kv/app?recurse=true'",  # this machine's
    ],
)
def test_reading_the_tree_or_deleting_on_this_machine_stays_allowed(line):
    assert not blocks(_consul_tree_deleted(), line)


def _production_mongo_dropped():
    return report_trigger(
        "mongosh \"$PROD_MONGO_URL\" --eval 'db.dropDatabase()'",
        title="Dropped the production MongoDB database from the shell",
        why="Every collection of the shop was gone.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "mongosh mongodb://orders.internal/shop --eval 'db.dropDatabase({w: \"majority\"})'",
        "mongosh mongodb://orders.internal/shop --eval "
        "'db.getSiblingDB(\"shop\").dropDatabase({writeConcern: {w: 1, j: true}})'",
    ],
)
def test_a_shell_call_with_an_options_document_does_what_the_bare_call_does(line):
    assert blocks(_production_mongo_dropped(), line)


@pytest.mark.parametrize(
    "line",
    [
        "mongosh mongodb://localhost/shop_test --eval 'db.dropDatabase({w: 1})'",
        "mongosh mongodb://orders.internal/shop --eval 'db.stats({scale: 1024})'",
    ],
)
def test_a_test_database_or_a_read_stays_allowed(line):
    assert not blocks(_production_mongo_dropped(), line)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('db.dropAllUsers({w: "majority", wtimeout: 5000})', "user"),
        ("db.dropDatabase( { writeConcern: { w: 1 } } )", "database"),
    ],
)
def test_what_a_call_with_options_drops(text, kind):
    assert [(s.verb, s.kind) for s in read_statements(text)] == [("drop", kind)]


def test_an_unclosed_call_is_no_call():
    assert read_statements("db.dropDatabase(" + "{" * 2000) == []
    assert read_statements("db.dropDatabase({w: 1}") == []
