"""A server a sentence names by its kind ("the database service", "the message broker") when it
stops, disables or restarts one: the units each distribution ships for that kind, as if the
sentence had named them."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Stopped the production database service to free memory",
            [
                "sudo systemctl stop postgresql",
                "sudo systemctl stop mysqld",
                "sudo service mariadb stop",
            ],
            ["systemctl status postgresql", "sudo systemctl restart nginx"],
        ),
        (
            "Restarted the message broker during peak traffic",
            ["sudo systemctl restart rabbitmq-server", "sudo systemctl restart kafka"],
            ["systemctl status rabbitmq-server", "rabbitmqctl list_queues"],
        ),
        (
            "Stopped the cache server before the deploy finished",
            ["sudo systemctl stop redis-server", "sudo systemctl stop memcached"],
            ["redis-cli ping", "systemctl status memcached"],
        ),
    ],
)
def test_a_kind_of_server_stands_for_each_of_its_units(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert [line for line in dangerous if not blocks(trigger, line)] == []
    assert [line for line in harmless if blocks(trigger, line)] == []


def test_a_kind_of_server_named_only_as_a_place_names_no_unit():
    trigger = prose_trigger("Deleted old files on the database server to free disk")
    for line in ("mysql -e 'select 1'", "psql -c 'select 1'", "systemctl status postgresql"):
        assert not blocks(trigger, line)
    assert not blocks(trigger, "sudo systemctl stop postgresql")
