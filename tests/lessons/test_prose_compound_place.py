"""A place named with the environment as one part of a hyphenated or underscored name
("billing-prod", "ledger_production", "prod-eu-1") says the operation hit production, as
"production" alone does: a danger only in production is then blocked there, and a danger
anywhere is narrowed to production; a likeness of it ("prod-like", "non-prod") and a feature
named "live-…" are no place."""

import pytest

from lessons.prose_triggers import describe
from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    "sentence",
    [
        "Ran the migrations by hand against orders-prod",
        "Ran the migrations by hand on the ledger_production cluster",
        "Ran the migrations by hand on the prod-eu-1 cluster",
    ],
)
def test_a_compound_name_with_the_environment_says_production(sentence):
    assert describe(sentence).production


@pytest.mark.parametrize(
    "sentence",
    [
        "Ran the migrations by hand on the prod-like copy",
        "Ran the migrations by hand against the non-prod cluster",
        "Ran the migrations by hand with the live-reload server",
        "Ran the migrations by hand on a production-grade laptop setup",
    ],
)
def test_a_likeness_of_production_or_a_live_feature_is_no_place(sentence):
    assert not describe(sentence).production


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Applied the pending schema migrations by hand against the billing-prod database "
            "with liquibase",
            "liquibase --url=jdbc:postgresql://billing-prod.db.internal:5432/billing update",
            "liquibase --url=jdbc:postgresql://localhost:5432/billing update",
        ),
        (
            "Ran the database migrations by hand on the ledger_production cluster",
            "alembic -x db=ledger_production upgrade head",
            "alembic upgrade head",
        ),
        (
            "Deleted the search index on the catalog-prod cluster",
            "curl -X DELETE https://catalog-prod.search.internal:9200/products",
            "curl -X DELETE http://127.0.0.1:9200/products",
        ),
        (
            "Flushed every key in the sessions-prod redis",
            "redis-cli -h sessions-prod.cache.internal FLUSHALL",
            "redis-cli -h 127.0.0.1 FLUSHALL",
        ),
    ],
)
def test_a_danger_in_a_compound_named_production_blocks_there_only(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
