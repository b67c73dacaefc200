"""A two-word verb names its danger in any tense: "switched off", "powered off", "got rid of",
"tears down" read as the "switch off", "power off", "get rid", "tear down" the catalogue
spells."""

import pytest

from lessons.prose_triggers import base_forms
from tests.lessons.guard_probe import blocks, prose_trigger


def test_an_inflected_two_word_verb_also_reads_as_its_base_form():
    assert "switch off" in base_forms("switched off the firewall")
    assert "get rid" in base_forms("we got rid of it")
    assert "tear down" in base_forms("she tears down the stack")
    assert "scale down" in base_forms("scaling down the pool")
    # what it said stays as it was said
    assert "switched off" in base_forms("switched off the firewall")
    # a verb with no particle after it is left alone
    assert base_forms("the switched network") == "the switched network"


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Switched off the host firewall on the bastion to test a port",
            "sudo ufw disable",
            "sudo ufw status verbose",
        ),
        (
            "Powered off the shared build host in the middle of a release",
            "sudo poweroff",
            "uptime",
        ),
        (
            "Got rid of the untracked files in the shared checkout",
            "git clean -fdx",
            "git clean -n",
        ),
        (
            "Tears down the shared infrastructure every Friday to save money",
            "terraform destroy -auto-approve",
            "terraform plan",
        ),
    ],
)
def test_a_danger_said_with_an_inflected_two_word_verb_is_blocked(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
