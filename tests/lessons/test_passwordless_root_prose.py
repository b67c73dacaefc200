"""A report of passwordless sudo for every command blocks the rules that grant it (`NOPASSWD:
ALL`, written with tee, a redirect or sed -i), the sudoers files made writable by others and
a setuid shell; a NOPASSWD rule for one named command (the narrow rule sudoers(5) recommends),
visudo and reading stay allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Gave the build user passwordless sudo for everything",
    "Let the deploy account run any command as root without a password",
]
DANGEROUS = [
    "echo 'build ALL=(ALL) NOPASSWD: ALL' | sudo tee /etc/sudoers.d/build",
    "echo 'deploy ALL=(ALL:ALL) NOPASSWD:ALL' >> /etc/sudoers",
    "sudo sed -i 's/^%wheel.*/%wheel ALL=(ALL) NOPASSWD: ALL/' /etc/sudoers",
    "sudo chmod 666 /etc/sudoers",
    "sudo chmod o+w /etc/sudoers.d/build",
    "sudo chmod u+s /bin/bash",
    "sudo chmod 4755 /usr/bin/python3",
]
HARMLESS = [
    "echo 'ci ALL=(root) NOPASSWD: /usr/bin/systemctl restart api' | sudo tee /etc/sudoers.d/ci",
    "sudo visudo -c",
    "sudo -l",
    "sudo grep -rn NOPASSWD /etc/sudoers.d",
    "sudo chmod 440 /etc/sudoers.d/build",
    "chmod u+x deploy.sh",
    "chmod 755 /usr/local/bin/tool",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_root_for_anyone_is_blocked_however_it_is_granted(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_a_narrow_rule_visudo_and_reading_stay_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)
