"""Fixtures of the ops tests: metric readings and a fresh anti-pattern index."""

import pytest
from prometheus_client import REGISTRY


def sample(name: str, **labels) -> float:
    """The current value of one series in this process (0 when it does not exist yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


@pytest.fixture
def fresh_anti_pattern_index():
    from lessons import matching

    matching.reset_index()
    matching.forget_action_vectors()
    yield
    matching.reset_index()
