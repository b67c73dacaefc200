"""A command a wrapper runs elsewhere (a container, a pod, another host) acts there: a loopback
address inside it is that place's own, not the agent's machine (`kubectl exec pod -- redis-cli
-h localhost …` reaches the pod's Redis). The place is then what the wrapper names (`-n
dev-alice`, `prod-db`, a host). A terminal multiplexer runs its command here. The commands were
written from the tools' documentation (docker exec, kubectl exec, ssh, gcloud compute ssh,
vagrant ssh, tmux), not taken from any benchmark set."""

import pytest

from lessons.command_patterns import places
from lessons.commands import beyond_loopback, invocations
from tests.lessons.guard_probe import blocks, report_trigger


def _shared_cache_flushed():
    return report_trigger(
        "redis-cli -h cache.internal FLUSHALL",
        title="Flushed the shared Redis cache with FLUSHALL",
        why="Every service sharing the cache lost its sessions and queued jobs at once.",
    )


def _production_database_dropped():
    return report_trigger(
        "psql -h orders-db.internal -c 'DROP DATABASE orders'",
        title="Dropped the production orders database",
        why="The production database was gone until the nightly backup was restored.",
    )


@pytest.mark.parametrize(
    "line",
    [
        "kubectl exec -n data redis-0 -- redis-cli -h localhost FLUSHALL",
        "ssh cache-1.internal 'redis-cli -h 127.0.0.1 flushall'",
        "docker exec cache redis-cli -h 127.0.0.1 flushall",
        "podman exec -it cache redis-cli -h localhost -p 6379 FLUSHALL",
        "gcloud compute ssh cache-vm --command 'redis-cli -h localhost flushall'",
    ],
)
def test_a_loopback_address_inside_a_wrapper_is_the_place_it_runs_in(line):
    assert blocks(_shared_cache_flushed(), line)


@pytest.mark.parametrize(
    "line",
    [
        "ssh db-1.internal \"psql -h localhost -c 'DROP DATABASE orders'\"",
        "docker exec -i pg psql -h 127.0.0.1 -U postgres -c 'DROP DATABASE orders'",
        "kubectl exec deploy/pg -n production -- psql -h localhost -c 'DROP DATABASE orders'",
        "vagrant ssh -c 'psql -h localhost -c \"DROP DATABASE orders\"'",
    ],
)
def test_a_statement_a_client_runs_elsewhere_acts_there(line):
    assert blocks(_production_database_dropped(), line)


@pytest.mark.parametrize(
    "line",
    [
        "redis-cli -h localhost flushall",  # this machine's own cache
        "docker exec dev-cache redis-cli -h localhost flushall",  # a container named for dev
        "kubectl exec -n dev-alice redis-0 -- redis-cli -h localhost flushall",
        "tmux new-session -d -s prod 'redis-cli -h localhost flushall'",  # a session's name
        "ssh localhost 'redis-cli flushall'",  # ssh to this machine
        "docker run --rm redis:7 redis-cli -h host.docker.internal flushall",  # the host itself
        "docker exec cache redis-cli -h localhost info",  # read only
    ],
)
def test_the_wrapper_says_where_and_this_machine_stays_its_own(line):
    assert not blocks(_shared_cache_flushed(), line)


@pytest.mark.parametrize(
    "line",
    [
        "psql -h localhost -c 'DROP DATABASE orders'",
        "kubectl exec -n dev-bob pg-0 -- psql -h localhost -c 'DROP DATABASE orders'",
        "docker exec mongo mongosh mongodb://localhost:27017/shop_test --eval 'db.dropDatabase()'",
        "docker exec -i pg psql -h localhost -c 'SELECT count(*) FROM orders'",
    ],
)
def test_a_database_named_for_development_stays_allowed_wherever_it_runs(line):
    assert not blocks(_production_database_dropped(), line)


def test_the_wrapped_command_names_no_place_of_its_own_but_the_wrapper_does():
    inner = [i for i in invocations("docker exec cache redis-cli -h localhost flushall")][-1]
    assert inner.program == "redis-cli" and places(inner) == set()
    here = invocations("redis-cli -h localhost flushall")[-1]
    assert places(here) == {"local"}
    remote = invocations("ssh deploy@app-1.internal 'redis-cli -h 127.0.0.1 flushall'")[-1]
    assert places(remote) == set() and remote.via == ["deploy@app-1.internal"]


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ("localhost", None),
        ("localhost:9092", None),
        ("127.0.0.1:5432", None),
        ("mongodb://localhost:27017/shop_test", "shop_test"),
        ("redis://[::1]:6379/0", "0"),
        ("db.internal", "db.internal"),
        ("localhost.example.net", "localhost.example.net"),
    ],
)
def test_what_a_value_names_besides_a_loopback_address(value, named):
    assert beyond_loopback(value) == named
