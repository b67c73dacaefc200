"""A deletion reported as done "across all namespaces" (cluster-wide) is blocked when a command
does it in every namespace at once (`-A`, `--all-namespaces`, a loop over the namespaces, or
`--all` of a kind no namespace holds), and not when it empties or deletes one namespace."""

from tests.lessons.guard_probe import blocks, prose_trigger
from tests.lessons.test_prose_security_dangers import check

REPORTS = [
    "Deleted every pod across all namespaces to clear stuck ones",
    "Ran a cluster-wide delete of all deployments with --all",
]
DANGEROUS = [
    "kubectl delete pods --all -A",
    "kubectl delete deployments --all --all-namespaces",
    "kubectl get ns -o name | cut -d/ -f2 | xargs -I{} kubectl delete pods --all -n {}",
    # kinds that belong to no namespace: all of them is cluster-wide
    "kubectl delete pv --all",
    "kubectl delete namespaces --all",
]
HARMLESS = [
    "kubectl delete pods --all -n sandbox",
    "kubectl delete deployments --all -n preview-812",
    "kubectl get pods -A",
    "kubectl delete pod web-7d9c5b-xk2lp -n staging",
    "kubectl delete namespace preview-812",
    "kubectl delete pv pv-0042",
]


def test_a_deletion_in_every_namespace_is_blocked_and_one_namespace_is_not():
    assert check(REPORTS, DANGEROUS, HARMLESS) == {}


def test_what_an_operation_reaches_in_every_namespace_is_not_where_it_was_done():
    trigger = prose_trigger(
        "Deleted a CRD in use: that deletes every custom resource of its kind in every namespace"
    )
    assert blocks(trigger, "kubectl delete crd certificates.cert-manager.io")
