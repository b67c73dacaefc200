"""Installing into the system Python, reported as a sentence: PEP 668's marker file removed or
moved aside is the same danger as --break-system-packages."""

from tests.lessons.guard_probe import blocks, prose_trigger


def test_the_externally_managed_marker_removed():
    trigger = prose_trigger("Installed packages into the system Python past the distro's guard")
    assert blocks(trigger, "sudo rm -f /usr/lib/python3.11/EXTERNALLY-MANAGED")
    assert blocks(trigger, "sudo mv /usr/lib/python3/EXTERNALLY-MANAGED /tmp/")
    assert not blocks(trigger, "cat /usr/lib/python3.11/EXTERNALLY-MANAGED")
    assert not blocks(trigger, "python3 -m pip install --user httpx")
