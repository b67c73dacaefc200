import pytest

from hindsight import conf


@pytest.fixture
def hindsight_conf(monkeypatch):
    """Set hindsight settings for one test: `hindsight_conf(HINDSIGHT_BLOAT_THRESHOLD=2)`."""

    def set_values(**values):
        for name, value in values.items():
            assert hasattr(conf, name), name
            monkeypatch.setattr(conf, name, value)

    return set_values


@pytest.fixture(autouse=True)
def _fresh_plan_counts():
    """Row counts cached to choose search plans must not leak from one test to the next."""
    from hindsight import store

    store._COUNT_CACHE.clear()
    yield
    store._COUNT_CACHE.clear()
