"""A command acting on every namespace acts on production's too: a report asking for production
by name blocks it, and a shared service's report does not take it for the agent's own copy."""

from __future__ import annotations

import pytest

from tests.lessons.guard_probe import blocks, report_trigger

CASES = [
    (
        "kubectl delete deployment <name> -n production",
        "Deleted a deployment in production",
        "The live service went down until it was re-applied.",
        [
            "kubectl delete deployment api -A",
            "kubectl delete deployment api --all-namespaces",
            "kubectl -n production delete deployment api",
        ],
        ["kubectl delete deployment api -n staging", "kubectl get deployment api -A"],
    ),
    (
        "helm uninstall <release> -n prod",
        "Uninstalled a release from production",
        "Every resource of the release in production was removed.",
        ["helm uninstall payments -n prod", "helm uninstall payments --all-namespaces"],
        ["helm uninstall payments -n dev", "helm list -A"],
    ),
]


@pytest.mark.parametrize(("example", "title", "why", "block", "allow"), CASES)
def test_every_namespace_is_production_too(example, title, why, block, allow):
    trigger = report_trigger(example, title, why)
    assert [line for line in block if not blocks(trigger, line)] == []
    assert [line for line in allow if blocks(trigger, line)] == []
