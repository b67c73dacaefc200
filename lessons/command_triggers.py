"""Command triggers derived from reports, and triggers written by people checked.

`derive` reads a reported anti-pattern — the command in its action and related commands, and the
prose of its title and why — into a trigger (`lessons.command_patterns` says what a trigger is
and how it matches). It keeps exactly what makes the reported command dangerous and generalises
the rest:

- flags: those the prose names (`-rf` in "Never rm -rf …", `volumes` in "Never prune Docker
  volumes") when it names any, else every flag but those that change nothing (`-v`) or only
  widen the danger (`git clean -x`); a flag the prose says must not be missing ("without
  --limit") must be absent;
- values (arguments, option values, redirection targets): a placeholder matches anything; a
  value of a kind the prose names (a device, a system directory, a path from a variable:
  `lessons.value_classes`) matches every value of that kind; a value the prose names is kept as
  written (with the other paths the prose lists); any other value is an example and is dropped;
  production named by the prose and by a value becomes "production somewhere in the command";
  what the command is about is always kept: chmod's mode, the process kill names, the unit
  systemctl acts on, a state it sets (`setenforce 0`), a DELETE of every row, a value written
  into a flag (`mysql -p<password>`), an overwrite rather than an append;
- `sudo` when the prose names it.

What a `$(…)` runs only hands a word to the reported command and gives no pattern of its own;
a wrapper running any command (`kubectl exec <pod> -- <command>`) is itself the danger.

A pattern that would block an everyday command (`lessons.everyday`) is made more specific (every
value kept, then variables as written, then `sudo`), or refused with a note. One that would block
a command the report offers as an alternative is narrowed by the one flag that tells them apart,
else made more specific the same way; an alternative every level blocks holds the danger itself
and is not heeded. A report whose
action is a sentence gives the commands the sentence describes (`lessons.prose_triggers`).
`validate` checks and normalises a trigger a person wrote (a pattern may be written as a command
line: `"git push --force <branch>"`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from functools import cached_property

from lessons.command_equivalents import DELETE_OBJECTS, WRITE_FILE
from lessons.command_patterns import (
    ANY,
    CommandTrigger,
    CommandTriggerError,
    Pattern,
    Value,
    groups,
    is_placeholder,
    line_of,
    match_invocation,
    names_any_file,
    patterns_from_text,
    placeholder_value,
    places,
    state_of,
    substitute_placeholders,
    too_broad,
    words_of,
)
from lessons.command_tables import (
    ENVIRONMENT_PROGRAMS,
    FALSE_WORDS,
    KNOWN_PROGRAMS,
    PREFIXES,
    PROGRAMS,
    SQL_POSITIONAL,
    TRUE_WORDS,
    spec_of,
)
from lessons.commands import PREFIX_ASSIGNMENT, Invocation, invocations
from lessons.danger_concepts import CONCEPTS, SECRET_VARIABLE, Concept
from lessons.invocation import PLACEHOLDER_WORD
from lessons.prose_triggers import concept_named, describe, named_ports, on_ports
from lessons.shell_syntax import APPENDS, DECLARATIONS, STDIN, raw_commands
from lessons.sql_statements import looks_like_sql
from lessons.value_classes import (
    NOT_DEVELOPMENT,
    NOT_LOCAL,
    PLACES,
    PROD,
    PROD_WORDS,
    PRODUCTION,
    SHARED,
    SHARED_ENV,
    VALUE_CLASSES,
    classes_fitting,
    classes_of,
    prose_names,
    remote_host,
)

__all__ = [
    "CommandTrigger",
    "CommandTriggerError",
    "Derived",
    "command_texts",
    "derive",
    "looks_like_command",
    "too_broad",
    "validate",
    "words_of",
]

# a sentence naming several services and operations gives many, and a danger of the catalogue
# is every major vendor's command for it
MAX_PATTERNS = 160
_WORDS = re.compile(r"[a-z0-9]+")
_VARIABLE = re.compile(r"^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$")
# a value made of variables only (`${MODULE}@${VERSION}`, `$USER:$GROUP`): as a lone `$VAR` is
_VARIABLES_ONLY = re.compile(r"(?:\$\{?[A-Za-z_]\w*\}?[@:=,.+-]?)+")
_FLAG_TOKEN = re.compile(r"(?<![\w/.$-])(--?[A-Za-z0-9?][\w.-]*)")
_PATH_TOKEN = re.compile(r"(?<![\w$~.-])(/[\w.@-]*(?:/[\w.@*-]+)*/?)(?=[\s,;:)]|$|\.(?:\s|$))")
# A value of parts (an image, a URL, a remote branch), not a path of the machine
_COMPOUND = re.compile(r"[A-Za-z0-9][\w.-]*[:/@][\w.:/@-]*")
_WITHOUT = re.compile(
    r"\b(?:without|no|missing|omit(?:ting)?)\s+(?:a\s+|an\s+|the\s+)?(--?[A-Za-z][\w-]*)"
)
# Subcommands too common for naming them to say what the danger is.
_GENERIC_ACTIONS = frozenset(
    "push pull install add commit run exec create apply update get".split()
)
# Flags the reading derives from what a command does, never incidental to how it is written: a
# DELETE of every row is the danger, a DELETE with a WHERE is ordinary work; a function called
# for every row read (`pg_terminate_backend(pid) FROM pg_stat_activity`) is the danger, called
# on the one literal value (`pg_terminate_backend(48213)`) it is what the report recommends.
_DEFINING = frozenset({"--all-rows", "--each-row"})
# Flags that say which operation a program without subcommands performs: what it does, kept as a
# subcommand is (`tar -x` extracts where `tar -c` only reads).
_OPERATIONS = {
    "tar": frozenset("--extract --create --list --append --update --catenate --delete".split()),
}
# Options whose value is the operation a program performs: an HTTP method (`curl -X DELETE`,
# `http DELETE`, read as curl) is what the request does, as a subcommand is
_OPERATION_OPTIONS = {"curl": frozenset({"--request"}), "wget": frozenset({"--method"})}
_WRITE_METHODS = frozenset({"POST", "PUT", "PATCH"})


def _http_method(method: str) -> str:
    """A reported HTTP method as the operation: a DELETE is a delete; a POST, PUT or PATCH is a
    write, which an API documents under either (`delete_series` takes POST or PUT)."""
    if method.upper() in _WRITE_METHODS:
        return "re:(?i)^(" + "|".join(sorted(_WRITE_METHODS)) + ")$"
    return method


# A file's name with its type (`etc-backup.tar.gz`, `dump-prod.sql`), not a path or a dotfile.
_FILE_NAME = re.compile(r"[A-Za-z0-9][\w-]*(\.[A-Za-z][A-Za-z0-9]{0,3})+")
_HOST = re.compile(r"[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)+(:\d+)?")
_URL = re.compile(r"(?:[a-z][\w+.-]*://)?[\w.-]+(?::\d+)?(/.*)", re.I)
_NUMBER_WORDS = {"zero": "0", "none": "0", "one": "1", "two": "2", "three": "3"}
_ROOT_PHRASES = ("as root", "with root", "root privileges", "root user", "superuser")
# a target others use too
_SHARED = re.compile(
    r"\bshared\b|\bother (?:teams?|services?|people|users|developers|projects|consumers|"
    r"clients|apps|applications|tenants)\b|"
    r"\bteammates?\b|\bcolleagues?\b|\beveryone else\b"
)
# sudo named as how a command runs ("with sudo", "sudo npm …"), not the group ("drops out of
# sudo, adm and the rest", "the sudo group")
_SUDO_RUN = re.compile(
    r"\b(?:with|using|via|under|use[sd]?|run|runs|running|ran)\s+sudo\b|"
    r"\bsudo\s+(?!group|and\b|or\b|rights|access|privilege)[a-z][\w-]*"
)


# --- the prose of a report -----------------------------------------------------------------------


@dataclass
class Prose:
    """What a report's title and why say, read for naming parts of the reported command."""

    text: str
    # the report's title, which says what the danger is (the why says how it came about)
    title: str = ""

    @cached_property
    def lower(self) -> str:
        return self.text.lower()

    @cached_property
    def words(self) -> set[str]:
        return {w for w in _WORDS.findall(self.lower) if len(w) >= 2}

    @cached_property
    def exposes_secret(self) -> bool:
        """Whether it says a secret was shown where others read it (the command line, the
        process list, the shell's history)."""
        return _EXPOSED.search(self.lower) is not None

    @cached_property
    def hyphenated(self) -> set[str]:
        return set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", self.lower))

    @cached_property
    def flag_tokens(self) -> list[str]:
        return _FLAG_TOKEN.findall(self.text)

    @cached_property
    def paths(self) -> list[str]:
        return [p.rstrip("/") or "/" for p in _PATH_TOKEN.findall(self.text)]

    @property
    def production(self) -> bool:
        return bool(self.words & PROD_WORDS)

    @property
    def staging(self) -> bool:
        # ("stage" is as often the English word: "at that stage")
        return "staging" in self.words

    @property
    def shared(self) -> bool:
        """Whether the prose says the target is not the reporter's alone ("the shared Redis",
        "the indices other teams used")."""
        return _SHARED.search(self.lower) is not None

    @property
    def sudo(self) -> bool:
        # the title ends where the why begins: "… removed the user from sudo" followed by "To
        # let the deploy user …" says no "sudo to"
        said = self.lower
        if self.title and said.startswith(self.title.lower()):
            said = f"{said[: len(self.title)]}.{said[len(self.title) :]}"
        return any(phrase in said for phrase in _ROOT_PHRASES) or bool(_SUDO_RUN.search(said))

    def names(self, value: str) -> bool:
        """Whether the prose names this value (or a part of it: `data` in
        `/var/lib/postgresql/data`), so that it is what makes the command dangerous."""
        if value.lower() in self.lower and len(value) >= 2 and not value.isalpha():
            return True
        if value in _NUMBER_WORDS.values() and self.words & {
            w for w, n in _NUMBER_WORDS.items() if n == value
        }:
            return True  # "scale to zero": the 0 of `--replicas=0`
        if "/" not in value and any(ch.isdigit() for ch in value) and not value.isdigit():
            return False  # an instance (`node-7`, `i-0abc1`): named only as written
        if "*" in value and "/" not in value:
            # a key or name pattern (`session:*`, `cache-*`): the prose describes what it
            # matched ("other services' sessions"), it does not name it
            return False
        if _FILE_NAME.fullmatch(value):
            return False  # a file (`etc-backup.tar.gz`) of a kind the prose names: one example
        if _HOST.fullmatch(value):
            return False  # a host (`cache.internal:6379`) is an instance: named only as written
        if "://" in value:
            # a URL (`https://get.acme.io/install.sh`): "an install script", "the search
            # cluster" describe what it fetches; only where it is (production) names it, or a
            # path the prose spells ("with DELETE /_all": what the request acts on)
            return bool(
                set(_WORDS.findall(value.lower())) & (PROD_WORDS | {"staging", "stage"})
            ) or self.spells_path_of(value)
        for word in _WORDS.findall(value.lower()):
            if len(word) < 2 or word.isdigit() and len(word) < 3:
                continue
            for said in self.words:
                if word == said:
                    return True
                short, long = sorted((word, said), key=len)
                if len(short) >= 4 and long.startswith(short):
                    return True
        return False

    def _read_flags(self, inv: Invocation, token: str) -> set[str]:
        if (
            inv.program in ("sql", "write-file")
            or token.lstrip("-").isdigit()
            and inv.program != "kill"
        ):
            return set()
        line = " ".join([inv.program, *inv.subcommand, token])
        return {
            f for other in invocations(line) if other.program == inv.program for f in other.flags
        }

    def named_flags(self, inv: Invocation) -> set[str]:
        """The command's flags the prose names: spelled (`-rf`), or by their name (`volumes`)."""
        named: set[str] = set()
        for token in self.flag_tokens:
            named |= self._read_flags(inv, token) & inv.flags
        # Prose that spells the command's flags (`with tar -C /`) names the rest only by their
        # whole name: a word sharing a stem ("permissions overwrite the system") is description.
        by_stem = not named
        for flag in inv.flags:
            name = flag.lstrip("-").lower()
            if len(name) < 3 or not flag.startswith("-"):
                continue
            if any(is_placeholder(v) for v in inv.options.get(flag, ())):
                # `--schema <path>`, `-v X.Y.Z`: a value the command needs; "the schema" or "a
                # version" in the prose says what it acts on, not a danger of the flag. A flag
                # of several words the prose says in full ("from a literal" for
                # `--from-literal=<key>=<value>`) is named, whatever its value
                if "-" in name and self.says_in_full(name):
                    named.add(flag)
                continue
            if "-" in name:
                longest = max(name.split("-"), key=len)
                if name in self.hyphenated or name.replace("-", " ") in self.lower:
                    named.add(flag)
                elif (
                    by_stem and len(longest) >= 6 and any(w.startswith(longest) for w in self.words)
                ):
                    named.add(flag)  # `--allow-unauthenticated`: "unauthenticated packages"
                elif by_stem and any(
                    len(part) >= 5 and part in self.words and part not in _PERMITS
                    for part in name.split("-")
                ):
                    named.add(flag)  # `--allow-dirty`: "from a dirty tree"
            elif (
                name in self.words
                or by_stem
                and len(name) >= 6
                and any(w.startswith(name[:6]) for w in self.words)
            ):
                named.add(flag)
        return named

    @cached_property
    def permanent(self) -> bool:
        """Whether the prose says what was done stays done: a published version that "cannot be
        taken back", "is immutable", "burnt for good"."""
        return _PERMANENT.search(self.lower) is not None

    def spells_path_of(self, url: str) -> bool:
        """Whether the prose spells the path of a URL (`/_all`), whole or its last part."""
        found = _URL.fullmatch(url)
        path = found.group(1).split("?")[0].rstrip("/") if found else ""
        return bool(path) and any(
            path == said or path.endswith(said) and said.count("/") >= 1 for said in self.paths
        )

    def spelled_flags(self, inv: Invocation) -> set[str]:
        """The command's flags the prose spells as flags (`--allow-dirty`), not by description."""
        return {f for token in self.flag_tokens for f in self._read_flags(inv, token)} & inv.flags

    def says_in_full(self, name: str) -> bool:
        """Whether the prose says every word of a flag's name, in order, at most two words
        apart ("from a literal" says `from-literal`)."""
        parts = [re.escape(p) for p in name.split("-") if p]
        gap = r"\W+(?:\w+\W+){0,2}"
        return len(parts) >= 2 and re.search(rf"\b{gap.join(parts)}\b", self.lower) is not None

    def without_flags(self, inv: Invocation) -> set[str]:
        """Flags the prose says must not be missing ("… without --limit")."""
        found: set[str] = set()
        for token in _WITHOUT.findall(self.text):
            found |= self._read_flags(inv, token)
        return found - inv.flags

    def unattended_flags(self, inv: Invocation) -> set[str]:
        """The command's flags that only answer its confirmation prompt (`-auto-approve`), where
        the title names the operation as a command (`terraform destroy`) and none of its flags:
        the operation is the danger the report is about; an agent, running unattended, answers
        the prompt either way."""
        answering = inv.flags & _ANSWERS_PROMPT
        if answering and self._title_names_bare(inv):
            return set(answering)
        return set()

    def _title_names_bare(self, inv: Invocation) -> bool:
        if not self.title or not inv.subcommand:
            return False
        names = {inv.program} | {
            posixpath.basename(word).split(".")[0]
            for word in inv.text.split()[:3]
            if not word.startswith("-") and "=" not in word
        }
        said = "|".join(re.escape(n.lower()) for n in sorted(names) if n)
        operation = r"\s+".join(re.escape(w.lower()) for w in inv.subcommand)
        if re.search(rf"\b(?:{said})\s+{operation}\b", self.title.lower()) is None:
            return False
        return not Prose(self.title).named_flags(inv)

    def names_action(self, word: str) -> bool:
        """Whether the prose names a subcommand as the action (`drain` in "Don't drain …")."""
        word = word.lower()
        if len(word) < 4 or word in _GENERIC_ACTIONS:
            return False
        return any(w == word or len(w) > len(word) and w.startswith(word) for w in self.words)

    def names_kind(self, stems: tuple[str, ...]) -> bool:
        return prose_names(stems, self.lower, self.words)


# Flags that only answer a command's own confirmation prompt (terraform's -auto-approve, a
# `--yes`, heroku's `--confirm <app>`)
_ANSWERS_PROMPT = frozenset(
    {"--auto-approve", "--yes", "--assume-yes", "--confirm", "--no-prompt", "--non-interactive"}
)


# What a report says of an operation that cannot be reverted: a registry keeps a published
# version for good (crates.io and nuget.org never let a version be overwritten; npm refuses a
# version number once used, and an unpublish only within 72 hours)
_PERMANENT = re.compile(
    r"\b(?:cannot|can ?not|can't|never)\s+be\s+(?:taken back|undone|overwritten|reused|re-used|"
    r"replaced|unpublished|withdrawn|deleted|changed)\b|\bpermanent|\bimmutable\b|\bfor good\b|"
    r"\bburnt\b|\birreversib"
)
# Subcommands that hand a build to a registry for everyone to install (`npm publish`, `cargo
# publish`, `twine upload`, `poetry publish`): publishing is an outward operation in itself
_PUBLISHING = frozenset({"publish", "upload"})


# A package built for a registry (`dotnet nuget push x.nupkg`, `gem push x.gem`, `helm push
# chart.tgz`): pushing one is publishing it, where `git push` or `docker push` is not
_PACKAGE_FILE = re.compile(r"\.(?:nupkg|snupkg|gem|tgz|whl|crate|jar)$")


# Programs whose `push` hands a package to a registry (`gem push`, `dotnet nuget push`)
_PACKAGE_PUSHERS = frozenset({"gem", "nuget", "dotnet", "paket", "helm"})


def _publishing(pattern: Pattern) -> bool:
    """Whether a pattern is of a publish (the reported one or another client's)."""
    words = [*pattern.subcommand, *(value.raw for value in pattern.args[:2])]
    return bool(_PUBLISHING.intersection(words)) or (
        "push" in words and pattern.program in _PACKAGE_PUSHERS
    )


def _publishes(inv: Invocation) -> bool:
    """Whether a command hands a build to a registry: its action publishes or uploads, or it
    pushes a package file."""
    words = [*inv.subcommand, *inv.args[:2]]
    action = inv.subcommand[-1] if inv.subcommand else (inv.args[0] if inv.args else "")
    return action in _PUBLISHING or (
        "push" in words and any(_PACKAGE_FILE.search(arg) for arg in inv.args)
    )


# Words of a flag's name that only say it permits something (`--allow-dirty`): naming them
# names no danger
_PERMITS = frozenset({"allow", "enable", "accept", "permit"})


# --- one reported command into a pattern ---------------------------------------------------------


@dataclass
class _Level:
    """How much of the reported command a pattern keeps."""

    prose: Prose | None  # None: keep every value; else keep only what the prose names
    variables_are_any: bool = True
    sudo: bool = False
    # keep every flag and option as written, generalising only the arguments
    all_options: bool = False


def _value(raw: str, level: _Level, *, path_alternatives: bool = True) -> str | None:
    """A reported value as a pattern value at this level, or None when it is only an example."""
    prose = level.prose
    if (
        prose is not None
        and any(ch.isspace() for ch in raw)
        and Value.of(SECRET_VARIABLE).matches(raw)
    ):
        # `echo "token is ${SECRET_NAME}"`: the secret's variable is what the text shows, the
        # words around it are an example (`echo "token is set"` shows no secret)
        return SECRET_VARIABLE
    if is_placeholder(raw) or placeholder_value(raw, variables_are_any=False) != raw:
        if prose is not None and _example_namespace(raw, prose):
            return None
        kinds = _named_kinds(raw, prose) if prose is not None else None
        return kinds or placeholder_value(raw, variables_are_any=False)
    if prose is not None:
        kind = next((c for c in classes_of(raw) if prose.names_kind(c.words)), None)
        if kind is not None:
            selected = _SELECTED_FIELD.match(raw)
            if selected is not None:
                # `-o jsonpath='{.data.password}'` prints what it selects: the same field (any
                # key of it) or the whole object, not another field (`{.metadata.name}`)
                field = re.escape(selected.group(1))
                return rf"re:(?i)^(ya?ml|json|[\w-]+=.*\.{field}\b.*)$"
            return kind.trigger
    if level.variables_are_any and (_VARIABLE.match(raw) or _VARIABLES_ONLY.fullmatch(raw)):
        return ANY
    if prose is None:
        return raw
    if not prose.names(raw):
        return None
    if path_alternatives and raw.startswith("/") and len(prose.paths) > 1 and raw in prose.paths:
        listed = sorted(set(prose.paths), key=len, reverse=True)
        return "re:^(" + "|".join(re.escape(p) for p in listed) + ")(/|$)"
    if _COMPOUND.fullmatch(raw) and raw.lower() not in prose.lower:
        # `registry.acme.io/api:latest` for "images with the latest tag": the part named
        url = _URL.fullmatch(raw)
        named = [
            w for w in _WORDS.findall((url.group(1) if url else raw).lower()) if prose.names(w)
        ]
        if named:
            word = re.escape(max(named, key=len))
            # a whole part (`/_all`, `:latest`, the last word of `acme-prod-backups`), not
            # `latest-tools`
            return rf"re:(?i)(^|[:/@._-]){word}([:/@.?&#]|$)"
    return raw


def _named_kinds(value: str, prose: Prose) -> str | None:
    """A placeholder with literal parts (`/<dir>`, `/dev/<disk>`) where the prose names kinds it
    may stand for ("a system or home directory"): every value of those kinds, not any value of
    its shape (`rm -rf /<dir>` is not `rm -rf /tmp/cache`)."""
    parts = value.split(PLACEHOLDER_WORD)
    if len(parts) < 2 or not "".join(parts):
        return None
    # one placeholder is one name: `/<dir>` is a top-level directory, not `/dev/sdb`
    shape = re.compile("^" + "[^/]+".join(map(re.escape, parts)) + "$")
    kinds = [c for c in classes_fitting(shape) if prose.names_kind(c.words)]
    triggers = [c.trigger.removeprefix("re:") for c in kinds if "(?" not in c.trigger]
    return "re:" + "|".join(f"(?:{t})" for t in triggers) if triggers else None


# an output template selecting a field (`jsonpath={.data.password}`, `go-template={{.data.x}}`)
_SELECTED_FIELD = re.compile(r"(?i)^(?:jsonpath|go-template|template)=['\"]?\{+\s*\.(\w+)")


def _example_namespace(raw: str, prose: Prose) -> bool:
    """`origin/<branch>`, `aws_db_instance.<name>`, `postgres:<version>`: a name whose last part
    is the placeholder, the rest only where the example's name lived (a remote, a resource type,
    an image), unless the prose names it. A path of the machine (`/etc/<file>`), a URL
    (`s3://<bucket>`), a `key=<value>`, a `user@<host>` and a revision counted back
    (`HEAD~<n>`) say what the value is, and stay."""
    found = _NAMESPACED.fullmatch(raw)
    return found is not None and not prose.names(found.group(1))


# a name, then `/`, `.` or `:`, then the placeholder
_NAMESPACED = re.compile(rf"([A-Za-z][\w.-]*?)[/.:]{PLACEHOLDER_WORD}")


def _text_value(raw: str, prose: Prose) -> str | None:
    """A text value (with spaces): the words of it the prose names, in order."""
    words = [w for w in _WORDS.findall(raw.lower()) if prose.names(w)]
    if len(words) >= 2:
        return " ".join(words)
    return words[0] if words else None


def _process_target(value: str) -> str:
    """A process named by kill: any word starting with the name (`postgres`, `postgresql`,
    `/run/postgresql/….pid`); `-1` is every process the user may signal, not a process group
    (`-1234`)."""
    if value == _EVERY_PROCESS:
        return rf"re:^{_EVERY_PROCESS}$"
    return rf"re:(?i)(^|[^a-z0-9]){re.escape(value.lower())}"


_EVERY_PROCESS = "-1"
# Signals whose purpose is to end the process (signal(7)); HUP, USR1, STOP, 0 reload, report,
# pause or only check. Sent to every process, any of them is the danger, not KILL alone.
_ENDING_SIGNALS = "re:^(KILL|TERM|INT|QUIT|ABRT)$"


def _is_prod(value: str) -> bool:
    return Value.of(PROD).matches(value)


# a variable's name, in a command's environment, saying where a client connects
_CONNECTION_NAME = re.compile(r"(?i)(URL|URI|DSN|HOST|ADDR|SERVER|ENDPOINT)")


def _connects_elsewhere(inv: Invocation) -> bool:
    """Whether a reported command connects to another machine: a host, an address, a URL, a
    variable holding a connection, or a placeholder given where a host goes (`-h <host>`,
    `mongodb://<host>/<db>`)."""
    if any(remote_host(w.replace(PLACEHOLDER_WORD, "host")) for w in inv.words()):
        return True
    where = [
        *(v for flag, values in inv.options.items() if _WHERE_OPTION.search(flag) for v in values),
        *(v for name, v in inv.env.items() if _CONNECTION_NAME.search(name)),
    ]
    return any(is_placeholder(v) or remote_host(v) is not None for v in where)


def _place(prose: Prose, inv: Invocation) -> str | None:
    """Where a reported command acted, as its pattern asks for it (`value_classes.PLACES`), when
    the prose says the operation hurt production or a shared instance: connecting to another
    machine, any command that does not act on this machine or a development one; naming
    production (a namespace, a database), a command naming production or another machine."""
    if not prose.production and not prose.shared:
        return None
    # staging named beside production ("the staging database and a production topic") is hurt
    # as much: both are shared
    elsewhere = NOT_DEVELOPMENT if prose.production and not prose.staging else NOT_LOCAL
    if _connects_elsewhere(inv):
        return elsewhere
    if prose.production and any(_is_prod(w) for w in inv.words()):
        return PRODUCTION
    # a client naming no host acts where it is configured to, which the prose says was
    # production or shared: the same command aimed at a development place is not the danger
    return elsewhere if inv.program in _SERVICE_CLIENTS else None


# Programs acting on a service or an environment they are pointed at (a host, a cluster, a
# node, a namespace), rather than on the machine they run on
_SERVICE_CLIENTS = ENVIRONMENT_PROGRAMS | frozenset(
    "mongo mongorestore mongodump valkey-cli keydb-cli memcached-tool rabbitmqctl rabbitmqadmin "
    "kafka-topics kafka-topics.sh kafka-consumer-groups kafka-configs rpk nats celery influx "
    "cockroach clickhouse etcdctl consul nomad mc mysqladmin dropdb createdb pg_restore "
    "liquibase knex sequelize sequelize-cli typeorm dbmate goose migrate atlas diesel sqlx artisan "
    "drizzle-kit".split()
    # and every cloud's bulk object removal, translated to one program: the bucket is elsewhere
    + [DELETE_OBJECTS]
)


def _action_named(inv: Invocation, prose: Prose) -> bool:
    """Whether the prose names the command's action: its last subcommand word, or for a program
    without a table of its own its first argument (`reset` in `kubeadm reset -f`, "Never reset the
    cluster")."""
    if inv.subcommand:
        return prose.names_action(inv.subcommand[-1])
    return inv.program not in PROGRAMS and bool(inv.args) and prose.names_action(inv.args[0])


def pattern_of(inv: Invocation, level: _Level, then: Pattern | None = None) -> Pattern:
    prose = level.prose
    generalising = prose is not None
    production = generalising and prose is not None and prose.production
    place = _place(prose, inv) if prose is not None else None
    anywhere: list[str] = [place] if place else []

    def keep(raw: str) -> str | None:
        if production and _is_prod(raw) and not is_placeholder(raw):
            return None  # "production somewhere in the command" stands for it
        return _value(raw, level)

    args = []
    where = _WHERE_ARGUMENT.get((inv.program, inv.subcommand)) if len(inv.args) > 1 else None
    for k, raw in enumerate(inv.args):
        if generalising and k == where:
            continue  # `git push origin --delete main`: any remote is the same danger
        # a mode is what chmod is about; a process named by kill (`kill $(pidof postgres)` reads
        # as `kill postgres`) is what is killed, where a pid is only an example; a unit is what
        # systemctl starts or stops
        essential = (
            # a program without a table: its first plain word is what it does (`ngrok http`,
            # `virsh destroy`, `pm2 delete`), not an example value
            inv.program not in PROGRAMS
            and k == 0
            and not inv.subcommand
            and re.fullmatch(r"[a-z][a-z0-9:_-]{1,30}", raw) is not None
            or inv.program in ("chmod", "umask")
            and k == 0
            or inv.program in ("kill", "systemctl")
            and re.fullmatch(r"[A-Za-z][\w.@-]*", raw) is not None
            # a client's statement is what it runs (`redis-cli -h <host> FLUSHALL`)
            or SQL_POSITIONAL.get(inv.program) == k
        )
        kept: str | None = raw  # already read as its danger (a switch: `_switch_setting`)
        if not raw.startswith("re:"):
            kept = placeholder_value(raw, variables_are_any=False) if essential else keep(raw)
        if kept is None and state_of(raw) is not None:
            kept = raw  # `setenforce 0`: the state it sets is the danger, not an example
        if kept is None and raw in _WHOLE_TREES:
            kept = raw  # `rm -rf /`: the root is what it acts on, never an example
        if kept is None or kept == ANY:
            continue
        if inv.program == "kill" and not kept.startswith("re:") and re.fullmatch(r"[\w.-]+", kept):
            kept = _process_target(kept)
        owner = re.fullmatch(r"([A-Za-z_][\w-]*)[:.][\w-]*", kept)
        if inv.program == "chown" and k == 0 and owner:
            # `chown root:root`: the owner is the danger, whatever group comes with it
            kept = rf"re:^{re.escape(owner.group(1))}([:.][\w-]*)?$"
        args.append(kept)
    named = prose.named_flags(inv) if prose is not None else set()
    unattended = prose.unattended_flags(inv) if generalising and prose is not None else set()
    named -= unattended
    # "Published the crate from a dirty working tree … versions cannot be overwritten": where
    # the report says the publish itself cannot be reverted, every publish is the danger and its
    # flags are how this one was run (`--allow-dirty`, `--access public`); a flag the prose
    # spells ("Don't publish a crate with --allow-dirty") stays the danger
    incidental: AbstractSet[str] = frozenset()
    if generalising and prose is not None and prose.permanent and _publishes(inv):
        spelled = prose.spelled_flags(inv)
        incidental = inv.flags - spelled - inv.essential
        named = named & spelled
    options: list[tuple[str, Value]] = []
    valued: set[str] = set()
    attached = spec_of(inv.program).attached
    for flag, values in sorted(inv.options.items()):
        valued.add(flag)
        if flag == STDIN:
            continue
        value = values[0]
        if flag in incidental:
            continue
        if flag in attached and is_placeholder(value):
            # `mysql -p<password>`: a value written into the flag is the danger (`-p` prompts)
            options.append((flag, Value.of(ANY)))
            continue
        if flag in _OPERATION_OPTIONS.get(inv.program, ()) and not is_placeholder(value):
            options.append((flag, Value.of(_http_method(value))))
            continue
        if flag in inv.essential:
            signal = placeholder_value(value, variables_are_any=False)
            if inv.program == "kill" and _EVERY_PROCESS in inv.args:
                if Value.of(_ENDING_SIGNALS).matches(signal):
                    signal = _ENDING_SIGNALS  # `kill -9 -1` as `kill -TERM -1`: all end
            options.append((flag, Value.of(signal)))
            continue
        if level.all_options:
            kept = placeholder_value(value, variables_are_any=False)
        elif prose is not None and any(ch.isspace() for ch in value.strip()):
            kept = _text_value(value, prose)
        elif _WHERE_OPTION.search(flag) and not (prose and _names_environment(value)):
            # `-h cache.internal`, `--bootstrap-server kafka-1:9092`: where it connects is an
            # example unless it is the environment the prose names ("the cache" is no host)
            kept = None
        elif names_any_file(value):
            kept = ANY  # `-var-file={env}.tfvars`: how it was run, as `-n <ns>` is
        else:
            kept = keep(value)
        if kept is None and value in _WHOLE_TREES:
            kept = value  # `-v /:/host`: the root is what it mounts, never an example
        if kept is None and (state_of(value) is False or not value):
            # `--replicas=0`, `--enabled=false`: the state it sets is the danger; so is an empty
            # value (`ssh-keygen -N ''`, `--password=''`): nothing, where something belongs
            kept = value
        if kept is not None and kept != ANY:
            options.append((flag, Value.of(kept)))
        elif flag in named or not generalising and kept == ANY:
            named.add(flag)
        elif prose is not None and _SECRET_OPTION.search(flag) and prose.exposes_secret:
            # `gh secret set <name> --body <value>` of "put a secret on the command line": the
            # option carrying it in the line is the danger, whatever it carried (not the same
            # command reading it from a file or stdin)
            named.add(flag)
    if generalising and not level.all_options:
        chosen: AbstractSet[str]
        if named & inv.flags:
            chosen = (named & inv.flags) - inv.widening
        elif prose is not None and _action_named(inv, prose):
            chosen = set()  # "Don't drain production nodes": draining is the danger, not its flags
        else:
            chosen = inv.flags - inv.widening - valued
        chosen = chosen - incidental - unattended
        flags = (
            chosen
            | {flag for flag, _ in options}
            | (named & valued & inv.flags)
            | (inv.flags & _DEFINING)
            | (inv.flags & _OPERATIONS.get(inv.program, frozenset()))
        )
    else:
        flags = set(inv.flags)
    flags -= {STDIN, APPENDS}
    without = prose.without_flags(inv) if prose is not None else set()
    if inv.program == WRITE_FILE:
        # overwriting a file is the danger reported: appending to it (`>>`, `tee -a`) is not;
        # appending reported: overwriting is at least as bad
        if "--append" in flags:
            flags = flags - {"--append"}
        else:
            without = without | {"--append"}
    # `kubectl delete <resource> --all`: a placeholder where a subcommand word stands is any
    subcommand = inv.subcommand
    if (
        generalising
        and named & flags
        and flags <= _SAME_ON_EVERY_SUBCOMMAND.get(inv.program, frozenset())
    ):
        # "Committed with --no-verify to get past the hooks": git's --no-verify skips the hooks
        # of whichever command it is given to (commit, push, merge, rebase, am)
        subcommand = ()
    if generalising and any(_any_subcommand(value) for _, value in options):
        # what the grant is given to (`--bucket <bucket>`) varies with the subcommand
        subcommand = ()
        flags = {f for f in flags if f not in valued or f in dict(options)}
    for k, word in enumerate(subcommand):
        if is_placeholder(word):
            subcommand = subcommand[:k]
            break
    # `sudo kill -9 <pid>` for "SIGKILLed the database server": a signal to a process the report
    # does not name (only a pid) reaches a service only as root; without sudo it reaches the
    # user's own processes, which no report of a service describes
    return Pattern(
        program=inv.program,
        subcommand=subcommand,
        flags=frozenset(flags),
        without=frozenset(without),
        options=tuple(options),
        args=tuple(Value.of(a) for a in args),
        anywhere=tuple(Value.of(a) for a in anywhere),
        sudo=inv.sudo
        and (
            level.sudo
            or prose is not None
            and (prose.sudo or inv.program == "kill" and generalising and not args)
        ),
        then=then,
        text=inv.text.replace("__mnemosyne_any__", ANY),
    )


# The argument saying where a command sends what it acts on, when another follows: git-push(1)'s
# <repository> (`origin`, `upstream`, a URL), named or not by the prose
_WHERE_ARGUMENT: dict[tuple[str, tuple[str, ...]], int] = {("git", ("push",)): 0}
# Options saying where a command connects (a host, a server, an endpoint)
_WHERE_OPTION = re.compile(r"host|server|endpoint|addr|url|uri|broker")


def _names_environment(value: str) -> bool:
    return bool(set(_WORDS.findall(value.lower())) & (PROD_WORDS | {"staging", "stage"}))


# The root of the filesystem and the home directory: a command acting on one is about it.
_WHOLE_TREES = frozenset({"/", "~"})
# Flags that mean the same danger on whichever of the program's subcommands carries them.
_SAME_ON_EVERY_SUBCOMMAND = {"git": frozenset({"--no-verify"})}


def _any_subcommand(value: Value) -> bool:
    """Whether an option's value is a kind granting to anyone, whichever subcommand it is given
    to (`value_classes.ValueClass.any_subcommand`)."""
    return any(c.any_subcommand and c.trigger == value.raw for c in VALUE_CLASSES)


def _chain(group: list[Invocation], level: _Level) -> Pattern:
    """A pipeline as one pattern, each command followed by the next (`group` is never empty)."""
    then: Pattern | None = None
    for k in range(len(group) - 1, -1, -1):
        inv = group[k]
        if k and inv.args and inv.args[-1].startswith(f"$({group[k - 1].program} "):
            # `… | xargs redis-cli DEL`: what xargs hands on is the pattern's previous command,
            # already required; as a literal it would also require that command's spelling
            inv = replace(inv, args=inv.args[:-1])
        then = pattern_of(inv, level, then)
    assert then is not None
    return then


# Programs that only read what a pipeline hands them: `cmd | tee log` is `cmd`.
READERS = frozenset(
    "tee grep egrep fgrep rg head tail less more jq yq wc sort uniq cut tr column cat nl "
    "awk gzip bzip2 xz zstd base64 xxd od hexdump fold fmt write-file".split()
)


def _trim_pipeline(group: list[Invocation]) -> list[Invocation]:
    while len(group) > 1 and group[-1].program in READERS and not group[-1].flags & {"-i", ">"}:
        group = group[:-1]
    return group


# a command the report offers instead, as written and as parsed
Harmless = Sequence[tuple[str, list[Invocation]]]


def _blocks_one(pattern: Pattern, harmless: Harmless) -> str | None:
    for text, line in harmless:
        if any(match_invocation(pattern, inv, line) for inv in line):
            return text
    return None


def _offered(pattern: Pattern, harmless: Harmless) -> bool:
    """Whether an alternative is what the pattern blocks, or names its program, subcommand and
    flags (an alternative written without values: `journalctl --vacuum-size`)."""
    if _blocks_one(pattern, harmless) is not None:
        return True
    return any(
        pattern.program_matches(inv.program)
        and inv.subcommand[: len(pattern.subcommand)] == pattern.subcommand
        and pattern.flags
        and pattern.flags <= inv.flags | set(inv.options)
        # written with values (`rm -rf "${BUILD_DIR:?}/"`), the alternative is what it matches
        and not inv.args
        for _, line in harmless
        for inv in line
    )


def _without_offered_flags(
    pattern: Pattern, spelled: AbstractSet[str], harmless: Harmless
) -> Pattern:
    """`dvc gc --workspace --cloud` reported ("with --cloud"), `dvc gc --workspace` offered
    instead: a flag the offered command of the same operation carries too is how both run, not
    the danger; the pattern leaves it out where a flag the prose spells remains and what remains
    still spares every alternative and everyday command."""
    if pattern.then is not None or not spelled & pattern.flags:
        return pattern
    for flag in sorted(pattern.flags - _DEFINING - spelled):
        offered = any(
            pattern.program_matches(inv.program)
            and inv.subcommand == pattern.subcommand
            and _action_key(inv.program, inv.subcommand, inv.args)
            == _action_key(pattern.program, pattern.subcommand, [a.raw for a in pattern.args])
            and flag in inv.flags
            for _, line in harmless
            for inv in line
        )
        fewer = replace(pattern, flags=pattern.flags - {flag})
        if (
            offered
            and (fewer.flags or fewer.args or fewer.options)
            and too_broad(fewer) is None
            and _blocks_one(fewer, harmless) is None
        ):
            pattern = fewer
    return pattern


def _separate(pattern: Pattern, inv: Invocation, harmless: Harmless) -> Pattern | None:
    """The pattern made just specific enough to spare the alternatives: one more flag of the
    reported command (`terraform destroy -auto-approve` against `terraform destroy -target=x`),
    or one flag an alternative carries and the report does not, as `without`
    (`--force-with-lease`); None when no single flag does it."""
    if pattern.then is not None:
        return None
    theirs = {
        flag
        for _, line in harmless
        for other in line
        if other.program == pattern.program
        for flag in other.flags
    }
    candidates = [
        *(replace(pattern, without=pattern.without | {f}) for f in sorted(theirs - inv.flags)),
        *(replace(pattern, flags=pattern.flags | {f}) for f in sorted(inv.flags - pattern.flags)),
    ]
    for candidate in candidates:
        if _blocks_one(candidate, harmless) is None and too_broad(candidate) is None:
            return candidate
    return None


# where a command written in an alternative gives way to the sentence around it
# (`docker system prune without --volumes`: the command without what the clause names)
_CLAUSE = re.compile(
    r",\s|;\s|\s\(|\s[—–-]\s|\s(?:then|and then|after|before|first|without|except)\b"
)


def harmless_lines(alternatives: list[str], programs: AbstractSet[str] = frozenset()) -> Harmless:
    """The commands written in a report's alternatives: what the reporter says is fine
    (`git stash -u first`, `chmod 700 ~/.ssh, not 600`: the command before the clause); in a
    sentence, the reported tool's command it tells of (`programs`)."""
    found: list[tuple[str, list[Invocation]]] = []
    for text in alternatives:
        if "`" not in text:
            # "Collect only the local cache: dvc gc --workspace": the command after the colon
            lead, colon, rest = text.partition(": ")
            if colon and not command_texts(lead) and command_texts(rest):
                text = rest
            text = _CLAUSE.split(text, maxsplit=1)[0]
        commands = command_texts(text) or _told_in_sentence(text, programs)
        found += [(c, line_of(c)) for c in commands]
    return found


# what ends a command told in a sentence ("use adb uninstall -k to keep the data"), and what
# says the command told is not the alternative ("never run …", "instead of …")
_SENTENCE_GLUE = frozenset("and or then which who so".split())
_NOT_OFFERED = re.compile(r"\b(?:never|not|don't|avoid|instead of|rather than)\b", re.I)


def _told_in_sentence(text: str, programs: AbstractSet[str]) -> list[str]:
    """`Use adb uninstall -k to keep data and cache`: the reported tool's command a sentence
    offers, from the tool's name up to the English around it."""
    words = text.split()
    for start, word in enumerate(words):
        if word not in programs or _NOT_OFFERED.search(" ".join(words[:start])):
            continue
        told: list[str] = []
        for later in words[start:]:
            if told and (later.lower() in _SENTENCE_GLUE or later.lower() in _STOPWORDS):
                break
            told.append(later.rstrip(",.;"))
            if later != told[-1]:
                break
        command = " ".join(told)
        if len(told) >= 2 and looks_like_command(command):
            return [command]
    return []


def derive_pattern(group: list[Invocation], prose: Prose, *, alone: bool, harmless: Harmless = ()):
    """The most general pattern for a command (or pipeline) that blocks no everyday command
    and none of the report's alternatives: first only what the prose names (and
    placeholders), then every value, then variables as written, then `sudo` when it was
    used. An alternative that every level blocks holds the danger itself, and is not heeded.
    Returns (pattern, None) or (None, reason)."""
    levels = [_Level(prose=prose), _Level(prose=prose, all_options=True)]
    if alone:
        levels += [
            _Level(prose=None),
            _Level(prose=None, variables_are_any=False),
            _Level(prose=None, variables_are_any=False, sudo=True),
        ]
    blocked = None
    first_fit: Pattern | None = None
    for level in levels:
        pattern = _chain(group, level)
        blocked = too_broad(pattern)
        if (
            blocked is not None
            and any(_connects_elsewhere(inv) for inv in group)
            and _named_production(pattern, shared=True) != pattern
        ):
            # `psql $PROD_DATABASE_URL -c`: where it ran is all that makes it dangerous, so a
            # command naming no place is not known to be there
            pattern = _named_production(pattern, shared=True)
            blocked = too_broad(pattern)
        if blocked is None:
            if _blocks_one(pattern, harmless) is None:
                return pattern, None
            separated = _separate(pattern, group[-1], harmless) if len(group) == 1 else None
            if separated is not None:
                return separated, None
            first_fit = first_fit or pattern
    if first_fit is not None:
        return first_fit, None
    text = " | ".join(inv.text for inv in group)
    return None, f"`{text}` gives no trigger: it would also block `{blocked}`, an everyday command."


# --- reading commands out of a report ------------------------------------------------------------

_BACKTICKS = re.compile(r"`([^`\n]+)`")
_BARE_REDIRECT = re.compile(r"^>\s*[~./$<\w][^\s]*$")
_PROMPT = re.compile(r"^\s*(?:\$|#|>)\s+")
_LEADIN = re.compile(r"^\s*(?:run|ran|running|executed?|command|cmd|example|e\.g\.)\s*:\s*", re.I)


def command_texts(text: str) -> list[str]:
    """The shell commands a report's text holds: backticked spans, or the text itself (after a
    `$ ` prompt or a `Run:` lead-in) when it reads as a command (SQL included)."""
    text = (text or "").strip()
    if not text:
        return []
    spans = _BACKTICKS.findall(text)
    if not spans and _BARE_REDIRECT.match(text):
        return [text]  # `> app.log`: a redirection emptying a file, not a prompt
    candidates = spans or [_LEADIN.sub("", _PROMPT.sub("", text))]
    return [c.strip() for c in candidates if looks_like_command(c)]


# Words that make a text a sentence when several stand as arguments of its first command.
_STOPWORDS = frozenset(
    "a an the on of to from with that which like for in by when while without instead "
    "because so made may might can could should would is are be being was were it its this "
    "these those there their them they you your we our".split()
)


# Programs whose own syntax is English words (ufw(8): `ufw allow from any to any port 22`).
_ENGLISH_SYNTAX = {"ufw": frozenset({"from", "to", "on", "in"})}


def _reads_as_sentence(text: str) -> bool:
    """`rm -rf on a path made from a variable` is a sentence about rm, not a command; so is
    `kubeadm reset wiped the control plane` (English glue among plain words)."""
    raws = raw_commands(text)
    if not raws:
        return False
    words = [w.lower().strip(",.;:") for w in raws[0].words]
    while words and (words[0] in PREFIXES or words[0].startswith("-")):
        words = words[1:]
    if not words:
        return False
    keywords = _ENGLISH_SYNTAX.get(words[0], frozenset())
    glue = sum(w in _STOPWORDS and w not in keywords for w in words[1:])
    plain = sum(w.isalpha() and w.islower() for w in raws[0].words[1:])
    return glue >= 2 or glue >= 1 and plain >= 5 and plain == len(raws[0].words) - 1


# A command line of a program the guard has no table for (`alembic downgrade base`): lower-case
# words a command takes, none of them English glue, the first no verb form of a sentence.
_PLAIN_WORD = re.compile(r"[a-z0-9+][\w.:/@=+,-]*")
# after the program and its action: an option (`-y`, `--force`) or a path the command acts on
# (`//depot/...`, `./build`, `~/.cache`), which a sentence never spells
_PLAIN_ARGUMENT = re.compile(r"--?[a-z0-9][\w.-]*(=[\w.:/@,+-]*)?|(?:/|\./|~/)[\w.:/@*+,-]*")
_PLAIN_LIMIT = 8


def _reads_as_plain_command(text: str) -> bool:
    words = substitute_placeholders(text).split()  # `virsh destroy <domain>`
    return (
        2 <= len(words) <= _PLAIN_LIMIT
        and all(_PLAIN_WORD.fullmatch(w) or is_placeholder(w) for w in words[:2])
        and all(
            _PLAIN_WORD.fullmatch(w) or _PLAIN_ARGUMENT.fullmatch(w) or is_placeholder(w)
            for w in words[2:]
        )
        and not is_placeholder(words[0])
        and not words[0].endswith(("ing", "ed"))
        and not any(w in _STOPWORDS for w in words)
    )


def looks_like_command(text: str, *, line: list[Invocation] | None = None) -> bool:
    """A sentence is not a command: the first program must be one the guard knows, a path or
    script, or carry flags; or the text is SQL. `line` is the text already parsed."""
    if not text.split() or _reads_as_sentence(text):
        return False
    found = line if line is not None else line_of(text)
    if not found:
        return False
    # `kill -9 $(pidof postgres)`: the command is `kill`, not what its `$(…)` runs first
    first = next((inv for inv in found if not inv.substituted), found[0])
    name = first.program
    if name == "sql" and looks_like_sql(text):
        return True
    if name in KNOWN_PROGRAMS or "/" in text.split()[0] or re.search(r"\.(sh|py|js|rb)$", name):
        return True
    if _reads_as_plain_command(text):
        return True
    if name in DECLARATIONS and first.args:
        # `export HISTSIZE=0`: a variable's name is a capital word or holds `=`, never English
        return all("=" in a or re.fullmatch(r"[A-Z_][A-Z0-9_]*", a) for a in first.args)
    return bool(first.flags) and name.islower()


@dataclass
class Derived:
    trigger: dict | None  # the JSON to store, or None when nothing can block
    notes: list[str] = field(default_factory=list)


def _unwrap_any(line: list[Invocation]) -> list[Invocation]:
    """`kubectl exec <pod> -- <command>`: any command run through a wrapper; the wrapper is
    then what the report is about, and stands for itself. A line whose every program is a
    placeholder is about any program."""
    if not any(is_placeholder(inv.program) for inv in line):
        return line
    if all(is_placeholder(inv.program) for inv in line):
        # `<package-manager> install --force <package>`: whichever program it is
        return [replace(inv, program="re:.") for inv in line]
    return [
        replace(inv, wrapper=False) if inv.wrapper else inv
        for inv in line
        if not is_placeholder(inv.program)
    ]


# `[-f|--force]`, `[--prune]`: flags a documented command line marks as optional
_OPTIONAL_FLAGS = re.compile(r"\[\s*(-[^\[\]|\n]*(?:\|\s*-[^\[\]|\n]*)*)\]")


def _optional_flags_named(command: str, prose: Prose) -> str:
    """`git push [-f|--force] origin <branch>` for "Never force-push": an optional flag the prose
    names is the danger reported, so it is read as written (its first spelling); one the prose
    does not name stays optional (`placeholder` reading drops it)."""

    def named(match: re.Match) -> str:
        spellings = [s.strip() for s in match.group(1).split("|")]
        for spelling in spellings:
            flag = spelling.split()[0].split("=")[0]
            words = [w for w in flag.lstrip("-").lower().split("-") if len(w) >= 3]
            if flag in prose.flag_tokens or words and all(w in prose.words for w in words):
                return f" {spellings[0]} "
        return match.group(0)

    return _OPTIONAL_FLAGS.sub(named, command)


# `systemctl <stop|disable> <unit>`, `docker {stop|rm} <c>`: words to choose one of
_CHOICE = re.compile(r"[<{(]\s*([\w.-]+(?:\s*\|\s*[\w.-]+)+)\s*[>})]")


def _choices(command: str) -> list[str]:
    """The commands a documented line offers a choice of words between, each written out."""
    found = _CHOICE.search(command)
    if found is None or command.count("|") > 6:
        return [command]
    return [
        variant
        for word in found.group(1).split("|")
        for variant in _choices(command[: found.start()] + word.strip() + command[found.end() :])
    ]


def _from_command(
    command: str, prose: Prose, notes: list[str], harmless: Harmless = ()
) -> list[Pattern]:
    command = _optional_flags_named(command, prose)
    line = _unwrap_any(line_of(command))
    setting = [
        inv for inv in line if inv.part == PREFIX_ASSIGNMENT and _sets_named_switch(inv, prose)
    ]
    # a flag the prose spells (`--volumes`) is what made the command dangerous: of what the
    # command does, only the part that flag adds is the danger; the parts it does without it
    # (`docker system prune` prunes stopped containers) are its everyday use, whatever the prose
    # says of them ("every volume not used by a running container")
    spelled = {flag for inv in line if not inv.part for flag in prose.spelled_flags(inv)}
    line = [
        # what a command does more than the reported danger (`docker system prune --volumes`
        # also prunes images) is no part of the report unless its prose names it
        inv
        for inv in line
        if not inv.part
        or inv.part != PREFIX_ASSIGNMENT
        and prose.names(inv.part)
        and (not spelled or any(inv.part in flag for flag in spelled))
    ]
    if setting:
        # "With GOSUMDB=off nothing checks…" over `GOSUMDB=off go get <module>`: the switch the
        # prefix turns off is the danger, set for whichever command (`export GOSUMDB=off`, `env
        # GOSUMDB=off go mod tidy`); the command it prefixed only carried it
        switched = {a.split("=", 1)[0] for inv in setting for a in inv.args}
        line = [inv for inv in line if not switched & set(inv.env)] + [
            replace(inv, part="", args=[_switch_setting(a) for a in inv.args]) for inv in setting
        ]
    # `docker run --privileged -v /:/host alpine chroot /host`: a wrapper carrying flags the
    # prose names is itself what the report is about, whatever it runs (its arguments are what
    # it runs: examples)
    line = [
        replace(inv, wrapper=False, args=[]) if inv.wrapper and prose.named_flags(inv) else inv
        for inv in line
    ]
    found_groups = [_trim_pipeline(g) for g in groups(line)]
    if any(not inv.substituted for g in found_groups for inv in g):
        # `kill -9 $(pidof postgres)`: what `$(…)` runs only hands a word to the danger
        found_groups = [g for g in found_groups if not all(inv.substituted for inv in g)]
    found: list[Pattern] = []
    for group in found_groups:
        pattern, reason = derive_pattern(
            group, prose, alone=len(found_groups) == 1, harmless=harmless
        )
        if pattern is not None:
            pattern = _without_offered_flags(pattern, prose.spelled_flags(group[-1]), harmless)
            found.append(pattern)
            found += _each_named_flag(pattern, group[-1], prose, harmless)
            found += _sudo_apart(pattern, group[-1], prose, harmless)
        elif reason and len(found_groups) == 1:
            notes.append(reason)
    # a switch is set for one command as its `NAME=value` argument too (make, rake and rails
    # read their arguments so: `rake db:reset DISABLE_DATABASE_ENVIRONMENT_CHECK=1`)
    if setting:
        as_argument = [replace(p, program=_ANY_PROGRAM) for p in found if p.program == "export"]
        found += [p for p in as_argument if p.args and too_broad(p) is None]
    if not found and len(found_groups) > 1:
        # several commands, each one everyday when generalised: keep them as written
        for group in found_groups:
            pattern, reason = derive_pattern(group, prose, alone=True, harmless=harmless)
            if pattern is not None:
                found.append(pattern)
            elif reason:
                notes.append(reason)
    return found


def _switch_setting(assignment: str) -> str:
    """`GOSUMDB=off` as the switch it sets, however spelled (`GOSUMDB=0`, `GOSUMDB=false`); a
    secret written into the line (`PGPASSWORD=<password>`) as any secret so written."""
    name, _, value = assignment.partition("=")
    if _literal_secret(name, value):
        return _LITERAL_SECRET
    state = state_of(value)
    if state is None:
        return assignment
    words = sorted(TRUE_WORDS if state else FALSE_WORDS)
    return rf"re:(?i)^{re.escape(name)}=({'|'.join(map(re.escape, words))})$"


# prose saying a check was switched off ("with checksum verification turned off", "disabled
# certificate verification")
_TURNED_OFF = re.compile(
    r"\b(turn(s|ed|ing)?|switch(es|ed|ing)?|set(ting)?|left|with)\b[^.;:]{0,40}\boff\b"
    r"|\bdisabl(e|es|ed|ing)\b|\bdeactivat(e|es|ed|ing)\b"
)


# A variable holding a secret (`PGPASSWORD`, `MYSQL_PWD`, `GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`),
# not the working directory (`PWD`)
_SECRET_NAME = r"(?:\w*(?:PASSWORD|PASSWD|TOKEN|SECRET|API_?KEY|ACCESS_KEY)\w*|\w+_PWD)"
# ... given its value literally on the line (`PGPASSWORD=hunter2 psql`), where a `$VAR` hands it
# on from the environment
_LITERAL_SECRET = rf"re:(?i)^{_SECRET_NAME}=([^$\"'\s]|[\"'][^$\"'])"
# prose saying a secret was shown where others read it (the process list, the shell's history)
_EXPOSED = re.compile(
    r"\b(?:password|passwd|token|secret|credential|api key)s?\b[^.;]{0,80}?"
    r"(?:command[ -]line|history|process list|\bps\b|visible|in (?:clear|plain)"
    r"|plain ?text|clear ?text|leak|expos|sees? it|saw it|readable)"
    r"|(?:command[ -]line|shell history|process list|plain ?text|clear ?text)"
    r"[^.;]{0,80}?\b(?:password|passwd|token|secret|credential|api key)s?\b"
)


# options that carry a secret's value (`--password`, `--token`, `--body`, `--from-literal`)
_SECRET_OPTION = re.compile(r"pass|secret|token|key|body|value|literal|cred|auth")


def _literal_secret(name: str, value: str) -> bool:
    return Value.of(_LITERAL_SECRET).matches(f"{name}={value}")


def _sets_named_switch(inv: Invocation, prose: Prose) -> bool:
    """Whether a command's `VAR=value` prefix (read as `export VAR=value`) sets a switch the
    prose names by its variable (`GOSUMDB=off`, `NODE_TLS_REJECT_UNAUTHORIZED=0`), or turns one
    off where the prose says a check was turned off ("checksum verification turned off" over
    `GOSUMDB=off`): a variable saying where or how (`RAILS_ENV=production`) only says where the
    command ran."""
    turned_off = _TURNED_OFF.search(prose.lower) is not None
    for assignment in inv.args:
        name, _, value = assignment.partition("=")
        if _literal_secret(name, value) and prose.exposes_secret:
            return True
        state = state_of(value)
        if state is None:
            continue
        if re.search(rf"(?<![\w$]){re.escape(name)}\b", prose.text):
            return True
        if state is False and turned_off:
            return True
    return False


def _siblings(command: str, prose: Prose, derived: list[Pattern]) -> list[Pattern]:
    """The same danger in other tools: when the reported command is one of the commands of a
    danger the catalogue knows (`gem yank` of "unpublish a package"), the report's prose names
    that danger, and what was derived from the command is no narrower than the catalogue's
    command (`git push --force main` is narrower than `git push --force`), the catalogue's other
    commands for it (`cargo yank`, `npm unpublish`): in production where the report asks for
    it, on the ports it names where the danger is about ports (`ports`), and the reported
    tool's own other commands only where the concept says they are the same danger
    (`within_tool`)."""
    line = line_of(command)
    found: list[Pattern] = []
    holding = [
        c for c in CONCEPTS if not c.targets and concept_named(c, prose.text) and _anchors(c, line)
    ]
    # "Lost the volumes to docker system prune --volumes … --all threw away the images as
    # well": where the title names one of the dangers, another the why tells of that shares
    # no command with it is what else the command did, not what the report is about (one
    # sharing commands is the same danger told otherwise: "flush deletes every row")
    titled = [c for c in holding if prose.title and concept_named(c, prose.title)]
    if titled:
        told = {repr(item) for c in titled for item in c.commands}
        title_anchors = [a for c in titled for a in _anchors(c, line)]
        holding = [
            c
            for c in holding
            if c in titled
            or told & {repr(item) for item in c.commands}
            or _extends(_anchors(c, line), title_anchors)
        ]
    for concept in _narrowest(holding):
        # "opened SSH to the internet": the ports the report names (or its command) narrow
        # every sibling to them; a report naming none gives none
        ports = named_ports(f"{prose.text} {command}") if concept.ports else []
        if concept.ports and not ports:
            continue
        if concept.production and not prose.production:
            continue
        patterns = list(_concept_patterns(concept))
        anchors = _anchors(concept, line)
        valued = {name for inv in line for name in inv.options}
        # production, where the derived pattern asks for it, says where and not what: the
        # siblings ask for it too (a concept only about production, as broad as `kubectl
        # delete`, keeps it as what it is about)
        anchored = [
            mine
            for mine in derived
            for anchor in anchors
            for own in [line_of(anchor.text)]
            for inv in own
            if match_invocation(
                _anywhere_else(mine, anchor, valued, production=not concept.production), inv, own
            )
        ]
        own = set() if concept.within_tool else {inv.program for inv in line}
        if not anchored and concept.within_tool:
            # `artisan migrate:fresh --force` beside the catalogue's `artisan migrate:fresh`:
            # narrower by flags alone, the tool's own other commands for the danger are
            # narrowed by the same flags (`artisan db:wipe --force`); other tools take no flag
            # of it, so they are left out
            extra = {
                frozenset(mine.flags - anchor.flags)
                for mine in derived
                for anchor in anchors
                for own_line in [line_of(anchor.text)]
                for inv in own_line
                if match_invocation(
                    _anywhere_else(
                        replace(mine, flags=mine.flags & anchor.flags),
                        anchor,
                        valued,
                        production=not concept.production,
                    ),
                    inv,
                    own_line,
                )
            }
            if len(extra) == 1:
                flags = extra.pop()
                tool = {inv.program for inv in line}
                patterns = [
                    replace(p, flags=p.flags | flags) for p in patterns if p.program in tool
                ]
                anchored = [mine for mine in derived if flags <= mine.flags]
                own = set()
        if not anchored:
            continue
        places = [v.raw for mine in anchored for v in mine.anywhere if v.raw in _ENVIRONMENTS]
        if concept.production or places:
            patterns = [_with_production(p, places[0] if places else PROD) for p in patterns]
        if ports:
            patterns = [Pattern.from_json(on_ports(p.as_json(), ports)) for p in patterns]
        # other tools only: the reported tool's other commands in the catalogue are other
        # dangers of it (`terraform apply -auto-approve` beside `terraform destroy -auto-approve`),
        # unless the concept lists one danger only (`aws rds delete-db-cluster` beside
        # `delete-db-instance`)
        found += [
            p
            for p in patterns
            if p.program not in own and too_broad(p) is None and not _short_flag_of_any(p)
        ]
    return found


# what the reporter says they did ("I deleted the remote branch (and force-deleted the local
# one)"), up to what it caused ("…, which removed", "; the volumes went with it")
_DONE = re.compile(r"\b(?:I|[Ww]e)\b[^.;:]*?(?=[.;:]|\b(?:which|that|so|because|then)\b|$)")


def _same_tool_dangers(command: str, prose: Prose, known: list[Pattern]) -> list[Pattern]:
    """ "I deleted the remote branch (and force-deleted the local one)" over `git push origin
    --delete <branch>`: another danger of the catalogue the prose names, done with the reported
    tool itself (`git branch -D`), is what the report says was done too."""
    done = " ".join(found.group(0) for found in _DONE.finditer(prose.text))
    if not done:
        return []
    line = line_of(command)
    own = {inv.program for inv in line}
    # where the reported command acted, as its own patterns ask for it, they ask for too
    places = [v.raw for mine in known for v in mine.anywhere if v.raw in _ENVIRONMENTS]
    found: list[Pattern] = []
    for concept in CONCEPTS:
        if concept.targets or concept.production or concept.ports or _anchors(concept, line):
            continue
        if not concept_named(concept, done):
            continue
        found += [
            p
            for p in _concept_patterns(concept)
            if p.program in own
            and p not in known
            and too_broad(p) is None
            and not _short_flag_of_any(p)
        ]
    return [_with_production(p, places[0]) for p in found] if places else found


_CONCEPT_PATTERNS: dict[str, tuple[Pattern, ...]] = {}


def _concept_patterns(concept: Concept) -> tuple[Pattern, ...]:
    """A concept's commands as patterns, read once per process (the catalogue is constant, and
    every report of an anti-pattern is read against each of its concepts)."""
    cached = _CONCEPT_PATTERNS.get(concept.name)
    if cached is not None:
        return cached
    patterns: list[Pattern] = []
    for item in concept.commands:
        try:
            patterns += (
                patterns_from_text(item) if isinstance(item, str) else [Pattern.from_json(item)]
            )
        except CommandTriggerError:
            continue
    return _CONCEPT_PATTERNS.setdefault(concept.name, tuple(patterns))


def _extends(anchors: list[Pattern], title_anchors: list[Pattern]) -> bool:
    """Whether a danger the why tells is the title's told to its extent: the reported command is
    one of its commands that is also one of the title's ("Downgraded the schema to base" and
    "dropped every table": `alembic downgrade base` is an `alembic downgrade`), where another
    the command did besides is not (`docker system prune --all` is no `prune --volumes`)."""
    return any(
        match_invocation(title, inv, own)
        for anchor in anchors
        for own in [line_of(anchor.text)]
        for inv in own
        for title in title_anchors
    )


def _anchors(concept: Concept, line: list[Invocation]) -> list[Pattern]:
    """The concept's commands the reported line is (written as command lines)."""
    return [
        p
        for p in _concept_patterns(concept)
        if p.text and any(match_invocation(p, i, line) for i in line)
    ]


def _narrowest(concepts: list[Concept]) -> list[Concept]:
    """The concepts holding the reported command, less those that hold a narrower one holding
    it too: `aws kms schedule-key-deletion` is destroying a key, which the secret stores'
    concept also lists; the key managers are its siblings, the secret stores are not."""

    def commands(concept: Concept) -> frozenset[str]:
        return frozenset(repr(item) for item in concept.commands)

    return [
        wide
        for wide in concepts
        if not any(narrow is not wide and commands(narrow) < commands(wide) for narrow in concepts)
    ]


def _anywhere_else(
    pattern: Pattern,
    anchor: Pattern | None = None,
    valued: AbstractSet[str] = frozenset(),
    *,
    production: bool = True,
) -> Pattern:
    """What a derived pattern says about the operation, to compare with a catalogue command:
    without the production it asks for somewhere in the command (where `production`), the
    options whose example value was dropped (`valued`: `--topic $TOPIC`), and, where the
    catalogue's command takes any value (`aws cloudtrail delete-trail <any>`), the values it
    kept (the trail a report names is one of those)."""
    named = {name for name, _ in pattern.options}
    found = replace(
        pattern,
        anywhere=tuple(v for v in pattern.anywhere if not production or v.raw not in _ENVIRONMENTS),
        flags=pattern.flags - (set(valued) - named),
    )
    if anchor is not None and "<any>" in anchor.text:
        found = replace(found, args=(), options=(), flags=found.flags - named)
    return found


def _each_named_flag(
    pattern: Pattern, inv: Invocation, prose: Prose, harmless: Harmless
) -> list[Pattern]:
    """ "Drained the node with --force and --delete-emptydir-data": flags the prose spells one
    by one are each a danger of their own (`-rf`, spelled as one, stays one); each alone, where
    that blocks no everyday command and no alternative."""
    spelled = [
        frozenset(prose._read_flags(inv, token) & pattern.flags) for token in prose.flag_tokens
    ]
    spelled = list(dict.fromkeys(flags for flags in spelled if flags))
    if len(spelled) < 2 or pattern.then is not None:
        return []
    every = frozenset().union(*spelled)
    found = []
    for flags in spelled:
        alone = replace(pattern, flags=(pattern.flags - every) | flags)
        if too_broad(alone) is None and _blocks_one(alone, harmless) is None:
            found.append(alone)
    return found


# `sudo pip`, `sudo npm install` in a report's prose: the program run as root, and what follows
_SUDO_PROGRAM = re.compile(r"\bsudo\s+([a-z][\w.-]*)((?:\s+[a-z][\w-]*)?\s+-[\w-]+)?")


def _sudo_apart(
    pattern: Pattern, inv: Invocation, prose: Prose, harmless: Harmless
) -> list[Pattern]:
    """ "Installing with --break-system-packages (and sudo pip) broke the OS tools": the prose
    names running the program as root apart from a flag it spells, so each is a danger of its
    own: the flag without `sudo`, and `sudo` with the program without the flag. "sudo rm -rf"
    spells the flag with `sudo`: one danger."""
    spelled = prose.spelled_flags(inv) & pattern.flags
    if not pattern.sudo or not spelled or pattern.then is not None:
        return []
    apart = False
    for found in _SUDO_PROGRAM.finditer(prose.text):
        if not any(other.program == inv.program for other in invocations(found.group(1))):
            continue
        if found.group(2) and prose._read_flags(inv, found.group(2).split()[-1]) & spelled:
            return []  # "sudo rm -rf": the flag is spelled with sudo, as one danger
        apart = True
    if not apart:
        return []
    candidates = [
        replace(pattern, sudo=False),
        replace(pattern, flags=pattern.flags - spelled),
    ]
    return [
        candidate
        for candidate in candidates
        if too_broad(candidate) is None and _blocks_one(candidate, harmless) is None
    ]


_PROD_FLAG = re.compile(r"^--prod(uction)?(\b|$)")
# what a pattern asks for to say where it acts
_ENVIRONMENTS = frozenset({PROD, SHARED_ENV, *PLACES})


def _with_production(pattern: Pattern, environment: str = PROD) -> Pattern:
    """A pattern for "in production": production somewhere in a command that names where it
    acts (a host, a cluster, a database, the directory it runs in); a command acting on its own
    machine is left as is, and so is one whose flag names production (`vercel --prod`)."""
    if (
        # a command acting on its own machine never names production; it may act on one
        # that is not (`<not-local>`)
        pattern.program not in _SERVICE_CLIENTS
        and environment not in (NOT_DEVELOPMENT, NOT_LOCAL)
        or any(v.raw in _ENVIRONMENTS for v in pattern.anywhere)
        or any(_PROD_FLAG.match(flag) for flag in pattern.flags)
    ):
        return pattern
    return replace(pattern, anywhere=(*pattern.anywhere, Value.of(environment)))


def _named_production(pattern: Pattern, *, shared: bool = False) -> Pattern:
    """A pattern asking for production (or, `shared`, a shared instance where that is what it
    asked for) by name or on another machine: a command naming no place is not known to act
    there (where the text around a command says it ran in production, or where the place is
    all that makes the command dangerous)."""
    positive = {NOT_DEVELOPMENT: PRODUCTION, NOT_LOCAL: SHARED if shared else PRODUCTION}
    return replace(
        pattern, anywhere=tuple(Value.of(positive.get(v.raw, v.raw)) for v in pattern.anywhere)
    )


def _from_sentence(sentence: str, prose: Prose) -> list[Pattern]:
    """Patterns for the commands a sentence describes (`prose_triggers`), none too broad: the
    catalogue's, then the commands written in it, generalised by what the sentence says."""
    described = describe(sentence)
    found: list[Pattern] = []
    for line in described.lines:
        found += patterns_from_text(line)
    for data in described.patterns + described.operations:
        try:
            found.append(Pattern.from_json(data))
        except CommandTriggerError:
            continue
    # what the catalogue already gives, by program and action (a program without a table acts
    # by its first argument: `rails db:drop` does not cover `rails db:schema:load`)
    covered = {_action_key(p.program, p.subcommand, [a.raw for a in p.args]) for p in found}
    for command in described.commands:
        read = [
            inv
            for inv in line_of(command)
            if not inv.part or inv.part != PREFIX_ASSIGNMENT and prose.names(inv.part)
        ]
        for group in groups(read):
            pattern, _ = derive_pattern(_trim_pipeline(group), prose, alone=False)
            if (
                pattern is not None
                and _action_key(pattern.program, pattern.subcommand, [a.raw for a in pattern.args])
                not in covered
            ):
                found.append(pattern)
    if described.production:
        # production by name, or for a tool's operation another machine not named for
        # development (`flyway -url=jdbc:postgresql://db.internal/shop migrate`); a statement
        # written to a remote database is everyday work, in production only by name
        found = [
            _with_production(
                p,
                (SHARED_ENV if described.staging else PROD)
                if p.program == "sql"
                else (SHARED if described.staging else PRODUCTION),
            )
            for p in found
        ]
    found = [p for p in dict.fromkeys(found) if too_broad(p) is None and not _short_flag_of_any(p)]
    # a publish a sentence describes hands the build to a registry elsewhere, as a reported
    # command's does: one into a directory or a registry on this machine publishes nothing
    found = [replace(p, remote=True) if _publishing(p) else p for p in found]
    found = _narrowest_statements(found)
    # "Overwrote the disk with zeros using shred": `shred <device>` says what the sentence does
    # with the tool; the bare `shred` it names would also block shredding one file
    specific = {p.program for p in found if p != _bare(p)}
    found = [p for p in found if p != _bare(p) or p.program not in specific]
    if _TAG_OBJECT.search(sentence) and not _BRANCH_OBJECT.search(sentence):
        found = [q for p in found for q in _of_tags(p)]
    return found


def _narrowest_statements(found: list[Pattern]) -> list[Pattern]:
    """ "Ran a DELETE without a WHERE": where a sentence gives a statement with what defines
    its danger (`DELETE` of every row), the same program's statements without it (any `DELETE`,
    any `CREATE`, read from "wrote to the production database") are a wider reading of the
    same sentence, not what it describes."""
    defined = {p.program for p in found if p.flags & _DEFINING}
    found = [p for p in found if p.program not in defined or p.flags & _DEFINING]
    # "ran migrate:fresh, which dropped every table": where the sentence names the statement
    # (a DROP TABLE, a DROP DATABASE), any statement of one word (`INSERT`, `DELETE`) is the
    # widest reading of "wrote to the database", not what it describes
    if any(p.program == "sql" and len(p.subcommand) > 1 for p in found):
        found = [p for p in found if not (p.program == "sql" and _any_statement(p))]
    return found


def _any_statement(pattern: Pattern) -> bool:
    return len(pattern.subcommand) == 1 and not (
        pattern.flags or pattern.args or pattern.options or pattern.then
    )


# "Moved a published release tag and force-pushed it": what the push sends is a tag, by its
# ref (`refs/tags/v2.3.0`), by a version's name (`v2.3.0`, `1.4.2`) or all of them (`--tags`)
_TAG_OBJECT = re.compile(r"(?i)\btags?\b")
_BRANCH_OBJECT = re.compile(r"(?i)\bbranch(es)?\b|\b(main|master|trunk)\b")
_TAG_REF = r"re:^\+?(refs/tags/.+|v?\d+(\.\d+)+([-+][\w.]+)?)$"


def _of_tags(pattern: Pattern) -> list[Pattern]:
    """A push the sentence describes as of a tag: the push of a tag, not of a branch."""
    if pattern.program != "git" or pattern.subcommand[:1] != ("push",) or pattern.args:
        return [pattern]
    return [
        replace(pattern, args=(Value.of(_TAG_REF),)),
        replace(pattern, flags=pattern.flags | {"--tags"}),
    ]


def _title_operations(title: str, command: str, harmless: Harmless) -> list[Pattern]:
    """ "Never delete a CloudFormation stack" over `aws cloudformation delete-stack …`: the
    operation the title names, done by any tool (`cdk destroy MyStack`), where the reported
    command is such an operation itself."""
    line = line_of(command)
    found = []
    # the reported command's own programs keep what was derived from it (`git reset --hard
    # HEAD~<n>` is not every hard reset)
    own = sorted({inv.program for inv in line})
    for data in describe(title).operations:
        pattern = Pattern.from_json({**data, "not_programs": own})
        if (
            any(
                match_invocation(replace(pattern, not_programs=frozenset()), inv, line)
                for inv in line
            )
            and too_broad(pattern) is None
            and not _offered(pattern, harmless)
        ):
            found.append(pattern)
    return found


_ANY_PROGRAM = "re:."


def _short_flag_of_any(pattern: Pattern) -> bool:
    """A pattern for any program that requires a short flag: `-P` is a password to `sqlcmd`, a
    port to `mysql`, persistence to `setsebool` and a policy to `iptables`. A short flag says
    what it does only for a named program; a long one (`--password`) says it for all."""
    if pattern.program != _ANY_PROGRAM:
        return False
    required = [*pattern.flags, *(flag for flag, _ in pattern.options)]
    return any(re.fullmatch(r"-[A-Za-z0-9]", flag) for flag in required)


def _action_key(program: str, subcommand: tuple[str, ...], args: list[str]) -> tuple:
    if subcommand or program in PROGRAMS:
        return (program, subcommand[:1])
    return (program, tuple(args[:1]))


def _bare(pattern: Pattern) -> Pattern:
    """The pattern's program alone, with nothing it requires or excludes."""
    return Pattern(program=pattern.program, text=pattern.text)


def derive(
    *, texts: list[str], prose: str, title: str = "", alternatives: list[str] | None = None
) -> Derived:
    """A trigger for the commands in `texts` (the action, related commands), generalised by what
    the prose (title, why) names but never so far that it blocks a command the report's
    `alternatives` offer; a text that is a sentence gives the commands it describes."""
    said = Prose(prose, title)
    reported = {
        inv.program
        for text in texts
        for command in command_texts(text or "")
        for inv in line_of(command)
    }
    harmless = harmless_lines(alternatives or [], reported)
    notes: list[str] = []
    patterns: list[Pattern] = []
    sources: list[str] = []
    for text in texts:
        if not text or not text.strip():
            continue
        commands = command_texts(text)
        if not commands:
            # commands the why quotes (`e.g. `git push -f``) are what the sentence describes too
            quoted = " ".join(f"`{c}`" for c in _BACKTICKS.findall(prose) if looks_like_command(c))
            described = _from_sentence(f"{title}. {text} {quoted}", Prose(f"{prose} {text}"))
            # what the report offers instead is no part of what the sentence describes
            described = [p for p in described if not _offered(p, harmless)]
            if described:
                sources.append(text.strip())
                patterns.extend(described)
            continue
        around = _BACKTICKS.sub(" ", text) if "`" in text else ""
        in_production = len(around.split()) >= 3 and Prose(around).production
        for command in [variant for c in commands for variant in _choices(c)]:
            found = _from_command(command, said, notes, harmless)
            others = [p for p in _siblings(command, said, found) if not _offered(p, harmless)]
            others += [
                p
                for p in _same_tool_dangers(command, said, [*found, *others])
                if not _offered(p, harmless)
            ]
            named = _title_operations(title, command, harmless) if found and title else []
            if said.production or _names_shared_service(command, said):
                # production is never the agent's own machine
                found = [replace(p, remote=True) for p in found]
            # the same danger in other tools is the report read further than it was written: it
            # reaches a service someone else may rely on, never a copy an agent names as its
            # own (a loopback address, a throwaway environment); the reported tool reaches
            # wherever it ran (`redis-cli FLUSHALL` ran on its default, local server)
            own = {inv.program for inv in line_of(command)}
            anywhere = not any(p.remote for p in found)
            found += [
                p if p.program in own and anywhere else replace(p, remote=True) for p in others
            ]
            # a publish hands the build to a registry elsewhere: one into a directory of the
            # machine (`--source ./local-feed`) publishes nothing
            found = [replace(p, remote=True) if _publishing(p) else p for p in found]
            if in_production:
                # "Ran `DROP TABLE users` against the production database": there, not anywhere
                found = [_with_production(_named_production(p)) for p in found]
            found += [replace(p, remote=True) for p in named]
            if found or not notes:
                sources.append(command)
            patterns.extend(found)
    unique = list(dict.fromkeys(patterns))[:MAX_PATTERNS]
    if not unique:
        if not sources and not notes:
            notes.append("No shell command in the report: it matches by meaning only (warns).")
        return Derived(None, notes)
    unless = _CASCADE_OFF if _CASCADE.search(said.lower) else []
    unless = unless + _to_test_index(unique)
    return Derived(
        {
            "commands": [p.as_json() for p in unique],
            **({"unless": unless} if unless else {}),
            "derived_from": " ; ".join(dict.fromkeys(sources)),
            **({"notes": notes} if notes else {}),
        },
        notes,
    )


# A registry's index kept for trying a release out (TestPyPI, NuGet's test gallery, the staging
# crates.io): a publish there is not the public one everyone installs from
_TEST_INDEX = r"re:(?i)(^|[^a-z])test[.-]?pypi([^a-z]|$)|nugettest\.org|staging\.crates\.io"


def _to_test_index(patterns: list[Pattern]) -> list[dict]:
    """The publishes among the patterns, to a test index: what the trigger lets through."""
    return [
        replace(
            p, flags=frozenset(), options=(), anywhere=(Value.of(_TEST_INDEX),), remote=False
        ).as_json()
        for p in patterns
        if _publishing(p)
    ]


# What a report says of a service many use: shared, other teams', everyone's
_SHARED = re.compile(
    r"\bshared\b|\bother (?:teams?|services|consumers|users|projects)\b|\bevery (?:team|service|"
    r"consumer|user)\b|\bteams'|\bcompany\b|\beveryone\b|\bcolleagues\b"
)


def _shared(prose: Prose) -> bool:
    return prose.production or _SHARED.search(prose.lower) is not None


def _names_shared_service(command: str, prose: Prose) -> bool:
    """A report of a shared or production service whose command names it by its address
    (`redis-cli -h cache.internal FLUSHALL`, `--source https://nuget.internal/…`): it is about
    that service wherever it is named, and not about the copy an agent runs on its own machine
    (`redis-cli -h 127.0.0.1 FLUSHALL`)."""
    return _shared(prose) and any("remote" in places(inv) for inv in line_of(command))


# A report of a cascading delete ("the cascade removed every resource it managed"): a delete
# with cascading turned off leaves what the object managed in place, which is what such
# reports recommend (argocd app delete --cascade=false, kubectl delete --cascade=orphan).
_CASCADE = re.compile(r"\bcascad")
_CASCADE_OFF = [
    {"program": "re:.", "flags": ["--no-cascade"]},
    {"program": "re:.", "options": {"--cascade": "re:(?i)^orphan$"}},
]


def validate(data) -> dict:
    """Check and normalise a trigger written by a person; raise CommandTriggerError."""
    if data in (None, "", {}):
        return {}
    if not isinstance(data, dict):
        raise CommandTriggerError('A command trigger is an object: {"commands": [...]}.')
    unknown = set(data) - {"commands", "unless", "derived_from", "notes", "source"}
    if unknown:
        raise CommandTriggerError(f"Unknown field(s): {', '.join(sorted(unknown))}.")
    commands = data.get("commands") or []
    if not isinstance(commands, list):
        raise CommandTriggerError("`commands` is a list of patterns.")
    if not commands:  # nothing blocks: the anti-pattern matches by meaning only
        return {key: data[key] for key in ("derived_from", "notes") if data.get(key)}
    if len(commands) > MAX_PATTERNS:
        raise CommandTriggerError(f"At most {MAX_PATTERNS} patterns.")
    patterns = [Pattern.from_json(p) for p in commands]
    for pattern in patterns:
        blocked = too_broad(pattern)
        if blocked is not None:
            raise CommandTriggerError(
                f"`{pattern.describe()}` would also match `{blocked}`, an everyday command; "
                "name what makes it dangerous (a flag, an argument, `sudo`)."
            )
    unless = data.get("unless") or []
    if not isinstance(unless, list):
        raise CommandTriggerError("`unless` is a list of patterns.")
    normalised = {
        "commands": [p.as_json() for p in patterns],
        **({"unless": [Pattern.from_json(u).as_json() for u in unless]} if unless else {}),
    }
    for key in ("derived_from", "notes"):
        if data.get(key):
            normalised[key] = data[key]
    return normalised


# `patterns_from_text` is part of what people's triggers may use (a pattern as a command line).
__all__ += ["patterns_from_text"]
