"""Secrets a sentence says were printed or committed, in the files that hold them: a process's
environment as proc(5) shows it (`/proc/<pid>/environ`), and a key file saved as JSON
(`ci-deployer-key.json`), the way cloud consoles hand service account keys out."""

import pytest

from tests.lessons.guard_probe import blocks, report_trigger


@pytest.mark.parametrize(
    ("title", "example", "dangerous", "harmless"),
    [
        (
            "Dumped a worker's secrets into the incident channel",
            "Printed the environment of the running worker, tokens and all, to debug a crash",
            "sudo cat /proc/4711/environ",
            "sudo cat /proc/4711/status",
        ),
        (
            "Checked the deployer's key file into the infra repository",
            "Committed the CI deployer's JSON key file to git so the pipeline could read it",
            "git add ci-deployer-key.json",
            "git add ci-deployer-config.json",
        ),
    ],
)
def test_a_secret_in_the_files_that_hold_it_is_blocked(title, example, dangerous, harmless):
    trigger = report_trigger(example, title)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)
