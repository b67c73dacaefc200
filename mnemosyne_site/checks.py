"""System checks of a deployment (`manage.py check --deploy`)."""

from django.conf import settings
from django.core import checks


def check_anonymous_local_off(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """Anonymous local mode makes every loopback caller an agent that writes: right for `make run`
    on a developer's machine, never for a server people and agents share."""
    if not settings.MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL:
        return []
    return [
        checks.Error(
            "MNEMOSYNE_ALLOW_ANONYMOUS_LOCAL is on: anonymous loopback callers act as an agent.",
            hint="Unset it (or set it to false) and give each agent a token "
            "(`manage.py createagent`).",
            id="mnemosyne.E001",
        )
    ]
