"""Production in a sentence is where the operation happened only when it says where: "the
production database", "against production". Said of something else ("the repository that
production pulls from", "it turned out to be production"), it tells why the operation hurt, and
the commands doing the operation anywhere are what the report warns about."""

import pytest

from lessons.prose_triggers import describe
from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    "sentence",
    [
        "Deleted the production database",
        "Never run Rails schema:load against production",
        "Ran the migration on the live cluster by hand",
        "Dropped a table in prod",
        "Wiped the staging and production caches",
        "Restarted every pod in the production namespace",
        # what was hit, said after the fact
        "Deleted the database instance I thought was the old staging one; it was production",
    ],
)
def test_production_said_of_the_object_or_the_place_is_where(sentence):
    assert describe(sentence).production


@pytest.mark.parametrize(
    "sentence",
    [
        "Deleted the image repository that production pulls from",
        "Removed the tag production was still running",
        "Deleted the managed database, which production depended on",
        "Removed the queue and production went down for an hour",
    ],
)
def test_production_said_of_something_else_is_no_place(sentence):
    assert not describe(sentence).production


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Deleted the image repository that production pulls from",
            "aws ecr delete-repository --repository-name api --force",
            "aws ecr describe-repositories --repository-names api",
        ),
        (
            "Deleted the image repository that production pulls from",
            "az acr repository delete -n acmeshared --repository api --yes",
            "az acr repository show-tags -n acmeshared --repository api",
        ),
        (
            "Deleted the managed database, which production depended on",
            "gcloud sql instances delete orders-pg --quiet",
            "gcloud sql instances describe orders-pg",
        ),
        (
            "Deleted the managed database, which production depended on",
            "aws rds delete-db-cluster --db-cluster-identifier orders --skip-final-snapshot",
            "aws rds describe-db-clusters --db-cluster-identifier orders",
        ),
    ],
)
def test_the_operation_is_blocked_anywhere_when_production_is_only_why(
    sentence, dangerous, harmless
):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Never run Rails schema:load against production",
            "RAILS_ENV=production bin/rails db:schema:load",
            "RAILS_ENV=test bin/rails db:schema:load",
        ),
        (
            "Ran the production migration by hand during a rolling deploy",
            "RAILS_ENV=production bin/rails db:migrate",
            "bin/rails db:migrate",
        ),
        (
            "Dropped the production orders database from a one-liner",
            "dropdb -h db.prod.internal orders",
            "dropdb orders_test",
        ),
    ],
)
def test_production_said_as_where_still_narrows_the_commands(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
