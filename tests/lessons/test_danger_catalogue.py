"""The catalogue of dangers reaches across vendors: a sentence naming a danger blocks every major
tool's command for it, and each tool's read-only look-alike stays allowed."""

import pytest

from lessons.command_triggers import CommandTrigger, derive
from lessons.commands import invocations


def trigger_for(sentence: str) -> CommandTrigger | None:
    derived = derive(texts=[sentence], prose=sentence, title=sentence)
    return CommandTrigger.from_json(derived.trigger)


def blocks(trigger: CommandTrigger | None, line: str) -> bool:
    return trigger is not None and trigger.match(invocations(line)) is not None


def assert_covers(sentence: str, dangerous: list[str], harmless: list[str]) -> None:
    trigger = trigger_for(sentence)
    missed = [line for line in dangerous if not blocks(trigger, line)]
    blocked = [line for line in harmless if blocks(trigger, line)]
    assert (missed, blocked) == ([], [])


@pytest.mark.parametrize(
    "sentence",
    [
        "Purged the message queue to get rid of a backlog",
        "Wiping the message broker on a shared environment",
        "Deleting a topic the consumers still read from",
    ],
)
def test_purging_a_queue_is_blocked_in_every_broker(sentence):
    assert_covers(
        sentence,
        [
            "rabbitmqctl purge_queue orders",
            "sudo rabbitmqctl delete_queue orders -p /shop",
            "rabbitmqadmin -H mq1 purge queue name=orders",
            "rabbitmqadmin queues delete --name orders",
            "celery -A shop purge -f",
            "aws sqs purge-queue --queue-url https://sqs.eu-west-1.amazonaws.com/1/orders",
            "gcloud pubsub subscriptions seek orders-sub --time=2030-01-01T00:00:00Z",
            "gcloud pubsub topics delete orders",
            "kafka-topics.sh --bootstrap-server k1:9092 --delete --topic orders",
            "rpk topic delete orders",
            "nats stream purge ORDERS -f",
            "az servicebus queue delete -g shop --namespace-name shopbus -n orders",
        ],
        [
            "rabbitmqctl list_queues name messages",
            "rabbitmqadmin queues list",
            "celery -A shop inspect active",
            "aws sqs get-queue-attributes --queue-url https://sqs.eu-west-1.amazonaws.com/1/o",
            "gcloud pubsub subscriptions describe orders-sub",
            "kafka-topics.sh --bootstrap-server k1:9092 --describe --topic orders",
            "rpk topic list",
            "nats stream info ORDERS",
            "az servicebus queue show -g shop --namespace-name shopbus -n orders",
        ],
    )
