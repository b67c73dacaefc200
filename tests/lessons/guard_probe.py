"""The guard's probe tests share these: the trigger a report derives, and whether it blocks a
command line, as `lessons.matching` checks one (less the meaning-based match)."""

from __future__ import annotations

from lessons.command_patterns import CommandTrigger
from lessons.command_triggers import Derived, derive
from lessons.commands import invocations


def prose_trigger(sentence: str) -> CommandTrigger | None:
    """A report written as a sentence: it is the report's example, title and prose at once."""
    derived = derive(texts=[sentence], prose=sentence, title=sentence)
    return CommandTrigger.from_json(derived.trigger)


def report_trigger(
    example: str, title: str = "", why: str = "", alternatives=()
) -> CommandTrigger | None:
    derived = derive(
        texts=[example], prose=f"{title} {why}", title=title, alternatives=list(alternatives)
    )
    return CommandTrigger.from_json(derived.trigger)


def blocks(trigger: CommandTrigger | None, line: str) -> bool:
    return trigger is not None and trigger.match(invocations(line)) is not None


def wrongly_read(
    example: str, title: str, why: str, block: list[str], allow: list[str]
) -> tuple[list[str], list[str], Derived]:
    """What a report's trigger misses of `block` and wrongly blocks of `allow`, and the
    derivation (its trigger and notes, for the failure message)."""
    derived = derive(texts=[example], prose=f"{title} {why}", title=title)
    trigger = CommandTrigger.from_json(derived.trigger)
    missed = [line for line in block if not blocks(trigger, line)]
    blocked = [line for line in allow if blocks(trigger, line)]
    return missed, blocked, derived
