"""One command of a line, as the guard compares it (read by `lessons.commands`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

# The word a documented command's placeholder (`<path>`, `{name}`) is read as
PLACEHOLDER_WORD = "__mnemosyne_any__"


@dataclass
class Invocation:
    """One command a line runs, normalised."""

    program: str
    subcommand: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    # canonical flag -> its values; redirections are the pseudo-options `<`, `>` and `<<`
    options: dict[str, list[str]] = field(default_factory=dict)
    args: list[str] = field(default_factory=list)
    sudo: bool = False
    env: dict[str, str] = field(default_factory=dict)
    text: str = ""
    pipeline: tuple[int, int] | None = None  # (pipeline number, position in it)
    wrapper: bool = False  # only runs the next invocation (`docker exec c …`, `bash -c …`)
    defused: frozenset[str] = frozenset()  # flags that make it harmless (`--dry-run`)
    # flags the table does not know, followed by a word: `--target prod` may be a value
    loose: frozenset[str] = frozenset()
    # the words of the command that runs this one (`docker exec prod-db …`: `prod-db`)
    via: list[str] = field(default_factory=list)
    # its flags that only widen the danger (`git clean -x`)
    widening: frozenset[str] = frozenset()
    # its options whose value is the danger (`kill --signal`)
    essential: frozenset[str] = frozenset()
    # an equivalent invocation of the same line says what this one does more plainly
    # (`psql -c 'DROP TABLE x'` is a `sql drop table x`): a report is generalised from that one
    superseded: bool = False
    # runs inside `$(…)`: it hands its output to another command (`kill $(pidof x)`)
    substituted: bool = False
    # its equivalent forms were added to the line already (a nested line is read once)
    expanded: bool = False
    # the directory it runs in, when the line says (`cd envs/staging && terraform destroy`)
    cwd: str = ""
    # an equivalent doing only a part of what its command does, named by what it acts on
    # (`docker system prune --volumes` also does a `docker volume prune`: `volume`)
    part: str = ""
    # the further kinds a kubectl command acts on (`kubectl delete svc,pods`: `pod`)
    kinds: tuple[str, ...] = ()

    def words(self) -> Iterator[str]:
        """Every value the command carries: arguments, option values, environment values, where
        it runs."""
        yield from self.args
        for values in self.options.values():
            yield from values
        yield from self.env.values()
        # the setting itself (`GOSUMDB=off go get …` sets what `export GOSUMDB=off` sets)
        yield from (f"{name}={value}" for name, value in self.env.items())
        yield from self.via
        if self.cwd:
            yield self.cwd

    @cached_property
    def haystack(self) -> str:
        """Its values in one lower-case string: a literal a trigger needs must occur in it (its
        subcommand words too: a pattern of any program reads them as arguments)."""
        return "\n".join([*self.subcommand, *self.words()]).casefold()

    def describe(self) -> dict:
        return {
            "program": self.program,
            "subcommand": list(self.subcommand),
            "flags": sorted(self.flags),
            "arguments": list(self.args),
            "sudo": self.sudo,
        }
