"""A server named by the role it plays in a deployment ("the Kafka brokers", "the Jenkins
controller", "the Elasticsearch cluster") is a service: stopping it is the service stopped, and
looking at it or restarting it stays allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Shut the Elasticsearch cluster down in the middle of indexing",
            "sudo systemctl stop elasticsearch",
            "systemctl status elasticsearch",
        ),
        (
            "Shut down the RabbitMQ broker on the shared host",
            "sudo systemctl stop rabbitmq-server",
            "systemctl status rabbitmq-server",
        ),
        (
            "Took the Kafka brokers down for a config change",
            "sudo systemctl stop kafka",
            "systemctl status kafka",
        ),
        (
            "Stopped the Jenkins controller in the middle of a release",
            "sudo systemctl stop jenkins",
            "sudo systemctl restart jenkins",
        ),
    ],
)
def test_stopping_a_server_named_by_its_role_is_blocked(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)


def test_a_place_before_the_role_names_no_service():
    trigger = prose_trigger("Restarted the Production cluster during the release")
    assert not blocks(trigger, "sudo systemctl stop production")
