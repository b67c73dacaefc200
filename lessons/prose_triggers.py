"""Commands a sentence describes: "Disabling the host firewall (ufw, firewalld)" is `ufw
disable`, `systemctl stop ufw`, `systemctl disable firewalld`, ….

Agents often report what not to do as a sentence. The sentence still names the operation (the
catalogue in `lessons.danger_concepts`: "force-push", "delete a namespace", "turn off
certificate verification"), what it is done to (a process, a service, a branch, a path, a
setting), commands written inside it ("… with kill -9"), and whether production is meant.
`describe` reads those into command lines and patterns; `command_triggers.derive` keeps those
that block no everyday command. A sentence that names no operation and no tool gives nothing,
and the anti-pattern matches by meaning only.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache

from lessons.command_equivalents import WRITE_FILE
from lessons.command_patterns import WORD_ALIASES, operation_word, patterns_from_text, word_parts
from lessons.command_tables import (
    KNOWN_PROGRAMS,
    KUBE_KINDS,
    PROGRAMS,
    SERVICE_NAMES,
)
from lessons.danger_concepts import CONCEPTS, GROUPS, TAG_REF, Concept
from lessons.value_classes import (
    NOT_DEVELOPMENT,
    NOT_LOCAL,
    PLACES,
    PROD,
    PROD_WORDS,
    SHARED_ENV,
    STAGING_WORDS,
    VALUE_CLASSES,
    prose_names,
)

_WORD = re.compile(r"[a-z0-9]+")
_PARENTHESES = re.compile(r"\(([^()]{1,200})\)")
_BACKTICKS = re.compile(r"`([^`]{1,200})`")
_QUOTED = re.compile(r"[\"“']([^\"”']{2,120})[\"”']")
_NAME = re.compile(r"^[A-Za-z][\w.@-]{1,40}$")
_CAMEL = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+){2,}\b|\b[a-z]+(?:[A-Z][a-z]+){2,}\b")
_FILE = re.compile(r"(?<![\w/-])(\.[a-z][\w.-]*|[\w-]+\.(?:pem|key|p12|pfx|crt|sqlite3?|db))\b")
_PATH = re.compile(r"(?<![\w$~.-])(/(?:[\w.@-]+/)*[\w.@-]*)(?=[\s,;:)]|$|\.(?:\s|$))")
_BRANCHES = ("main", "master", "trunk", "develop", "production", "staging")

# Programs whose names are everyday English: named by a sentence only in parentheses or quotes.
ENGLISH = frozenset(
    "make find kill cut sort head tail top time watch less more date env open code service "
    "test touch split join file which type read echo print sleep wait yes true false command "
    "exec nice link install patch diff tee at ed ex cat mount run go apply sh script http "
    "history passwd reboot shutdown halt ssh git".split()
)
# Tools a sentence names that are the operation itself, not what it is done to.
_OPERATORS = frozenset(
    "kill pkill killall systemctl service sudo rm chmod chown dd mkfs kubectl docker helm "
    "terraform git crontab sigkill".split()
)
_SERVICE = re.compile(
    r"\b([a-z][\w.-]{1,40})(?:'s)?\s+(service|services|daemon|daemons|unit|server|servers|"
    r"process|processes|instance|cluster)\b"
)
# A product's name (capitalised, as a sentence spells one) before the role its servers play in a
# deployment: "the Kafka brokers", "the RabbitMQ broker", "the Jenkins controller"
_PRODUCT_ROLE = re.compile(r"\b([A-Z][A-Za-z0-9]{2,30})\s+(?:brokers?|clusters?|controllers?)\b")
# The object of a verb stopping a service, when it is spelled as a daemon (`sshd`, `httpd`).
_DAEMON_OBJECT = re.compile(
    r"\b(?:stop|stopping|disabl\w*|mask\w*|kill\w*|shut(?:ting)? down|turn(?:ing)? off)\s+"
    r"(?:(?:or|and)\s+\w+\s+)?(?:the\s+)?([a-z][a-z0-9-]{1,20}[a-df-z0-9]d)\b"
)
# What the guard calls the statements a client runs and the files a command writes: never the
# name of a tool a sentence means ("a Cloud SQL instance" is no `sql` command)
_PSEUDO_PROGRAMS = frozenset({"sql", WRITE_FILE})
# Words before "directory" that say which, not its name ("the home directory", "a system
# directory", "the working directory").
_NOT_A_DIRECTORY_NAME = frozenset(
    "home system root working current parent whole entire project build output data temp "
    "temporary user users shared every each other same wrong right".split()
)
# A file spelled in a sentence: a path with a file name, or a dotfile with a suffix
# (`.git/index.lock`, `/etc/passwd`, `.env`), not a bare word.
_SPELLED_FILE = re.compile(
    r"(?<![\w/.$~-])((?:/|\.?[\w-]+/)(?:[\w.-]+/)*[\w-]*\.?[\w-]+\.[\w]+|/(?:[\w.-]+/)+[\w.-]+|"
    r"\.[a-z][\w-]*(?:\.[\w-]+)?)(?=[\s,;:)]|$|\.(?:\s|$))"
)
# A file name the sentence calls a file ("the terraform.tfstate file", "package-lock.json files")
_CALLED_FILE = re.compile(r"(?<![\w/.$~-])([A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+)\s+files?\b")
# Determiners and quantifiers: "other services", "several processes" name no service
_ARTICLES = frozenset(
    "the a an this that its their his her our your any every all web app other others some "
    "many several both each these those my no few more most such same own".split()
)

# A verb of the sentence (its stem) -> the words a command uses for it (for tools the catalogue
# does not know: "Disabling fail2ban" is `fail2ban disable`, `systemctl stop fail2ban`).
VERBS: dict[str, tuple[str, ...]] = {
    "disabl": ("disable", "stop"),
    "stop": ("stop", "disable"),
    "turn off": ("disable", "stop"),
    "turning off": ("disable", "stop"),
    "switch off": ("disable", "stop"),
    "shut down": ("stop",),
    "shutting down": ("stop",),
    "mask": ("mask",),
    "uninstall": ("uninstall", "remove"),
    "purg": ("purge",),
    "flush": ("flush",),
    "reset": ("reset",),
    "delet": ("delete", "rm"),
    "remov": ("remove", "rm"),
    "drop": ("drop",),
    "destroy": ("destroy",),
    "prun": ("prune",),
    "truncat": ("truncate",),
    "restart": ("restart",),
}
SERVICE_VERBS = ("stop", "disable", "mask", "restart")
# Verbs that, said of a setting, mean it is set to a false value.
OFF_VERBS = ("disabl", "turn off", "turning off", "switch off", "skip", "bypass", "ignor")


@dataclass
class Described:
    """What a sentence describes, for `command_triggers.derive` to make patterns of."""

    # commands written in the sentence ("… with kill -9"): generalised like a reported command
    commands: list[str] = field(default_factory=list)
    # command lines the sentence describes, read as written (`<any>` for any value)
    lines: list[str] = field(default_factory=list)
    # patterns (`lessons.command_patterns` JSON)
    patterns: list[dict] = field(default_factory=list)
    # the sentence is about production: every pattern requires it
    production: bool = False
    # ... and about staging too: either will do
    staging: bool = False
    # an operation and its object, done by any tool (`operation_patterns`)
    operations: list[dict] = field(default_factory=list)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _named(concept: Concept, text: str, words: AbstractSet[str]) -> bool:
    if concept.unless and prose_names(concept.unless, text, words):
        return False
    if concept.aside:
        for phrase in concept.aside:
            text = text.replace(phrase, " ")
        words = _words(text)
    return all(prose_names(group, text, words) for group in concept.needs)


# Irregular forms of the verbs the catalogue's stems spell (a stem is a word's beginning, so
# "rewrit" reads "rewriting" but never "rewrote"): each read as its base form.
_IRREGULAR = {
    **dict.fromkeys(("wrote", "written"), "write"),
    **dict.fromkeys(("rewrote", "rewritten"), "rewrite"),
    **dict.fromkeys(("overwrote", "overwritten"), "overwrite"),
    **dict.fromkeys(("overrode", "overridden"), "override"),
    **dict.fromkeys(("tore", "torn"), "tear"),
    **dict.fromkeys(("threw", "thrown"), "throw"),
    **dict.fromkeys(("blew", "blown"), "blow"),
    **dict.fromkeys(("broke", "broken"), "break"),
    **dict.fromkeys(("gave", "given"), "give"),
    **dict.fromkeys(("took", "taken"), "take"),
    **dict.fromkeys(("froze", "frozen"), "freeze"),
    **dict.fromkeys(("hid", "hidden"), "hide"),
    **dict.fromkeys(("undid", "undone"), "undo"),
    **dict.fromkeys(("swept",), "sweep"),
    **dict.fromkeys(("rebuilt",), "rebuild"),
    **dict.fromkeys(("ran",), "run"),
    **dict.fromkeys(("sent",), "send"),
    **dict.fromkeys(("spun",), "spin"),
    **dict.fromkeys(("withdrew", "withdrawn"), "withdraw"),
    **dict.fromkeys(("forgot", "forgotten"), "forget"),
}
_IRREGULAR_WORD = re.compile(r"\b(" + "|".join(sorted(_IRREGULAR, key=len, reverse=True)) + r")\b")


# Two-word verbs the catalogue spells in their base form ("turn off", "get rid", "tear down"):
# an inflected one ("switched off", "got rid", "tears down") is read with its base form beside it.
_PHRASAL_BASES = (
    "turn switch shut get open roll tear blow throw wipe lock clean take knock power scale spin "
    "strip kick pull bring wind"
).split()


def _inflections(base: str) -> set[str]:
    forms = {base + "s", base + "es", base + "ed", base + "ing"}
    if base.endswith("e"):
        forms |= {base[:-1] + "ed", base[:-1] + "ing"}
    if re.fullmatch(r".*[^aeiou][aeiou][bdglmnprt]", base):  # shut -> shutting
        forms |= {base + base[-1] + "ed", base + base[-1] + "ing"}
    return forms


_PHRASAL_FORMS = {form: base for base in _PHRASAL_BASES for form in _inflections(base)}
_PHRASAL_FORMS |= {"got": "get", "gotten": "get"}
_PHRASAL_WORD = re.compile(
    r"\b(" + "|".join(sorted(_PHRASAL_FORMS, key=len, reverse=True)) + r")\s+"
    r"(off|on|down|up|away|back|out|rid|over)\b"
)


# ... with its object between verb and particle ("turned the host firewall off", "took the SSH
# daemon down", "threw the old backups away"): up to four words, none of them a preposition or
# a conjunction that would make the particle belong to another clause ("turned to the team and
# signed off")
_OBJECT_WORD = (
    r"(?!(?:to|from|with|in|on|for|by|at|into|onto|and|or|but|so|then|that|which|when|while|"
    r"because|after|before|off|down|up|away|out)\b)[a-z0-9][\w'-]*"
)
_SPLIT_PHRASAL_WORD = re.compile(
    r"\b(" + "|".join(sorted({*_PHRASAL_FORMS, *_PHRASAL_BASES}, key=len, reverse=True)) + r")"
    r"(?:\s+" + _OBJECT_WORD + r"){1,4}?\s+(off|down|away|out|up)\b"
)


# Force said by an adverb beside the verb ("pushed with force", "forcibly deleted", "killed it
# forcefully" is not beside it): read as the catalogue's "force push", "force delete"
_FORCE_ADVERB = r"(?:with\s+force|by\s+force|forcibly|forcefully)"
_FORCED_VERB = re.compile(
    rf"\b([a-z]{{3,}}?)(?:ed|ing|es|s)?\s+{_FORCE_ADVERB}\b|\b{_FORCE_ADVERB}\s+([a-z]{{3,}}?)(?:ed|ing|es|s)?\b"
)


# A word whose final y became "ie" before -d or -s ("emptied", "policies", "registries"): a
# stem ending in y ("empty", "policy") is no beginning of it.
_Y_TO_IE = re.compile(r"\b([a-z]{3,})ie([ds])\b")


def base_forms(lowered: str) -> str:
    """A lower-case text with irregular verb forms in their base form ("rewrote the history"
    reads as "rewrite the history"), an inflected two-word verb followed by its base form
    ("switched off" as "switched off switch off"), and a word in -ied or -ies by its form in -y
    ("emptied" as "emptied empty")."""
    lowered = _IRREGULAR_WORD.sub(lambda m: _IRREGULAR[m.group(1)], lowered)
    lowered = _Y_TO_IE.sub(lambda m: f"{m.group(0)} {m.group(1)}y", lowered)
    lowered = _PHRASAL_WORD.sub(
        lambda m: f"{m.group(0)} {_PHRASAL_FORMS[m.group(1)]} {m.group(2)}", lowered
    )
    lowered = _SPLIT_PHRASAL_WORD.sub(
        lambda m: f"{m.group(0)} {_PHRASAL_FORMS.get(m.group(1), m.group(1))} {m.group(2)}",
        lowered,
    )
    return _FORCED_VERB.sub(lambda m: f"{m.group(0)} force {m.group(1) or m.group(2)}", lowered)


def concept_named(concept: Concept, text: str) -> bool:
    """Whether a text names every part of a catalogue danger."""
    lowered, words = _reading(text)
    return _named(concept, lowered, words)


@lru_cache(maxsize=64)
def _reading(text: str) -> tuple[str, frozenset[str]]:
    """A text in base forms and its words: a report's prose is read against every concept of
    the catalogue, once."""
    lowered = base_forms(text.lower())
    return lowered, frozenset(_words(lowered))


def _names(text: str) -> list[str]:
    """Tools, services and processes the sentence names: known programs, "the nginx service",
    names listed in parentheses, backticks or quotes."""
    names: list[str] = []

    def add(name: str) -> None:
        name = name.lower().strip(".,;:")
        # "the production cluster" says where, not what
        if name and name not in names and name not in _ARTICLES and name not in PROD_WORDS:
            names.append(name)

    for word in re.findall(r"(?<![\w./-])[A-Za-z][\w.-]*", text):
        if word.lower() in KNOWN_PROGRAMS and word.lower() not in ENGLISH:
            add(word)
    for name, kind in _SERVICE.findall(text.lower()):
        # "the SSH daemon": a word before daemon, service or unit names one even when it is
        # also an everyday word; before server or process it is more often a description ("the
        # build server", "the web server"), so there it must be a program's name
        if kind.startswith(("daemon", "service", "unit")) or (
            name not in ENGLISH and (name in KNOWN_PROGRAMS or name in SERVICE_NAMES)
        ):
            add(name)
    for name in _PRODUCT_ROLE.findall(text):
        add(name)  # "the Kafka brokers", "the Jenkins controller": a product by its role
    for name in _DAEMON_OBJECT.findall(text.lower()):
        add(name)  # "disabling sshd", "stopping the containerd": a daemon's name
    for group in _PARENTHESES.findall(text) + _BACKTICKS.findall(text):
        for part in re.split(r"[,/]|\bor\b|\band\b", group):
            part = part.strip()
            if _NAME.match(part) and not _CAMEL.fullmatch(part):
                add(part)
    if set(_verbs(text)) & set(SERVICE_VERBS):
        # "Stopped the web server": whichever of that kind's servers runs there
        for kind in _SERVICE_KIND.findall(text.lower()):
            for unit in SERVICE_KINDS[re.sub(r"\s+", " ", kind)]:
                add(unit)
    return names


# Servers a sentence names by their kind, when it stops, disables or restarts one: the units
# the distributions ship for each (their other names: `command_tables.SERVICE_NAMES`)
_DATABASE_SERVERS = ("postgresql", "mysql", "mariadb", "mongod")
SERVICE_KINDS: dict[str, tuple[str, ...]] = {
    "web server": ("nginx", "apache2", "caddy", "lighttpd"),
    "http server": ("nginx", "apache2", "caddy", "lighttpd"),
    **dict.fromkeys(
        (f"{db} {kind}" for db in ("database", "db") for kind in ("server", "service", "daemon")),
        _DATABASE_SERVERS,
    ),
    "message broker": ("rabbitmq-server", "kafka", "mosquitto", "nats-server", "activemq"),
    "cache server": ("redis", "memcached"),
    "cache service": ("redis", "memcached"),
}
_SERVICE_KIND = re.compile(
    r"\b(" + "|".join(k.replace(" ", r"\s+") for k in SERVICE_KINDS) + r")s?\b"
)


def daemons(text: str) -> set[str]:
    """Names the sentence calls a daemon, service or unit: a service even when the name is also
    a tool's ("the Docker daemon")."""
    return {
        name
        for name, kind in _SERVICE.findall(text.lower())
        if kind.startswith(("daemon", "service", "unit")) and name not in _ARTICLES
    }


def _targets(kind: str, text: str, names: list[str]) -> list[str]:
    lowered = text.lower()
    words = _words(text)
    if kind in ("process", "service"):
        served = daemons(text)
        return [
            n
            for n in names
            if (n not in _OPERATORS or n in served) and re.fullmatch(r"[a-z][\w.@-]*", n)
        ]
    if kind == "branch":
        if _EVERY_BRANCH.search(lowered):
            return list(EVERY_REF)
        if words & _TAG_WORDS and not words & _BRANCH_WORDS:
            # "force-pushed the moved release tag": a tag's ref, never any branch
            return [TAG_REF]
        # a branch others share, however it is named (`main` or `master`, a release branch),
        # when the sentence says so; else the branches it names
        branch = next(c for c in VALUE_CLASSES if c.name == "shared branch")
        if prose_names(branch.words, lowered, words):
            return [branch.trigger]
        return [b for b in _BRANCHES if b in words]
    if kind == "directory":
        # "the migrations directory", "the .terraform folder": that directory wherever it is
        named = re.findall(r"\b([.\w][\w.-]{2,40})\s+(?:director(?:y|ies)|folders?)\b", lowered)
        return [
            rf"re:(^|/){re.escape(n)}$"
            for n in dict.fromkeys(named)
            if n not in _ARTICLES and n not in _NOT_A_DIRECTORY_NAME
        ]
    if kind == "file":
        # a file the sentence spells: `.git/index.lock`, `/etc/passwd`, `.env`
        spelled = _SPELLED_FILE.findall(text) + _CALLED_FILE.findall(text)
        return [
            rf"re:(^|/){re.escape(f.lstrip('/'))}$"
            if not f.startswith("/")
            else rf"re:^{re.escape(f)}$"
            for f in dict.fromkeys(spelled)
        ]
    if kind == "package":
        # "the system python3 package", "uninstalled perl with yum": the package it names; with
        # none named, "essential system packages" are those the distribution cannot run without
        named = [
            n
            for n in _PACKAGE.findall(lowered) + names
            if n not in _NOT_A_PACKAGE_NAME and n not in _ARTICLES and n not in _OPERATORS
        ]
        if named:
            return [rf"re:^{re.escape(n)}{_CORE_PART}(:[\w-]+)?$" for n in dict.fromkeys(named)]
        return [ESSENTIAL_PACKAGE] if words & {"system", "essential", "os", "base"} else []
    if kind == "path":
        # the file itself, not its backups or variants (`/etc/fstab`, not `/etc/fstab.bak`)
        return [rf"re:^{re.escape(p)}$" for p in dict.fromkeys(_PATH.findall(text)) if p != "/"]
    return []


# A package a sentence names ("the python3 package", "the openssh-server packages")
# A name starts only where a token does and is bounded: started inside every run of `a-a-a…`
# and unbounded, the search was quadratic (minutes on 200,000 characters of hostile text).
_PACKAGE = re.compile(r"(?<![a-z0-9.+-])([a-z0-9][a-z0-9.+-]{0,126}[a-z0-9])\s+packages?\b")
# What a distribution splits off a package as its versioned or core part: removing "the python3
# package" is removing `python3.12` or `python3-minimal` too, "perl" is `perl-base`
_CORE_PART = r"(\.?\d+(\.\d+)*)?(-(minimal|base|core))?"
# Package managers of the distributions (removing with one is `lessons.danger_concepts`'s)
_PACKAGE_MANAGERS = frozenset("apt apt-get aptitude dpkg yum dnf rpm zypper pacman apk".split())
# Words before "package" that say which or whose, and the package managers themselves
_NOT_A_PACKAGE_NAME = frozenset(
    "system os distribution distro base core essential installed old unused whole wrong debian "
    "ubuntu fedora alpine linux apt apt-get aptitude dpkg deb yum dnf rpm zypper pacman apk snap "
    "pip npm python-level os-level".split()
)
# Packages a Debian, Red Hat or Alpine system cannot run without (its interpreter, C library,
# shell, init and package manager, the tools its own scripts call)
ESSENTIAL_PACKAGE = (
    r"re:^(python3(\.\d+)?|python3-minimal|libpython3[\w.-]*|libc6|libc-bin|glibc|musl|"
    r"coreutils|bash|dash|systemd|systemd-sysv|init|sudo|openssh-server|apt|dpkg|rpm|dnf|yum|"
    r"perl-base|util-linux|login|passwd|base-files|busybox|alpine-base|apk-tools)(:[\w-]+)?$"
)
# "force-pushed every branch", "all the branches": git-push(1) pushes every branch with `--all`,
# every ref with `--mirror`, every tag with `--tags`; forced, that is the whole history rewritten
# for everyone, where a force-push of one branch is not
_EVERY_BRANCH = re.compile(
    r"\b(?:every|each|all(?: of)?(?: the| its| our)?)\s+(?:remote\s+)?(?:branch|ref)(?:es|s)?\b"
)
EVERY_REF = ("--all", "--mirror", "--tags")
_TAG_WORDS = frozenset({"tag", "tags", "retag", "retagged", "retagging"})
_BRANCH_WORDS = frozenset({"branch", "branches", *_BRANCHES})


def _fill(command: str | dict, targets: list[str]) -> list[str | dict]:
    """A catalogue command with `{target}` replaced by each target (none: the command is left
    out, rather than matching anything)."""
    text = command if isinstance(command, str) else repr(command)
    if "{target}" not in text:
        return [command]
    if tuple(targets) == EVERY_REF and "--force" not in text:
        targets = []  # every branch deleted is each branch deleted: any branch
    found: list[str | dict] = []
    for target in targets:
        if isinstance(command, str) and target.startswith("re:"):
            # a kind of value: the command line as a pattern, the kind where the target stands
            for pattern in patterns_from_text(command.replace("{target}", _MARK)):
                found.append(_replace(pattern.as_json(), target, mark=_MARK))
        elif isinstance(command, str):
            found.append(command.replace("{target}", target))
        else:
            found.append(_replace(command, target))
    if not targets and isinstance(command, str) and command.endswith(" {target}"):
        # `git push --force {target}`: with no branch named, any branch
        stripped = command[: -len(" {target}")]
        if stripped.split()[0] in ("git",):
            found.append(stripped)
    return found


_MARK = "mnemosyne-target"


def _replace(data, target: str, *, mark: str = "{target}"):
    if isinstance(data, dict):
        return {k: _replace(v, target, mark=mark) for k, v in data.items() if k != "text"}
    if isinstance(data, list):
        return [_replace(v, target, mark=mark) for v in data]
    if data == mark:
        if target.startswith("re:"):
            return target
        # a daemon goes by its service's other names too (`postgres` for "PostgreSQL")
        unit = SERVICE_NAMES.get(target, target)
        names = {target, unit} | {alias for alias, canon in SERVICE_NAMES.items() if canon == unit}
        spelled = "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))
        return rf"re:(?i)(^|[^a-z0-9])({spelled})"
    return data


def inline_commands(text: str) -> list[str]:
    """Commands written inside a sentence ("Using git push --force on shared branches"): from a
    program the guard knows, the words that read as a command's (flags, paths, values), up to
    the first plain word; only those with a flag or a path."""
    words = text.split()
    found = []
    command_word = re.compile(r"^(-|[./~]|\S*[/=:@$*])|\S*\d")
    for i, word in enumerate(words):
        # `bin/rails`, `./gradlew`: a known program run by its path
        program = word.lower().rsplit("/", 1)[-1] if word.startswith(("bin/", "./")) else word
        if program.lower() not in KNOWN_PROGRAMS:
            continue
        end = i + 1
        spec = PROGRAMS.get(program.lower())
        if spec is not None and spec.subcommands is not None:  # `git push`, `docker compose down`
            while (
                end < min(len(words), i + 3)
                and re.fullmatch(r"[a-z][a-z-]*", words[end])
                and words[end] not in _STOPWORDS  # "the Docker daemon on tcp://…" is prose
            ):
                end += 1
        while end < len(words) and command_word.match(words[end]):
            end += 1
        if not any(command_word.match(w) for w in words[i + 1 : end]):
            continue
        # "Rails schema:load": a program named with a capital is the same program
        found.append(" ".join([word if "/" in word else program.lower(), *words[i + 1 : end]]))
        found[-1] = found[-1].rstrip(".,;")
    return found


# Subcommand words that destroy, stop or undo: a sentence naming one after a program names
# that command ("Running flyway clean against a shared database", "git stash clear").
DESTRUCTIVE_SUBCOMMANDS = frozenset(
    "delete rm remove destroy drop dropdb purge prune clean clear reset wipe flush flushall "
    "truncate uninstall drain cordon rekey rollback downgrade terminate kill stop disable "
    "revoke shred format erase unpublish deregister decommission nuke".split()
)


def named_subcommands(text: str) -> list[str]:
    """Commands a sentence names as a program and a destructive subcommand, without flags
    (`flyway clean`, `git stash clear`, `kubeadm reset`): the program, the words of its own
    subcommand table before it, and that verb."""
    text = _INSTEAD.sub(" ", text)
    words = [w.strip(".,;:()`'\"") for w in text.split()]
    found = []
    for i, word in enumerate(words):
        name = word.lower()
        after_run = i > 0 and words[i - 1].lower() in _RUN_WORDS
        if name not in KNOWN_PROGRAMS and not (after_run and _PROGRAM_NAME.fullmatch(name)):
            continue
        if name in _ARTICLES or name in _STOPWORDS:
            continue
        subs: list[str] = []
        for following in words[i + 1 : i + 4]:
            lowered = following.lower()
            if lowered in DESTRUCTIVE_SUBCOMMANDS:
                found.append(" ".join([name, *subs, lowered]))
                break
            if not _PROGRAM_NAME.fullmatch(lowered) or lowered in _STOPWORDS | _RUN_WORDS:
                break  # "zeros using shred": `using` ends what could be a subcommand
            subs.append(lowered)  # `git stash clear`, `vault operator rekey`
    return list(dict.fromkeys(found))


_RUN_WORDS = frozenset(
    "run runs running ran using used use executing executed execute calling called via with "
    "invoking invoked".split()
)
_PROGRAM_NAME = re.compile(r"[a-z][a-z0-9_.-]{1,30}")
_STOPWORDS = frozenset(
    "a an the on of to from with that which like for in by when while without instead because "
    "so is are be was were it its this these those there their them they you your we our and "
    "or but all every would could should will can may might must shall do does did not never "
    "had has have".split()
)


def _quoted_commands(text: str) -> list[str]:
    """Commands in parentheses, backticks or quotes ("Disabling SELinux (setenforce 0)")."""
    found = []
    command_word = re.compile(r"^(-|[./~]|\S*[/=:@$*])|\S*\d")
    for group in _PARENTHESES.findall(text) + _BACKTICKS.findall(text) + _QUOTED.findall(text):
        words = group.split()
        if len(words) < 2 or "," in group:
            continue
        first = words[0].lower()
        if (
            first in KNOWN_PROGRAMS
            and first not in ENGLISH
            or (
                re.fullmatch(r"[a-z][\w.-]*", first)
                and any(command_word.match(w) for w in words[1:])
            )
        ):
            found.append(group)
    return found


def _verbs(text: str) -> list[str]:
    lowered = text.lower()
    words = _WORD.findall(lowered)
    found: list[str] = []
    for stem, forms in VERBS.items():
        hit = stem in lowered if " " in stem else any(w.startswith(stem) for w in words)
        if hit:
            found.extend(f for f in forms if f not in found)
    return found


def command_lines(text: str, names: list[str]) -> list[str]:
    """Command lines doing what the sentence says to a tool the catalogue does not know
    (`fail2ban stop`, `systemctl stop fail2ban`, `git add .env`)."""
    verbs = _verbs(text)
    files = list(dict.fromkeys(_FILE.findall(text)))
    packages = set(_PACKAGE.findall(text.lower()))
    lines: list[str] = []
    words = _words(text)
    served = daemons(text)
    for name in names:
        if name in _OPERATORS and name in served:
            # "Restarted the Docker daemon": its unit, never the tool's own subcommand
            # (`docker restart` restarts one container)
            lines += [f"systemctl {verb} {name}" for verb in verbs if verb in SERVICE_VERBS]
            continue
        if name in _OPERATORS or name in _PSEUDO_PROGRAMS:
            continue
        if name in _PACKAGE_MANAGERS or name in packages:
            # "Removed the perl package with yum": the package the catalogue's removal names
            # (`yum remove perl`), never every package, nor `perl` told to act
            continue
        # "Deleting a published release with gh": the tool's own noun (`gh release delete`)
        spec = PROGRAMS.get(name)
        nouns = [
            noun
            for noun in sorted(spec.nested if spec is not None else ())
            if noun in words or f"{noun}s" in words
        ]
        lines += [f"{name} {noun} {verb}" for noun in nouns for verb in verbs]
        # a tool with a table does only what its table lists (`pip stop` is nothing), and is a
        # service only when the sentence or the service names say so (`systemctl stop python`
        # is nothing either)
        table = spec.subcommands if spec is not None else None
        service = name in served or name in SERVICE_NAMES or spec is None
        for verb in verbs:
            if table is None or verb in table:
                lines += (
                    [f"{name} {verb} {file}" for file in files] if files else [f"{name} {verb}"]
                )
            if verb in SERVICE_VERBS and service:
                lines.append(f"systemctl {verb} {name}")
    return list(dict.fromkeys(lines))


def _service_names(name: str) -> list[str]:
    """Every name a service's unit and process go by: its aliases (`ssh`, `sshd`,
    `openssh-server`) and each with a daemon's `d` (`dockerd`)."""
    unit = SERVICE_NAMES.get(name, name)
    known = {name, unit} | {alias for alias, canon in SERVICE_NAMES.items() if canon == unit}
    known |= {f"{n}d" for n in known if not n.endswith("d")}
    return sorted(known, key=lambda n: (-len(n), n))


def service_outages(text: str, names: list[str]) -> list[dict]:
    """Patterns for taking a named service down however it is done: its processes killed by
    name (any of its names: "Stopping the SSH server" is `killall sshd`), its snap stopped, and
    for a restart a stop too (a restart takes it down as a stop does: "Restarted the Docker
    daemon" is `systemctl stop docker.service`)."""
    verbs = _verbs(text)
    if "stop" not in verbs and "restart" not in verbs:
        return []
    served = daemons(text)
    found: list[dict] = []
    for name in names:
        if name in _PSEUDO_PROGRAMS or not (name in served or name in SERVICE_NAMES):
            continue
        if name in _OPERATORS and name not in served:
            continue  # "with kill": the tool, not a service
        process = rf"re:^({'|'.join(re.escape(n) for n in _service_names(name))})$"
        found += [{"program": kill, "args": [process]} for kill in ("pkill", "killall")]
        found += [
            {"program": "snap", "subcommand": [verb], "args": [process]}
            for verb in ("stop", "restart")
            if verb in verbs or "restart" in verbs
        ]
        if "restart" in verbs:
            found.append({"program": "systemctl", "subcommand": ["stop"], "args": [process]})
    return found


_TOOL_USED = re.compile(r"\b(?:with|using|via|through|by running|by calling)\s+`?([a-z][\w.-]*)`?")


def tools_used(text: str) -> list[str]:
    """A program the sentence says the operation is done with ("Dropping the production
    database with dropdb"): running it is the operation; `derive` drops it when it alone would
    block an everyday command."""
    return [
        name
        for name in dict.fromkeys(_TOOL_USED.findall(text.lower()))
        if name in KNOWN_PROGRAMS and name not in ENGLISH and name not in _OPERATORS
    ]


# `GOSUMDB=off`, `NODE_TLS_REJECT_UNAUTHORIZED=0` written in a sentence: a variable (capitals)
# set to a value
_ASSIGNMENT = re.compile(r"(?<![\w$-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=([\w.:/*-]+)(?<![.,;:])")


# "Set GOSUMDB=off and GOINSECURE": what a sentence says it set, assignments and names listed
_SET_LIST = re.compile(
    r"\b(?i:set|sets|setting|export|exports|exported|exporting)\s+"
    r"((?:[A-Z][A-Z0-9_]*(?:=\S+?)?(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|(?=[\s.;:]|$)))+)"
)
_SET_NAME = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$")


def assignment_patterns(text: str) -> list[dict]:
    """Settings a sentence spells as assignments: any command that makes the same assignment
    (an environment prefix, `export`, `env`, `go env -w`, `docker run -e`); a variable named
    beside one in what the sentence says it set ("Set GOSUMDB=off and GOINSECURE") is the
    danger with any value."""
    found = [
        {
            "program": "re:.",
            "anywhere": [rf"re:^{name}=['\"]?{re.escape(value)}['\"]?$"],
            "text": f"{name}={value}",
        }
        for name, value in dict.fromkeys(_ASSIGNMENT.findall(text))
        if len(name) >= 3
    ]
    for listed in _SET_LIST.findall(text):
        items = [i for i in re.split(r",\s*|\s+(?:and|or)\s+|\s+", listed) if i]
        if not any("=" in item for item in items):
            continue  # only a list holding an assignment shows its names are variables
        found += [
            {"program": "re:.", "anywhere": [rf"re:^{item}="], "text": f"{item}=<any>"}
            for item in items
            if "=" not in item and _SET_NAME.match(item) and len(item) >= 4
        ]
    return found


def setting_patterns(text: str) -> list[dict]:
    """Settings the sentence says are turned off (`StrictHostKeyChecking`): any command that sets
    one to no, off, false or 0."""
    lowered = text.lower()
    if not any(verb in lowered for verb in OFF_VERBS):
        return []
    return [
        {
            "program": "re:.",
            "anywhere": [rf"re:(?i)\b{name}\b\W{{0,3}}(no|off|false|0)\b"],
            "text": f"{name} set to no",
        }
        for name in dict.fromkeys(_CAMEL.findall(text))
    ]


# Services a sentence names by the port they listen on (IANA's registry and the servers' own
# defaults): "opening SSH or RDP to the internet" is about ports 22 and 3389, "a database port"
# about every common database server's.
_DATABASE_PORTS = ("5432", "3306", "1433", "1521", "27017", "6379", "9042", "5984", "26257")
SERVICE_PORTS: dict[str, tuple[str, ...]] = {
    "ssh": ("22",),
    "rdp": ("3389",),
    "remote desktop": ("3389",),
    "telnet": ("23",),
    "ftp": ("21",),
    "smb": ("445",),
    "vnc": ("5900",),
    "winrm": ("5985", "5986"),
    "postgres": ("5432",),
    "postgresql": ("5432",),
    "mysql": ("3306",),
    "mariadb": ("3306",),
    "sql server": ("1433",),
    "mssql": ("1433",),
    "oracle": ("1521",),
    "redis": ("6379",),
    "mongodb": ("27017",),
    "mongo": ("27017",),
    "cassandra": ("9042",),
    "elasticsearch": ("9200",),
    "memcached": ("11211",),
    "docker daemon": ("2375", "2376"),
    "kubernetes api": ("6443",),
    "etcd": ("2379",),
    "kubelet": ("10250",),
    **dict.fromkeys(("database", "databases", "db"), _DATABASE_PORTS),
}
_PORT_NUMBER = re.compile(r"(?<![\w./:-])([1-9]\d{1,4})(?![\w./:-])")


def named_ports(text: str) -> list[str]:
    """The ports a sentence names, by number or by the service that listens on them."""
    lowered = text.lower()
    words = _words(text)
    found = [p for p in _PORT_NUMBER.findall(text) if int(p) <= 65535]
    for service, ports in SERVICE_PORTS.items():
        if service in lowered if " " in service else service in words:
            found += ports
    return list(dict.fromkeys(found))


# A rule for every port holds the ports named: `IpProtocol=-1` or `--protocol -1`/`all` (EC2's
# "all traffic"), gcloud's `--allow all`
_ALL_PORTS = r"-1|all"


def on_ports(pattern: str | dict, ports: list[str]) -> str | dict:
    """A pattern narrowed to the ports named: one of them somewhere in the command (`--port 22`,
    `tcp:22`, `FromPort=22`, `22/tcp`), not inside an address or an id, or a rule for every
    port."""
    if not ports or not isinstance(pattern, dict):
        return pattern
    spelled = "|".join(ports)
    port = rf"re:(^|[^\w.-]|[a-z]:|=)({spelled})([^\w.]|$)|^({_ALL_PORTS})$"
    return {**pattern, "anywhere": [*pattern.get("anywhere", []), port]}


_KUBERNETES = frozenset({"kubectl", "kubernetes", "k8s", "cluster", "namespace", "oc"})
# Kinds that are the cluster's structure rather than what a workload owns: a sentence naming
# them is about something else ("delete the pod on that node")
_KUBE_CONTEXT_KINDS = frozenset({"namespace", "node"})


def kube_deletions(text: str, words: set[str]) -> list[dict]:
    """ "Deleting secrets from the cluster with kubectl": `kubectl delete secret`, for each kind
    of resource the sentence names (by any of kubectl's names for it)."""
    if not words & _KUBERNETES or not prose_names(GROUPS["DELETE"], text, words):
        return []
    kinds = {KUBE_KINDS.get(w, w) for w in words if w in KUBE_KINDS or w in KUBE_KINDS.values()}
    return [
        {"program": "kubectl", "subcommand": ["delete", kind]}
        for kind in sorted(kinds - _KUBE_CONTEXT_KINDS)
    ]


# --- an operation and its object, for any tool -----------------------------------------------

# The command words of one kind of operation: a verb of the sentence stands for any of them, so
# a tool nobody catalogued is read by what its subcommand says ("Deleted the log group" is
# `aws logs delete-log-group`, "Never delete a stack" is `cdk destroy MyStack`). Never a word
# that only reads (describe, list, get, show).
OPERATIONS: dict[str, tuple[str, ...]] = {
    "delete": tuple(
        "delete del rm remove destroy drop purge prune erase wipe nuke clear teardown terminate "
        "deregister".split()
    ),
    "disable": ("disable", "deactivate"),
    "stop": ("stop", "halt", "shutdown", "kill", "suspend", "deallocate", "poweroff"),
    "revoke": ("revoke",),
    "detach": ("detach", "unmount", "umount", "disconnect"),
    "reset": ("reset",),
}
# A sentence's verb (lower case) -> its kind of operation
_OPERATION_VERBS = [
    (
        re.compile(
            r"(delet|remov|destroy|purg|prun|eras|terminat|deregister|decommission|deprovision|"
            r"obliterat)\w*|drop(s|ped|ping)?|trash(es|ed|ing)?|scrap(s|ped|ping)?|"
            r"zap(s|ped|ping)?|ax(e|es|ed|ing)|ditch(es|ed|ing)?|"
            r"wip(e|es|ed|ing)|nuk(e|es|ed|ing)|clear(s|ed|ing)?|(force-)(delet|remov)\w*|"
            r"empt(y|ied|ies|ying)"
        ),
        "delete",
    ),
    (re.compile(r"(disabl|deactivat)\w*"), "disable"),
    (
        re.compile(r"stop(s|ped|ping)?|halt(s|ed|ing)?|kill(s|ed|ing)?|suspend\w*|deallocat\w*"),
        "stop",
    ),
    (re.compile(r"revok\w*"), "revoke"),
    (re.compile(r"(detach|unmount)\w*"), "detach"),
    (re.compile(r"reset(s|ting)?"), "reset"),
]
# two-word verbs: their second word and their kind of operation
_PHRASAL = {
    **dict.fromkeys(("tear", "tearing", "tore", "torn"), ("down", "delete")),
    **dict.fromkeys(("throw", "threw", "throwing", "thrown"), ("away", "delete")),
    **dict.fromkeys(("blow", "blew", "blowing", "blown"), ("away", "delete")),
    **dict.fromkeys(("take", "took", "taking", "taken", "takes"), ("down", "stop")),
    **dict.fromkeys(("bring", "brought", "bringing", "brings"), ("down", "stop")),
    **dict.fromkeys(("shut", "shutting", "shuts"), ("down", "stop")),
    **dict.fromkeys(("power", "powered", "powering", "powers"), ("off", "stop")),
    **dict.fromkeys(("turn", "turned", "turning", "turns"), ("off", "disable")),
    **dict.fromkeys(("switch", "switched", "switching"), ("off", "disable")),
}
_PARTICLES = frozenset({"out", "off", "away", "down", "up"})
# Words that end the object ("the log group to cut costs", "the app from Argo CD")
_OBJECT_ENDS = frozenset(
    "to from with in on of for by at into onto over under without while so because and or but "
    "that which who whose when where after before instead then than as via using through "
    "across inside behind against if unless until since just only together out off away "
    "down up back again".split()
)
# Words naming nothing to look for in a command
_NO_OBJECT = frozenset(
    "it them everything anything something nothing stuff thing things one ones lot i me you "
    "we he she they".split()
)
# Nouns too vague to look for alone ("disabling checks" names no setting)
_VAGUE = frozenset(
    "check test change work step problem issue error warning output result way time thing "
    "part kind sort type lot bit".split()
)
# Words saying which or what kind, not what
_MODIFIERS = frozenset(
    "local old remote shared whole entire unused stale live temporary new current default "
    "public private single wrong last first big large small full empty dangling orphaned "
    "important critical real actual".split()
)
# Words before a noun saying which one ("the", "its"), not what
_DETERMINERS = frozenset(
    "the a an this that its their his her our your any these those my no some other others "
    "several both such same own".split()
)
# Words that say "all of them": the command must say so too (`--all`)
_EVERY = frozenset({"all", "every", "each"})
_LONG_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]+")
_FORCE = re.compile(r"\bforc(e|ed|ing|ibly)\b|--force\b")


def _operation_at(tokens: list[str], i: int) -> tuple[str | None, int]:
    """The kind of operation the verb at `tokens[i]` names, and how many tokens it takes."""
    word = tokens[i].lower().strip(".,;:!?\"'`")
    if word in _PHRASAL and i + 1 < len(tokens) and tokens[i + 1].lower() == _PHRASAL[word][0]:
        return _PHRASAL[word][1], 2
    if word in _PHRASAL and _PHRASAL[word][0] == "off":
        # "turned the CI workflow off": the particle after the object, which it ends
        for later in tokens[i + 1 : i + 7]:
            if later.lower().strip(".,;:!?") == "off":
                return _PHRASAL[word][1], 1
            if later.endswith((".", "!", "?", ";", ":")):
                break
    for verb, kind in _OPERATION_VERBS:
        if verb.fullmatch(word):
            follows = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
            return kind, 2 if follows in _PARTICLES else 1
    return None, 0


_ING_PREPOSITIONS = frozenset(
    "during including excluding following regarding concerning according pending using "
    "containing holding having".split()
)


def _compound(raw: str, following: list[str]) -> bool:
    """Whether a word in -ing is part of a compound noun ("signing key", "staging bucket"): a
    plain word follows it, not an article, a preposition or the clause's end."""
    if raw.endswith((".", "!", "?", ",", ";", ":")) or not following:
        return False
    if raw.lower() in _ING_PREPOSITIONS:
        return False  # "the worker pool during business hours"
    after = following[0].lower()
    return re.fullmatch(r"[a-z][a-z-]*", after) is not None and not (
        after in _DETERMINERS or after in _OBJECT_ENDS or after in _STOPWORDS
    )


def _object(tokens: list[str]) -> tuple[list[str], bool]:
    """The nouns of what a verb acts on (the tokens after it), and whether it says all of
    them: "the production log group to cut costs" is log and group; names of tools and vendors
    (capitalised: "the Argo CD application"), files and paths name where, not what."""
    nouns: list[str] = []
    acronyms: list[str] = []
    every = False
    last = ""
    for at, raw in enumerate(tokens[:8]):
        word = raw.strip(".!?\"'`")
        lowered = word.lower()
        if lowered == "of" and every and not nouns:
            continue  # "all of the snapshots"
        if not word or raw in ",;:()" or lowered in _OBJECT_ENDS or word.startswith("-"):
            break  # … or a flag: "remove --force" says how, not what
        if lowered in _NO_OBJECT:
            return [], False
        if nouns and lowered in _DETERMINERS:
            break  # "the secret the release workflow needs": a clause about it begins
        if lowered.endswith(("'s", "’s")):
            nouns = []  # "the deploy user's keys file": what the user owns
        elif lowered in _EVERY:
            every = True
        elif lowered.endswith("ing") and nouns and not _compound(raw, tokens[at + 1 : at + 2]):
            break  # "the volume holding the data" (but "the release signing key" is a key)
        elif not (
            lowered in _DETERMINERS
            or lowered in PROD_WORDS
            or lowered in STAGING_WORDS
            or lowered in _MODIFIERS
            or lowered in KNOWN_PROGRAMS
            or word != lowered
            or re.search(r"[./\d]", word)
            or (lowered.endswith(("ed", "ing", "ly")) and len(lowered) > 4)
        ):
            nouns += [
                part
                for part in word_parts(lowered)
                if part not in _MODIFIERS and part not in _VAGUE and len(part) > 1
            ]
        last = word
        if _ACRONYM.fullmatch(word):
            acronyms.append(lowered)
        if raw.endswith((".", "!", "?", ",", ";", ":")):
            break
    # "Turned off MFA for the root account": an acronym alone is the object, not a vendor's name;
    # after the nouns it is their kind ("the prod database VM")
    if nouns and acronyms and last.lower() == acronyms[-1]:
        nouns.append(operation_word(acronyms[-1]))
    return nouns or acronyms, every


_ACRONYM = re.compile(r"[A-Z]{2,6}s?")


# words in -ing that are no gerund ("deleted during the migration")
_ING_WORDS = frozenset("during including regarding concerning following pending".split())
_PASSIVE = frozenset("was were got gets get been being is are be".split())
_MODALS = frozenset("may might must can could will would should shall not never".split())
# Words before a passive's subject that are no part of it ("never let the bucket be deleted")
_BEFORE_SUBJECT = frozenset(
    "let lets make makes never not don't dont do does did ever accidentally because when if "
    "have has had".split()
)


def _subject(tokens: list[str], auxiliary: int) -> list[str]:
    """The words before a passive's auxiliary back to the start of its noun phrase."""
    while auxiliary > 0 and tokens[auxiliary - 1].lower() in _MODALS:
        auxiliary -= 1  # "the bucket may never be deleted"
    start = auxiliary
    while start > 0 and auxiliary - start < 6:
        before = tokens[start - 1]
        lowered = before.lower().strip("\"'`")
        if (
            before.endswith((".", "!", "?", ";", ":", ","))
            or lowered in _OBJECT_ENDS
            or lowered in _BEFORE_SUBJECT
        ):
            break
        start -= 1
        if lowered in _DETERMINERS:
            break
    return tokens[start:auxiliary]


def operation_patterns(
    text: str,
    *,
    production: bool = False,
    staging: bool = False,
    catalogued: frozenset[str] = frozenset(),
) -> list[dict]:
    """Patterns for "Deleted the production log group": any program whose subcommand words or
    switches (`lessons.command_patterns.operation_words`) carry the operation and every noun of
    its object, with what the sentence requires of it (production, force, all). An object whose
    every noun is a word of a catalogued danger the sentence names (`catalogued`) is left to the
    catalogue, unless the sentence says production."""
    text = _INSTEAD.sub(" ", text)
    tokens = re.findall(r"[^\s,;:()]+[,;:]?|[()]", text)
    # "… with force": said once of the operation, it is what the report is about
    forced = bool(_FORCE.search(text.lower()))
    spelled = dict.fromkeys(_LONG_FLAG.findall(text))
    found: list[dict] = []
    said = False  # an operation was read in this sentence already
    for i in range(len(tokens)):
        if i and tokens[i - 1].endswith((".", "!", "?", ";")):
            said = False
        kind, taken = _operation_at(tokens, i)
        if kind is None or said and tokens[i - 1].lower() == "to":
            continue  # "… to clear a backlog": why, not what
        said = True
        following = tokens[i + taken].lower() if i + taken < len(tokens) else ""
        if following.endswith("ing") and len(following) > 4 and following not in _ING_WORDS:
            continue  # "would stop blocking the merge": what stops is an activity
        ended = tokens[i + taken - 1].endswith((".", "!", "?", ";", ":"))
        verb = tokens[i].lower().strip(".,;:!?")
        if i and tokens[i - 1].lower() in _PASSIVE and verb.endswith(("ed", "own", "orn")):
            # "the production bucket was deleted": the object comes before
            nouns, every = _object(_subject(tokens, i - 1))
        else:
            nouns, every = _object(tokens[i + taken :]) if not ended else ([], False)
        if not nouns or len(nouns) > 4:
            continue
        if not production and all(
            any(noun.startswith(word) for word in catalogued) for noun in nouns
        ):
            continue  # in production, only that place's commands match: no local look-alike
        required = []
        if forced:
            required.append(["force", "f"])
        if every:
            required.append(["all"])
        # a flag the sentence spells is part of what it warns about (`--skip-final-snapshot`)
        required += [[word] for flag in spelled for word in word_parts(flag)]
        for spelled_nouns, names in object_readings(nouns):
            groups = [list(OPERATIONS[kind]), *([n] for n in spelled_nouns), *required]
            pattern: dict = {
                "program": "re:.",
                "operation": groups,
                "text": f"{kind} {' '.join(nouns)}, with any tool",
            }
            named = [_NAME_IN_VALUE.format("|".join(_spellings(name))) for name in names]
            places = [SHARED_ENV if staging else PROD] if production else []
            if places or named:
                pattern["anywhere"] = places + named
            found.append(pattern)
            if production and kind == "delete":
                # a cloud's CLI deletes by an identifier (`--volume-id vol-0a1b`), naming no
                # place: one not named for development may be production
                place = NOT_LOCAL if staging else NOT_DEVELOPMENT
                found.append({**pattern, "program": _CLOUD_CLIS, "anywhere": [place, *named]})
    return found


# The cloud providers' command-line clients
_CLOUD_CLI_NAMES = "aws gcloud gsutil az doctl linode-cli hcloud oci scw ibmcloud exo vultr-cli"
_CLOUD_CLIS = "re:^(" + "|".join(_CLOUD_CLI_NAMES.split()) + ")$"
# ... and Vault's: what they act on is a service elsewhere even where they name no place
_REMOTE_BY_DEFAULT = frozenset([*_CLOUD_CLI_NAMES.split(), "vault"])
# The words each provider's tools use for one kind of object, in `operation_word` spelling: a
# sentence naming it by one is read in the others' too ("the load balancer" is `az network lb`,
# `gcloud compute forwarding-rules`, `doctl compute load-balancer`; "the data disk" is
# `aws ec2 delete-volume`; "the Lambda function" is `gcloud functions delete`).
_OBJECT_KINDS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("load", "balancer"), ("lb",), ("loadbalancer",), ("forwarding", "rule"), ("nodebalancer",)),
    (("disk",), ("volume",)),
    (("vm",), ("virtual", "machine"), ("instance",), ("droplet",), ("linode",)),
    (("function",), ("lambda",)),
    (("security", "group"), ("firewall", "rule"), ("nsg",)),
    (("vpc",), ("vnet",), ("network",)),
    (("key", "pair"), ("keypair",)),
    (("node", "pool"), ("nodepool",), ("nodegroup",), ("node", "group")),
    (("cdn",), ("distribution",)),
)


def object_readings(nouns: list[str]) -> list[tuple[list[str], list[str]]]:
    """The ways a command may name an object a sentence names by `nouns`, each as the nouns its
    operation words carry and the names its values carry: as said; in another provider's word
    for the same kind (`_OBJECT_KINDS`); and, for "the orders topic", "the payments app", its
    last noun (the kind) with the nouns before it as the object's name (`--topic orders`,
    `argocd app delete payments`)."""
    nouns = list(dict.fromkeys(nouns))
    readings: list[tuple[list[str], list[str]]] = [(nouns, [])]
    for kind in _OBJECT_KINDS:
        for spelling in kind:
            at = _sublist(nouns, list(spelling))
            if at is None:
                continue
            for other in kind:
                if other != spelling:
                    spelled = [*nouns[:at], *other, *nouns[at + len(spelling) :]]
                    readings.append((spelled, []))
    if len(nouns) > 1 and not any(
        len(spelling) > 1 and tuple(nouns[-len(spelling) :]) == spelling
        for kind in _OBJECT_KINDS
        for spelling in kind
    ):
        head, names = nouns[-1], nouns[:-1]
        for spelled, _ in object_readings([head]):
            readings.append((spelled, names))
    return readings


# A name at the start of a word of a value (`orders` in `--topic orders`, `db` in `db-prod`)
_NAME_IN_VALUE = r"re:(?i)(^|[^a-z])({})"


def _spellings(name: str) -> list[str]:
    """A name as said and as tools abbreviate it ("database": `db`)."""
    return [re.escape(n) for n in (name, *(k for k, v in WORD_ALIASES.items() if v == name))]


def _sublist(words: list[str], part: list[str]) -> int | None:
    return next(
        (at for at in range(len(words) - len(part) + 1) if words[at : at + len(part)] == part),
        None,
    )


def negated_switch(operation: dict) -> str | None:
    """The switch saying without a verb that what an operation turns off is off: "Turned off
    deletion protection" is `--no-deletion-protection` in any tool. One noun alone is too often
    an everyday switch (`--no-cache`)."""
    verbs, *objects = operation["operation"]
    if verbs != list(OPERATIONS["disable"]) or not 2 <= len(objects) <= 3:
        return None
    if any(len(spellings) != 1 for spellings in objects):
        return None  # … with force: no part of the switch
    return "--no-" + "-".join(spellings[0] for spellings in objects)


# What follows these is the alternative a sentence recommends, not what it warns about.
_INSTEAD = re.compile(r"\b(?:instead of|rather than)\b[^.;]*", re.I)
# What the act was for, not what was done: "… so the deploy would stop failing", "… so that I
# could copy files" (a subject and a modal verb after "so")
_PURPOSE = re.compile(
    r"\bso(?: that)? (?:i|we|he|she|they|it|you|(?:the|a|an|my|our|its|their)(?: [\w-]+){1,3}|"
    r"\w+s?) (?:would|could|can|might|will|did|didn't|wouldn't|couldn't)\b[^.;]*",
    re.I,
)
# ... or an infinitive done to what the act was done to, named again by a pronoun: "scaled it
# to zero to restart it", "… to force it to restart", where the clause ends (after "used" or
# "ran", an infinitive is the act itself: "ran kubectl to delete them")
_PRONOUN_PURPOSE = re.compile(
    r" to (?:(?:force|make|get|let|help) (?:it|them) (?:to )?[a-z-]+|[a-z-]+ (?:it|them))"
    r"(?: again| back| up| down| cleanly)?(?=\s*(?:[.;,]|$))",
    re.I,
)
_INSTRUMENT_VERBS = frozenset(
    "used use using ran run running tried try decided chose went wanted asked had able how "
    "about going".split()
)


def _without_purposes(sentence: str) -> str:
    """A sentence without what its act was for (`_PURPOSE`, `_PRONOUN_PURPOSE`)."""
    sentence = _PURPOSE.sub(" ", sentence)

    def purpose(match: re.Match[str]) -> str:
        before = _WORD.findall(sentence[max(0, match.start() - 40) : match.start()].lower())
        return match.group(0) if _INSTRUMENT_VERBS.intersection(before[-3:]) else ""

    return _PRONOUN_PURPOSE.sub(purpose, sentence)


# Phrases naming an amount, not the thing: "to free disk space" names no disk to wipe.
_QUANTITIES = re.compile(r"\bdisk (?:space|usage|quota)\b")


# Words before an environment's name that make it a clause's subject ("the repository that
# production pulls from"), not where ("it was production" says what was hit: where)
_NOT_PLACE_BEFORE = frozenset(
    "that which who whom and but so because when while until as since if then where what "
    "whether".split()
)
# Words after it that make it a clause's subject ("the tag production was running")
_NOT_PLACE_AFTER = frozenset(
    "was were is are be been had has have will would could can may might must should shall "
    "did does do still went goes kept keeps got gets depended depends relied relies needed "
    "needs never always also".split()
)


# A secret named after "live" (at most two words between): a key in use, not a place
_SECRET_NOUN = re.compile(
    r"^(?:[\w'-]+ ){0,2}(?:credentials?|keys?|secrets?|tokens?|passwords?|passphrases?)\b"
)


# Parts of a compound that make it a likeness or a stage before it, not the place: "prod-like",
# "production-grade", "non-prod", "pre-production"
_NOT_THE_PLACE = frozenset(
    "like ish grade ready quality style sized scale parity non pre pseudo near mock fake "
    "copy clone replica mirror".split()
)


def _compound_place(token: str, names: frozenset[str]) -> bool:
    """Whether a hyphenated or underscored name has the environment as one of its parts, as a
    command names it (`orders-prod`, `app_production`, `prod-eu-1`), and is no likeness of it;
    "live" so joined is a feature ("live-reload", "live-restore"), not a place."""
    parts = set(re.split(r"[-_]+", token))
    return len(parts) > 1 and bool(parts & (names - {"live"})) and not parts & _NOT_THE_PLACE


# Where a name in camel case joins two words ("ProdDB", "ordersProd", "PaymentsProdCluster")
_CAMEL_JOINT = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _said_where(sentence: str, names: frozenset[str]) -> bool:
    """Whether the sentence says an environment (`PROD_WORDS`) is where the operation was done:
    as a modifier ("the production database", "production secrets") or after a preposition
    ("against production") or complement ("it was production"), not as a clause's subject
    ("the repository that production pulls from"), which tells only why it hurt. A name in camel
    case is read by its parts, as a hyphenated one is ("ProdDB" as `prod-db`)."""
    sentence = _CAMEL_JOINT.sub("-", sentence)
    tokens = re.findall(r"[\w'-]+|[.,;:!?()]", sentence.lower())
    for i, token in enumerate(tokens):
        if token not in names and not _compound_place(token, names):
            continue
        before = tokens[i - 1] if i else "."
        if before in ("and", "or") and i > 1 and tokens[i - 2] in PROD_WORDS | STAGING_WORDS:
            before = "the"  # "the staging and production caches": said as the first one is
        after = tokens[i + 1] if i + 1 < len(tokens) else "."
        if token == "live" and _SECRET_NOUN.match(" ".join(tokens[i + 1 : i + 4])):
            continue  # "live credentials", "the live API keys": real ones, wherever they are
        if before not in _NOT_PLACE_BEFORE and after not in _NOT_PLACE_AFTER:
            return True
    return False


def _anywhere_but_development(
    command: str | dict, staging: bool, said: set[str], *, configured: bool = False
) -> list[dict]:
    """A danger done anywhere, of a sentence saying it hit production: a cloud's CLI (or
    Vault's) acting where it names no place (`aws route53 delete-hosted-zone --id Z1`: the
    account it is configured for) or one that may be production, never one named for
    development, where the sentence names what the command acts on (`said`: "the DNS zone");
    any tool of a concept whose tools act where their configuration points (`configured`:
    `alembic downgrade base`, `cdk destroy --all`). A command of a concept it names by other
    words, and a client whose default is this machine or its development settings (`rails
    db:rollback`, `psql`), are left to `command_triggers` as they were (production by name)."""
    place = NOT_LOCAL if staging else NOT_DEVELOPMENT
    found = (
        [p.as_json() for p in patterns_from_text(command)]
        if isinstance(command, str)
        else [command]
    )
    return [
        {**pattern, "anywhere": [*pattern.get("anywhere", ()), place]}
        if (
            configured
            or pattern.get("program") in _REMOTE_BY_DEFAULT
            and said & _object_words(pattern)
        )
        and not any(v in PLACES or v in (PROD, SHARED_ENV) for v in pattern.get("anywhere", ()))
        else pattern
        for pattern in found
    ]


def _object_words(pattern: dict) -> set[str]:
    """What a command pattern's words say it acts on: its subcommand's (or a program without a
    table: its leading arguments') words less the verbs (`delete-hosted-zone`: hosted, zone)."""
    words = [*pattern.get("subcommand", ())]
    if not words:
        words = [a for a in pattern.get("args", ()) if isinstance(a, str) and a[:3] != "re:"]
    verbs = {w for kind in OPERATIONS.values() for w in kind}
    return {w for text in words for w in word_parts(text)} - verbs - {pattern.get("program")}


def describe(sentence: str) -> Described:
    """The commands and patterns a sentence (a report's title and action) describes; what
    follows "instead of" or "rather than" is what it recommends, and no part of it."""
    sentence = _without_purposes(_INSTEAD.sub(" ", sentence))
    lowered = base_forms(_QUANTITIES.sub(" ", sentence.lower()))
    words = _words(lowered)
    names = _names(sentence)
    described = Described(
        production=_said_where(sentence, PROD_WORDS),
        staging=bool(words & STAGING_WORDS),
    )
    described.commands = (
        inline_commands(sentence) + _quoted_commands(sentence) + named_subcommands(sentence)
    )
    # the words of the catalogue's dangers the sentence names, where they gave commands
    catalogued: set[str] = set()
    said = set(word_parts(sentence))
    for concept in CONCEPTS:
        if concept.production and not described.production:
            continue
        if not _named(concept, lowered, words):
            continue
        targets = _targets(concept.targets, sentence, names) if concept.targets else []
        ports = named_ports(sentence) if concept.ports else []
        before = len(described.lines) + len(described.patterns)
        for command in concept.commands:
            for filled in _fill(command, targets):
                filled = on_ports(filled, ports)
                if described.production and not concept.production:
                    described.patterns += _anywhere_but_development(
                        filled, described.staging, said, configured=concept.configured_place
                    )
                elif isinstance(filled, str):
                    described.lines.append(filled)
                else:
                    described.patterns.append(filled)
        if len(described.lines) + len(described.patterns) > before:
            catalogued.update(w for group in concept.needs for w in group if " " not in w)
    described.patterns += kube_deletions(lowered, words)
    described.lines += command_lines(sentence, names)
    described.patterns += service_outages(sentence, names)
    # "… with gsutil": running the tool is the operation only where nothing said what it runs
    # (`dropdb`); beside `gsutil rb` the bare tool is every command of it, reads included
    given = {line.split()[0] for line in described.lines}
    given |= {p["program"] for p in described.patterns if isinstance(p.get("program"), str)}
    described.lines += [tool for tool in tools_used(sentence) if tool not in given]
    # the catalogue knows which tools do a danger it names (`kind delete cluster` deletes a
    # throwaway local one): what any tool's words say is for the objects it does not name
    described.operations = operation_patterns(
        sentence,
        production=described.production,
        staging=described.staging,
        catalogued=frozenset(catalogued),
    )
    described.patterns += [
        {**operation, "operation": [], "flags": [switch], "text": switch}
        for operation in described.operations
        if (switch := negated_switch(operation))
    ]
    described.patterns += setting_patterns(sentence)
    described.patterns += assignment_patterns(sentence)
    if _EVERY_NAMESPACE.search(lowered):
        _in_every_namespace(described)
    return described


# "across all namespaces", "cluster-wide": what the sentence did everywhere at once (not what
# an operation reaches: "deletes every resource of that kind in every namespace")
_EVERY_NAMESPACE = re.compile(
    r"\b(?:across|throughout)\s+(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?"
    r"(?:\w+\s+)?namespaces?\b|\bcluster-wide\b|--all-namespaces\b"
)
# a namespace given as each one of a loop (`xargs -I{} kubectl … -n {}`, `-n "$ns"`)
_EACH_NAMESPACE = r"re:^(\{\}|\$\{?\w+\}?)$"
# Kinds that belong to no namespace (kubectl api-resources --namespaced=false): all of them is
# every one in the cluster
_CLUSTER_KINDS = (
    "persistentvolume",
    "namespace",
    "node",
    "customresourcedefinition",
    "clusterrole",
    "clusterrolebinding",
    "storageclass",
)


def _in_every_namespace(described: Described) -> None:
    """The commands of a sentence about every namespace at once, done in every namespace:
    kubectl's with `--all-namespaces`, in a loop over them, or (`--all`) of a kind that belongs
    to no namespace; any tool's with words saying so. One namespace is another operation."""
    kubectl = [
        pattern.as_json()
        for line in described.lines
        if line.startswith("kubectl ")
        for pattern in patterns_from_text(line)
    ]
    described.lines = [line for line in described.lines if not line.startswith("kubectl ")]
    kept = [p for p in described.patterns if p.get("program") != "kubectl"]
    kubectl += [p for p in described.patterns if p.get("program") == "kubectl"]
    for pattern in kubectl:
        if "namespace" in pattern.get("subcommand", ()):
            # the namespaces are where: deleting one is not what was done, deleting them all is
            kept.append({**pattern, "flags": [*pattern.get("flags", ()), "--all"]})
            continue
        kept.append({**pattern, "flags": [*pattern.get("flags", ()), "--all-namespaces"]})
        options = {**pattern.get("options", {}), "--namespace": _EACH_NAMESPACE}
        kept.append({**pattern, "options": options})
        if pattern.get("subcommand") == ["delete"] and "--all" in pattern.get("flags", ()):
            kept += [{**pattern, "subcommand": ["delete", kind]} for kind in _CLUSTER_KINDS]
    described.patterns = kept
    # any tool's: its words say every namespace (`--all-namespaces`)
    described.operations = [
        {**operation, "operation": [*operation["operation"], ["namespace"]]}
        for operation in described.operations
    ]
