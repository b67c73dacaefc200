"""A web process prepares the model and the guard's index on a thread as soon as it starts."""

from __future__ import annotations

import pytest

from lessons import matching
from mnemosyne_site import embeddings, warmup
from mnemosyne_site.gunicorn_conf import post_worker_init


@pytest.mark.django_db(transaction=True)
def test_a_started_web_process_builds_the_guards_index_and_loads_the_model(scope_tree):
    matching.reset_index()
    embeddings.reset_embedder()

    warmup.warm_in_background().join(timeout=60)

    assert matching._index is not None
    assert matching._index.version == matching.current_version()[0]
    assert embeddings._embedder is not None


def test_a_failing_preparation_leaves_the_others_to_run(monkeypatch):
    done = []

    def broken() -> None:
        raise RuntimeError("the database is not up yet")

    monkeypatch.setattr(warmup, "_preparations", [broken, lambda: done.append("model")])

    warmup.warm_in_background().join(timeout=10)

    assert done == ["model"]


def test_gunicorn_starts_the_warm_up_in_each_worker(monkeypatch):
    started = []
    monkeypatch.setattr(
        "mnemosyne_site.gunicorn_conf.warm_in_background", lambda: started.append(True)
    )

    post_worker_init(worker=None)

    assert started == [True]
