"""How commands are spelled, read the same for programs the guard has no table for (no database).

Each test reports an anti-pattern about a made-up tool, so nothing but the general reading of a
command line can make it block; each also checks a harmless look-alike stays allowed.
"""

from lessons.command_triggers import CommandTrigger, derive
from lessons.commands import invocations


def trigger_for(example: str, title: str, why: str = "") -> CommandTrigger | None:
    derived = derive(texts=[example], prose=f"{title} {why}", title=title)
    return CommandTrigger.from_json(derived.trigger)


def blocks(trigger: CommandTrigger | None, line: str) -> bool:
    return trigger is not None and trigger.match(invocations(line)) is not None


def test_a_number_joined_with_equals_is_the_same_value_as_one_after_a_space():
    trigger = trigger_for(
        "quarkctl topic tune --keep-hours 0 --topic <topic>",
        "Never set a quarkctl topic's retention to zero",
        "--keep-hours 0 deletes every stored message at once.",
    )
    assert blocks(trigger, "quarkctl topic tune --keep-hours=0 --topic ledger")
    assert blocks(trigger, "quarkctl topic tune --topic ledger --keep-hours='0'")
    assert blocks(trigger, "quarkctl topic tune --keep-hours 0 --topic ledger")
    assert not blocks(trigger, "quarkctl topic tune --keep-hours=72 --topic ledger")
    assert not blocks(trigger, "quarkctl topic tune --keep-hours 48 --topic ledger")


def docker(line: str):
    return next(i for i in invocations(line) if i.program == "docker")


def test_a_known_switch_given_zero_is_still_off():
    assert "--privileged" not in docker("docker run --privileged=0 alpine").flags
    assert "--privileged" not in docker("docker run --privileged=false alpine").flags
    assert "--privileged" in docker("docker run --privileged=1 alpine").flags
