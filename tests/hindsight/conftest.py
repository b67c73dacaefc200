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
