"""A system package removed, reported as a sentence: the package it names, removed by any of the
distributions' package managers (apt, dpkg, dnf and yum, rpm, zypper, pacman, apk), and never its
installation, a simulation, a listing or another package whose name begins the same."""

from tests.lessons.guard_probe import blocks, prose_trigger

NAMED = "Uninstalled the perl package with yum and broke the system's own scripts"
ESSENTIAL = "Purged essential system packages with apt-get while freeing disk space"


def test_the_named_package_removed_by_any_package_manager():
    trigger = prose_trigger(NAMED)
    for line in (
        "sudo yum remove perl",
        "sudo dnf erase -y perl",
        "rpm -e --nodeps perl",
        "sudo apt-get purge perl",
        "sudo dpkg --purge --force-depends perl",
        "pacman -Rdd perl",
    ):
        assert blocks(trigger, line), line
    for line in (
        "sudo yum install perl",
        "sudo dnf remove perl-Test-Simple",
        "dnf list installed perl",
        "apt-get remove --simulate perl",
        "perl -v",
    ):
        assert not blocks(trigger, line), line


def test_with_no_package_named_those_the_system_cannot_run_without():
    trigger = prose_trigger(ESSENTIAL)
    for line in (
        "sudo apt-get purge -y libc6",
        "sudo apt remove systemd",
        "sudo apk del busybox",
    ):
        assert blocks(trigger, line), line
    for line in (
        "sudo apt-get purge -y libreoffice-core",
        "sudo apt-get autoremove --dry-run",
        "sudo apt install systemd",
    ):
        assert not blocks(trigger, line), line
