"""What a sentence's verb acts on ends where a clause about it begins, and everyday verbs of
getting rid of something ("axed", "ditched") are deletions: read for any tool's commands."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger


@pytest.mark.parametrize(
    "sentence",
    [
        # a clause with no "that": its own subject begins with a determiner
        "Deleted the message queue the billing service reads from",
        "Axed the message queue during the cleanup",
        "Ditched the message queue since nobody seemed to use it",
    ],
)
def test_the_object_alone_is_what_any_tool_must_act_on(sentence):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, "brokerctl message-queue rm billing")
    assert blocks(trigger, "mqadm delete-message-queue --name billing")
    assert not blocks(trigger, "brokerctl message-queue ls")
    assert not blocks(trigger, "brokerctl topic rm billing")


def test_a_clause_after_the_object_adds_no_noun_it_must_hold():
    trigger = prose_trigger("Removed the storage volume the nightly job writes to")
    assert blocks(trigger, "diskctl storage-volume delete vol-7")
    assert not blocks(trigger, "diskctl storage-volume describe vol-7")


def test_an_acronym_alone_is_the_object():
    trigger = prose_trigger("Turned off MFA for the root account")
    assert blocks(trigger, "aws iam deactivate-mfa-device --user-name root --serial-number x")
    assert not blocks(trigger, "aws iam list-mfa-devices")


def test_an_acronym_beside_a_noun_still_names_a_vendor_not_what():
    # "the GKE node pool": the node pool, whatever the tool calls its service
    trigger = prose_trigger("Deleted the GKE node pool serving production traffic")
    assert blocks(trigger, "gcloud container node-pools delete prod-pool --cluster prod-gke")
    assert not blocks(trigger, "gcloud container node-pools list --cluster prod-gke")


def test_a_tool_named_beside_its_own_commands_is_not_every_command_of_it():
    trigger = prose_trigger("Never delete the production bucket with gsutil")
    assert blocks(trigger, "gsutil rb gs://acme-prod-data")
    assert blocks(trigger, "gsutil rm -r gs://acme-prod-data")
    assert not blocks(trigger, "gsutil ls gs://acme-prod-data")
    assert not blocks(trigger, "gsutil cp report.csv gs://acme-prod-data/")


def test_a_tool_that_only_does_the_operation_is_the_operation():
    trigger = prose_trigger("Dropping the production database with dropdb")
    assert blocks(trigger, "dropdb -h db.prod.internal orders")


@pytest.mark.parametrize(
    "sentence",
    [
        "Force-deleted the database secret from the secret manager with no recovery window",
        "Deleted the database password from the vault while rotating it",
        "Removed the db backup before checking the new one restored",
    ],
)
def test_what_belongs_to_a_database_deleted_is_no_dropped_database(sentence):
    # "the database secret" is a secret: the database only says whose
    trigger = prose_trigger(sentence)
    assert not blocks(trigger, "dropdb shop")
    assert not blocks(trigger, "mongosh shop_test --eval 'db.dropDatabase()'")
    assert not blocks(trigger, "psql -c 'DROP DATABASE shop'")


def test_a_dropped_database_is_still_one_beside_another_noun_phrase():
    trigger = prose_trigger("Dropped the production database on the shared cluster")
    assert blocks(trigger, "dropdb -h db.prod.internal orders")
