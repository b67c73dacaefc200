"""Command patterns: what a command trigger blocks, and how a checked command is compared.

Stored on `AntiPattern.command_trigger` as JSON:

    {"commands": [<pattern>, ...],      any one matching is a match
     "unless":   [<pattern>, ...],      …unless the line also runs one of these (a backup first)
     "derived_from": "the reported text", "notes": ["why a part gave no trigger", ...]}

    <pattern> = {"program": "git", "subcommand": ["push"], "flags": ["--force"],
                 "without": ["--dry-run"], "options": {"--context": "prod"}, "args": ["main"],
                 "anywhere": ["re:(?i)prod"], "sudo": false, "then": <pattern>,
                 "text": "git push --force origin main"}

    <pattern> = {"program": "re:.", "operation": [["delete", "rm", "destroy"], ["log"],
                 ["group"]], "not_programs": ["aws"], "text": "delete log group, with any tool"}

A pattern matches one command of the checked line when the program and subcommand are the same
(the command's further subcommand words count as its arguments), every flag is there (in any
order and spelling: `lessons.command_tables` maps `-f` to `--force`), none of `without` is, every
option has its value, every argument is matched by a distinct argument (or option value) of the
command, every `anywhere` value by some word of it, `sudo` was used when required, and `then`
matches a later command of the same pipeline; with an `operation`, each of its groups has a
word among the command's operation words (`operation_words`: its program's name, subcommand,
switches and options naming an identifier, split into words, singular), and a program in
`not_programs` is left to other patterns; with `remote` (a report naming the shared service it
acted on by its address), a command that names only places on its own machine (a loopback host,
a local directory as where it publishes) is no match. A command carrying a flag that defuses it
(`--dry-run`) and that the pattern does not name is no match. Values are literal (`main`; a path
also matches what lies under it, a relative path the same tail of an absolute one; a mode grants
at least the same bits; a text with spaces matches when its words appear in that order), `<any>`
(any value), `re:PATTERN` (RE2, searched), or in `anywhere` a place (`<production>`,
`<not-local>`, …: `value_classes.PLACES`).
"""

from __future__ import annotations

import itertools
import posixpath
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from lessons.command_tables import FALSE_WORDS, PROGRAMS, TRUE_WORDS, UNLISTED, spec_of
from lessons.commands import (
    LOOPBACK,
    Invocation,
    beyond_loopback,
    go_long_flag,
    invocations,
    mode_bits,
)
from lessons.everyday import EVERYDAY_COMMANDS
from lessons.invocation import PLACEHOLDER_WORD
from lessons.triggers import CompiledTrigger, TriggerError, compile_trigger
from lessons.value_classes import PLACES, place_holds

ANY = "<any>"
# as an argument: the command has no other arguments (`printenv` dumps everything, `printenv
# PATH` one variable)
NONE = "<none>"
_VARIABLE = re.compile(r"^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")
_WORDS = re.compile(r"[a-z0-9]+")


def words_of(line: list[Invocation]) -> set[str]:
    """The lower-case words of a line's values: the second index key (`CommandTrigger.keys`)."""
    return {w for inv in line for w in _WORDS.findall(inv.haystack)}


class CommandTriggerError(TriggerError):
    pass


# --- values -------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=True)
class Value:
    """One value to find in a command: a literal, any value, or an RE2 pattern."""

    raw: str
    regex: CompiledTrigger | None = None

    @classmethod
    def of(cls, raw: str) -> Value:
        if raw.startswith("re:"):
            return cls(raw, compile_trigger(raw[3:]))
        return cls(raw)

    @property
    def is_any(self) -> bool:
        return self.raw == ANY

    @cached_property
    def gates(self) -> tuple[str, ...]:
        """Lower-case strings every value this literal matches contains (a cheap first test:
        equal, under a path, a variable however braced, words in order all contain them)."""
        if (
            self.regex is not None
            or self.raw == ANY
            or self.raw in PLACES
            or mode_bits(self.raw) is not None
            or state_of(self.raw) is not None
            or self.raw in (".", "..")  # the directory it runs in, however the line names it
        ):
            return ()
        if self.raw.startswith("$("):
            return tuple(w.casefold() for w in _listing(self.raw))
        if any(ch.isspace() for ch in self.raw.strip()):
            return tuple(text_words(self.raw))
        found = _VARIABLE.match(self.raw)
        # `/run/…` is in `/var/run/…` too
        return (found.group(1).casefold() if found else _RUN_DIR.sub("/run", self.raw).casefold(),)

    def matches(self, value: str) -> bool:
        if self.raw == ANY:
            return True
        if self.regex is not None:
            return self.regex.search(value) is not None
        if self.raw in PLACES:
            return place_holds(self.raw, [value])[0]
        return literal_matches(self.raw, value)


def _variable_form(value: str) -> str:
    found = _VARIABLE.match(value)
    return f"${found.group(1)}" if found else value


_ROOTS = frozenset({"/", "~", ".", "..", "*", "$HOME"})
_DOTFILE = re.compile(r"^\.[A-Za-z][\w-]*$")
TEMPLATE_SUFFIXES = frozenset({"example", "sample", "template", "dist", "defaults", "tmpl"})


# Modes that leave a check switched off (SELinux's permissive mode only logs).
_NOT_ENFORCING = frozenset({"permissive"})


def state_of(value: str) -> bool | None:
    """A value that switches something on or off (`0`, `no`, `disabled`), as which; else None."""
    lowered = value.casefold()
    if lowered in _NOT_ENFORCING:
        return False
    return True if lowered in TRUE_WORDS else False if lowered in FALSE_WORDS else None


_RUN_DIR = re.compile(r"^/var/run(?=/|$)")


def _listing(substitution: str) -> list[str]:
    """A command substitution in its canonical spelling (`commands._substitution`), without its
    flags."""
    return [w for w in substitution[2:-1].split() if not w.startswith("-")]


_WORLD_WRITE = 0o002


def literal_matches(reported: str, checked: str) -> bool:
    """Whether a checked value is what the reported value names (see the module docstring)."""
    # /var/run is a link to /run (FHS 3.0): `/var/run/docker.sock` is `/run/docker.sock`
    reported, checked = _RUN_DIR.sub("/run", reported), _RUN_DIR.sub("/run", checked)
    if reported == checked or _variable_form(reported) == _variable_form(checked):
        return True
    if reported.casefold() == checked.casefold():
        return True
    if reported.startswith("$(") and checked.startswith("$("):
        # what a listing hands over (`$(docker images -a)`, `$(docker image ls -q)`) is named
        # by its command: its flags choose which items, not what is done to them
        return _listing(reported) == _listing(checked)
    state = state_of(reported)
    if state is not None:  # `setenforce 0` is `setenforce off`, and not `setenforce 1`
        return state_of(checked) is state
    rbits, cbits = mode_bits(reported), mode_bits(checked)
    if rbits is not None and cbits is not None:
        # at least the bits reported; a mode of none (`umask 000`) only matches none. What a
        # mode grants others (group, world, setuid) is its danger: the owner's bits count only
        # for a mode that grants others nothing (`chmod 644 key` is `chmod go+r key`)
        others = rbits & 0o7077
        if rbits & cbits & _WORLD_WRITE:
            # write for every user is what makes a mode such as 777 dangerous (chmod(1): `o+w`,
            # `a+w`, `666` leave the same files writable by anyone)
            return True
        if others:
            return others & cbits == others
        return rbits & cbits == rbits and (rbits != 0 or cbits == 0)
    if any(ch.isspace() for ch in reported.strip()):
        return _subsequence(text_words(reported), text_words(checked))
    if _with_suffix(reported, checked):
        return True
    if " " in checked.strip() and not reported.startswith("/"):
        # `credential.helper 'store --file x'`: a value written with its own options is its
        # first word
        return checked.split()[0].casefold() == reported.casefold()
    if _DOTFILE.match(reported):
        # `.env` names its variants too (`config/.env`, `.env.production`), not the templates
        name = posixpath.basename(checked)
        suffix = name[len(reported) :]
        return name.startswith(reported) and (
            not suffix or suffix.startswith(".") and suffix[1:].lower() not in TEMPLATE_SUFFIXES
        )
    if reported in _ROOTS or "/" not in reported and not reported.startswith("~"):
        return False
    if checked.startswith(reported.rstrip("/") + "/"):
        return True  # under the reported directory
    if not reported.startswith(("/", "~")):
        tail = "/" + reported.rstrip("/")
        return checked.endswith(tail) or tail + "/" in checked
    return False


# A name (a package, an image, a host) with no version or port of its own.
_BARE_NAME = re.compile(r"[A-Za-z0-9][\w.-]*")
# What may follow a name and still name it: a version (`@2.1.0`, `@^2`, `==2.0`, `>=1,<3`,
# `~=1.4`), an image's tag or a port (`:16-alpine`, `:9000`); never a further path or pattern
_VERSION_SUFFIX = re.compile(
    r"(?:@|===?|[<>~!]=?|\^)[\w.*^~+-]*(?:,\s*(?:===?|[<>~!]=?)[\w.*+-]+)*|:\w[\w.-]*"
)


def _with_suffix(reported: str, checked: str) -> bool:
    """`evil-lib` reported names `evil-lib@2.1.0` and `evil-lib==2.0`; `0.0.0.0` names
    `0.0.0.0:9000`: the suffix says which release or port of the thing reported."""
    if not _BARE_NAME.fullmatch(reported) or len(checked) <= len(reported):
        return False
    head, tail = checked[: len(reported)], checked[len(reported) :]
    return head.casefold() == reported.casefold() and bool(_VERSION_SUFFIX.fullmatch(tail))


# Words a statement may leave out (`TRUNCATE TABLE t` is `TRUNCATE t`)
_OPTIONAL_SQL = re.compile(r"\b(truncate|lock)\s+table\b|\bif\s+(not\s+)?exists\b")


def text_words(text: str) -> list[str]:
    return _WORDS.findall(_OPTIONAL_SQL.sub(lambda m: m.group(1) or "", text.lower()))


def _subsequence(needles: list[str], haystack: list[str]) -> bool:
    it = iter(haystack)
    return all(any(word == needle for word in it) for needle in needles)


# --- what a command does, in words --------------------------------------------------------------

# A tool's shorter spelling of a word (`argocd app delete`, `--db-instance-identifier`)
WORD_ALIASES = {
    "app": "application",
    "db": "database",
    "repo": "repository",
    "ns": "namespace",
    "dir": "directory",
    "env": "environment",
    "config": "configuration",
    "conf": "configuration",
    "cfg": "configuration",
    "img": "image",
    "vol": "volume",
    "svc": "service",
    "pkg": "package",
    "cert": "certificate",
    "fs": "filesystem",
}
_IRREGULAR = {"indices": "index", "indexes": "index", "statuses": "status", "aliases": "alias"}
# a word's parts: `delete-log-group`, `MnemoProdStack`, `DBInstance`, `db:schema:load`
_WORD_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
# a leading argument that reads as a subcommand word (`argocd app delete payments`)
_COMMAND_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_:-]*")
# programs whose arguments are text to print or search, never what they do
_TEXT_PROGRAMS = frozenset(
    "echo printf grep egrep fgrep rg ag ack sed awk man info help apropos whatis which type "
    "tldr cat less more head tail wc sort uniq jq yq tee column".split()
)
# what an option naming an identifier names when it says where a command acts, not what it acts on
# (`kubectl delete pod web -n production` deletes a pod, not a namespace)
_SCOPES = frozenset(
    "namespace project region zone resource context cluster profile account subscription org "
    "organization location environment stage tenant folder kubeconfig server host port "
    "endpoint url output format query filter selector label".split()
)
# an option naming its object by an identifier: `--stack-name` names a stack
_IDENTIFIER = frozenset("name names id ids identifier identifiers arn arns".split())


def operation_word(word: str) -> str:
    """A word in the one spelling both sentences and commands are compared in: lower case,
    singular, the long form of a tool's abbreviation (`Apps` and `application`)."""
    word = word.casefold()
    word = _IRREGULAR.get(word, word)
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return WORD_ALIASES.get(word, word)


def word_parts(text: str) -> list[str]:
    return [operation_word(w) for w in _WORD_PARTS.findall(text)]


def _leading_words(text: str, program: str) -> list[str]:
    """The words after the program before its first flag or value (`app delete payments`)."""
    tokens = text.split()
    start = next((k + 1 for k, t in enumerate(tokens) if t.rsplit("/", 1)[-1] == program), None)
    found: list[str] = []
    for token in tokens[start : start + 3] if start is not None else ():
        if not _COMMAND_WORD.fullmatch(token):
            break
        found.append(token)
    return found


def operation_words(inv: Invocation) -> frozenset[str]:
    """The words of what a command does and to what, in `operation_word` spelling: its
    program's name, its subcommand (a program with no table: its leading word arguments), its
    switches, and the options naming its object (`aws logs delete-log-group --log-group-name
    x`: aws, log, delete, group, name). Kept on the invocation: every pattern of any program
    with an operation asks for them."""
    found = inv.__dict__.get(_OPERATION_WORDS)
    if found is None:
        found = inv.__dict__[_OPERATION_WORDS] = _operation_words(inv)
    return found


_OPERATION_WORDS = "_operation_words"


def _operation_words(inv: Invocation) -> frozenset[str]:
    name = inv.program.rsplit("/", 1)[-1]
    parts = [name.removesuffix(".sh"), *inv.subcommand]
    if not inv.subcommand and inv.program not in PROGRAMS and inv.program not in _TEXT_PROGRAMS:
        parts += _leading_words(inv.text, name)
    for flag in inv.flags:
        if flag.startswith("--no-"):
            continue
        words = word_parts(flag)
        if flag in inv.options or flag in inv.loose:
            # an option names the command's object by its identifier (`--stack-name`); one
            # named by a noun alone is as often where the object lies (`delete-object --bucket`)
            if not words or words[-1] not in _IDENTIFIER:
                continue
            words = words[:-1]
            if not words or _SCOPES.intersection(words):
                continue
        parts.extend(words)
    return frozenset(w for part in parts for w in word_parts(part))


# --- patterns -----------------------------------------------------------------------------------

_FIELDS = frozenset(
    {
        "program",
        "subcommand",
        "flags",
        "without",
        "options",
        "args",
        "anywhere",
        "sudo",
        "then",
        "operation",
        "not_programs",
        "remote",
        "text",
    }  # fmt: skip
)


@dataclass(frozen=True)
class Pattern:
    program: str
    subcommand: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    without: frozenset[str] = frozenset()
    options: tuple[tuple[str, Value], ...] = ()
    args: tuple[Value, ...] = ()
    anywhere: tuple[Value, ...] = ()
    sudo: bool = False
    then: Pattern | None = None
    # words the command's operation must carry, each group by one of its spellings
    # (`operation_words`): [["delete", "rm", …], ["log"], ["group"]]
    operation: tuple[frozenset[str], ...] = ()
    # programs a `re:` program leaves to patterns of their own (a report's own command)
    not_programs: frozenset[str] = frozenset()
    # the report named a shared service by its address: the agent's own local copy is not it
    remote: bool = False
    text: str = ""

    @property
    def program_regex(self):
        """`re:PATTERN` as a program: any program whose name matches (`deploy.sh`, `deploy`)."""
        return _program_regex(self.program) if self.program.startswith("re:") else None

    def program_matches(self, program: str) -> bool:
        regex = self.program_regex
        if program in self.not_programs:
            return False
        if regex is not None:
            return regex.search(program) is not None
        # `kafka-topics.sh` and `kafka-topics`: a tool's script and its packaged command
        return program == self.program or program.removesuffix(".sh") == self.program.removesuffix(
            ".sh"
        )

    @cached_property
    def number(self) -> int:
        """The same number for patterns that differ only in the text they were written as: they
        match alike (`CommandTrigger.match`'s memo)."""
        unwritten = replace(self, text="")
        return _PATTERN_NUMBERS.setdefault(unwritten, next(_PATTERN_COUNT))

    @cached_property
    def gates(self) -> tuple[str, ...]:
        values = [*self.args, *(value for _, value in self.options), *self.anywhere]
        return tuple(dict.fromkeys(gate for value in values for gate in value.gates))

    def as_json(self) -> dict:
        data: dict = {"program": self.program}
        if self.subcommand:
            data["subcommand"] = list(self.subcommand)
        if self.flags:
            data["flags"] = sorted(self.flags)
        if self.without:
            data["without"] = sorted(self.without)
        if self.options:
            data["options"] = {flag: value.raw for flag, value in self.options}
        if self.args:
            data["args"] = [value.raw for value in self.args]
        if self.anywhere:
            data["anywhere"] = [value.raw for value in self.anywhere]
        if self.sudo:
            data["sudo"] = True
        if self.then is not None:
            data["then"] = self.then.as_json()
        if self.operation:
            data["operation"] = [sorted(group) for group in self.operation]
        if self.not_programs:
            data["not_programs"] = sorted(self.not_programs)
        if self.remote:
            data["remote"] = True
        if self.text:
            data["text"] = self.text
        return data

    @classmethod
    def from_json(cls, data) -> Pattern:
        if isinstance(data, str):
            patterns = patterns_from_text(data)
            if len(patterns) != 1:
                raise CommandTriggerError(
                    f"{data!r} is {'no command' if not patterns else 'several commands'}; "
                    "write one command per pattern."
                )
            return patterns[0]
        if not isinstance(data, dict):
            raise CommandTriggerError("A pattern is an object or a command line.")
        unknown = set(data) - _FIELDS
        if unknown:
            raise CommandTriggerError(f"Unknown pattern field(s): {', '.join(sorted(unknown))}.")
        program = data.get("program")
        if not isinstance(program, str) or not program.strip():
            raise CommandTriggerError("A pattern names its program.")
        if program.startswith("re:"):
            try:
                _program_regex(program)
            except TriggerError as exc:
                raise CommandTriggerError(f"The program pattern {program!r}: {exc}") from None
        strings = _strings
        # a trigger stored before one-dash long flags of unlisted tools were read as two-dash
        spelled = go_long_flag if spec_of(program.strip()) is UNLISTED else str
        try:
            options = data.get("options") or {}
            if not isinstance(options, dict):
                raise CommandTriggerError("`options` maps a flag to its value.")
            return cls(
                program=program.strip(),
                subcommand=tuple(strings(data.get("subcommand"), "subcommand")),
                flags=frozenset(map(spelled, strings(data.get("flags"), "flags"))),
                without=frozenset(map(spelled, strings(data.get("without"), "without"))),
                options=tuple(
                    (spelled(str(flag)), Value.of(str(value)))
                    for flag, value in sorted(options.items(), key=lambda kv: spelled(str(kv[0])))
                ),
                args=tuple(Value.of(v) for v in strings(data.get("args"), "args")),
                anywhere=tuple(Value.of(v) for v in strings(data.get("anywhere"), "anywhere")),
                sudo=bool(data.get("sudo", False)),
                then=cls.from_json(data["then"]) if data.get("then") else None,
                operation=_operation(data.get("operation")),
                not_programs=frozenset(strings(data.get("not_programs"), "not_programs")),
                remote=bool(data.get("remote", False)),
                text=str(data.get("text") or ""),
            )
        except TriggerError as exc:
            raise CommandTriggerError(f"In the pattern for {program!r}: {exc}") from None

    def describe(self) -> str:
        if self.text:
            return self.text
        parts = [self.program, *self.subcommand, *sorted(self.flags)]
        parts += [f"{flag} {value.raw}" for flag, value in self.options]
        parts += [value.raw for value in self.args]
        return " ".join(parts)


@lru_cache(maxsize=256)
def _program_regex(program: str):
    return compile_trigger(program[3:])


def _operation(value) -> tuple[frozenset[str], ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(
        isinstance(group, list) and group and all(isinstance(w, str) and w for w in group)
        for group in value
    ):
        raise CommandTriggerError("`operation` is a list of lists of words.")
    return tuple(frozenset(operation_word(w) for w in group) for group in value)


def _strings(value, name: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CommandTriggerError(f"`{name}` is a list of strings.")
    return value


# --- where a command acts: on its own machine or elsewhere ---------------------------------------

# An address: a URL (its host; JDBC's too), or a host name or IPv4 address given with a port
_ADDRESS = re.compile(
    r"^(?:(?:jdbc:)?[a-z][\w+.-]*://\S+|(?:[A-Za-z0-9][\w-]*(?:\.[\w-]+)+|\d{1,3}(?:\.\d{1,3}){3}):\d+(?:/\S*)?)$",
    re.I,
)
# Options naming where a command connects or publishes (`--host`, `--uri`, `--source`)
_WHERE = frozenset(
    "host hostname server endpoint addr address url uri broker brokers source registry "
    "repository feed".split()
)
# The environments a framework keeps on the developer's machine (Rails, Rack, Node, Mix, …)
_OWN_ENVIRONMENTS = frozenset({"test", "development", "dev", "local"})
# A directory of the machine given as where to publish (`--source ./local-feed`)
_LOCAL_DIR = re.compile(r"^(?:\.{1,2}/|/|~/|file:)")


def place_of(value: str, *, where: bool = False) -> str | None:
    """`local` for a loopback address (or, given to an option naming where it acts, a local
    directory), `remote` for any other address (or any value of such an option), else None."""
    if LOOPBACK.match(value):
        return "local"
    if where:
        return "local" if _LOCAL_DIR.match(value) else "remote"
    return "remote" if _ADDRESS.match(value) else None


def runs_elsewhere(inv: Invocation) -> bool:
    """Whether a wrapper runs the command in a container, a pod or on another machine (its
    `via`: `docker exec kafka …`, `kubectl exec pod -- …`, `ssh host '…'`), where a loopback
    address is that place's own, not the agent's machine (`ssh localhost …` runs it here)."""
    return bool(inv.via) and not any(LOOPBACK.match(v.strip("'\"")) for v in inv.via)


def places(inv: Invocation) -> set[str]:
    """Where a command says it acts: `local`, `remote`, both, or neither (it names no place: the
    default its configuration gives, which may be anywhere). A command a wrapper runs elsewhere
    acts where the wrapper says (`via`), whatever loopback address it names."""
    found: set[str | None] = set()
    elsewhere = runs_elsewhere(inv)

    def place(value: str, *, where: bool = False) -> str | None:
        value = value.strip("'\"")
        own = beyond_loopback(value) if elsewhere else value
        return place_of(own, where=where) if own is not None else None

    for flag, values in inv.options.items():
        where = _named(flag, _WHERE)
        found.update(place(v, where=where) for v in values)
    for word in inv.text.split():
        # a long option its program has no table for (`dotnet nuget push --source ./feed`)
        flag, _, value = word.partition("=")
        if value and _named(flag, _WHERE):
            found.add(place(value, where=True))
    tokens = inv.text.split()
    for k, token in enumerate(tokens[:-1]):
        if token in inv.loose and _named(token, _WHERE):
            found.add(place(tokens[k + 1], where=True))
    found.update(place(v) for v in inv.args)
    found.update(place_of(v.strip("'\"")) for v in inv.via)
    for name, value in inv.env.items():
        # `RAILS_ENV=test`, `NODE_ENV=development`: the framework's own throwaway environment
        if name.endswith("_ENV") and value.lower() in _OWN_ENVIRONMENTS:
            found.add("local")
    if inv.flags & _EVERY_SCOPE:
        found.add("remote")  # every namespace: production's among them
    scoped = {v for flag, values in inv.options.items() if _named(flag, _SCOPE) for v in values}
    for value in (*inv.args, *(v for values in inv.options.values() for v in values), *inv.via):
        if _PRODUCTION.search(value) or value in scoped and PLACEHOLDER_WORD in value:
            # production is never the agent's own; nor is the environment a report names as
            # any (`-n <namespace>` of "a release in a shared namespace")
            found.add("remote")
        elif _disposable(value, scoped=value in scoped):
            found.add("local")
    return {place for place in found if place is not None}


# Where a name says it is a throwaway environment of one's own (`-n dev-alice`, `rg-sandbox`,
# `app-dev-42`, `preview-pr-812`, `shop_test`), and where it says production
_DISPOSABLE = frozenset(
    {"dev", "development", "test", "testing", "sandbox", "preview", "previews", "scratch"}
)
_PRODUCTION = re.compile(r"(?i)(^|[^a-z])prod(uction)?([^a-z]|$)")
# options naming the environment a command acts in (`--namespace`, `--resource-group`)
_SCOPE = frozenset(
    "namespace group vhost context env environment stage project workspace database dbname".split()
)


def _named(flag: str, words: frozenset[str]) -> bool:
    """Whether a long option's name holds one of `words` as a part (`--bootstrap-server`)."""
    return flag.startswith("--") and bool(words.intersection(flag[2:].lower().split("-")))


def _disposable(value: str, *, scoped: bool) -> bool:
    """A name of parts, one of which says it is a throwaway environment (`dev-alice`); a bare
    word only where it names the environment (`-n dev`, not the branch `git push origin dev`).
    Never a path of the machine (`/dev/sda`) nor an address."""
    lowered = value.lower()
    if lowered.count("/") > 1 or lowered.startswith(("~", "./", "../")) or "://" in lowered:
        return False
    parts = [p for p in re.split(r"[-_.:/]+", lowered) if p]
    if len(parts) == 1:
        return scoped and parts[0] in _DISPOSABLE
    return any(part in _DISPOSABLE for part in parts)


def in_own_environment(inv: Invocation) -> bool:
    """Whether a command says it acts only in a throwaway environment of the agent's own: a
    scope named so (`-n sandbox`, `--vhost /dev-alice`, `RAILS_ENV=test`), or a database or
    index so named on a loopback address (`psql -h 127.0.0.1 shop_test`). A loopback address
    alone is not one (`redis-cli -h 127.0.0.1 FLUSHALL` may be the machine's only server),
    nor a throwaway name alone (`az group delete -n rg-test` deletes the whole environment)."""
    if places(inv) != {"local"}:
        return False
    for flag, values in inv.options.items():
        if _named(flag, _SCOPE) and any(_disposable(v, scoped=True) for v in values):
            return True
    if any(n.endswith("_ENV") and v.lower() in _OWN_ENVIRONMENTS for n, v in inv.env.items()):
        return True
    # where a wrapper or a client runs it (`via`: the database a statement is handed to)
    words = [w.strip("'\"").rpartition("=")[2] for w in [*inv.text.split(), *inv.via]]
    loopback = [found for w in words if (found := LOOPBACK.match(w)) is not None]
    if not loopback:
        return False
    named = [posixpath.basename((m.group("rest") or "").split("?")[0]) for m in loopback]
    return any(_disposable(w, scoped=False) for w in [*named, *words] if w)


def _reported_in_own_environment(pattern: Pattern) -> bool:
    """A report whose own command acted in such an environment says it was no safe place."""
    return bool(pattern.text) and any(
        in_own_environment(_two_dash_spelling(inv)) for inv in invocations(pattern.text)
    )


# Options naming a file a command reads (`kubectl apply -f https://…/crds.yaml`, `helm --values`):
# a URL there is where its input comes from, not where it acts.
_INPUT_OPTIONS = frozenset(
    {"--filename", "--file", "--values", "--kustomize", "--template-file", "--template-uri"}
)


# flags acting on every scope a cluster has (every namespace, every project)
_EVERY_SCOPE = frozenset({"--all-namespaces"})


def _place_words(inv: Invocation) -> list[str]:
    """The values that may say where a command acts: every value but the files it reads."""
    inputs = {v for flag, values in inv.options.items() if flag in _INPUT_OPTIONS for v in values}
    elsewhere = runs_elsewhere(inv)
    via = set(inv.via)
    found = [
        own
        for word in inv.words()
        if word not in inputs
        and (own := beyond_loopback(word) if elsewhere and word not in via else word) is not None
    ]
    if inv.flags & _EVERY_SCOPE:
        # `kubectl delete pods --all -A`: every namespace is production's too
        found.append("--all-namespaces=production")
    return found


@dataclass
class Match:
    """Why a pattern matched: the command it matched and what of it."""

    pattern: Pattern
    invocation: Invocation
    arguments: list[str]

    def explain(self) -> dict:
        return {
            "command": self.invocation.text,
            "pattern": self.pattern.describe(),
            "program": self.pattern.program,
            "subcommand": list(self.pattern.subcommand),
            "flags": sorted(self.pattern.flags),
            "arguments": self.arguments,
            "sudo": self.pattern.sudo,
        }


# Programs that print what they are given: `echo $TOKEN | docker login --password-stdin` hands
# the token to the next command; only when what follows shows it (`| tee log`) is it printed.
_PRINTERS = frozenset({"echo", "printf", "cat"})
_SHOWS = frozenset(
    "tee less more cat head tail grep egrep fgrep rg jq yq wc sort uniq cut tr column nl awk sed "
    "base64 xxd od hexdump fold fmt write-file".split()
)


def _handed_on(inv: Invocation, line: list[Invocation]) -> bool:
    if inv.program not in _PRINTERS or inv.pipeline is None:
        return False
    number, position = inv.pipeline
    later = [o for o in line if o.pipeline == (number, position + 1)]
    return bool(later) and all(o.program not in _SHOWS for o in later)


# Programs that keep the lines holding a text (`grep release/`), as a pipeline's filter
_FILTERS = frozenset({"grep", "egrep", "fgrep", "rg"})
_REGEX_SYNTAX = re.compile(r"[\^$*+?()\[\]{}|\\]")


def _selected(value: Value, checked: str, inv: Invocation, line: list[Invocation]) -> bool:
    """`git branch -r | grep release/ | xargs -n1 git push origin --delete`: what xargs hands
    on (`$(git branch …)`) is what the pipeline's filter keeps, so a value is reached when a
    name the filter keeps is one (`release/x`; a remote-tracking `origin/release/x` also read
    without its remote, as `sed 's#origin/##'` hands it on)."""
    if not checked.startswith("$(") or value.is_any or inv.pipeline is None:
        return False
    number, position = inv.pipeline
    for other in line:
        if (
            other.program not in _FILTERS
            or other.pipeline is None
            or other.pipeline[0] != number
            or other.pipeline[1] >= position
            or other.flags & {"-v", "--invert-match"}
            or not other.args
        ):
            continue
        kept = _REGEX_SYNTAX.sub("", other.args[0]).lstrip("/")
        if not kept:
            continue
        name = kept + ("x" if kept.endswith(("/", "-", "_", ".")) else "")
        parts = name.split("/")
        if any(value.matches("/".join(parts[k:])) for k in range(len(parts))):
            return True
    return False


def _relative_matches(value: Value, checked: str, cwd: str) -> bool:
    """A relative path reported (`rm -rf *`: wherever it runs) matches the same path under the
    directory the checked line cd's into (`cd /var/www && rm -rf *`)."""
    if not cwd or value.regex is not None or value.raw.startswith(("/", "~", "$")):
        return False
    if checked == cwd:
        return value.matches(".")
    if checked.startswith(cwd.rstrip("/") + "/"):
        return value.matches(checked[len(cwd.rstrip("/")) + 1 :])
    return False


def _two_dash_spelling(inv: Invocation) -> Invocation:
    """A command of a tool the tables do not list with its whole single-dash flags spelled with
    two dashes (`nomad job stop -purge` is `--purge`), as `Pattern.from_json` spells a
    pattern's."""
    if spec_of(inv.program) is not UNLISTED or not any(
        go_long_flag(flag) != flag for flag in inv.flags
    ):
        return inv
    spelled = go_long_flag
    return replace(
        inv,
        flags=frozenset(map(spelled, inv.flags)),
        options={spelled(flag): values for flag, values in inv.options.items()},
        loose=frozenset(map(spelled, inv.loose)),
        defused=frozenset(map(spelled, inv.defused)),
    )


def match_invocation(pattern: Pattern, inv: Invocation, line: list[Invocation]) -> Match | None:
    if not pattern.program_matches(inv.program):
        return None
    inv = _two_dash_spelling(inv)
    if pattern.then is None and _handed_on(inv, line):
        return None  # printed into another command, not onto the screen
    depth = len(pattern.subcommand)
    if inv.subcommand[:depth] != pattern.subcommand:
        return None
    if not pattern.flags <= inv.flags or inv.defused - pattern.flags:
        return None
    if pattern.without & inv.flags:
        return None
    if pattern.sudo and not inv.sudo:
        return None
    if pattern.remote and places(inv) == {"local"}:
        return None  # the agent's own copy of the service, not the shared one reported
    if in_own_environment(inv) and not _reported_in_own_environment(pattern):
        return None  # the same act where only the agent's own throwaway copy lives
    if pattern.operation:
        carried = operation_words(inv)
        if (
            "help" in carried
            or "help" in inv.args
            or not all(group & carried for group in pattern.operation)
        ):
            return None
    haystack = inv.haystack
    if any(gate not in haystack for gate in pattern.gates):
        return None
    used: list[str] = []
    for flag, value in pattern.options:
        values = inv.options.get(flag)
        if values is None and flag in inv.loose:
            values = inv.args  # `--target prod`, read as a flag and an argument
        hit = next((v for v in values or () if value.matches(v)), None)
        if hit is None and not value.is_any:
            # `--authorized-networks 10.0.0.0/8,0.0.0.0/0`: a list given to an option holds
            # each of its items
            hit = next(
                (i for v in values or () if "," in v for i in v.split(",") if value.matches(i)),
                None,
            )
        if hit is None:
            return None
        used.append(hit)
    # the command's further subcommand words are arguments to this pattern
    pool = [*inv.subcommand[depth:], *inv.args]
    bare = not pool
    pool += [v for values in inv.options.values() for v in values]
    taken = [False] * len(pool)
    for value in pattern.args:
        if value.raw == NONE:
            if not bare:
                return None
            continue
        if value.is_any:
            continue  # an argument that may be anything, or absent
        for k, candidate in enumerate(pool):
            if not taken[k] and (
                value.matches(candidate)
                or _relative_matches(value, candidate, inv.cwd)
                or _selected(value, candidate, inv, line)
            ):
                taken[k] = True
                used.append(candidate)
                break
        else:
            return None
    if pattern.anywhere:
        words = list(inv.words())
        for value in pattern.anywhere:
            if value.raw in PLACES:  # where it acts, read in code (`value_classes.PRODUCTION`)
                holds, where = place_holds(value.raw, _place_words(inv))
                if not holds:
                    return None
                used += [where] if where else []
                continue
            hit = next((w for w in words if value.matches(w)), None)
            if hit is None:
                return None
            used.append(hit)
    if pattern.then is not None:
        if inv.pipeline is None:
            return None
        number, position = inv.pipeline
        later = [
            other
            for other in line
            if other.pipeline and other.pipeline[0] == number and other.pipeline[1] > position
        ]
        if not any(match_invocation(pattern.then, other, line) for other in later):
            return None
    return Match(pattern, inv, list(dict.fromkeys(used)))


# One number per pattern less its text (`Pattern.number`); `next` hands each caller its own.
_PATTERN_NUMBERS: dict[Pattern, int] = {}
_PATTERN_COUNT = itertools.count()


def _first_match(pattern: Pattern, line: list[Invocation], memo: dict | None) -> Match | None:
    """The pattern's match with the first command of `line` it matches, remembered in `memo`
    (one line's) for every pattern that matches alike."""
    if memo is not None and pattern.number in memo:
        found = memo[pattern.number]
    else:
        matches = (match_invocation(pattern, inv, line) for inv in line)
        found = next((m for m in matches if m is not None), None)
        if memo is not None:
            memo[pattern.number] = found
    if found is None or found.pattern is pattern:
        return found
    return Match(pattern, found.invocation, list(found.arguments))


@dataclass(frozen=True)
class CommandTrigger:
    patterns: tuple[Pattern, ...]
    unless: tuple[Pattern, ...] = ()

    @classmethod
    def from_json(cls, data: dict | None) -> CommandTrigger | None:
        if not data or not data.get("commands"):
            return None
        return cls(
            patterns=tuple(Pattern.from_json(p) for p in data["commands"]),
            unless=tuple(Pattern.from_json(p) for p in data.get("unless") or []),
        )

    def keys(self) -> set[tuple[str, str | None]]:
        """Index keys: (`program subcommand` or `program`, a word every match contains, or
        None); `*` for a pattern whose program is a regex. A checked command is compared only
        with the triggers of its programs whose word it holds (`words_of`)."""
        keys = set()
        for p in self.patterns:
            name = p.program.removesuffix(".sh")  # `program_matches`: with or without `.sh`
            program = "*" if p.program_regex is not None else name
            if p.subcommand and p.program_regex is None:
                program = f"{name} {p.subcommand[0]}"
            words = [w for gate in p.gates for w in _WORDS.findall(gate)]
            keys.add((program, max(words, key=len) if words else None))
        return keys

    def match(self, line: list[Invocation], memo: dict | None = None) -> Match | None:
        """The first of its patterns a command of `line` matches, unless an `unless` pattern
        matches too. `memo`: one dict for every trigger a line is matched against, so a pattern
        many triggers hold (reports of one danger) is compared with each command once."""
        for pattern in self.patterns:
            found = _first_match(pattern, line, memo)
            if found is not None:
                if any(_first_match(u, line, memo) for u in self.unless):
                    return None
                return found
        return None


# --- patterns written as command lines, and the everyday yardstick -------------------------------

_ANY_WORD = PLACEHOLDER_WORD
# Placeholders in a documented command: `<container>`, `<path to dir>`, `{name}`, `...`, `…`.
_ANGLE = re.compile(r"<(?=[A-Za-z_])[^<>\n]{1,60}>")
# an ellipsis standing alone, or for the rest of a path or URL (`https://<host>/...`)
_ELLIPSIS = re.compile(r"(?<![^\s/])(?:\.\.\.|…)(?![^\s/])")
_OPTIONAL = re.compile(r"\[(?:-|[A-Z_]{2,}|options?|flags?)[^\]\n]{0,60}\]", re.IGNORECASE)


# `{database}` (not `${VAR}` or `@{u}`), and `BUCKET_NAME`, `YOUR_PROJECT_ID`: capital words
# joined by underscores, not a variable's expansion or assignment
_BRACED = re.compile(r"(?<![$@\w{])\{[A-Za-z_][\w-]*\}(?!\})")
_CAPITALS = re.compile(r"(?<![$\w{])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w}=])")


# One capital word that documentation uses for a value (man pages' metavariables: `kubectl
# delete ns NAME`, `git push REMOTE BRANCH`), never a keyword a command takes (`FLUSHALL`,
# `ACCEPT`, SQL's `TABLE` and `ROLE`) nor a variable (`$USER`, `PATH=…`).
_METAVARIABLES = (
    "NAME NAMESPACE NS BRANCH REMOTE USERNAME HOST HOSTNAME FILE FILENAME DIR DIRECTORY URL "
    "PORT PID TAG IMAGE CONTAINER POD NODE SERVICE RELEASE CHART BUCKET PROJECT REGION ZONE "
    "CLUSTER CONTEXT DB DBNAME PACKAGE PKG VERSION COMMIT SHA REF REPO REPOSITORY ORG OWNER "
    "VOLUME NETWORK DEVICE DISK TARGET SRC DEST DST INSTANCE ACCOUNT"
).split()
# (after a slash too: `OWNER/REPO`, `/dev/DISK`)
_METAVARIABLE = re.compile(rf"(?<![$\w{{-])(?:{'|'.join(_METAVARIABLES)})(?![\w}}=])")
# Secrets and identities written as a capital word (`-p PASSWORD`, `-pPASSWORD`, `-u USER:PASS`,
# `https://TOKEN@host`); SQL has some of them as keywords (`WITH PASSWORD`, `PRIMARY KEY`), so
# a text holding an SQL statement keeps them
_SECRET_METAVARIABLE = re.compile(
    r"(?:(?<![$\w{-])|(?<=-[A-Za-z]))"
    r"(?:PASSWORD|PASSWD|PASS|PASSPHRASE|TOKEN|SECRET|APIKEY|KEY|USER|EMAIL|ID|VALUE)(?![\w}=])"
)
_SQL_STATEMENT = re.compile(
    r"\b(?:SELECT|INSERT|UPDATE|DELETE|ALTER|CREATE|DROP|GRANT|REVOKE|TRUNCATE)\b"
    r"|(?:^|[\"'])\s*(?i:select|insert|update|delete|alter|create|drop|grant|revoke|truncate)\b"
)
# `X.Y.Z`, `vX.Y.Z`, `MAJOR.MINOR.PATCH`: a version written as its parts' names
_VERSION_PARTS = re.compile(
    r"(?<![\w.-])v?(?:X\.Y(?:\.Z)?|x\.y(?:\.z)?|MAJOR\.MINOR(?:\.PATCH)?)(?![\w.-])"
)
# `/path/to/dir`, `path/to/file`: the documentation's way of writing any path
_PATH_TO = re.compile(r"(?<![\w.-])/?path/to(?:/[\w.*-]*)*")
# Dummy values documentation and agents write for "some name", standing as a whole value:
# `my-bucket`, `your-project-id`, `example-namespace`, `foo` (inside a longer value, `ghcr.io/
# some-user/tool`, the value is an example as a whole, read as any other); and the domains
# reserved for examples (RFC 2606: `example.com`, `api.example.org`), wherever they stand
_DUMMY = re.compile(
    r"(?<![^\s='\"])(?:(?:my|your|some|example|sample)[-_][A-Za-z0-9][\w-]*|foo|bar|baz|qux|foobar)"
    r"(?![^\s'\";)])"
    r"|(?<![\w.-])(?:[\w-]+\.)*example\.(?:com|org|net)(?![\w-])"
)
# A value written as its kind's name (`namespace-name`, `project-id`, `bucket_name`): some value
_KIND_NAME = re.compile(r"(?<![^\s='\"])[a-z]+(?:[-_][a-z]+)*[-_](?:name|id)(?![^\s'\";)])")
# A template's variable (`{{ namespace }}`, `{{bucket_name}}`) or a CI expression (`${{
# secrets.TOKEN }}`); not a format string (`docker inspect -f '{{.Config.Env}}'`), which says
# what is printed
_TEMPLATE = re.compile(r"\{\{\s*[A-Za-z_][\w-]*\s*\}\}|\$\{\{[^{}\n]{1,80}\}\}")
# A bound parameter of an SQL statement (`:table`, psql's `:'name'`), after a space or a bracket
_SQL_PARAMETER = re.compile(r"(?<=[\s(,=]):[A-Za-z_]\w*(?![\w:])")
# A secret written masked (`-p********`, `--password=XXXXXXXX`, `REDACTED`): some value
_MASKED = re.compile(
    r"\*{4,}|(?:(?<![A-Za-z0-9])|(?<=-[A-Za-z]))(?:X{4,}|x{4,}|REDACTED|redacted)(?![\w])"
)


def substitute_placeholders(text: str) -> str:
    text = _TEMPLATE.sub(_ANY_WORD, text)
    text = _OPTIONAL.sub(" ", text)
    text = _ANGLE.sub(_ANY_WORD, text)
    text = _BRACED.sub(_ANY_WORD, text)
    text = _CAPITALS.sub(_ANY_WORD, text)
    text = _METAVARIABLE.sub(_ANY_WORD, text)
    if _SQL_STATEMENT.search(text):
        text = _SQL_PARAMETER.sub(_ANY_WORD, text)
    else:
        text = _SECRET_METAVARIABLE.sub(_ANY_WORD, text)
        text = _KIND_NAME.sub(_ANY_WORD, text)
    text = _PATH_TO.sub(_ANY_WORD, text)
    text = _DUMMY.sub(_ANY_WORD, text)
    text = _MASKED.sub(_ANY_WORD, text)
    text = _VERSION_PARTS.sub(_ANY_WORD, text)
    return _ELLIPSIS.sub(_ANY_WORD, text)


def line_of(text: str) -> list[Invocation]:
    """A documented command line read with its placeholders as a word standing for any value."""
    return invocations(substitute_placeholders(text))


def groups(line: list[Invocation]) -> list[list[Invocation]]:
    """The commands a line runs, a pipeline kept together; wrappers (`docker exec c …`) and
    commands an equivalent supersedes (`psql -c 'DROP…'`) give way to what they run."""
    found: list[list[Invocation]] = []
    by_pipeline: dict[int, list[Invocation]] = {}
    for inv in line:
        if inv.wrapper or inv.superseded:
            continue
        if inv.pipeline is None:
            found.append([inv])
        else:
            members = by_pipeline.setdefault(inv.pipeline[0], [])
            if not members:
                found.append(members)
            members.append(inv)
    return found


_BRACE_WORD = re.compile(r"^\{[A-Za-z_][\w-]*\}$")
# `{name}` inside a value (`{env}.tfvars`), not a variable's expansion (`${NAME}`) or a git
# revision's `@{u}`
_BRACE_INSIDE = re.compile(r"(?<![$@])\{[A-Za-z_][\w-]*\}")
# `/dev/sdX`: a capital X ending a lower-case name is the documentation's "any letter"
_X_COMPONENT = re.compile(r"(?<=/)[a-z]{2,}X\d*(?=/|$)")


_PLACEHOLDER_PATH = re.compile(rf"{_ANY_WORD}(?:/{_ANY_WORD})+")


# `{env}.tfvars`, `<name>.yaml`: some file of a kind, its name a placeholder
_ANY_FILE = re.compile(rf"^{_ANY_WORD}(?:\.[A-Za-z0-9]+)+$")


def names_any_file(value: str) -> bool:
    """Whether a reported value is any file of its kind (`-var-file={env}.tfvars`): given to an
    option, the option's own name says the kind, and the value is an example as a bare
    placeholder is."""
    return bool(_ANY_FILE.match(_BRACE_INSIDE.sub(_ANY_WORD, value)))


def is_placeholder(value: str) -> bool:
    return _ANY_WORD in value or bool(_BRACE_WORD.match(value)) or value in ("...", "…")


# a URL whose host is a placeholder, with a path of its own (`https://<host>:9200/_all`)
_ENDPOINT = re.compile(
    rf"(?i)(?:https?://)?(?:[^@/\s]*@)?{_ANY_WORD}(?::(?:\d+|{_ANY_WORD}))?(/[^?#\s]+)(?:[?#]\S*)?"
)


# a URL on this machine's loopback, with a port (`http://localhost:9200/<index>`): the host is
# where the example ran, not what it called; the port says which service
_LOOPBACK_URL = re.compile(
    r"(?i)(?:https?://)?(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1\]):(\d{2,5})(/.*)"
)


# a path of one placeholder segment (`/<index>`, `/{bucket}/`)
_ONE_SEGMENT = re.compile(rf"/{_ANY_WORD}/?")


def placeholder_value(raw: str, *, variables_are_any: bool = True) -> str:
    """A reported value as a pattern value: a placeholder is `<any>`; a value holding one
    (`/etc/<file>`, `/dev/sdX`) a regex of its literal parts; `$VAR` `<any>` when asked."""
    text = _X_COMPONENT.sub(_ANY_WORD, _BRACE_INSIDE.sub(_ANY_WORD, raw))
    # `<app>/<env>`: a path of placeholders is any path, of however many parts
    text = _PLACEHOLDER_PATH.sub(_ANY_WORD, text)
    if _ANY_WORD in text and any(ch.isspace() for ch in text.strip()):
        # a text (SQL) with a placeholder: its other words, in order
        return " ".join(w for w in text.split() if _ANY_WORD not in w) or ANY
    if text.startswith(_ANY_WORD + "/") and _DOTFILE.match(text[len(_ANY_WORD) + 1 :]):
        # `<path>/.env`: the dotfile wherever it lies, its variants too (`.env.production`), as
        # `.env` written alone names them (`literal_matches`)
        return text[len(_ANY_WORD) + 1 :]
    endpoint = _ENDPOINT.fullmatch(text)
    if endpoint is not None and _ANY_WORD not in endpoint.group(1):
        # `http://<prometheus>:9090/api/v1/admin/tsdb/delete_series?match[]=…`: a documented
        # endpoint on some host is the call its path names, over either scheme, on whatever
        # port, its query (or a form body: `--data-urlencode`) an example of what it was given
        path = re.escape(endpoint.group(1).rstrip("/"))
        return rf"re:(?i)^([a-z][\w+.-]*://)?[^/]+{path}/?([?#].*)?$"
    if _ANY_WORD in text:
        parts = text.split(_ANY_WORD)
        if sum(ch.isalnum() for part in parts for ch in part) < 3 and not (
            text.startswith("~/.") or text.startswith("/") and len(parts) == 2 and parts[0] != "/"
        ):
            # `s/<old>/<new>/`: nothing left to match on; but `~/.<tool>` is a dotfile of the
            # home directory, `/<dir>/.git` a path of the machine ending so
            return ANY
        loopback = _LOOPBACK_URL.fullmatch(text)
        if loopback is not None:
            # the same service on any host, over either scheme (`curl` reads a bare host as
            # `http://`)
            rest = placeholder_value(loopback.group(2), variables_are_any=variables_are_any)
            path = rest.removeprefix("re:^").removesuffix("$")
            if _ONE_SEGMENT.fullmatch(loopback.group(2)):
                # `/<index>`: one thing the service names (an index, a bucket), not whatever
                # lies under it (`/<index>/_doc/42` deletes a document)
                path = r"/[^/?#]+/?([?#].*)?"
            elif rest == ANY:
                path = "(/.*)?"
            return rf"re:(?i)^([a-z][\w+.-]*://)?[^/]+:{loopback.group(1)}{path}$"
        body = ".+".join(re.escape(part) for part in parts)
        if "://" in text and text.endswith("/" + _ANY_WORD):
            # `https://<host>/<path>`: the rest of a URL may be empty (`https://host`)
            body = body[: -len("/.+")] + "(/.*)?"
        if text.startswith(_ANY_WORD + "/"):
            # `<dir>/.git`: the directory may be the one it runs in (`.git`, `./.git`)
            body = "(.+/)?" + body[len(".+/") :]
        return "re:^" + body + "$"
    if is_placeholder(raw):
        return ANY
    if variables_are_any and _VARIABLE.match(raw):
        return ANY
    return raw


def literal_pattern(inv: Invocation, then: Pattern | None = None) -> Pattern:
    """A command as written: every flag, option and argument (placeholders match anything)."""
    args = tuple(Value.of(v) for v in map(placeholder_value, inv.args) if v != ANY)
    options = tuple(
        (flag, Value.of(placeholder_value(values[0])))
        for flag, values in sorted(inv.options.items())
    )
    return Pattern(
        program=inv.program,
        subcommand=inv.subcommand,
        flags=inv.flags,
        options=options,
        args=args,
        sudo=False,
        then=then,
        text=inv.text.replace(_ANY_WORD, ANY),
    )


def patterns_from_text(text: str) -> list[Pattern]:
    """Patterns for a command line as written (a person's pattern: nothing generalised away)."""
    found = []
    # what the command also does (`docker system prune` prunes images) is not what was written
    for group in groups([inv for inv in line_of(text) if not inv.part]):
        then: Pattern | None = None
        for inv in reversed(group):
            then = literal_pattern(inv, then)
        if then is not None:
            found.append(then)
    return found


@lru_cache(maxsize=1)
def _everyday() -> list[tuple[str, list[Invocation]]]:
    return [(text, invocations(text)) for text in EVERYDAY_COMMANDS]


def too_broad(pattern: Pattern) -> str | None:
    """The everyday command this pattern would block, if any."""
    for text, line in _everyday():
        for inv in line:
            if match_invocation(pattern, inv, line):
                return text
    return None
