"""An object a sentence names is read in every provider's word for its kind ("the load balancer"
is `az network lb`, `gcloud compute forwarding-rules`; "the disk" is `aws ec2 delete-volume`),
and "the invoices topic", "the billing app" as a kind with its name (`--topic invoices`). A cloud
CLI deleting it by an identifier in production names no place; one naming development, and
reads of the same object, stay allowed."""

import pytest

from lessons.prose_triggers import object_readings
from tests.lessons.guard_probe import blocks, report_trigger


def test_an_object_is_read_as_said_in_other_providers_words_and_as_a_named_kind():
    readings = object_readings(["load", "balancer"])
    assert (["load", "balancer"], []) in readings
    assert (["lb"], []) in readings
    assert (["forwarding", "rule"], []) in readings
    assert (["topic"], ["invoice"]) in object_readings(["invoice", "topic"])
    # a two-word kind is no name and its kind ("load" is no load balancer's name)
    assert not any(names for _, names in readings)


@pytest.mark.parametrize(
    ("title", "example", "dangerous", "harmless"),
    [
        (
            "Blew away the load balancer in front of the live shop",
            "Deleted the production load balancer during a cost cleanup",
            "az network lb delete -g rg-shop-prod -n shop-lb",
            "az network lb show -g rg-shop-prod -n shop-lb",
        ),
        (
            "Blew away the load balancer in front of the live shop",
            "Deleted the production load balancer during a cost cleanup",
            "gcloud compute forwarding-rules delete shop-prod-fr --global --quiet",
            "gcloud compute forwarding-rules delete shop-dev-fr --global --quiet",
        ),
        (
            "Removed the disks under the production search nodes",
            "Deleted the data disks of the prod search VMs to save money",
            "aws ec2 delete-volume --volume-id vol-09f3c2",
            "aws ec2 describe-volumes --volume-ids vol-09f3c2",
        ),
        (
            "Removed the disks under the production search nodes",
            "Deleted the data disks of the prod search VMs to save money",
            "gcloud compute disks delete search-prod-data-1 --zone us-east1-b",
            "gcloud compute disks delete search-data-1 --project search-sandbox --zone us-east1-b",
        ),
        (
            "Scrapped the invoices topic and the events on it",
            "Deleted the invoices Kafka topic to reset an offset",
            "kafka-topics --bootstrap-server broker:9092 --delete --topic invoices",
            "kafka-topics --bootstrap-server broker:9092 --describe --topic invoices",
        ),
        (
            "Deleted the billing Lambda function in production",
            "Removed the production billing function while tidying old code",
            "gcloud functions delete billing-prod --region us-central1",
            "gcloud functions describe billing-prod --region us-central1",
        ),
    ],
)
def test_an_object_named_in_one_word_is_deleted_in_every_providers_word(
    title, example, dangerous, harmless
):
    trigger = report_trigger(example, title)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
