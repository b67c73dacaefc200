"""A sentence about credentials printed into a terminal or a log: the AWS CLI's commands that print
the keys it keeps, and a search printing a secret file's lines; "live" said of credentials says
they are real, not where the command runs."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

PRINTED = "Printed the cloud access keys to the console while debugging auth"


@pytest.mark.parametrize(
    "line",
    [
        "aws configure get aws_access_key_id",
        "aws configure get aws_secret_access_key --profile ops",
        "aws configure get ops.aws_secret_access_key",
        "aws configure export-credentials",
        "grep secret ~/.aws/credentials",
        "rg -A3 '\\[ops\\]' ~/.aws/credentials",
        "cat ~/.aws/credentials",
    ],
)
def test_commands_printing_stored_keys_are_blocked(line):
    assert blocks(prose_trigger(PRINTED), line)


@pytest.mark.parametrize(
    "line",
    [
        "aws configure list",
        "aws configure get region",
        "aws configure set region eu-west-1",
        "aws sts get-caller-identity",
        "grep -c profile ~/.aws/credentials",
        "grep -l key ~/.aws/credentials",
        "grep region ~/.aws/config",
    ],
)
def test_commands_showing_no_key_stay_allowed(line):
    assert not blocks(prose_trigger(PRINTED), line)


def test_live_credentials_are_real_ones_wherever_the_command_reads_them():
    trigger = prose_trigger("Echoed the live Stripe API keys into the CI log")
    assert blocks(trigger, "kubectl get secret stripe -o jsonpath='{.data.key}'")
    assert not blocks(trigger, "kubectl get secret stripe")


def test_the_live_database_is_still_a_place():
    trigger = prose_trigger("Dropped the orders table on the live database")
    assert blocks(trigger, "psql -h db.prod.internal -c 'DROP TABLE orders'")
    assert not blocks(trigger, "psql -h localhost -c 'DROP TABLE orders'")
