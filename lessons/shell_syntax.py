"""A shell line read into the simple commands it runs, with tree-sitter's bash grammar.

`tree-sitter-bash` is error-tolerant (a half-finished command or a sentence still yields what
can be read) and takes about 20 µs a line. Every simple command is collected wherever it sits:
`&&`, `||`, `;`, pipelines, subshells, `{ …; }`, `$(…)`, loops and conditionals. Each comes with
its words (quotes removed), its `VAR=value` prefixes, its redirections, its place in a pipeline,
and the directory a preceding `cd` moved to. What the words mean is `lessons.commands`' job.
"""

from __future__ import annotations

import itertools
import posixpath
import re
import threading
from dataclasses import dataclass, field

import tree_sitter_bash
from tree_sitter import Language, Node, Parser

_LANGUAGE = Language(tree_sitter_bash.language())
_local = threading.local()
MAX_TEXT = 10_000

# Redirections, as pseudo-options of the command: a file read, a file written (`>` and `>>`),
# and text handed to its standard input (here-documents, here-strings, `echo … |`). A file
# appended to (`>>`) is written too, and the command carries APPENDS as a flag besides.
READS, WRITES, STDIN, APPENDS = "<", ">", "<<", ">>"
# Builtins that set or unset the shell's variables (`export HISTSIZE=0`, `unset HISTFILE`).
DECLARATIONS = frozenset({"export", "declare", "typeset", "readonly", "local", "unset"})


def _parser() -> Parser:
    parser = getattr(_local, "parser", None)
    if parser is None:  # a Parser must not be shared between threads
        parser = _local.parser = Parser(_LANGUAGE)
    return parser


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


def home(value: str) -> str:
    return _HOME.sub("~", value)


def normalize_path(value: str, cwd: str | None = None) -> str:
    """`./data/` -> `data`, `$HOME/x` -> `~/x`, `/srv/data/*` -> `/srv/data` and `*` -> `.`
    (their contents), a relative path under a known `cd` -> absolute."""
    path = home(value)
    if not path or path.startswith("-"):
        return path
    if path == "*":
        path = "./*"  # the contents of the directory it runs in
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
    return path.rstrip("/") if len(path) > 1 else path


@dataclass
class RawCommand:
    words: list[str]
    env: dict[str, str]
    redirects: list[tuple[str, str]]
    text: str
    pipeline: tuple[int, int] | None
    cwd: str | None
    # runs inside `$(…)`/`<(…)`: its output is a word of another command
    substituted: bool = False


# Pipelines are numbered across nested parses (`bash -c '… | …'`), so numbers never collide.
PIPELINES = itertools.count(1)


@dataclass
class _Walk:
    src: bytes
    raws: list[RawCommand] = field(default_factory=list)
    cwd: str | None = None
    substitutions: int = 0  # how deep inside `$(…)` the walk is
    # `for d in a b; do …`: a loop variable -> the words it takes
    loops: dict[str, list[str]] = field(default_factory=dict)
    reading_apart: bool = False  # a loop's command is being read once per word of one variable
    nesting: int = 0  # how deep in the syntax tree the walk is
    # `DIR=/srv/data; rm -rf "$DIR"`, `export DIR=…`: a variable the line set -> its value
    variables: dict[str, str] = field(default_factory=dict)
    # `pushd DIR`: the directories `popd` returns to
    pushed: list[str | None] = field(default_factory=list)


def _text(node: Node, src: bytes) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _redirect(node: Node, walk: _Walk) -> tuple[str, str] | None:
    if node.type == "heredoc_redirect":
        body = next((c for c in node.named_children if c.type == "heredoc_body"), None)
        return (STDIN, _text(body, walk.src)) if body is not None else None
    if node.type == "herestring_redirect":
        value = node.named_children[-1] if node.named_children else None
        return (STDIN, unquote(_text(value, walk.src))) if value is not None else None
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
        # reading it gives an empty input (`crontab - < /dev/null`); writing to it, nothing
        return (STDIN, "") if operator.startswith("<") else None
    if operator.startswith("<"):
        return (READS, target)
    return (APPENDS if operator.endswith(">>") else WRITES, target)


def _substitutions(node: Node, walk: _Walk) -> None:
    """Commands inside `$(…)` and `<(…)` anywhere below node run too."""
    stack = list(node.named_children)
    while stack:
        child = stack.pop()
        if child.type in ("command_substitution", "process_substitution"):
            saved = walk.cwd
            walk.substitutions += 1
            for statement in child.named_children:
                _collect(statement, walk, None)
            walk.substitutions -= 1
            walk.cwd = saved
        else:
            stack.extend(child.named_children)


# Past this many words a loop's command is read once with all of them in place: read once per
# word, a 4,000-character loop over 1,900 words took 15 times the CPU of reading it whole.
_LOOP_WORDS_READ_APART = 16


def _placed_loop_variable(node: Node, walk: _Walk) -> str | None:
    """A loop variable of several words used before the command's last word (`for h in a b; do
    ssh $h cmd; done`): its place says what it is (a host, a name), so the loop runs the
    command once per word rather than once with every word there."""
    words = [
        c
        for c in node.named_children
        if c.type not in ("variable_assignment", "file_redirect", "heredoc_redirect")
        and c.type != "herestring_redirect"
    ]
    for child in words[:-1]:
        for used in _VARIABLE_USE.finditer(_text(child, walk.src)):
            name = used.group(1) or used.group(3)
            if 1 < len(walk.loops.get(name, ())) <= _LOOP_WORDS_READ_APART:
                return name
    return None


def _command(node: Node, walk: _Walk, pipeline, redirects: list[tuple[str, str]]) -> None:
    # One variable is read apart per command: nested loops read apart would multiply (16 words
    # each, four deep: 65,536 commands from 300 characters)
    looped = None if walk.reading_apart else _placed_loop_variable(node, walk)
    if looped is not None:
        values = walk.loops[looped]
        walk.reading_apart = True
        try:
            for one in values:
                walk.loops[looped] = [one]
                _command(node, walk, pipeline, list(redirects))
        finally:
            walk.loops[looped] = values
            walk.reading_apart = False
        return
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
            words += _expanded(unquote(_text(child, walk.src)), child.type, walk)
    _substitutions(node, walk)
    if words and words[0] in _DIRECTORY_BUILTINS and pipeline is None:
        _change_directory(words, walk)
        return
    if words:
        walk.raws.append(
            RawCommand(
                words,
                env,
                redirects,
                _text(node, walk.src),
                pipeline,
                walk.cwd,
                substituted=walk.substitutions > 0,
            )
        )


# bash(1)'s builtins that change the directory the next commands run in
_DIRECTORY_BUILTINS = frozenset({"cd", "pushd", "popd"})


def _change_directory(words: list[str], walk: _Walk) -> None:
    """`cd DIR` and `pushd DIR` make DIR the directory of the next commands (`pushd -n` and a
    rotation `+N` change nothing); `popd` returns to the one before the last `pushd`."""
    if words[0] == "popd":
        if walk.pushed and not any(w.startswith(("+", "-")) for w in words[1:]):
            walk.cwd = walk.pushed.pop()
        return
    rest = words[1:]
    if words[0] == "pushd" and (not rest or any(w == "-n" or w.startswith("+") for w in rest)):
        return
    target = home(rest[-1]) if rest else "~"  # `cd $HOME` is `cd ~`; another variable is unknown
    if target == "-" or target.startswith("$"):
        return
    if words[0] == "pushd":
        walk.pushed.append(walk.cwd)
    walk.cwd = normalize_path(target, walk.cwd)


def _redirected(node: Node, walk: _Walk, pipeline) -> None:
    redirects = []
    followers: list[Node] = []  # `cat <<EOF | psql`: the pipeline continues inside the heredoc
    for child in node.children_by_field_name("redirect"):
        found = _redirect(child, walk)
        if found:
            redirects.append(found)
        if child.type == "heredoc_redirect":
            followers += [c for c in child.named_children if c.type in ("pipeline", "command")]
    body = node.child_by_field_name("body")
    if followers and pipeline is None:
        number = next(PIPELINES)
        if body is not None and body.type == "command":
            _command(body, walk, (number, 0), redirects)
        position = 1
        for follower in followers:
            members = follower.named_children if follower.type == "pipeline" else [follower]
            for member in members:
                _collect(member, walk, (number, position))
                position += 1
        return
    if body is not None and body.type == "command":
        _command(body, walk, pipeline, redirects)
    elif body is not None:
        _collect(body, walk, pipeline)
    elif redirects:
        # `> app.log` alone runs the null command `:` with the redirection: it empties the file
        text = _text(node, walk.src)
        walk.raws.append(
            RawCommand(
                [":"],
                {},
                redirects,
                text,
                pipeline,
                walk.cwd,
                substituted=walk.substitutions > 0,
            )
        )


def _assigned(node: Node, walk: _Walk) -> None:
    """`DIR=/srv/data` as a statement (or exported): later words of the line see its value; a
    value the line computes (`$(…)`) is not known, so the variable is not either."""
    name = node.child_by_field_name("name")
    value = node.child_by_field_name("value")
    if name is None:
        return
    text = unquote(_text(value, walk.src)) if value is not None else ""
    if "$(" in text or "`" in text:
        walk.variables.pop(_text(name, walk.src), None)
    else:
        walk.variables[_text(name, walk.src)] = text


# `$NAME`, `${NAME}`, and `${NAME:-default}` (`-`, `:=`, `=` alike)
_VARIABLE_USE = re.compile(r"\$\{([A-Za-z_]\w*)(?::?[-=]([^}]*))?\}|\$([A-Za-z_]\w*)")
# `/srv/{data,logs}`: brace expansion, one level, outside quotes
_BRACES = re.compile(r"^([^{}]*)\{([^{}$]*,[^{}$]*)\}([^{}]*)$")


def _expanded(word: str, kind: str, walk: _Walk) -> list[str]:
    """The words one word of a command becomes: each value of a loop variable it holds, the
    value a variable was set to earlier in the line (or its written default), each branch of a
    brace expansion."""
    looped = _LOOP_VARIABLE.fullmatch(word)
    if looped and looped.group(1) in walk.loops:
        return list(walk.loops[looped.group(1)])  # each word the loop gives it, in turn

    def value(found: re.Match) -> str:
        name = found.group(1) or found.group(3)
        if name in walk.variables:
            return walk.variables[name]
        if found.group(2) is not None and name not in walk.loops:
            return found.group(2)  # unset here: the default written for it
        return found.group(0)

    if "$" in word:
        word = _VARIABLE_USE.sub(value, word)
    inner = [m for m in _VARIABLE_USE.finditer(word) if (m.group(1) or m.group(3)) in walk.loops]
    if len(inner) == 1:  # `/srv/$d` in `for d in data logs`
        used = inner[0]
        return [
            word[: used.start()] + looped_value + word[used.end() :]
            for looped_value in walk.loops[used.group(1) or used.group(3)]
        ]
    braces = _BRACES.match(word) if kind in ("word", "concatenation") else None
    if braces is not None:
        head, branches, tail = braces.groups()
        return [head + branch + tail for branch in branches.split(",")]
    return [word]


def _declaration(node: Node, walk: _Walk, pipeline) -> None:
    """`export HISTSIZE=0`, `unset HISTFILE`, `local x=$(…)`: a builtin and its words."""
    for child in node.named_children:
        if child.type == "variable_assignment":
            _assigned(child, walk)
    words = [_text(c, walk.src) for c in node.children]
    _substitutions(node, walk)
    if words:
        text = _text(node, walk.src)
        walk.raws.append(
            RawCommand(
                [unquote(w) for w in words],
                {},
                [],
                text,
                pipeline,
                walk.cwd,
                substituted=walk.substitutions > 0,
            )
        )


_LOOP_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")


def _loop(node: Node, walk: _Walk, pipeline) -> None:
    """`for d in /srv/a /srv/b; do rm -rf "$d"; done` runs `rm -rf` on each word it lists."""
    variable = node.child_by_field_name("variable")
    values = [
        unquote(_text(c, walk.src))
        for c in node.children_by_field_name("value")
        if c.type in ("word", "string", "raw_string", "concatenation", "number")
    ]
    name = _text(variable, walk.src) if variable is not None else ""
    saved = walk.loops.get(name)
    if name and values:
        walk.loops[name] = values
    for child in node.named_children:
        if child is not variable:
            _collect(child, walk, pipeline)
    if saved is None:
        walk.loops.pop(name, None)
    else:
        walk.loops[name] = saved


# Syntax nested deeper than any command a person writes (`$(` a thousand times in 3,000
# characters) is not read further: reading it recursed past Python's limit and failed the check.
MAX_NESTING = 100


def _collect(node: Node, walk: _Walk, pipeline) -> None:
    if walk.nesting >= MAX_NESTING:
        return
    walk.nesting += 1
    try:
        _collect_node(node, walk, pipeline)
    finally:
        walk.nesting -= 1


def _collect_node(node: Node, walk: _Walk, pipeline) -> None:
    kind = node.type
    if kind == "for_statement":
        _loop(node, walk, pipeline)
    elif kind == "command":
        _command(node, walk, pipeline, [])
    elif kind in ("declaration_command", "unset_command"):  # DECLARATIONS
        _declaration(node, walk, pipeline)
    elif kind == "variable_assignment":
        _assigned(node, walk)
    elif kind == "redirected_statement":
        _redirected(node, walk, pipeline)
    elif kind == "pipeline":
        number = next(PIPELINES)
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


def raw_commands(text: str) -> list[RawCommand]:
    """The simple commands a line runs, in order."""
    src = text[:MAX_TEXT].encode("utf-8", "replace")
    tree = _parser().parse(src)
    walk = _Walk(src)
    _collect(tree.root_node, walk, None)
    return walk.raws
