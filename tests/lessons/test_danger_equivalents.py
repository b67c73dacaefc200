"""One report of a common dangerous operation reaches the other major tools' spellings of it, and
their read-only look-alikes stay allowed (`danger_equivalents_cases`)."""

import pytest

from lessons.command_triggers import CommandTrigger, derive
from lessons.commands import invocations
from tests.lessons.danger_equivalents_cases import CASES, GAPS, Case


def trigger_for(case: Case) -> CommandTrigger | None:
    derived = derive(
        texts=[case.example],
        prose=f"{case.title} {case.why}",
        title=case.title,
        alternatives=list(case.alternatives),
    )
    return CommandTrigger.from_json(derived.trigger)


def blocks(trigger: CommandTrigger | None, line: str) -> bool:
    return trigger is not None and trigger.match(invocations(line)) is not None


def test_every_gap_is_a_spelling_of_its_case():
    spellings = {case.name: set(case.block) for case in CASES}
    assert all(set(lines) <= spellings.get(name, set()) for name, lines in GAPS.items())


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_reported_danger_blocks_other_tools_spellings_and_not_read_only_forms(case):
    trigger = trigger_for(case)
    assert blocks(trigger, case.example)
    missed = [
        line
        for line in case.block
        if line not in GAPS.get(case.name, ()) and not blocks(trigger, line)
    ]
    blocked = [line for line in case.allow if blocks(trigger, line)]
    assert (missed, blocked) == ([], [])
