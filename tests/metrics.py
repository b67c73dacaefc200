"""Reading metrics in tests: the value of one series in this process."""

from prometheus_client import REGISTRY


def sample(name: str, **labels) -> float:
    """The current value of one series in this process (0 when it does not exist yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0
