"""Force said by an adverb beside the verb ("pushed with force", "forcibly pushed", "forcefully
killed") names the same danger as the catalogue's "force push" and "force kill"."""

import pytest

from lessons.prose_triggers import base_forms
from tests.lessons.guard_probe import blocks, prose_trigger


def test_a_verb_with_a_force_adverb_also_reads_as_force_and_the_verb():
    assert "force push" in base_forms("pushed with force to the shared branch")
    assert "force push" in base_forms("forcibly pushed the rebased trunk")
    assert "force kill" in base_forms("forcefully killed the workers")
    assert "force push" in base_forms("pushes by force")
    # force as a noun names no forced act
    assert base_forms("the force of habit") == "the force of habit"


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Pushed with force to the shared develop branch after a rebase",
            "git push --force origin develop",
            "git push origin develop",
        ),
        (
            "Forcibly pushed the rebased trunk branch",
            "git push -f origin trunk",
            "git push origin trunk",
        ),
        (
            "Forcefully killed the postgres processes on the shared server",
            "sudo pkill -9 postgres",
            "pgrep postgres",
        ),
    ],
)
def test_a_danger_said_with_a_force_adverb_is_blocked(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
