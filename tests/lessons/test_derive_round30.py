"""How a reported command becomes a trigger (round 30): the command of a tool the guard has no
table for, the kind of value a path is, where the report says it hurt, and what the report's
alternatives say is fine.

Each case is a report written the way agents write one, with commands of our own (written from
the tools' documentation, not from any benchmark set): the danger spelled otherwise must block,
a look-alike without it must not.
"""

import pytest

from lessons.command_patterns import CommandTrigger
from lessons.command_triggers import derive
from tests.lessons.guard_probe import blocks

# (reported command, title, why, alternatives, must block, must allow)
REPORTS = [
    # a tool without a table, its command written with a path: a command, not a sentence
    (
        "borg delete /mnt/nas/bk",
        "Deleted the whole Borg backup repository",
        "I meant to drop one old archive; every archive in the repository went with it.",
        [],
        ["borg delete /srv/borg/main", "borg delete ssh://backup@nas.internal/./repo"],
        ["borg list /srv/borg/main", "borg check /srv/borg/main"],
    ),
    # a lock file of the system's state the prose names as a lock: every package manager's
    # lock, removed by rm or unlink; not a project's lock file, a log, or reading the lock
    (
        "sudo rm /var/lib/pacman/db.lck",
        "Removed the package manager's lock while an upgrade was running",
        "Two transactions then wrote the package database at once and it was left corrupt.",
        [],
        [
            "sudo rm -f /var/lib/rpm/.rpm.lock",
            "sudo unlink /var/lib/pacman/db.lck",
            "sudo rm /run/lock/zypp.lock",
        ],
        [
            "rm yarn.lock",
            "rm -f Cargo.lock",
            "sudo rm /var/log/pacman.log",
            "cat /var/lib/pacman/db.lck",
        ],
    ),
    # "sudo" closing the title is no "sudo" the why's first word follows ("… sudo Only …"):
    # the command is as dangerous run by root without it
    (
        "sudo gpasswd -M <user> <group>",
        "gpasswd -M dropped every other member of sudo",
        "Only the user named stayed in the group, and the other admins lost root on the host.",
        [],
        ["gpasswd -M carol wheel", "sudo gpasswd -M carol sudo"],
        ["gpasswd -a carol wheel", "gpasswd -d carol docker"],
    ),
    # staging named beside production: both are what it hurt, a development host is not
    (
        'psql -h <host> -c "DROP SCHEMA <schema> CASCADE"',
        "Dropped the reporting schema with CASCADE",
        "The host held the staging copy and the production reports; every view went with it.",
        [],
        [
            'psql -h db.staging.internal -c "DROP SCHEMA reports CASCADE"',
            'psql -h 10.2.0.7 -c "DROP SCHEMA reports CASCADE"',
        ],
        [
            'psql -h db.dev.internal -c "DROP SCHEMA reports CASCADE"',
            'psql -h localhost -c "DROP SCHEMA reports CASCADE"',
        ],
    ),
    # a password on another client's registry login line is the same danger; its stdin is not
    (
        "docker login -u <user> -p <password> <registry>",
        "Put the registry password on the command line",
        "The password was in the CI log and in the process list for anyone on the runner.",
        ["Pipe it in with --password-stdin"],
        [
            "oras login -u bot -p s3cret ghcr.io",
            "crane auth login ghcr.io -u bot -p s3cret",
            "regctl registry login ghcr.io --user bot --pass s3cret",
            "buildah login -p s3cret quay.io",
        ],
        [
            "oras login --password-stdin -u bot ghcr.io",
            "buildah login quay.io",
            "crane auth logout ghcr.io",
        ],
    ),
    # an alternative told in a sentence ("Use helm uninstall --keep-history to …"): the flag it
    # adds is what spares the reported command
    (
        "helm uninstall <release> -n <namespace>",
        "Uninstalled a Helm release and lost its history",
        "With the release history gone there was no revision left to roll back to.",
        ["Use helm uninstall --keep-history to keep the release records"],
        ["helm uninstall payments -n shop", "helm uninstall payments"],
        ["helm uninstall payments --keep-history -n shop", "helm list -n shop"],
    ),
    # a reported command narrower than the catalogue's by a flag (`--force`, which skips
    # Laravel's production prompt): the tool's own other commands for the danger are narrowed
    # by it too; other tools' commands take no flag of it
    (
        "php artisan migrate:refresh --force",
        "Refreshed the migrations on the live database with --force",
        "Every table was rolled back and recreated, and the orders in them were gone.",
        [],
        ["php artisan migrate:fresh --force", "php artisan db:wipe --force --database=mysql"],
        ["php artisan migrate --force", "php artisan migrate:status"],
    ),
    # ... and not where the sentence says never to run it
    (
        "helm uninstall <release> -n <namespace>",
        "Uninstalled a Helm release and lost its history",
        "With the release history gone there was no revision left to roll back to.",
        ["Never run helm uninstall --keep-history on a live release either"],
        ["helm uninstall payments --keep-history -n shop"],
        ["helm list -n shop"],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "alternatives", "block", "allow"), REPORTS)
def test_report_reads_as_its_danger(example, title, why, alternatives, block, allow):
    derived = derive(
        texts=[example], prose=f"{title} {why}", title=title, alternatives=alternatives
    )
    trigger = CommandTrigger.from_json(derived.trigger)
    missed = [line for line in block if not blocks(trigger, line)]
    blocked = [line for line in allow if blocks(trigger, line)]
    assert not missed and not blocked, (missed, blocked, derived.trigger)
