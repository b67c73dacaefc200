"""A two-word verb whose object stands between its verb and its particle ("turned the host
firewall off", "took the SSH daemon down", "tore the stack down") names the same danger as
"turned off the host firewall": the particle, not its place, makes the verb a negation."""

import pytest

from lessons.prose_triggers import base_forms
from tests.lessons.guard_probe import blocks, prose_trigger


def test_a_verb_and_its_particle_around_the_object_also_read_as_the_two_word_verb():
    assert "turn off" in base_forms("turned the host firewall off on the bastion")
    assert "take down" in base_forms("took the ssh daemon down")
    assert "shut down" in base_forms("shut the shared queue server down")
    # the particle of another clause is not the verb's: a preposition or a conjunction between
    assert "turn off" not in base_forms("turned to the team and signed off")
    assert "turn off" not in base_forms("turned in the report before logging off")
    # nor a particle five words later
    assert "turn off" not in base_forms("turned the big old shared build host off")


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Turned the host firewall off on the bastion to let the agent connect",
            "sudo systemctl stop firewalld",
            "sudo ufw status verbose",
        ),
        (
            "Switched the Windows firewall off on the build agent",
            "netsh advfirewall set allprofiles state off",
            "netsh advfirewall show allprofiles",
        ),
        (
            "Shut the shared Postgres server down in the middle of the day",
            "sudo systemctl stop postgresql",
            "systemctl status postgresql",
        ),
        (
            "Took the SSH daemon down on the remote box",
            "sudo systemctl stop sshd",
            "systemctl status sshd",
        ),
        (
            "Turned SELinux enforcement off on the web host",
            "sudo setenforce 0",
            "getenforce",
        ),
        (
            "Tore the shared staging environment down with terraform",
            "terraform destroy -auto-approve",
            "terraform plan",
        ),
        (
            "Switched the audit daemon off on the payment hosts",
            "sudo systemctl stop auditd",
            "systemctl status auditd",
        ),
    ],
)
def test_a_danger_said_with_the_particle_after_the_object_is_blocked(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
