"""Stripping a Kubernetes object's finalizers, however a sentence says it, is any patch that
sets them to null or [] or removes them: the object goes before its controller cleans up."""

import pytest

from tests.lessons.guard_probe import blocks, report_trigger

TITLE = "Stripped the finalizers off a stuck volume claim"
EXAMPLE = "Cleared the finalizers of the terminating PVC with kubectl patch so it would disappear"


@pytest.mark.parametrize(
    "dangerous",
    [
        """kubectl patch pvc data-db-0 -n shop -p '{"metadata":{"finalizers":null}}'""",
        """kubectl patch ns shop --type merge -p '{"metadata":{"finalizers":[]}}'""",
        "kubectl patch pv pv-7 --type=json "
        """-p='[{"op":"remove","path":"/metadata/finalizers"}]'""",
    ],
)
def test_a_patch_removing_finalizers_is_blocked(dangerous):
    assert blocks(report_trigger(EXAMPLE, TITLE), dangerous)


@pytest.mark.parametrize(
    "harmless",
    [
        "kubectl get pvc data-db-0 -n shop -o jsonpath='{.metadata.finalizers}'",
        """kubectl patch deploy web -n shop -p '{"spec":{"replicas":2}}'""",
    ],
)
def test_reading_finalizers_or_another_patch_stays_allowed(harmless):
    assert not blocks(report_trigger(EXAMPLE, TITLE), harmless)
