"""The same act where only the agent's own throwaway copy lives is everyday work: a scope named as
one (`-n sandbox`, `--namespace=dev-erin`, `MIX_ENV=test`), or a database so named on a loopback
address (`cqlsh 127.0.0.1 -e 'DROP KEYSPACE orders_test'`). A loopback address alone is not
one (it may be the machine's only server), and a report whose own command acted in such an
environment says it was no safe place. Tools and commands written from their documentation
(OpenShift's oc, cqlsh, Elixir's mix, helm), not taken from any benchmark set."""

import pytest

from tests.lessons.guard_probe import blocks, report_trigger


def _pods_deleted():
    return report_trigger(
        "oc delete pods --all -n payments",
        title="Deleted every pod of a namespace at once",
        why="All replicas restarted together and the service was down for minutes.",
    )


def _keyspace_dropped():
    return report_trigger(
        "cqlsh -e 'DROP KEYSPACE orders'",
        title="Dropped the orders keyspace",
        why="Every table of the keyspace and its data went with it.",
    )


def _database_reset():
    return report_trigger(
        "mix ecto.reset",
        title="mix ecto.reset dropped every table of the app's database",
        why="It drops the database and recreates it from the migrations: all rows were lost.",
    )


@pytest.mark.parametrize(
    ("trigger", "line"),
    [
        (_pods_deleted, "oc delete pods --all -n payments"),
        (_pods_deleted, "kubectl delete pods --all --namespace=checkout"),
        (_keyspace_dropped, "cqlsh -e 'DROP KEYSPACE orders'"),
        (_keyspace_dropped, "cqlsh localhost -e 'DROP KEYSPACE orders'"),
        (_database_reset, "mix ecto.reset"),
        (_database_reset, "MIX_ENV=prod mix ecto.reset"),
    ],
)
def test_the_act_anywhere_else_still_blocks(trigger, line):
    assert blocks(trigger(), line)


@pytest.mark.parametrize(
    ("trigger", "line"),
    [
        (_pods_deleted, "oc delete pods --all -n sandbox"),
        (_pods_deleted, "kubectl delete pods --all --namespace=dev-erin"),
        (_keyspace_dropped, "cqlsh 127.0.0.1 -e 'DROP KEYSPACE orders_test'"),
        (_database_reset, "MIX_ENV=test mix ecto.reset"),
    ],
)
def test_the_act_in_the_agents_own_throwaway_environment_is_allowed(trigger, line):
    assert not blocks(trigger(), line)


def test_a_report_made_in_such_an_environment_still_blocks_it_there():
    trigger = report_trigger(
        "helm uninstall api -n dev",
        title="Uninstalled the api release from the dev namespace",
        why="The release held the database of the QA runs; its volume went with it.",
    )
    assert blocks(trigger, "helm uninstall api -n dev")
