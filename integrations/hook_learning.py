"""PostToolUse / PostToolUseFailure (placeholder until the next commit)."""


def handle_post_tool_use(event, config):
    return None
