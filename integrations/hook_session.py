"""SessionStart / Stop / SessionEnd (placeholder until the next commit)."""


def handle_sessionstart(event, config):
    return None


def handle_stop(event, config):
    return None


def handle_sessionend(event, config):
    return None


def deliver(argv):
    return 0
