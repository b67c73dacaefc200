"""How far a report written as a sentence reaches: what it says of every object or of one
statement keeps it from blocking the everyday form of the same tool."""

from __future__ import annotations

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

CASES = [
    (
        # "every volume": removing one named volume is everyday work
        "Removed all the Docker volumes on the shared build host to get disk space back",
        ["docker volume prune --all --force", "docker system prune --volumes -f"],
        ["docker volume rm ci_cache", "docker volume ls", "docker image prune"],
    ),
    (
        # the statement the sentence names (an UPDATE of every row), not any statement there
        "Ran an UPDATE without a WHERE clause on the production billing database",
        ['psql -h billing.prod.internal -c "UPDATE invoices SET paid = false"'],
        [
            'psql -h billing.prod.internal -c "UPDATE invoices SET paid = true WHERE id = 7"',
            "psql -h billing.prod.internal -c 'CREATE INDEX invoices_due ON invoices (due)'",
            "psql -h billing.prod.internal -c \"INSERT INTO notes VALUES (1, 'x')\"",
        ],
    ),
    (
        # a DROP of every table the sentence names: a single-row fix is no part of it
        "Ran DROP TABLE on every table of the production orders database to start over",
        ["mysql -h orders.prod.internal -e 'DROP TABLE orders'"],
        ['mysql -h orders.prod.internal -e "DELETE FROM carts WHERE id = 3"'],
    ),
]


@pytest.mark.parametrize(("sentence", "block", "allow"), CASES)
def test_sentence_reaches_what_it_says(sentence, block, allow):
    trigger = prose_trigger(sentence)
    assert [line for line in block if not blocks(trigger, line)] == []
    assert [line for line in allow if blocks(trigger, line)] == []
