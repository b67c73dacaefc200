"""A sentence's words reach the commands of every tool that does what it says: "powered off" and
"deallocated" stop a machine, a kind spelled as an acronym after its name ("the billing
database VM") is that kind, a name is also its tools' abbreviation ("database": `db-…`), a file
deleted is deleted from a bucket too, and a user deleted with their home takes it with them."""

import pytest

from tests.lessons.guard_probe import blocks, report_trigger


@pytest.mark.parametrize(
    ("title", "example", "dangerous", "harmless"),
    [
        (
            "Powered off the production reporting server at noon",
            "Powered off the prod reporting database VM from the CLI",
            "gcloud compute instances stop reporting-db-prod --zone us-east1-b",
            "gcloud compute instances start reporting-db-prod --zone us-east1-b",
        ),
        (
            "Deallocated the production build machines",
            "Deallocated the production build VM during a release",
            "az vm deallocate -g rg-prod -n build-vm-1",
            "az vm start -g rg-prod -n build-vm-1",
        ),
        (
            "Deleted the state file out of the remote backend",
            "Removed the terraform.tfstate file from the remote state bucket",
            "gsutil rm gs://acme-tfstate/network/terraform.tfstate",
            "gsutil cp gs://acme-tfstate/network/terraform.tfstate /tmp/state-copy",
        ),
        (
            "Deleted the state file out of the remote backend",
            "Removed the terraform.tfstate file from the remote state bucket",
            "aws s3 rm s3://acme-tfstate/network/terraform.tfstate",
            "aws s3 rm s3://acme-tfstate/network/plan.out",
        ),
        (
            "Removed an old login together with its home directory",
            "Deleted the intern's user account and its home directory on the build host",
            "sudo userdel -r intern",
            "sudo userdel intern",
        ),
        (
            "Removed an old login together with its home directory",
            "Deleted the intern's user account and its home directory on the build host",
            "sudo deluser --remove-home intern",
            "sudo deluser intern docker",
        ),
    ],
)
def test_a_danger_said_in_one_spelling_is_blocked_in_the_others(
    title, example, dangerous, harmless
):
    trigger = report_trigger(example, title)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
