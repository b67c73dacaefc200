"""A danger done anywhere (deleting a hosted zone, a managed database, a secret) that a sentence
says hit production is blocked where the command names no place at all: a cloud CLI acts on an
identifier (`--id Z0438`), not a host. A command naming a development place stays allowed, and so
does a command of a danger the sentence names by other words."""

import pytest

from tests.lessons.guard_probe import blocks, report_trigger


@pytest.mark.parametrize(
    ("title", "example", "dangerous", "harmless"),
    [
        (
            "Removed the live DNS zone of our shop",
            "Removed the production DNS zone for the shop's domain by its id",
            "aws route53 delete-hosted-zone --id Z0438QWERTY",
            "aws route53 delete-hosted-zone --id Z0438 --profile sandbox",
        ),
        (
            "Dropped the production Postgres cluster with its snapshots",
            "Deleted the production managed database cluster without a final snapshot",
            "aws rds delete-db-cluster --db-cluster-identifier billing --skip-final-snapshot",
            "aws rds delete-db-cluster --db-cluster-identifier billing-dev --skip-final-snapshot",
        ),
        (
            "Wiped the prod secret holding the payment key",
            "Deleted the production secret that held the payment provider key",
            "gcloud secrets delete payment-key --quiet",
            "gcloud secrets delete payment-key --project shop-test --quiet",
        ),
    ],
)
def test_a_production_danger_done_anywhere_blocks_a_command_naming_no_place(
    title, example, dangerous, harmless
):
    trigger = report_trigger(example, title)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)


def test_a_command_of_a_danger_named_by_other_words_still_needs_production_by_name():
    # "environment" and "destroy" name the forge's CI caches too, but the sentence deletes no
    # cache: that command keeps asking for production by name
    trigger = report_trigger(
        "Ran terraform destroy against the shared production environment",
        "Tearing down the production environment",
    )
    assert blocks(trigger, "terraform destroy -auto-approve -var-file=prod.tfvars")
    assert not blocks(trigger, "gh cache delete --all -R acme/shop")


def test_a_client_that_defaults_to_this_machine_still_needs_production_by_name():
    # a framework's command with no place acts on its development settings
    trigger = report_trigger(
        "Reverted the newest schema migration on the production database",
        "Rolled back database migrations in production",
    )
    assert blocks(trigger, "RAILS_ENV=production bin/rails db:rollback")
    assert not blocks(trigger, "bin/rails db:rollback")
