"""SQL (and the data stores' shell statements) read into what each statement does.

The guard compares what a statement does, not how it is spelt: `DROP TABLE IF EXISTS "Orders"
CASCADE;` is a drop of the table `orders`; `delete from users` and `DELETE FROM users WHERE 1=1`
delete every row; `TRUNCATE TABLE t` empties it. Each statement becomes a `Statement` — its verb,
the kind of object (`table`, `database`, …), the objects it names, and the facts that make it
dangerous as flags:

    --all-rows        a DELETE or UPDATE with no WHERE clause (or one that is always true)
    --cascade         drops what depends on it too
    --drop            an ALTER that drops something (a column, a constraint)
    --all-privileges  GRANT ALL
    --public          granted to PUBLIC
    --superuser       a role made superuser
    --each-row        a query calls a function on something other than literals (a column of
                      the rows it reads, a value `xargs` fills in): once for every row

A query (SELECT, WITH, CALL, DO) names the functions it calls: what it does beyond reading is
in them (`SELECT pg_terminate_backend(pid) FROM pg_stat_activity` ends every backend;
`SELECT pg_terminate_backend(48213)` ends the one named).

MongoDB's shell calls (`db.users.deleteMany({})`, `db.dropDatabase()`) read the same way, with a
collection as a table. This is a reader for guarding, not a parser: it reads the first words of
each statement and the clauses that matter, and says nothing about what it cannot read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lessons.invocation import PLACEHOLDER_WORD

# Statement verbs that make a text SQL when it starts with one.
SQL_VERBS = frozenset(
    "select insert update delete drop truncate alter create grant revoke replace merge "
    "upsert copy vacuum reindex rename begin commit rollback with explain set show use "
    "comment lock analyze cluster refresh call do".split()
)
KINDS = {
    "table": "table",
    "tables": "table",
    "database": "database",
    "databases": "database",
    "schema": "schema",
    "schemas": "schema",
    "view": "view",
    "index": "index",
    "user": "user",
    "role": "role",
    "function": "function",
    "procedure": "procedure",
    "trigger": "trigger",
    "sequence": "sequence",
    "type": "type",
    "extension": "extension",
    "collection": "table",
    "keyspace": "database",
    "owned": "owned",
    "policy": "policy",
    "publication": "publication",
    "subscription": "subscription",
    "tablespace": "tablespace",
    "materialized": "view",
    "event": "trigger",
    "column": "column",
}
_MODIFIERS = frozenset(
    "temporary temp materialized unique global local unlogged or replace".split()
)


@dataclass
class Statement:
    verb: str
    kind: str | None = None
    names: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    text: str = ""

    @property
    def subcommand(self) -> tuple[str, ...]:
        return (self.verb, self.kind) if self.kind else (self.verb,)


# --- splitting and tokens ------------------------------------------------------------------------

_COMMENT = re.compile(r"--[^\n]*|/\*.*?\*/", re.S)
_TOKEN = re.compile(
    r"""'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|[A-Za-z_][\w$]*(?:\.[A-Za-z_"`][\w$"`]*)*"""
    r"""|\d+(?:\.\d+)?|<>|!=|>=|<=|[=(),.*;]|\S"""
)


def split_statements(text: str) -> list[str]:
    """Statements of a text, split at `;` outside quotes (comments removed)."""
    text = _COMMENT.sub(" ", text)
    parts, current, quote = [], [], ""
    for ch in text:
        if quote:
            current.append(ch)
            if ch == quote:
                quote = ""
        elif ch in "'\"`":
            quote = ch
            current.append(ch)
        elif ch == ";":
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def _name(token: str) -> str:
    """An identifier as compared: unquoted, lower-case, without its schema (`public."Orders"`)."""
    last = re.split(r"\.(?=(?:[^\"`]*[\"`][^\"`]*[\"`])*[^\"`]*$)", token)[-1]
    return last.strip('"`[]').lower()


def _words(text: str) -> list[str]:
    return _TOKEN.findall(text)


def looks_like_sql(text: str) -> bool:
    """Whether a text is SQL statements rather than a shell command or a sentence."""
    statements = split_statements(text)
    if not statements:
        return False
    first = _words(statements[0])
    if not first or first[0].lower() not in SQL_VERBS:
        return False
    # the verb is a whole word: `update-alternatives --display python3` is a program
    head = statements[0].split(None, 1)[0].lower().lstrip("(").rstrip(";")
    if head != first[0].lower():
        return False
    # `set +o history` is a shell builtin: one statement at least must read or change data
    return any((read := _read(s)) is not None and read.verb in _CORE for s in statements)


_CORE = frozenset(
    "select insert update delete drop truncate alter create grant revoke replace merge "
    "upsert copy rename".split()
)


# --- reading one statement -----------------------------------------------------------------------

_TAUTOLOGY = re.compile(
    r"^\(?\s*(?:1\s*=\s*1|true|1|'(\w*)'\s*=\s*'\1'|(\w+)\s*=\s*\2|\d+\s*>\s*0|"
    r"1\s*<>\s*0|not\s+false)\s*\)?$",
    re.I,
)
_WHERE_END = re.compile(r"\b(returning|order\s+by|limit|group\s+by|having)\b", re.I)


def _rows_clause(statement: Statement, rest: str) -> None:
    """--all-rows when a DELETE/UPDATE has no WHERE, or one that is always true."""
    match = re.search(r"\bwhere\b(.*)", rest, re.I | re.S)
    if match is None:
        statement.flags.add("--all-rows")
        return
    condition = _WHERE_END.split(match.group(1))[0].strip()
    if _TAUTOLOGY.match(condition):
        statement.flags.add("--all-rows")


# Words reserved in PostgreSQL, MySQL and the SQL standard alike that name a kind of object:
# unquoted, one cannot name a table, so where a name goes (`DELETE FROM TABLE`, `UPDATE TABLE SET
# …`) it is the documentation's "some table"
_RESERVED_KIND_WORDS = frozenset({"table", "column"})


def _names_until(words: list[str], start: int, stop: set[str]) -> list[str]:
    names = []
    for word in words[start:]:
        lowered = word.lower()
        if lowered in stop or word in ("(", ";"):
            break
        if word == ",":
            continue
        if lowered in _RESERVED_KIND_WORDS:
            names.append(PLACEHOLDER_WORD)
        elif re.match(r"[A-Za-z_\"`\[]", word) and lowered not in ("if", "exists", "only", "not"):
            names.append(_name(word))
    return names


# `EXPLAIN ANALYZE VERBOSE <statement>`, `EXPLAIN (ANALYZE, BUFFERS) <statement>`
_EXPLAIN_ANALYZE = re.compile(
    r"^\s*explain\s+(?:(?:analy[sz]e|verbose)\s+)*?analy[sz]e\s+(?:verbose\s+)?"
    r"|^\s*explain\s*\((?P<options>[^()]*)\)\s*",
    re.I,
)
_ANALYZE_OPTION = re.compile(r"^\s*analy[sz]e(?:\s+(?:true|on|1))?\s*$", re.I)


def _read(text: str) -> Statement | None:
    words = _words(text)
    if not words:
        return None
    lowered = [w.lower() for w in words]
    verb = lowered[0]
    statement = Statement(verb=verb, text=text.strip())
    if verb == "explain":
        # PostgreSQL's and MySQL's EXPLAIN ANALYZE runs the statement it explains (a DELETE
        # deletes); a plain EXPLAIN, or ANALYZE turned off, only plans it
        runs = _EXPLAIN_ANALYZE.match(text)
        options = (runs.group("options") or "").split(",") if runs else []
        if (
            runs is None
            or runs.group("options") is not None
            and not any(_ANALYZE_OPTION.match(option) for option in options)
        ):
            return Statement(verb="explain", text=text.strip())
        return _read(text[runs.end() :])
    if verb in ("drop", "create", "alter"):
        i = 1
        while i < len(lowered) and lowered[i] in _MODIFIERS:
            if lowered[i] == "replace":
                statement.flags.add("--replace")
            i += 1
        if i >= len(lowered):
            return None
        kind = KINDS.get(lowered[i])
        if kind is None:
            return None
        if lowered[i] == "materialized" and i + 1 < len(lowered):
            i += 1
        statement.kind = kind
        i += 1
        if kind == "owned" and i < len(lowered) and lowered[i] == "by":
            i += 1
        while i < len(lowered) and lowered[i] in ("if", "not", "exists", "concurrently"):
            i += 1
        stop = {"cascade", "restrict", "on", "with", "as", "from", "to", "add", "drop",
                "alter", "rename", "set", "owner", "in", "using", "superuser", "password",
                "login", "nologin", "createdb", "createrole", "encrypted", "inherit"}  # fmt: skip
        statement.names = _names_until(words, i, stop)
        if "cascade" in lowered:
            statement.flags.add("--cascade")
        if verb == "alter" and "drop" in lowered[i:]:
            statement.flags.add("--drop")
        if verb == "alter" and "rename" in lowered[i:]:
            statement.flags.add("--rename")
        if kind in ("user", "role") and "superuser" in lowered:
            statement.flags.add("--superuser")
        return statement
    if verb == "truncate":
        i = 1
        while i < len(lowered) and lowered[i] in ("table", "only"):
            i += 1
        statement.names = _names_until(words, i, {"restart", "continue", "cascade", "restrict"})
        statement.flags.add("--all-rows")
        if "cascade" in lowered:
            statement.flags.add("--cascade")
        return statement
    if verb == "delete":
        i = 1
        while i < len(lowered) and lowered[i] in (
            "from",
            "only",
            "low_priority",
            "quick",
            "ignore",
        ):
            i += 1
        statement.names = _names_until(words, i, {"where", "using", "as", "returning", "limit"})[:1]
        _rows_clause(statement, text)
        return statement
    if verb == "update":
        i = 1
        while i < len(lowered) and lowered[i] in ("only", "low_priority", "ignore"):
            i += 1
        statement.names = _names_until(words, i, {"set", "as"})[:1]
        _rows_clause(statement, text)
        return statement
    if verb in ("grant", "revoke"):
        if re.search(r"\b(grant|revoke)\s+all\b", text, re.I):
            statement.flags.add("--all-privileges")
        if re.search(r"\b(to|from)\s+public\b", text, re.I):
            statement.flags.add("--public")
        if re.search(r"\bsuperuser\b", text, re.I):
            statement.flags.add("--superuser")
        on = lowered.index("on") + 1 if "on" in lowered else None
        if on is not None:
            while on < len(lowered) and (lowered[on] in KINDS or lowered[on] in ("all", "in")):
                on += 1
            statement.names = _names_until(words, on, {"to", "from", "with", "granted"})
        target = next((k for k, w in enumerate(lowered) if w in ("to", "from")), None)
        if target is not None:
            statement.names += _names_until(words, target + 1, {"with", "granted"})
        return statement
    if verb in ("insert", "replace", "upsert", "merge"):
        i = 1
        while i < len(lowered) and lowered[i] in ("into", "ignore", "low_priority", "or"):
            i += 1
        statement.names = _names_until(words, i, {"values", "select", "set", "as", "default"})[:1]
        return statement
    if verb in ("copy",):
        statement.names = _names_until(words, 1, {"from", "to", "with"})[:1]
        if re.search(r"\bprogram\b", text, re.I):
            statement.flags.add("--program")
        return statement
    if verb in ("rename",):
        statement.names = _names_until(words, 2, {"to"})
        return statement
    if verb in ("select", "with", "call", "do"):
        # what a query does beyond reading is in the functions it calls
        # (`SELECT pg_terminate_backend(pid) FROM pg_stat_activity`)
        statement.names = _calls(words)
        if _calls_on_rows(words):
            statement.flags.add("--each-row")
        return statement
    if verb in SQL_VERBS:
        return statement
    return None


# Words followed by a parenthesis that are SQL's own syntax, not functions called.
_NOT_CALLS = frozenset(
    "in exists any all some values as from join using on over filter within where and or not "
    "select with call do returning into table row array cast".split()
)


def _calls(words: list[str]) -> list[str]:
    """The functions a statement calls, each once, by name."""
    found = []
    for word, following in zip(words, words[1:], strict=False):
        if following != "(" or not re.match(r"[A-Za-z_\"`]", word):
            continue
        name = _name(word)
        if name not in _NOT_CALLS and name not in found:
            found.append(name)
    return found


_LITERAL = re.compile(r"'(?:[^']|'')*'|-?\d+(?:\.\d+)?|,|null|true|false", re.I)


def _calls_on_rows(words: list[str]) -> bool:
    """Whether a function is called on something other than literals: `f(pid)`, `f({})`, not
    `f(48213)`, `f('app')` or `now()`."""
    for start, (word, following) in enumerate(zip(words, words[1:], strict=False)):
        if following != "(" or not re.match(r"[A-Za-z_\"`]", word) or _name(word) in _NOT_CALLS:
            continue
        depth = 0
        for token in words[start + 1 :]:
            if token == "(":
                depth += 1
                if depth > 1:
                    return True  # a call on a call's result (`f(g(x))`): not a literal
            elif token == ")":
                break
            elif not _LITERAL.fullmatch(token):
                return True
    return False


# MongoDB's shell: `db.users.deleteMany({})`, `db.getCollection("users").drop()`, on the
# current database or another one (`db.getSiblingDB("app")`, `db.getMongo().getDB("app")`).
_NAME_ARG = r"\(\s*['\"]([\w.-]+)['\"]\s*\)"
_MONGO_DB = rf"\bdb(?:\.getSiblingDB{_NAME_ARG}|\.getMongo\(\s*\)\.getDB{_NAME_ARG})?"
_MONGO_CALL = re.compile(
    rf"{_MONGO_DB}(?:\.getCollection{_NAME_ARG}|\[\s*['\"]([\w.-]+)['\"]\s*\]|\.(?!getSiblingDB\b|"
    r"getMongo\b|getCollection\b)(\w+))\.(\w+)\(\s*(\{\s*\}|\))?"
)
# an options document a call may take (`db.dropDatabase({ w: "majority" })`, a write concern),
# one level of nesting (`{writeConcern: {w: 1}}`)
_OPTIONS_DOCUMENT = r"\{[^{}()]*(?:\{[^{}()]*\}[^{}()]*)*\}"
_MONGO_DB_CALL = re.compile(
    rf"{_MONGO_DB}\.(dropDatabase|dropAllUsers|dropAllRoles)\(\s*(?:{_OPTIONS_DOCUMENT}\s*)?\)"
    # the command form: `db.runCommand({dropDatabase: 1})`
    rf"|{_MONGO_DB}\.(?:runCommand|adminCommand)\(\s*\{{\s*['\"]?(dropDatabase|dropAllUsersFromDatabase|"
    r"dropAllRolesFromDatabase)['\"]?\s*:"
)
# Every collection of a database in a loop (`db.getCollectionNames().forEach(c =>
# db[c].drop())`): dropping each drops the database's every collection, as `dropDatabase` does;
# deleting from each with an empty filter empties every one
_EVERY_COLLECTION = re.compile(
    rf"{_MONGO_DB}\.getCollectionNames\(\s*\)[^;]*?\]\s*\.\s*(drop|deleteMany|remove)\(\s*(\{{\s*\}})?\s*\)"
)
_MONGO_VERBS = {
    "drop": ("drop", "table"),
    "deletemany": ("delete", None),
    "remove": ("delete", None),
    "deleteone": ("delete", None),
    "updatemany": ("update", None),
    "updateone": ("update", None),
    "replaceone": ("update", None),
    "insertone": ("insert", None),
    "insertmany": ("insert", None),
    "insert": ("insert", None),
    "find": ("select", None),
    "findone": ("select", None),
    "aggregate": ("select", None),
    "countdocuments": ("select", None),
    "dropindex": ("drop", "index"),
    "dropindexes": ("drop", "index"),
    "renamecollection": ("rename", None),
}


# Every collection of a database dropped in a loop (`db.getCollectionNames().forEach(c =>
# db[c].drop())`) drops what `db.dropDatabase()` drops.
_EVERY_COLLECTION_DROPPED = re.compile(
    rf"{_MONGO_DB}\.(?:getCollectionNames|getCollectionInfos)\(\s*\)[^;]*?\.forEach\("
    r"[^;]*\.drop\(\s*\)"
)


def _mongo(text: str) -> list[Statement]:
    found = []
    for loop in _EVERY_COLLECTION_DROPPED.finditer(text):
        database = loop.group(1) or loop.group(2)
        names = [database.lower()] if database else []
        found.append(Statement("drop", "database", names, set(), loop.group(0)))
    dropped = {
        "dropdatabase": "database",
        "dropallusers": "user",
        "dropallroles": "role",
        "dropallusersfromdatabase": "user",
        "dropallrolesfromdatabase": "role",
    }
    for call in _MONGO_DB_CALL.finditer(text):
        # groups: the database (two spellings) and the call, for each of the two forms
        database = next((g for g in call.groups()[:2] + call.groups()[3:5] if g), None)
        method = call.group(3) or call.group(6)
        names = [database.lower()] if database else []
        found.append(Statement("drop", dropped[method.lower()], names, set(), call.group(0)))
    for call in _EVERY_COLLECTION.finditer(text):
        database = call.group(1) or call.group(2)
        names = [database.lower()] if database else []
        if call.group(3) == "drop":
            found.append(Statement("drop", "database", names, set(), call.group(0)))
        elif call.group(4) is not None:
            found.append(
                Statement("delete", None, [PLACEHOLDER_WORD], {"--all-rows"}, call.group(0))
            )
    for call in _MONGO_CALL.finditer(text):
        collection = call.group(3) or call.group(4) or call.group(5)
        method = call.group(6).lower()
        if method not in _MONGO_VERBS:
            continue
        verb, kind = _MONGO_VERBS[method]
        statement = Statement(verb, kind, [collection.lower()], set(), call.group(0))
        empty_filter = call.group(7) is not None
        if (
            verb in ("delete", "update")
            and empty_filter
            and method not in ("deleteone", "updateone")
        ):
            statement.flags.add("--all-rows")
        found.append(statement)
    return found


def read_statements(text: str) -> list[Statement]:
    """What each statement of a text does ([] for text that is neither SQL nor shell calls)."""
    if not text or not text.strip():
        return []
    if "db." in text or "db[" in text:
        found = _mongo(text)
        if found:
            return found
    statements = []
    for part in split_statements(text):
        read = _read(part)
        if read is not None:
            statements.append(read)
    return statements
