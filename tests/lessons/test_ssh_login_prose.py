"""A report that root or password logins were let into SSH blocks the edits that set
`PermitRootLogin`, `PasswordAuthentication` or `PermitEmptyPasswords` to yes (sshd_config(5);
the last value written counts), and an emptied or typed-in root password; reading the settings,
turning them off and setting another user's password stay allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Enabled root login over SSH on the bastion host",
    "Allowed password logins in sshd_config to get a contractor in quickly",
    "Let root log in over SSH with a password during the outage",
]
DANGEROUS = [
    "sudo sed -i 's/^#\\?PermitRootLogin.*/PermitRootLogin yes/' /etc/ssh/sshd_config",
    "sed -i -e 's/PasswordAuthentication no/PasswordAuthentication yes/' /etc/ssh/sshd_config",
    "echo 'PermitRootLogin yes' | sudo tee -a /etc/ssh/sshd_config",
    "printf 'PasswordAuthentication yes\\n' | sudo tee /etc/ssh/sshd_config.d/50-pw.conf",
    'echo "PermitEmptyPasswords yes" >> /etc/ssh/sshd_config',
    "sudo passwd -d root",
    "echo 'root:toor' | sudo chpasswd",
]
HARMLESS = [
    "grep -i PermitRootLogin /etc/ssh/sshd_config",
    "grep 'PasswordAuthentication yes' /etc/ssh/sshd_config",
    "sudo sed -i 's/PermitRootLogin yes/PermitRootLogin no/' /etc/ssh/sshd_config",
    "echo 'PasswordAuthentication no' | sudo tee /etc/ssh/sshd_config.d/50-pw.conf",
    "sudo sshd -T | grep -i passwordauthentication",
    "sudo sshd -t",
    "echo 'deploy:Xk2-long-random' | sudo chpasswd",
    "ssh-copy-id deploy@bastion.internal",
    "sudo passwd deploy",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_letting_root_or_passwords_in_is_blocked_however_it_is_written(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_reading_or_turning_the_settings_off_stays_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)
