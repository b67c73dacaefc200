"""Shell commands as the anti-pattern guard reads them: the commands a line runs, each with its
program, subcommand, flags (as a set, in one spelling) and arguments.

The line is parsed with tree-sitter's bash grammar (`tree-sitter-bash`: error-tolerant, so a
half-finished command or a sentence still yields what can be read, and about 20 µs a line). Every
simple command is collected, wherever it sits: `&&`, `||`, `;`, pipelines, subshells, `{ …; }`,
`$(…)`, loops and conditionals. Then what does not change the meaning is stripped — `VAR=value`
prefixes, `sudo` and its options (remembered as `sudo`), `env`, `command`, `nohup`, `time`,
`exec`, `nice`, `timeout 30`, `xargs` — and commands that run another are opened: `bash -c '…'`,
`su -c`, `eval`, `ssh host '…'`, `docker exec c …`, `docker run image …`, `kubectl exec pod -- …`,
`find -exec … ;`. A `cd DIR` earlier in the line is remembered, so `cd /srv && rm -rf data`
removes `/srv/data`. `python -m pip` and `pip3` are `pip`; `python manage.py` and `./manage.py`
are `manage.py`; `docker-compose` is `docker compose`.

Flags are read with the program's table (`command_tables`): `-rf` is `--recursive --force` for
`rm`, `-u postgres` a value of `sudo`; a refspec `+main` is `--force` for `git push`; a mode
`a+rwx` is `0777` for `chmod`.
"""

from __future__ import annotations

import itertools
import posixpath
import re
import shlex
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

import tree_sitter_bash
from tree_sitter import Language, Node, Parser

from lessons.command_tables import (
    ARG_SYNONYMS,
    GLOBAL_DEFUSING,
    GLOBAL_NOISE,
    INTERPRETER_VALUES,
    INTERPRETERS,
    PREFIX_POSITIONALS,
    PREFIXES,
    PRIVILEGE,
    PROGRAM_ALIASES,
    PROGRAMS,
    SHELLS,
    SIGNALS,
    Spec,
)

_LANGUAGE = Language(tree_sitter_bash.language())
_local = threading.local()
MAX_DEPTH = 4  # `bash -c "ssh h 'sudo sh -c …'"`: deeper nesting is not read
MAX_TEXT = 10_000


def _parser() -> Parser:
    parser = getattr(_local, "parser", None)
    if parser is None:  # a Parser must not be shared between threads
        parser = _local.parser = Parser(_LANGUAGE)
    return parser


@dataclass
class Invocation:
    """One command a line runs, normalised."""

    program: str
    subcommand: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    # canonical flag -> its values; redirections are the pseudo-options `<` and `>`
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

    def words(self) -> Iterator[str]:
        """Every value the command carries: arguments, option values, environment values."""
        yield from self.args
        for values in self.options.values():
            yield from values
        yield from self.env.values()
        yield from self.via

    @cached_property
    def haystack(self) -> str:
        """Its values in one lower-case string: a literal a trigger needs must occur in it."""
        return "\n".join(self.words()).casefold()

    def describe(self) -> dict:
        return {
            "program": self.program,
            "subcommand": list(self.subcommand),
            "flags": sorted(self.flags),
            "arguments": list(self.args),
            "sudo": self.sudo,
        }


# --- words ---------------------------------------------------------------------------------------


def unquote(text: str) -> str:
    """A shell word's value: quotes removed, escapes applied, expansions kept as written."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n:
            out.append(text[i + 1])
            i += 2
        elif ch == "'":
            end = text.find("'", i + 1)
            end = n if end < 0 else end
            out.append(text[i + 1 : end])
            i = end + 1
        elif ch == "$" and text.startswith("$'", i):
            end = text.find("'", i + 2)
            end = n if end < 0 else end
            out.append(text[i + 2 : end])
            i = end + 1
        elif ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n and text[j + 1] in '"\\$`\n':
                    out.append(text[j + 1])
                    j += 2
                else:
                    out.append(text[j])
                    j += 1
            i = j + 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


_HOME = re.compile(r"^(?:\$HOME|\$\{HOME\})(?=/|$)")


def normalize_path(value: str, cwd: str | None = None) -> str:
    """`./data/` -> `data`, `$HOME/x` -> `~/x`, `/srv/data/*` -> `/srv/data` (its contents),
    a relative path under a known `cd` -> absolute."""
    path = _HOME.sub("~", value)
    if not path or path.startswith("-"):
        return path
    while len(path) > 1 and path.endswith(("/*", "/.")):
        path = path[:-2] or "/"
    if len(path) > 1:
        path = path.rstrip("/") or "/"
    if cwd and not path.startswith(("/", "~", "$")):
        path = posixpath.join(cwd, path)
    if path.startswith("/") or path.startswith("~/"):
        head = "~" if path.startswith("~") else ""
        path = head + posixpath.normpath(path[len(head) :])
        path = path.replace("//", "/")
    elif path not in (".", ".."):
        path = posixpath.normpath(path)
    return path


# --- modes ---------------------------------------------------------------------------------------

_WHO = {"u": 0o4700, "g": 0o2070, "o": 0o1007, "a": 0o7777}
_PERM = {"r": 0o444, "w": 0o222, "x": 0o111, "X": 0o111, "s": 0o6000, "t": 0o1000}


def normalize_mode(mode: str) -> str:
    """`777`, `0777` -> `=0777`; `a+rwx`, `ugo+rwx`, `+rwx` -> `+0777`; anything else unchanged.

    Both forms grant the bits, which is what a match compares (the checked command grants at
    least what the reported one did)."""
    if re.fullmatch(r"[0-7]{3,4}", mode):
        return f"={int(mode, 8):04o}"
    granted, op_seen = 0, "="
    for clause in mode.split(","):
        match = re.fullmatch(r"([ugoa]*)([+=-])([rwxXst]+)", clause)
        if not match or match.group(2) == "-":
            return mode
        who, op, perms = match.groups()
        scope = 0
        for w in who or "a":
            scope |= _WHO[w]
        for p in perms:
            granted |= scope & _PERM[p]
        op_seen = "+" if op == "+" else op_seen
    return f"{op_seen}{granted:04o}"


def mode_bits(value: str) -> int | None:
    if len(value) == 5 and value[0] in "=+":
        try:
            return int(value[1:], 8)
        except ValueError:
            return None
    return None


# --- parsing the line ----------------------------------------------------------------------------

_SUBSTITUTIONS = ("command_substitution", "process_substitution")


@dataclass
class _Raw:
    words: list[str]
    env: dict[str, str]
    redirects: list[tuple[str, str]]
    text: str
    pipeline: tuple[int, int] | None
    cwd: str | None


# Pipelines are numbered across nested parses (`bash -c '… | …'`), so numbers never collide.
_PIPELINES = itertools.count(1)


@dataclass
class _Walk:
    src: bytes
    raws: list[_Raw] = field(default_factory=list)
    cwd: str | None = None


def _text(node: Node, src: bytes) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _redirect(node: Node, walk: _Walk) -> tuple[str, str] | None:
    if node.type == "heredoc_redirect":
        body = next((c for c in node.named_children if c.type == "heredoc_body"), None)
        return ("<", _text(body, walk.src)) if body is not None else None
    if node.type == "herestring_redirect":
        value = node.named_children[-1] if node.named_children else None
        return ("<", unquote(_text(value, walk.src))) if value is not None else None
    operator = next((c.type for c in node.children if not c.is_named), "")
    destination = node.child_by_field_name("destination")
    if (
        destination is None
        or destination.type == "number"
        or "&" in operator
        and (_text(destination, walk.src).isdigit())
    ):
        return None  # `2>&1`
    target = unquote(_text(destination, walk.src))
    if target == "/dev/null":
        return None
    return ("<" if operator.startswith("<") else ">", target)


def _substitutions(node: Node, walk: _Walk, pipeline) -> None:
    """Commands inside `$(…)` and `<(…)` anywhere below node run too."""
    stack = list(node.named_children)
    while stack:
        child = stack.pop()
        if child.type in _SUBSTITUTIONS:
            saved = walk.cwd
            for statement in child.named_children:
                _collect(statement, walk, None)
            walk.cwd = saved
        else:
            stack.extend(child.named_children)


def _command(node: Node, walk: _Walk, pipeline, redirects: list[tuple[str, str]]) -> None:
    env: dict[str, str] = {}
    words: list[str] = []
    for child in node.named_children:
        if child.type == "variable_assignment":
            name = child.child_by_field_name("name")
            value = child.child_by_field_name("value")
            if name is not None:
                env[_text(name, walk.src)] = unquote(_text(value, walk.src)) if value else ""
        elif child.type in ("file_redirect", "heredoc_redirect", "herestring_redirect"):
            found = _redirect(child, walk)
            if found:
                redirects.append(found)
        else:
            words.append(unquote(_text(child, walk.src)))
    _substitutions(node, walk, pipeline)
    if words and words[0] == "cd" and pipeline is None:
        target = words[1] if len(words) > 1 else "~"
        if target not in ("-",) and not target.startswith("$"):
            walk.cwd = normalize_path(target, walk.cwd)
        return
    if words:
        walk.raws.append(_Raw(words, env, redirects, _text(node, walk.src), pipeline, walk.cwd))


def _collect(node: Node, walk: _Walk, pipeline) -> None:
    kind = node.type
    if kind == "command":
        _command(node, walk, pipeline, [])
    elif kind == "redirected_statement":
        redirects = []
        for child in node.children_by_field_name("redirect"):
            found = _redirect(child, walk)
            if found:
                redirects.append(found)
        body = node.child_by_field_name("body")
        if body is not None and body.type == "command":
            _command(body, walk, pipeline, redirects)
        elif body is not None:
            _collect(body, walk, pipeline)
    elif kind == "pipeline":
        number = next(_PIPELINES)
        position = 0
        for child in node.named_children:
            _collect(child, walk, (number, position))
            position += 1
    elif kind in ("subshell", "command_substitution", "process_substitution"):
        saved = walk.cwd  # a `cd` inside a subshell stays there
        for child in node.named_children:
            _collect(child, walk, pipeline)
        walk.cwd = saved
    else:
        for child in node.named_children:
            _collect(child, walk, pipeline)


def _raw_commands(text: str) -> list[_Raw]:
    src = text[:MAX_TEXT].encode("utf-8", "replace")
    tree = _parser().parse(src)
    walk = _Walk(src)
    _collect(tree.root_node, walk, None)
    return walk.raws


# --- opening wrappers and normalising ------------------------------------------------------------

_VERSIONED = re.compile(r"^(python|pip|ruby|node|perl|php)[0-9.]*$")


def program_name(word: str) -> str:
    name = posixpath.basename(word.rstrip("/")) or word
    name = PROGRAM_ALIASES.get(name, name)
    versioned = _VERSIONED.match(name)
    if versioned:
        name = versioned.group(1)
    if name in SHELLS:
        return "sh"  # `curl … | bash` and `curl … | sh` run the same thing
    return PROGRAM_ALIASES.get(name, name)


def _skip_options(words: list[str], i: int, with_values: frozenset[str]) -> int:
    """Index of the first word after a prefix program's options (`sudo -iu postgres psql`)."""
    while i < len(words) and words[i].startswith("-") and words[i] != "-":
        word = words[i]
        i += 1
        if word == "--":
            break
        last = word if word.startswith("--") else f"-{word[-1]}"
        if (word in with_values or last in with_values) and "=" not in word:
            i += 1
    return i


def _inner_line(words: list[str]) -> str:
    return shlex.join(words)


def _after_dashdash(words: list[str], i: int) -> list[str] | None:
    if "--" in words[i:]:
        return words[words.index("--", i) + 1 :]
    return None


def invocations(text: str, *, depth: int = 0, sudo: bool = False) -> list[Invocation]:
    """Every command the line runs, normalised; [] for an empty line or plain prose."""
    found: list[Invocation] = []
    if depth > MAX_DEPTH or not text.strip():
        return found
    for raw in _raw_commands(text):
        found.extend(_open(raw, raw.words, depth=depth, sudo=sudo, env=dict(raw.env)))
    return _stdin_feeds(found, depth=depth, sudo=sudo)


# Programs that read commands on stdin: `echo FLUSHALL | redis-cli` is `redis-cli FLUSHALL`.
_STDIN_COMMANDS = {"redis-cli": None, "sqlite3": None, "psql": "--command", "mysql": "--execute"}


def _stdin_feeds(found: list[Invocation], *, depth: int, sudo: bool) -> list[Invocation]:
    by_position = {inv.pipeline: inv for inv in found if inv.pipeline is not None}
    extra: list[Invocation] = []
    for (number, position), consumer in by_position.items():
        producer = by_position.get((number, position - 1))
        if producer is None or producer.program not in ("echo", "printf"):
            continue
        text = " ".join(producer.args)
        if consumer.program in _STDIN_COMMANDS:
            option = _STDIN_COMMANDS[consumer.program]
            if option is None:
                consumer.args = [*consumer.args, *producer.args]
            else:
                consumer.options = {**consumer.options, option: [text]}
                consumer.flags = consumer.flags | {option}
            extra.extend(_equivalents(consumer))
        elif consumer.program == "sh" and not consumer.args:
            extra.extend(invocations(text, depth=depth + 1, sudo=sudo or consumer.sudo))
    return found + extra


def _open(raw: _Raw, words: list[str], *, depth: int, sudo: bool, env: dict) -> list[Invocation]:
    i = 0
    while i < len(words):
        name = program_name(words[i])
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", words[i]):  # `env FOO=1 cmd`
            key, _, value = words[i].partition("=")
            env[key] = value
            i += 1
            continue
        if name in PREFIXES:
            sudo = sudo or name in PRIVILEGE
            i = _skip_options(words, i + 1, PREFIXES[name])
            i += PREFIX_POSITIONALS.get(name, 0)
            continue
        break
    words = words[i:]
    if not words:
        return []
    name = program_name(words[0])
    rest = words[1:]
    nested: list[Invocation] = []

    def inner(
        line_words: list[str], *, as_line: str | None = None, via: Sequence[str] = ()
    ) -> list[Invocation]:
        line = as_line if as_line is not None else _inner_line(line_words)
        found = invocations(line, depth=depth + 1, sudo=sudo)
        for inv in found:  # where it runs: `docker exec prod-db …` runs on prod-db
            inv.via = [*via, *inv.via]
        return found

    if name in SHELLS:
        at = rest.index("-c") + 1 if "-c" in rest else _skip_options(rest, 0, frozenset())
        source = rest[at] if at < len(rest) else ""
        fed = _SUBSTITUTION.fullmatch(source)
        if fed:
            # `sh -c "$(curl …)"`, `bash <(curl …)`: what the command prints, the shell runs
            producers = inner([], as_line=fed.group(1) or fed.group(2))
            shell = _normalize(raw, name, rest, sudo, env)
            number = next(_PIPELINES)
            for position, producer in enumerate(producers):
                producer.pipeline = (number, position)
            shell.pipeline = (number, len(producers))
            return [*producers, shell]
        if "-c" in rest and source:
            return _mark_wrapper(raw, name, rest, sudo, env) + inner([], as_line=source)
    if name == "su" and "-c" in rest:
        at = rest.index("-c")
        if at + 1 < len(rest):
            return _mark_wrapper(raw, name, rest, sudo, env) + inner([], as_line=rest[at + 1])
    if name == "eval" and rest:
        return inner([], as_line=" ".join(rest))  # eval joins its words and runs that
    if name == "ssh":
        j = _skip_options(rest, 0, PROGRAMS["ssh"].values)
        if j + 1 < len(rest):  # ssh joins its words into one line for the remote shell
            line = " ".join(rest[j + 1 :])
            return _mark_wrapper(raw, name, rest, sudo, env) + inner(
                [], as_line=line, via=[rest[j]]
            )
    if name == "find":
        for flag in ("-exec", "-execdir", "-ok", "-okdir"):
            if flag in rest:
                at = rest.index(flag)
                end = next((k for k in range(at, len(rest)) if rest[k] in (";", "+")), len(rest))
                found = _normalize(raw, name, rest[:at] + rest[end + 1 :], sudo, env)
                # `{}` stands for what find found: under its starting points
                roots = found.args or ["."]
                command = [roots[0] if w == "{}" else w for w in rest[at + 1 : end]]
                found.wrapper = True
                return [found, *inner(command)]
    if name == "python":
        for k, word in enumerate(rest):
            if word == "-m" and k + 1 < len(rest):  # `python -m pip` is `pip`
                return _open(raw, rest[k + 1 :], depth=depth, sudo=sudo, env=env)
            if word == "-c" or not word.startswith("-"):
                break
    if name in INTERPRETERS and rest:
        j = _skip_options(rest, 0, INTERPRETER_VALUES)
        reads_stdin = {"-c", "-e", "-m", "--eval", "-s", "-"} & set(rest[:j])
        if j < len(rest) and not reads_stdin and not rest[j].startswith("-"):
            # `python manage.py flush` and `./manage.py flush` are the same program
            return [_normalize(raw, program_name(rest[j]), rest[j + 1 :], sudo, env)]
    result = [_normalize(raw, name, rest, sudo, env)]
    invocation = result[0]
    result += _equivalents(invocation)
    inner_words: list[str] | None = None
    if invocation.program == "docker" and invocation.subcommand[-1:] in (("exec",), ("run",)):
        inner_words = _docker_inner(rest, invocation)
    elif invocation.program == "kubectl" and invocation.subcommand[:1] in (("exec",), ("run",)):
        inner_words = _after_dashdash(rest, 0)
    if inner_words:
        invocation.wrapper = True
        target = invocation.args[:1] + [v for vs in invocation.options.values() for v in vs]
        nested = inner(inner_words, via=target)
    return result + nested


_SUBSTITUTION = re.compile(r"\s*(?:\$\(|<\()(.*)\)\s*|\s*`(.*)`\s*", re.S)
_DATABASE_SQL = re.compile(
    r"(?i)\b(drop|create)\s+database\s+(?:if\s+(?:not\s+)?exists\s+)?[`\"']?([\w.-]+)"
)


def _equivalents(inv: Invocation) -> list[Invocation]:
    """The same danger spelled by another program: `psql -c "DROP DATABASE x"` and
    `mysqladmin drop x` are `dropdb x`; `service ufw stop` is `systemctl stop ufw`."""

    def like(program: str, subcommand: tuple = (), args: Sequence[str] = ()) -> Invocation:
        return Invocation(
            program=program,
            subcommand=subcommand,
            args=list(args),
            sudo=inv.sudo,
            env=inv.env,
            text=inv.text,
            via=inv.via,
        )

    found = []
    if inv.program in _STDIN_COMMANDS:
        for text in [*inv.args, *(v for vs in inv.options.values() for v in vs)]:
            for verb, name in _DATABASE_SQL.findall(text):
                found.append(like(f"{verb.lower()}db", args=[name]))
    elif inv.program == "mysqladmin" and inv.subcommand[:1] in (("drop",), ("create",)):
        found.append(like(f"{inv.subcommand[0]}db", args=inv.args))
    elif inv.program == "service" and len(inv.args) >= 2:
        found.append(like("systemctl", subcommand=(inv.args[1],), args=[inv.args[0]]))
    return found


def _mark_wrapper(raw: _Raw, name: str, rest: list[str], sudo: bool, env: dict) -> list:
    invocation = _normalize(raw, name, rest, sudo, env)
    invocation.wrapper = True
    return [invocation]


def _docker_inner(rest: list[str], invocation: Invocation) -> list[str] | None:
    """The command after the container (`exec`) or image (`run`): the arguments after the first
    (the table stops reading options at the first argument, as docker does)."""
    return invocation.args[1:] or None


def _spec(name: str) -> Spec:
    return PROGRAMS.get(name, _EMPTY)


_EMPTY = Spec()


def _merge(parent: Spec, child: Spec | None) -> Spec:
    if child is None:
        child = _EMPTY
    return Spec(
        aliases={**parent.aliases, **child.aliases},
        values=parent.values | child.values,
        attached=parent.attached | child.attached,
        noise=parent.noise | child.noise,
        defusing=parent.defusing | child.defusing,
        single_dash_long=parent.single_dash_long or child.single_dash_long,
        path_args=child.path_args,
        subcommands=child.subcommands,
        nested=child.nested,
        command_after=child.command_after,
        sub_aliases=child.sub_aliases,
        widening=parent.widening | child.widening,
        essential=parent.essential | child.essential,
    )


def read_words(name: str, words: list[str]) -> tuple:
    """(subcommand, flags, options, args, spec, loose flags) of a program's words."""
    spec = _spec(name)
    subcommand: list[str] = []
    expect_sub = spec.subcommands is not None
    flags: set[str] = set()
    options: dict[str, list[str]] = {}
    args: list[str] = []
    loose: set[str] = set()
    i, ended = 0, False

    def add(flag: str, value: str | None = None) -> None:
        if " " in flag:  # an alias for several flags (`git branch -D`)
            flags.update(flag.split())
            return
        flags.add(flag)
        if value is not None:
            options.setdefault(flag, []).append(value)
        elif (
            i < len(words)
            and not words[i].startswith("-")
            and flag not in spec.aliases.values()
            and flag not in spec.attached
        ):
            loose.add(flag)

    while i < len(words):
        word = words[i]
        i += 1
        if (
            ended
            or word == "-"
            or not word.startswith("-")
            or re.fullmatch(r"-\d+(\.\d+)?", word)
            and word not in spec.aliases
        ):
            if expect_sub and re.fullmatch(r"[A-Za-z][\w:.-]*", word):
                word = spec.sub_aliases.get(word, word)
                parent = spec
                subcommand.append(word)
                child = (parent.subcommands or {}).get(word)
                spec = _merge(parent, child)
                expect_sub = word in parent.nested or (
                    child is not None and bool(child.subcommands)
                )
                if expect_sub and not spec.subcommands:
                    # `git stash drop`: a second word to read as a subcommand, with no table
                    spec = replace(spec, subcommands={}, nested=frozenset())
                continue
            expect_sub = False
            args.append(word)
            if spec.command_after and len(args) >= spec.command_after:
                args.extend(words[i:])  # the rest is the command it runs, not its options
                break
            continue
        if word == "--":
            ended = True
            continue
        if word.startswith("--"):
            name_part, eq, value = word.partition("=")
            flag = spec.aliases.get(name_part, name_part)
            if eq:
                add(flag, value)
            elif flag in spec.values and i < len(words):
                add(flag, words[i])
                i += 1
            else:
                add(flag)
            continue
        first = spec.aliases.get(word[:2], word[:2])
        attached_value = first in spec.values or first in spec.attached
        if spec.single_dash_long or word in spec.aliases or "=" in word and not attached_value:
            name_part, eq, value = word.partition("=")
            flag = spec.aliases.get(name_part, name_part)
            if eq:
                add(flag, value)
            elif flag in spec.values and i < len(words):
                add(flag, words[i])
                i += 1
            else:
                add(flag)
            continue
        letters = word[1:]
        for j, letter in enumerate(letters):
            flag = spec.aliases.get(f"-{letter}", f"-{letter}")
            attached = letters[j + 1 :]
            if flag in spec.values or flag in spec.attached:
                if attached:
                    add(flag, attached)
                elif flag in spec.values and i < len(words):
                    add(flag, words[i])
                    i += 1
                else:
                    add(flag)
                break
            add(flag)
    return tuple(subcommand), flags, options, args, spec, loose


def _normalize(raw: _Raw, name: str, words: list[str], sudo: bool, env: dict) -> Invocation:
    if name == "docker-compose":
        name, words = "docker", ["compose", *words]
    if name in ("kill", "pkill", "killall"):  # `-9`, `-KILL`, `-SIGKILL`: a signal
        words = [
            f"--signal={w[1:]}" if re.fullmatch(r"-(\d+|[A-Z][A-Z0-9+-]*)", w) else w for w in words
        ]
    subcommand, flags, options, args, spec, loose = read_words(name, words)
    if name == "wget":  # read as curl: `wget -qO- URL` prints like `curl URL`
        name = "curl"
        output = options.pop("--output-document", None)
        flags.discard("--output-document")
        if output and output != ["-"]:
            options["--output"] = output
            flags.add("--output")
    elif name == "systemctl":
        args = [a.removesuffix(".service") for a in args]
    elif name in ("kill", "pkill", "killall"):
        _signal(flags, options)
    if name in ARG_SYNONYMS:
        args = [ARG_SYNONYMS[name].get(a.lower(), a) for a in args]
    if name == "git" and subcommand[:1] == ("push",):
        args = _refspecs(args, flags)
    elif name == "chmod" and args and "--reference" not in flags:
        args = [normalize_mode(args[0]), *args[1:]]
    elif name == "dd":
        for arg in list(args):
            key, eq, value = arg.partition("=")
            if eq:
                options.setdefault(key, []).append(normalize_path(value))
                flags.add(key)
                args.remove(arg)
    if spec.path_args:
        start = 1 if name == "chmod" or name in ("chown", "chgrp") else 0
        args = args[:start] + [normalize_path(a, raw.cwd) for a in args[start:]]
    else:
        args = [_HOME.sub("~", a) for a in args]
    for target, value in raw.redirects:
        options.setdefault(target, []).append(normalize_path(value, raw.cwd))
        flags.add(target)
    noise = GLOBAL_NOISE | spec.noise
    defusing = GLOBAL_DEFUSING | spec.defusing
    return Invocation(
        program=name,
        subcommand=subcommand,
        flags=frozenset(f for f in flags if f not in noise),
        options={k: v for k, v in options.items() if k not in noise},
        args=args,
        sudo=sudo,
        env=dict(env),
        text=raw.text,
        pipeline=raw.pipeline,
        defused=frozenset(f for f in flags if f in defusing),
        loose=frozenset(loose),
        widening=frozenset(flags) & spec.widening,
        essential=spec.essential,
    )


def _signal(flags: set[str], options: dict[str, list[str]]) -> None:
    """`-9`, `-KILL`, `-SIGKILL`, `-s KILL`, `--signal=9` are all `--signal=KILL`."""
    if "--signal" in options:
        flags.add("--signal")
        options["--signal"] = [
            SIGNALS.get(v, v.upper().removeprefix("SIG")) for v in options["--signal"]
        ]


def _refspecs(args: list[str], flags: set[str]) -> list[str]:
    """`git push origin +main` forces; `:main` deletes; `HEAD:main` pushes to main."""
    if len(args) < 2:
        return args
    out = [args[0]]
    for ref in args[1:]:
        if ref.startswith("+"):
            flags.add("--force")
            ref = ref[1:]
        if ref.startswith(":") and len(ref) > 1:
            flags.add("--delete")
            ref = ref[1:]
        elif ":" in ref and "@" not in ref and "://" not in ref:
            ref = ref.rsplit(":", 1)[1] or ref
        out.append(ref.removeprefix("refs/heads/"))
    return out
