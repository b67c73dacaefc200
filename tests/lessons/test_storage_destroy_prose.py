"""A report that storage below the filesystem was destroyed (a ZFS dataset or pool, an LVM
volume, a btrfs subvolume, a Ceph pool) blocks each tool's command that destroys it (their man
pages), and leaves listing, snapshots, growth and dry runs allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Destroyed the ZFS dataset holding the nightly backups",
    "Removed the logical volume under the database to make room",
    "Wiped the storage pool on the file server by mistake",
    "Deleted the btrfs subvolume with the container data",
]
DANGEROUS = [
    "sudo zfs destroy -r tank/backups",
    "zfs destroy -R tank/home",
    "sudo zpool destroy -f tank",
    "sudo lvremove -y /dev/vg0/db",
    "lvremove -f vg_data/pg",
    "sudo vgremove vg_data",
    "sudo lvm lvremove vg0/db",
    "sudo btrfs subvolume delete /srv/data/@containers",
    "btrfs sub del /srv/data/@old",
    "ceph osd pool delete rbd rbd --yes-i-really-really-mean-it",
    "rbd rm volumes/db-disk",
]
HARMLESS = [
    "zfs list -t snapshot",
    "sudo zfs snapshot tank/backups@before-upgrade",
    "sudo zfs destroy -nv -r tank/backups",  # a dry run
    "zpool status tank",
    "sudo lvs",
    "sudo lvextend -L +10G /dev/vg0/db",
    "sudo lvremove --test vg0/db",  # test mode
    "btrfs subvolume list /srv/data",
    "btrfs subvolume snapshot /srv/data/@pg /srv/data/@pg-snap",
    "ceph osd pool ls",
    "rbd ls volumes",
    "docker volume ls",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_destroying_storage_is_blocked_in_every_tool(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_looking_at_snapshotting_or_dry_runs_stay_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)


def test_a_training_data_set_is_no_storage_pool():
    trigger = prose_trigger("Deleted the training dataset before the model was evaluated")
    assert not blocks(trigger, "sudo zfs destroy -r tank/backups")
