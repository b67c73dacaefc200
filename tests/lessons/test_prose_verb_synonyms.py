"""The verbs people use for deleting and stopping beyond the dictionary's first word: a bucket
"trashed", an instance "decommissioned", a namespace "scrapped", volumes "blown away", a service
"taken down" name the same danger as "deleted" and "stopped"."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Trashed the shared assets bucket during a cleanup",
            "aws s3 rb s3://acme-assets --force",
            "aws s3 ls s3://acme-assets",
        ),
        (
            "Decommissioned the orders database instance without a final snapshot",
            "aws rds delete-db-instance --db-instance-identifier orders --skip-final-snapshot",
            "aws rds describe-db-instances --db-instance-identifier orders",
        ),
        (
            "Scrapped the Kubernetes namespace another team was still using",
            "kubectl delete namespace payments",
            "kubectl get namespaces",
        ),
        (
            "Blew away all the Docker volumes to free space",
            "docker volume prune -af",
            "docker volume ls",
        ),
        (
            "Took down the SSH service on the remote host I was working on",
            "sudo systemctl stop sshd",
            "systemctl status sshd",
        ),
        (
            "Zapped the whole message queue while debugging a consumer",
            "rabbitmqctl purge_queue orders",
            "rabbitmqctl list_queues",
        ),
    ],
)
def test_a_synonym_of_delete_or_stop_names_the_same_danger(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)


def test_a_kept_or_listed_object_is_no_deletion():
    trigger = prose_trigger("Took a backup of the bucket before the cleanup")
    assert not blocks(trigger, "aws s3 rb s3://acme-assets --force")


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Decommissioned the billing event stream while consumers still read it",
            "streamctl event-stream destroy billing",
            "streamctl event-stream describe billing",
        ),
        (
            "Blew away the shared feature store to rebuild it",
            "mlctl feature-store delete ranking",
            "mlctl feature-store export ranking",
        ),
        (
            "Took down the reporting worker pool during business hours",
            "jobsctl worker-pool stop reporting",
            "jobsctl worker-pool status reporting",
        ),
    ],
)
def test_a_synonym_reads_the_operation_for_any_tool(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
