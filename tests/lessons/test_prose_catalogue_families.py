"""Dangers a sentence names, read for every tool and switch that performs them: SIGKILL of every
process matching a name, tests run with their failures ignored before a release, a restore that
drops what is there first, and ignored secret files forced into a commit."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Killed every node process on the shared CI runner with kill -9",
            [
                "pkill -9 node",
                "pkill -KILL -f gunicorn",
                "killall -s KILL ruby",
                "pgrep -f worker | xargs kill -9",
            ],
            ["kill -9 4242", "pkill -TERM node", "pgrep -a node", "kill -0 4242", "killall -l"],
        ),
        (
            "Ignored the failing tests to get the release artifact published",
            [
                "mvn deploy -Dmaven.test.failure.ignore=true",
                "mvn deploy -DtestFailureIgnore",
                "mvn deploy -DskipTests",
                "./gradlew publish -x test",
            ],
            ["mvn test", "mvn deploy", "mvn deploy -Dmaven.test.failure.ignore=false"],
        ),
        (
            "Dropped the orders Mongo database on the cluster",
            [
                "mongosh orders --eval 'db.dropDatabase()'",
                "mongorestore --drop --db orders dump/orders",
                "pg_restore --clean -d orders orders.dump",
            ],
            [
                "mongodump --db orders",
                "mongorestore --db orders_copy dump/orders",
                "pg_restore -l orders.dump",
            ],
        ),
        (
            "Force-added the ignored secrets file to a commit",
            ["git add -f .env", "git add -A -f", "git add --force ."],
            ["git add -A", "git add .", "git add -f dist/bundle.js", "git add .env.sample"],
        ),
    ],
)
def test_a_named_danger_is_blocked_in_each_of_its_spellings(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert [line for line in dangerous if not blocks(trigger, line)] == []
    assert [line for line in harmless if blocks(trigger, line)] == []


def test_one_process_killed_by_its_id_is_no_name_matched():
    trigger = prose_trigger("SIGKILLed a stuck worker by its pid instead of stopping it")
    assert not blocks(trigger, "pkill -TERM node")


@pytest.mark.parametrize(
    "sentence",
    [
        "Deleted the published release and its tag from GitHub",
        "Removed the v1 tag on GitLab that customers pinned",
    ],
)
def test_a_tag_deleted_on_a_forge_is_a_remote_tag_deleted(sentence):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, "git push origin --delete v2.3.0")
    assert not blocks(trigger, "git tag -l")
    assert not blocks(trigger, "git push origin v2.3.0")


def test_work_nobody_pushed_names_no_remote():
    trigger = prose_trigger("Deleted a local branch that held commits nobody had pushed")
    assert not blocks(trigger, "git push origin --delete feature/old-spike")


def test_a_named_search_index_deleted_in_production():
    trigger = prose_trigger("Dropped the search index on the production Elasticsearch cluster")
    assert blocks(trigger, "curl -X DELETE https://es.prod.internal:9200/products")
    assert blocks(trigger, "curl -XDELETE 'http://es-prod:9200/products?pretty'")
    assert not blocks(trigger, "curl https://es.prod.internal:9200/products/_count")
    assert not blocks(trigger, "curl -X DELETE http://localhost:9200/products")
    assert not blocks(trigger, "curl -X DELETE 'http://es-prod:9200/_search/scroll/_all'")
    assert not blocks(trigger, "curl -X DELETE https://es.prod.internal:9200/products/_doc/42")


def test_a_search_index_deleted_anywhere_else_is_everyday():
    trigger = prose_trigger("Dropped the search index on my laptop to rebuild it")
    assert not blocks(trigger, "curl -X DELETE http://localhost:9200/products")


@pytest.mark.parametrize(
    "sentence",
    [
        "Overwrote the shared Terraform state with an old local copy",
        "Replaced the state file in the bucket by hand",
    ],
)
def test_state_overwritten_is_state_pushed_or_imported(sentence):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, "terraform state push -force old.tfstate")
    assert blocks(trigger, "pulumi stack import --file old.json")
    assert not blocks(trigger, "terraform state pull")
    assert not blocks(trigger, "pulumi stack export --file now.json")
