"""Shell commands as the anti-pattern guard reads them: the commands a line runs, each with its
program, subcommand, flags (as a set, in one spelling) and arguments.

`lessons.shell_syntax` finds the simple commands of a line. Here what does not change the
meaning is stripped — `VAR=value` prefixes, `sudo` and its options (remembered as `sudo`), `env`,
`command`, `nohup`, `time`, `exec`, `nice`, `timeout 30`, `xargs` — and commands that run another
are opened: `bash -c '…'`, `su -c`, `eval`, `ssh host '…'`, `docker exec c …`, `docker run image
…`, `kubectl exec pod -- …`, `find -exec … ;`, `poetry run …`, `ansible all -m shell -a '…'`. A
`cd DIR` earlier in the line is remembered, so `cd /srv && rm -rf data` removes `/srv/data`.

Flags are read with the program's table (`command_tables`): `-rf` is `--recursive --force` for
`rm`, `-u postgres` a value of `sudo`; `--x=false` is `--no-x`; a refspec `+main` is `--force`
for `git push`; a mode `a+rwx` is `0777` for `chmod` (and `umask 000` leaves `0777`);
`kubectl delete ns/x` deletes a namespace and `-A` acts in any namespace; a ufw rule names its
source (none: any address); `kill -9 -1` signals pid -1; `-u 0` is root; `HEAD^` is `HEAD~1`;
the values inside an AWS CLI structure (`CidrIp=0.0.0.0/0`) are the option's values. A script
downloaded and run in the same line is a download piped into a shell. Other spellings of the
same danger are added as equivalent commands (`command_equivalents`).
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, replace

from lessons.command_equivalents import (
    rest_call_command,
    sql_invocations,
    statements_run,
    with_equivalents,
)
from lessons.command_tables import (
    ARG_SYNONYMS,
    CLI_VERBS,
    COMMAND_OPTIONS,
    COMMAND_WORDS,
    EMPTY,
    FALSE_WORDS,
    GLOBAL_DEFUSING,
    GLOBAL_NOISE,
    HELP_WORDS,
    INSECURE_FLAGS,
    INTERPRETER_VALUES,
    INTERPRETERS,
    KNOWN_PROGRAMS,
    KUBE_ALL,
    KUBE_KINDS,
    KUBE_RESOURCE_VERBS,
    PREFIX_POSITIONALS,
    PREFIXES,
    PRIVILEGE,
    PROGRAM_ALIASES,
    PROGRAMS,
    RUNNERS,
    SERVICE_NAMES,
    SHELLS,
    SIGNALS,
    SQL_CLIENTS,
    TERMINALS,
    TRUE_WORDS,
    UNLISTED,
    Spec,
    disabled_settings,
    mode_bits,
    normalize_mode,
    spec_of,
)
from lessons.invocation import PLACEHOLDER_WORD, Invocation
from lessons.shell_syntax import (
    APPENDS,
    PIPELINES,
    STDIN,
    WRITES,
    RawCommand,
    home,
    normalize_path,
    raw_commands,
    unquote,
)
from lessons.sql_statements import looks_like_sql

__all__ = ["Invocation", "invocations", "mode_bits", "normalize_mode", "normalize_path", "unquote"]

MAX_DEPTH = 4  # `bash -c "ssh h 'sudo sh -c …'"`: deeper nesting is not read

# A loopback address (RFC 1122 127.0.0.0/8, RFC 4291 ::1), bare or in a URL (JDBC's too), with a
# user or port
LOOPBACK = re.compile(
    r"^(?:jdbc:)?(?:[a-z][\w+.-]*://)?(?:[^@/\s]*@)?(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)"
    r"(?::\d+)?(?P<rest>[/?#].*)?$",
    re.I,
)


def beyond_loopback(value: str) -> str | None:
    """What a value names besides a loopback address, for a command run elsewhere (in a
    container, a pod, on another host), where that address is the place's own and says nothing
    of where it is: `mongodb://localhost/shop_test` names `shop_test`, `localhost:9092` nothing
    (None); any other value is itself."""
    found = LOOPBACK.match(value.strip("'\""))
    if found is None:
        return value
    return (found.group("rest") or "").lstrip("/?#") or None


# --- program names -------------------------------------------------------------------------------

# a program installed under its version (`python3.12`, `pip3`, `helm3`, `terraform1.5`,
# `kubectl1.29`, `go1.22.1`, as distributions and version managers name them side by side)
_VERSIONED = re.compile(
    r"^(python|pip|ruby|node|perl|php|psql|pg_dump|helm|terraform|kubectl|go)[0-9.]*(-[0-9.]+)?$"
)


_CMDLET = re.compile(r"[A-Z][a-z]+-[A-Z][A-Za-z]+")
_PACKAGE_VERSION = re.compile(r"(?<=\w)@[\w.^~*<>=-]+$")


# `$(which rm)`, `$(command -v rm)`: the program found on the PATH, run by its full path
_LOOKED_UP = re.compile(r"^(?:\$\(|`)\s*(?:which|command\s+-v|type\s+-P)\s+([\w.+-]+)\s*[)`]$")


def spec_name(word: str) -> str:
    """The name whose table reads the word's options (`mkfs.xfs` has its own)."""
    looked_up = _LOOKED_UP.match(word)
    if looked_up:
        word = looked_up.group(1)
    name = posixpath.basename(word.rstrip("/")) or word
    name = name.removesuffix(".exe")
    name = _PACKAGE_VERSION.sub("", name)  # `npx vercel@latest`: the package's own program
    if _CMDLET.fullmatch(name):
        name = name.lower()  # PowerShell's cmdlets ignore case (`Remove-Item`, `remove-item`)
    versioned = _VERSIONED.match(name)
    if versioned:
        name = versioned.group(1)
    if name in PROGRAMS:
        return name
    return PROGRAM_ALIASES.get(name, name)


def program_name(word: str) -> str:
    name = spec_name(word)
    name = PROGRAM_ALIASES.get(name, name)
    if name in SHELLS:
        return "sh"  # `curl … | bash` and `curl … | sh` run the same thing
    return name


# --- reading the words of one program ------------------------------------------------------------

# ssh's `-o Key=yes` settings that one of its flags also sets
SSH_SETTING_FLAGS = {"forwardagent": "--forward-agent", "forwardx11": "--forward-x11"}


def _merge(parent: Spec, child: Spec | None) -> Spec:
    if child is None:
        child = EMPTY
    return Spec(
        aliases={**parent.aliases, **child.aliases},
        values=parent.values | child.values,
        attached=parent.attached | child.attached,
        noise=parent.noise | child.noise,
        defusing=parent.defusing | child.defusing,
        widening=parent.widening | child.widening,
        essential=parent.essential | child.essential,
        implies={**parent.implies, **child.implies},
        single_dash_long=parent.single_dash_long or child.single_dash_long,
        path_args=child.path_args,
        subcommands=child.subcommands,
        nested=child.nested,
        command_after=child.command_after,
        sub_aliases=child.sub_aliases,
        value_default=parent.value_default or child.value_default,
        verb_path=parent.verb_path,
        depth=parent.depth,
    )


@dataclass
class Reading:
    subcommand: tuple[str, ...]
    flags: set[str]
    options: dict[str, list[str]]
    args: list[str]
    spec: Spec
    loose: set[str]
    negated: set[str]
    kinds: tuple[str, ...] = ()  # kubectl's further kinds (`_kube`)


_SUBCOMMAND_WORD = re.compile(r"[A-Za-z][\w:.-]*")
# A single-dash word of a program the tables do not list that cannot be a bundle of one-letter
# flags: Go's flag package and Java's tools spell every flag with one dash (`-tls-skip-verify`,
# `keytool -delete`, `flyway -configFiles=…`): a dash inside, a capital after a small letter,
# or five letters or more (`-rf`, `-xvz`, `set -euxo` stay bundles).
_WHOLE_SINGLE_DASH = re.compile(r"-[A-Za-z][A-Za-z0-9]*(-[\w-]+|[a-z][A-Z]\w*)|-[a-z]{5,}")
_VERSION_WORD = re.compile(r"[vV]?\d+(\.[\w*]+)+([-+][\w.-]+)?|[vV]?\d+|latest|stable")


def go_long_flag(flag: str) -> str:
    """A whole single-dash flag (as `read_words` reads one for a program the tables do not
    list) in its two-dash spelling: Go's flag package takes `-purge` and `--purge` alike, so a
    report written one way stands for the other (a bundle of letters, `-rf`, stays as it is)."""
    return "-" + flag if _WHOLE_SINGLE_DASH.fullmatch(flag) else flag


def read_words(name: str, words: list[str]) -> Reading:
    """Subcommand, flags, options and arguments of a program's words, read with its table."""
    spec = spec_of(name)
    subcommand: list[str] = []
    expect_sub = spec.subcommands is not None
    flags: set[str] = set()
    options: dict[str, list[str]] = {}
    args: list[str] = []
    loose: set[str] = set()
    negated: set[str] = set()
    i, ended = 0, False

    def add(flag: str, value: str | None = None) -> None:
        if " " in flag:  # an alias for several flags (`git branch -D`)
            flags.update(flag.split())
            return
        lowered = (value or "").strip().lower()
        if (
            value is not None
            and flag not in spec.values
            and flag not in spec.attached
            # `--retention=0` is a number, as `--retention 0` is; a digit is a switch's state
            # only for a flag the table knows as a switch (`--privileged=0`)
            and (not lowered.isdigit() or flag in spec.aliases.values())
        ):
            if lowered in FALSE_WORDS:  # `--privileged=false`: the flag is off
                negated.add(flag)
                flags.discard(flag)
                if flag.startswith("--"):
                    flags.add("--no-" + flag[2:])
                return
            if lowered in TRUE_WORDS:
                value = None
        if flag.startswith("--no-"):
            flags.discard("--" + flag[5:])
        flags.add(flag)
        negated.discard(flag)
        if value is not None:
            options.setdefault(flag, []).append(value)
        elif (
            i < len(words)
            and not words[i].startswith("-")
            and flag not in spec.aliases.values()
            and flag not in spec.attached
        ):
            loose.add(flag)

    def takes_value(flag: str) -> bool:
        if flag in spec.values:
            return True
        if flag == "--version" and i < len(words) and _VERSION_WORD.fullmatch(words[i]):
            return True  # `--version 1.2.3` chooses a version; alone, `--version` prints one
        known = flag in spec.aliases.values() or flag in spec.attached
        return (
            (spec.value_default or i < len(words) and PLACEHOLDER_WORD in words[i])
            and not known
            and flag.startswith("--")
            and i < len(words)
            and not words[i].startswith("-")
        )

    while i < len(words):
        word = words[i]
        i += 1
        is_number = re.fullmatch(r"-\d+(\.\d+)?", word) and word not in spec.aliases
        if ended or word == "-" or not word.startswith("-") or is_number:
            if expect_sub and _SUBCOMMAND_WORD.fullmatch(word):
                word = spec.sub_aliases.get(word, word)
                parent = spec
                subcommand.append(word)
                child = (parent.subcommands or {}).get(word)
                spec = _merge(parent, child)
                if parent.verb_path:
                    expect_sub = word.lower() not in CLI_VERBS
                else:
                    expect_sub = word in parent.nested or (
                        child is not None and bool(child.subcommands)
                    )
                if spec.depth:
                    expect_sub = len(subcommand) < spec.depth
                elif parent.verb_path and len(subcommand) >= 5:
                    expect_sub = False
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
            elif takes_value(flag) and i < len(words):
                add(flag, words[i])
                i += 1
            else:
                add(flag)
            continue
        first = spec.aliases.get(word[:2], word[:2])
        attached_value = first in spec.values or first in spec.attached
        name_part = word.partition("=")[0]
        if (
            spec.single_dash_long
            or spec is UNLISTED
            and _WHOLE_SINGLE_DASH.fullmatch(name_part)
            or word in spec.aliases
            or name_part in spec.aliases
            and len(name_part) > 2
            or "=" in word
            and not attached_value
        ):
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
                    add(flag, attached.removeprefix("=") if flag in spec.values else attached)
                elif flag in spec.values and i < len(words):
                    add(flag, words[i])
                    i += 1
                else:
                    add(flag)
                break
            add(flag)
    for flag in list(flags):
        flags.update(spec.implies.get(flag, ()))
    return Reading(tuple(subcommand), flags, options, args, spec, loose, negated)


# --- one command, normalised ---------------------------------------------------------------------

# Word rewrites before reading: the management forms of docker, `yarn global add`.
_REWRITES: dict[str, dict[tuple[str, ...], tuple[str, ...]]] = {
    "docker": {
        **{
            ("container", verb): (verb,)
            for verb in (
                "run create exec kill stop start restart logs inspect cp commit export "
                "attach rename update top port pause unpause wait diff stats"
            ).split()
        },
        ("container", "rm"): ("rm",),
        ("container", "remove"): ("rm",),
        ("container", "ls"): ("ps",),
        ("container", "list"): ("ps",),
        ("container", "ps"): ("ps",),
        ("image", "rm"): ("rmi",),
        ("image", "remove"): ("rmi",),
        ("image", "ls"): ("images",),
        ("image", "list"): ("images",),
        **{
            ("image", verb): (verb,)
            for verb in "build push pull tag save load history import inspect".split()
        },
        ("builder", "build"): ("build",),
        ("buildx", "build"): ("build",),
        # `docker compose run web …` runs a one-off container of a service, as `docker run`
        # does: its mounts, user and command read the same
        ("compose", "run"): ("run",),
        # `docker compose build` builds a service's image as `docker build` does, with the
        # same --build-arg (compose's CLI reference)
        ("compose", "build"): ("build",),
    },
    # fastlane runs an action as `fastlane run match_nuke` or `fastlane match_nuke`; the
    # action `match_nuke` is `match nuke` (fastlane's docs)
    "fastlane": {
        ("run", "match_nuke"): ("match", "nuke"),
        ("match_nuke",): ("match", "nuke"),
    },
    # Hadoop's FileSystemShell: `hadoop fs` runs the commands `hdfs dfs` does
    "hdfs": {("fs",): ("dfs",)},
    # OpenShift's `oc adm drain` (and cordon, uncordon, taint) is kubectl's node command
    **{
        program: {("adm", verb): (verb,) for verb in "drain cordon uncordon taint".split()}
        for program in ("kubectl", "oc")
    },
    # a release track runs the same command in its newer version: `gcloud beta sql instances
    # delete` deletes as `gcloud sql instances delete` does
    "gcloud": {(track,): () for track in ("alpha", "beta", "preview")},
    # `npm set k v` and `npm get k` are `npm config set k v` and `npm config get k` (npm-config(1))
    "npm": {("set",): ("config", "set"), ("get",): ("config", "get")},
    "yarn": {
        # yarn 2+ runs the registry commands as `yarn npm publish`, `yarn npm unpublish`
        **{("npm", verb): (verb,) for verb in "publish unpublish login logout tag info".split()},
        ("global", "add"): ("install", "--global"),
        ("global", "remove"): ("uninstall", "--global"),
        ("global", "upgrade"): ("update", "--global"),
    },
}
# JavaScript package managers read as npm (`pnpm add -g x` is `npm install -g x`).
_NPM_LIKE = frozenset({"yarn", "pnpm", "bun"})
# The commands of npm, yarn (1 and berry), pnpm and bun (their `help` lists): any other first
# word runs a script or a binary of the project.
_PACKAGE_MANAGER_COMMANDS = frozenset(
    """access add adduser audit autoclean bin bugs build cache check ci completion config
    constraints create dedupe deploy deprecate diff dist-tag dlx docs doctor edit env exec
    explain explore fetch find-dupes fund generate-lock-entry get global help help-search hook
    i import info init install install-ci-test install-test licenses link list ln login logout
    ls node npm org outdated owner pack patch patch-commit ping pkg plugin pm policies prefix
    profile prune publish query rebuild recursive remove repo restart rm root run run-script
    sbom search server set set-script setup shrinkwrap star stars start stop store tag team
    test token uninstall unlink unplug unpublish unstar up update upgrade upgrade-interactive
    version versions view whoami why workspace workspaces x""".split()
)


def _runs_package_binary(word: str) -> bool:
    return (
        not word.startswith("-")
        and word not in _PACKAGE_MANAGER_COMMANDS
        and re.fullmatch(r"[a-z@][\w@./:-]*", word) is not None
    )


def _rewrite(name: str, words: list[str]) -> list[str]:
    table = _REWRITES.get(name)
    if not table:
        return words
    spec = spec_of(name)
    i = 0
    while i < len(words) and words[i].startswith("-"):
        flag = spec.aliases.get(words[i], words[i])
        i += 2 if flag in spec.values and "=" not in words[i] else 1
    for prefix, replacement in table.items():
        if tuple(words[i : i + len(prefix)]) == prefix:
            return words[:i] + list(replacement) + words[i + len(prefix) :]
    return words


# A setting (key=value, environment variable) that turns verification off when false...
_VERIFY_KEY = re.compile(
    r"(?i)(ssl|tls|https|cert(ificate)?s?|peer)[_.:-]*(verify|verification|validation|"
    r"check(ing)?|validate)|(verify|validate|check)[_.:-]*(ssl|tls|certs?|peer|host)|"
    r"strict[_.-]?ssl|reject[_.-]?unauthorized|httpsverify"
)
# ... or when true.
_NOVERIFY_KEY = re.compile(
    r"(?i)(no|skip|disable|ignore)[_.-]*(ssl|tls|cert|certificate)[_.-]*(verify|verification|"
    r"validation|check)?|insecure|ssl[_.-]*no[_.-]*verify|disable[_.-]*connection[_.-]*verification"
)
# Settings that skip the commit hooks, as the hook managers document them: husky's `HUSKY=0`,
# lefthook's `LEFTHOOK=0`, overcommit's `OVERCOMMIT_DISABLE=1`, and pre-commit's and
# overcommit's `SKIP=hook-id,…` (any hook named is skipped; None: any value but an empty one);
# git's own `-c core.hooksPath=/dev/null`.
_HOOK_SKIPS: dict[str, frozenset[str] | None] = {
    "husky": FALSE_WORDS,
    "husky_skip_hooks": TRUE_WORDS,
    "skip_hooks": TRUE_WORDS,
    "lefthook": FALSE_WORDS,
    "overcommit_disable": TRUE_WORDS,
    "skip": None,
}
_HOOKED = frozenset({"commit", "push", "merge", "rebase", "am", "cherry-pick"})


def _settings(
    inv_env: dict[str, str], options: dict[str, list[str]], args: list[str], subcommand: tuple
):
    """(key, value) pairs the command sets: environment, `-c k=v`, `-o k=v`, `config set k v`."""
    yield from inv_env.items()
    for flag in ("-c", "-o", "--config", "--set", "--setopt", "--conf", "--option"):
        for value in options.get(flag, ()):
            found = re.match(r"\s*([^=\s]+)\s*(?:=|\s)\s*(.*)", value)
            if found:
                yield found.group(1), found.group(2)
    if not {"config", "set", "--set"} & set(subcommand):
        return
    words = [a for a in args if not a.startswith("-")]
    for k, word in enumerate(words[:-1]):
        if "=" in word:
            key, _, val = word.partition("=")
            yield key, val
        else:
            yield word, words[k + 1]
    if words and "=" in words[-1]:
        key, _, val = words[-1].partition("=")
        yield key, val


def _environment_flags(
    program: str, env: dict[str, str], spec: Spec, options: dict[str, list[str]]
) -> set[str]:
    """Flags set through the environment, as tools document them: `PIP_BREAK_SYSTEM_PACKAGES=1
    pip install` is `pip install --break-system-packages` (`<PROGRAM>_<FLAG>`, npm's
    `npm_config_<flag>`), when the value is true; an option taking a value takes the variable's
    (`PIP_INDEX_URL=URL pip install x` is `pip install --index-url URL x`), added to `options`."""
    found: set[str] = set()
    stem = re.sub(r"[^a-z0-9]", "_", program.lower())
    for key, value in env.items():
        lowered = key.lower()
        for prefix in (f"{stem}_config_", f"{stem}_"):
            if lowered.startswith(prefix) and len(lowered) > len(prefix) + 1:
                flag = "--" + lowered[len(prefix) :].replace("_", "-")
                flag = spec.aliases.get(flag, flag)
                text = value.strip().strip("\"'")
                if flag in spec.values and text:
                    options.setdefault(flag, []).append(text)
                    found.add(flag)
                elif text.lower() in TRUE_WORDS:
                    found.add(flag)
                break
    return found


def _insecure(settings) -> bool:
    for key, value in settings:
        lowered = str(value).strip().strip("\"'").lower()
        if _NOVERIFY_KEY.search(key):
            # `auth/disable_ssl_validation False` leaves verification on
            if lowered in TRUE_WORDS:
                return True
            continue
        if _VERIFY_KEY.search(key) and (lowered in FALSE_WORDS or lowered == ""):
            return True
    return False


def _volume_source(value: str) -> str:
    """`/var/run/docker.sock:/var/run/docker.sock:ro` -> `/var/run/docker.sock`; what a
    container sees of the host is what makes a mount dangerous."""
    return _host_path(value.split(":", 1)[0] if ":" in value else value)


def _mount_source(value: str) -> str | None:
    fields = dict(part.partition("=")[::2] for part in value.split(","))
    source = fields.get("source") or fields.get("src")
    return _host_path(source) if source else None


# Podman's API socket (rootful or rootless) speaks Docker's API, as podman reads as docker:
# `/run/podman/podman.sock` hands out the host as `/var/run/docker.sock` does.
_ENGINE_SOCKET = re.compile(
    r"^(?:/var)?/run/(?:user/\d+/)?(?:podman/podman|docker)\.sock$|"
    r"^\$\{?XDG_RUNTIME_DIR\}?/(?:podman/podman|docker)\.sock$"
)


def _host_path(path: str) -> str:
    """`/run/docker.sock` is `/var/run/docker.sock`: `/var/run` is a link to `/run` (FHS 3.0);
    podman's API socket is the docker socket."""
    if _ENGINE_SOCKET.match(path):
        return "/var/run/docker.sock"
    if path == "/run" or path.startswith("/run/"):
        return "/var" + path
    return path


_KUBE_LISTING = re.compile(r"^(?:\$\(|`)\s*kubectl\s+(?:-\S+\s+\S+\s+)*get\s+([a-z][\w.-]*)")


def _kube_listing(arg: str) -> str | None:
    """The kind a `$(kubectl get KIND …)` argument lists, in its singular name."""
    found = _KUBE_LISTING.match(arg)
    if found is None:
        return None
    kind = found.group(1).split(",")[0].split(".")[0].lower()
    return KUBE_KINDS.get(kind, kind)


def _kube(reading: Reading) -> None:
    """`kubectl delete ns/x` and `kubectl delete namespaces x` delete a namespace: the kind is
    part of the subcommand, in its singular name. `-A` acts in every namespace, so also in any
    one (`-n`)."""
    args = []
    for arg in reading.args:
        if "/" in arg and not arg.startswith(("/", ".", "~")):
            kind, _, name = arg.partition("/")
            args += [kind, name]
        else:
            args.append(arg)
    sub = reading.subcommand
    listed = _kube_listing(args[0]) if args else None
    if sub and sub[-1] in KUBE_RESOURCE_VERBS and listed is not None:
        # `kubectl delete $(kubectl get crd -o name)`: the listing's kind is what it deletes
        reading.subcommand = (*sub, listed)
    elif sub and sub[-1] in KUBE_RESOURCE_VERBS and args and not args[0].startswith("-"):
        # `kubectl delete svc,pods --all` acts on each kind listed; the category `all` on each
        # of its kinds
        kinds = [k.split(".")[0].lower() for k in args[0].split(",") if k] or [args[0]]
        kinds = [KUBE_KINDS.get(k, k) for k in kinds]
        reading.subcommand = (*sub, kinds[0])
        further = [*kinds[1:], *(KUBE_ALL if "all" in kinds else ())]
        reading.kinds = tuple(dict.fromkeys(k for k in further if k not in (kinds[0], "all")))
        args = args[1:]
    reading.args = args
    if "--all-namespaces" in reading.flags:
        # every namespace: what a command in one (`-n <namespace>`) does, everywhere
        reading.flags.add("--namespace")


_UFW_ACTIONS = frozenset({"allow", "deny", "reject", "limit"})
_UFW_KEYWORDS = {"from": "--from", "to": "--to", "port": "--port", "proto": "--proto"}
_UFW_WORDS = frozenset({"in", "out", "on", "log", "log-all", "app", "comment"})


def _ufw_rule(reading: Reading) -> None:
    """A ufw rule (ufw(8)), `ufw [route] [insert N | prepend] allow [in|out [on IF]] [proto P]
    [from A [port P]] [to A [port P]]` or `ufw allow PORT[/PROTO]`, read into `--from`, `--to`,
    `--port` and `--proto`; a rule naming no source or destination means any address."""
    words = [*reading.subcommand, *reading.args]
    while words and words[0] in ("route", "prepend", "insert"):
        words = words[2:] if words[0] == "insert" else words[1:]
    if not words or words[0] not in _UFW_ACTIONS:
        return
    action, rest = words[0], words[1:]
    options: dict[str, list[str]] = {}
    args: list[str] = []
    k = 0
    while k < len(rest):
        word = rest[k].lower()
        flag = _UFW_KEYWORDS.get(word)
        if flag and k + 1 < len(rest):
            options.setdefault(flag, []).append(rest[k + 1])
            k += 2
            continue
        if word in ("on", "app", "comment") and k + 1 < len(rest):
            k += 2
        elif word in _UFW_WORDS:
            k += 1
        else:
            args.append(rest[k])
            k += 1
    if args and re.fullmatch(r"[\d:,]+(/\w+)?", args[0]):  # the short form: `ufw allow 22/tcp`
        port, _, proto = args.pop(0).partition("/")
        options.setdefault("--port", []).append(port)
        if proto:
            options.setdefault("--proto", []).append(proto)
    options.setdefault("--from", ["any"])
    options.setdefault("--to", ["any"])
    reading.subcommand = (action,)
    reading.args = args
    reading.options.update(options)
    reading.flags.update(options)


_SHORTHAND_VALUE = re.compile(r"\w+=([^,\[\]{}=]+)")
_JSON_VALUE = re.compile(r'"[^"]*"\s*:\s*(?:"([^"]*)"|(-?\d+(?:\.\d+)?))')


def _aws_structure(value: str) -> list[str]:
    """The values inside a structured AWS CLI parameter, in its shorthand syntax
    (`IpProtocol=tcp,IpRanges=[{CidrIp=0.0.0.0/0}]`) or JSON: each is a value of the option."""
    if value.lstrip().startswith(("[", "{")) and '"' in value:
        return [text or number for text, number in _JSON_VALUE.findall(value)]
    if "=" in value and ("," in value or "[" in value or "{" in value):
        return [v.strip() for v in _SHORTHAND_VALUE.findall(value)]
    return []


_SCHEMELESS_URL = re.compile(
    r"(localhost|\d{1,3}(?:\.\d{1,3}){3}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(:\d{1,5})(/\S*)?"
    r"|(localhost|\d{1,3}(?:\.\d{1,3}){3}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/\S*"
)


# Search APIs whose calls act on a search's server-side cursor, never on data: Elasticsearch's and
# OpenSearch's scroll (`DELETE /_search/scroll/_all` clears every scroll context), point in time
# (`DELETE /_pit`) and async search (`DELETE /_async_search/<id>`)
_CURSOR_ENDPOINT = re.compile(
    r"(?i)^(?:[a-z][\w+.-]*://)?[^/\s]*/(?:_search/scroll|_pit|_async_search)(?:[/?#]|$)"
)
# The pseudo-flag of a REST call to such an endpoint: it defuses a report of deleting data
CURSOR_ONLY = "--cursor-only"


# Verification switches as code spells them, and the setting each is.
_CODE_SETTINGS = {
    "verify": "ssl_verify",
    "check_hostname": "ssl_verify",
    "rejectunauthorized": "reject_unauthorized",
    "insecureskipverify": "insecure",
}
_CODE_SETTING = re.compile(
    r"\b(verify|check_hostname|rejectUnauthorized|InsecureSkipVerify)\s*[=:]\s*['\"]?(\w+)",
    re.I,
)


def _tar_letters(words: list[str]) -> list[str]:
    """`tar czf x.tgz dir` is `tar -czf x.tgz dir`."""
    if (
        words
        and re.fullmatch(r"[A-Za-z]*[ctxruA][A-Za-z]*", words[0])
        and not words[0].startswith("-")
    ):
        return ["-" + words[0], *words[1:]]
    return words


def _signal_words(words: list[str]) -> list[str]:
    """`-9`, `-KILL`, `-SIGKILL` are `--signal=KILL`; only the first such word names the
    signal: after it `-1` is a process id (kill(1): every process the user may signal)."""
    out: list[str] = []
    named = False
    for word in words:
        if not named and re.fullmatch(r"-(\d+|[A-Z][A-Z0-9+-]*)", word):
            out.append(f"--signal={word[1:]}")
            named = True
        else:
            named = named or word in ("-s", "-n", "--signal") or word.startswith("--signal=")
            out.append(word)
    return out


_INIT_SCRIPT = re.compile(r"^/etc/(?:rc\.d/)?init\.d/[\w.@-]+$")


def normalize(raw: RawCommand, word0: str, words: list[str], sudo: bool, env: dict) -> Invocation:
    """One command read with its program's table, in canonical spellings."""
    reader = spec_name(word0)
    name = program_name(word0)
    if name == "docker-compose":
        name, reader, words = "docker", "docker", ["compose", *words]
    if name in _NPM_LIKE:
        words = _rewrite(name, words)
        name = reader = "npm"
        if not words or words[0].startswith("-"):
            words = ["install", *words]  # a bare `yarn` installs
    if name == "uv" and words[:1] == ["pip"]:
        name, reader, words = "pip", "pip", words[1:]
    if _INIT_SCRIPT.match(word0) or name == "invoke-rc.d":
        # service(8) runs the System V init script: `/etc/init.d/ssh stop` (sudo'd or not) and
        # Debian's `invoke-rc.d ssh stop` are `service ssh stop`
        unit = [] if name == "invoke-rc.d" else [posixpath.basename(word0)]
        name, reader, words = "service", "service", [*unit, *words]
    if name in ("kill", "pkill", "killall"):
        words = _signal_words(words)
    if name == "tar":
        words = _tar_letters(words)
    if name in ("cargo", "rustc", "rustup") and words[:1] and words[0].startswith("+"):
        words = words[1:]  # `cargo +stable publish`: the toolchain chosen for this run
    words = _rewrite(name, words)
    reading = read_words(reader if reader in PROGRAMS else name, words)
    flags, options, args, spec = reading.flags, reading.options, reading.args, reading.spec
    if name in ("curl", "wget"):
        # a URL without a scheme is fetched over http (curl(1): "defaults to HTTP")
        args = [f"http://{a}" if _SCHEMELESS_URL.fullmatch(a) else a for a in args]
    if name == "wget":  # read as curl: `wget -qO- URL` prints like `curl URL`
        name = "curl"
        output = options.pop("--output-document", None)
        flags.discard("--output-document")
        if output and output != ["-"]:
            options["--output"] = output
            flags.add("--output")
        # wget(1)'s `--method=DELETE` and `--post-data=…` are curl's `-X DELETE` and `-d …`
        for own, curls in (
            ("--method", "--request"),
            ("--post-data", "--data"),
            ("--body-data", "--data"),
        ):
            values = options.pop(own, None)
            flags.discard(own)
            if values:
                upper = [v.upper() for v in values] if own == "--method" else values
                options[curls] = [*options.get(curls, []), *upper]
                flags.add(curls)
    elif name == "mvn" and "--define" in options:
        # `mvn release:perform -Darguments="-DskipTests"`: the release plugin passes the
        # properties of `arguments` on to the build it forks (maven-release-plugin's docs)
        for value in list(options["--define"]):
            key, _, inner = value.partition("=")
            if key == "arguments":
                options["--define"] += [w[2:] for w in inner.split() if w.startswith("-D")]
    elif name == "fastlane" and reading.subcommand[:1] == ("match",):
        # `fastlane match nuke type:development` is `fastlane match nuke development`
        args = [a.removeprefix("type:") for a in args]
    elif name == "sh":
        args = args[1:] if args[:1] == ["-"] else args
    elif name == "systemctl":
        args = [_service(a) for a in args]
    elif name == "ssh" and args and "@" in args[0] and "-l" not in options:
        user, _, host = args[0].rpartition("@")  # `root@host` is `-l root host`
        if user != PLACEHOLDER_WORD:  # a report's `<user>@` is any user, ssh's default too
            options["-l"] = [user]
            flags.add("-l")
        args = [host, *args[1:]]
    elif name in ("kill", "pkill", "killall"):
        _signal(flags, options)
    elif name == "kubectl":
        _kube(reading)
        args = reading.args
    elif name == "ufw":
        _ufw_rule(reading)
        args = reading.args
    elif name == "vault" and reading.subcommand[:1] == ("kv",) and options.get("-mount"):
        # vault kv: `-mount=secret app/db` names the secret `secret/app/db`, the path the
        # command takes without -mount
        mount = options.pop("-mount")[-1].strip("/")
        flags.discard("-mount")
        at = next((k for k, a in enumerate(args) if a not in _KV_VERBS and "=" not in a), None)
        if at is not None:
            args = [*args[:at], f"{mount}/{args[at].lstrip('/')}", *args[at + 1 :]]
    elif name == "aws":
        for option, values in options.items():
            options[option] = [*values, *(part for v in values for part in _aws_structure(v))]
    elif name == "docker":
        if "--volume" in options:
            options["--volume"] = [_volume_source(v) for v in options["--volume"]]
        for mount in options.pop("--mount", []):
            source = _mount_source(mount)
            if source:
                options.setdefault("--volume", []).append(source)
                flags.add("--volume")
    elif name in ("ssh", "scp", "sftp") and "-o" in options:
        options["-o"] = [re.sub(r"^\s*([\w-]+)\s*(?:=|\s)\s*", r"\1=", v) for v in options["-o"]]
        for setting in options["-o"]:  # `-o ForwardAgent=yes` is `-A`
            key, _, value = setting.lower().partition("=")
            flag = SSH_SETTING_FLAGS.get(key)
            if flag and value in TRUE_WORDS:
                flags.add(flag)
            if key == "user" and name == "ssh" and "-l" not in options:
                options["-l"] = [setting.partition("=")[2]]  # `-o User=root` is `-l root`
                flags.add("-l")
    if name == "git" and reading.subcommand[:1] == ("checkout",) and _checkout_paths(words, args):
        # `git checkout -- .` discards changes to paths, as `git restore .` does
        reading.subcommand = ("restore",)
    args = [_substitution(_uri(a)) for a in args]
    options = {k: [_uri(v) for v in vs] for k, vs in options.items()}
    for user_option in ("--user", "-u"):
        if user_option in options and name in ("docker", "kubectl", "podman", "sudo", "su"):
            # uid 0 is root (`docker exec -u 0`, `--user 0:0`)
            options[user_option] = [
                "root" if re.fullmatch(r"#?0(:0)?", v) else v for v in options[user_option]
            ]
    if name == "git":
        args = [_revision(a) for a in args]
    if name == "gh" and reading.subcommand == ("api",) and args[:1] != ["graphql"]:
        # gh-api(1): the endpoint is a path under the API's root, with or without its slash
        args = [args[0].lstrip("/"), *args[1:]] if args else args
    if reading.subcommand[-2:] == ("config", "set") and len(args) == 1 and "=" in args[0]:
        args = args[0].split("=", 1)  # `npm config set key=value` is `… set key value`
    if name in ARG_SYNONYMS:
        args = [ARG_SYNONYMS[name].get(a.lower(), a) for a in args]
    if name == "git" and reading.subcommand[:1] == ("push",):
        args = _refspecs(args, flags)
    elif name == "chmod" and args and "--reference" not in flags:
        args = [normalize_mode(args[0]), *args[1:]]
    elif name == "umask" and args and re.fullmatch(r"[0-7]{1,4}", args[0]):
        # the mode new files get: `umask 000` leaves 0777, as `chmod 777` grants it
        args = [f"={0o777 & ~int(args[0], 8):04o}", *args[1:]]
    elif name == "dd":
        for arg in list(args):
            key, eq, value = arg.partition("=")
            if eq:
                options.setdefault(key, []).append(normalize_path(value))
                flags.add(key)
                args.remove(arg)
    working = _WORKING_DIRECTORY.get(name)
    if working and raw.cwd and working not in options:
        # `cd / && tar -xf x.tar` extracts where `tar -xf x.tar -C /` does
        options[working] = [normalize_path(raw.cwd)]
        flags.add(working)
    if spec.path_args:
        start = 1 if name in ("chmod", "chown", "chgrp") else 0
        args = args[:start] + [normalize_path(a, raw.cwd) for a in args[start:]]
    else:
        args = [home(a) for a in args]
    for target, value in raw.redirects:
        value = value if target == STDIN else normalize_path(value, raw.cwd)
        if target == APPENDS:
            flags.add(APPENDS)
            target = WRITES
        options.setdefault(target, []).append(value)
        flags.add(target)
    settings = list(_settings(env, options, args, reading.subcommand))
    if name in INTERPRETERS:
        # code handed to an interpreter that turns verification off (`requests.get(url,
        # verify=False)`, `rejectUnauthorized: false`, `InsecureSkipVerify: true`)
        code = " ".join(v for f in ("-c", "-e", "--eval", "-p") for v in options.get(f, ()))
        settings += [(_CODE_SETTINGS[k.lower()], v) for k, v in _CODE_SETTING.findall(code)]
    if name in ("export", "declare", "typeset", "setenv", "setx"):
        # `export NODE_TLS_REJECT_UNAUTHORIZED=0`: what later commands run with
        settings += [tuple(a.split("=", 1)) for a in args if "=" in a]
    flags |= _environment_flags(name, env, spec, options)
    disabled = disabled_settings(settings)
    flags |= disabled
    verify_off = name == "http" and any(
        v.lower() in FALSE_WORDS for v in options.get("--verify", [])
    )
    if flags & INSECURE_FLAGS or verify_off or _insecure(settings):
        flags.add("--insecure")
    if name == "git" and reading.subcommand[:1] and reading.subcommand[0] in _HOOKED:
        for key, value in settings:
            lowered, state = key.lower(), value.strip().strip("\"'").lower()
            hooks_off = lowered == "core.hookspath" and value in ("/dev/null", "")
            if lowered in _HOOK_SKIPS:
                skips = _HOOK_SKIPS[lowered]
                hooks_off = bool(state) if skips is None else state in skips
            if hooks_off:
                flags.add("--no-verify")
    noise = GLOBAL_NOISE | spec.noise
    defusing = spec.defusing | (GLOBAL_DEFUSING - spec.values - spec.attached)
    defused = {f for f in flags if f in defusing}
    if "--version" in options:
        defused.discard("--version")  # `--version=1.2.3` chooses what to act on
    if "--dry-run" in options and all(v.lower() in FALSE_WORDS for v in options["--dry-run"]):
        defused.discard("--dry-run")  # `--dry-run=none` runs it
    if reading.subcommand[:1] and reading.subcommand[0] in HELP_WORDS:
        defused.add("--help")
    if name == "aws" and args[-1:] == ["help"]:
        defused.add("--help")  # `aws rds delete-db-instance help` shows the page (aws help)
    if "--worktree" in flags:
        defused.discard("--staged")  # `git restore --staged --worktree` discards both
    if name in ("curl", "http") and any(_CURSOR_ENDPOINT.match(a) for a in args):
        flags.add(CURSOR_ONLY)
        defused.add(CURSOR_ONLY)
    return Invocation(
        program=name,
        subcommand=reading.subcommand,
        flags=frozenset(f for f in flags if f not in noise),
        options={k: v for k, v in options.items() if k not in noise},
        args=args,
        sudo=sudo,
        env=dict(env),
        text=raw.text,
        pipeline=raw.pipeline,
        substituted=raw.substituted,
        defused=frozenset(defused),
        loose=frozenset(reading.loose),
        widening=frozenset(flags) & spec.widening | disabled,
        essential=spec.essential,
        cwd=raw.cwd or "",
        kinds=reading.kinds,
    )


# vault kv's verbs (`vault kv metadata delete`): the words before a secret's path
_KV_VERBS = frozenset("get put patch delete undelete destroy rollback list metadata".split())


# Schemes that name the same thing (libpq: "postgresql:// or postgres://").
_SCHEMES = re.compile(r"^postgresql(?=(\+\w+)?://)", re.I)


def _uri(value: str) -> str:
    """A connection URI in one spelling: `postgresql://…` is `postgres://…`."""
    return _SCHEMES.sub("postgres", value) if "://" in value else value


_CARETS = re.compile(r"^([\w./@{}-]*?)(\^+)$")


def _revision(arg: str) -> str:
    """`HEAD^` and `HEAD^^` are `HEAD~1` and `HEAD~2` (gitrevisions(7))."""
    found = _CARETS.match(arg)
    if found is None or not found.group(1):
        return arg
    return f"{found.group(1)}~{len(found.group(2))}"


def _service(unit: str) -> str:
    name = unit.removesuffix(".service")
    return SERVICE_NAMES.get(name.lower(), name)


# The option naming the directory a program works in, which `cd DIR &&` also sets
_WORKING_DIRECTORY = {"tar": "--directory", "make": "--directory", "unzip": "-d"}


def _checkout_paths(words: list[str], args: list[str]) -> bool:
    return bool(args) and ("--" in words or all(a == "." or "/" in a or "*" in a for a in args))


_INNER = re.compile(r"^\$\((.+)\)$|^`(.+)`$", re.S)


def _substitution(arg: str) -> str:
    """`$(docker ps -aq)` and `$(docker ps -a -q)` print the same: an argument that is a
    command's output is compared by the command, in its canonical spelling."""
    inner = _INNER.match(arg)
    if inner is None:
        return arg
    found = [
        inv
        for inv in invocations(inner.group(1) or inner.group(2), depth=MAX_DEPTH)
        if not inv.wrapper
    ]
    if not found:
        return arg
    first = found[0]
    # a listing's `--all` only widens what it hands on: `rmi $(images)` removes every image
    # with or without `images -a`; what narrows it (`--filter`, a name) stays
    flags = sorted(first.flags - _LISTING_WIDENS) if first.flags & _LISTING_WIDENS else first.flags
    words = [first.program, *first.subcommand, *sorted(flags), *first.args]
    return "$(" + " ".join(words) + ")"


_LISTING_WIDENS = frozenset({"--all"})


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


# --- opening what runs another command -----------------------------------------------------------


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


_SUBSTITUTION = re.compile(r"\s*(?:\$\(|<\()(.*)\)\s*|\s*`(.*)`\s*", re.S)


@dataclass
class _Context:
    raw: RawCommand
    depth: int
    sudo: bool
    env: dict[str, str]

    def line(self, text: str, *, via: Sequence[str] = ()) -> list[Invocation]:
        """The commands a nested line runs (`bash -c '…'`), where they run: `via`, the words of
        the container, pod or host a wrapper runs them in (`docker exec kafka …`), none here."""
        found = invocations(text, depth=self.depth + 1, sudo=self.sudo)
        elsewhere = bool(via) and not any(LOOPBACK.match(v) for v in via)
        for inv in found:
            own = inv.via
            if elsewhere:
                # where a client there connects (`psql -h localhost` in a pod) is that place
                own = [w for w in map(beyond_loopback, own) if w is not None]
            inv.via = [*via, *own]
            inv.env = {**self.env, **inv.env}  # `RAILS_ENV=x bundle exec rails …`: inherited
            if inv.pipeline is None and self.raw.pipeline is not None:
                # `docker exec web curl -fsSL URL | sh`: what a wrapped command prints leaves
                # through its wrapper, into the wrapper's pipeline
                inv.pipeline = self.raw.pipeline
        return found

    def wrapper(self, word0: str, rest: list[str]) -> Invocation:
        invocation = normalize(self.raw, word0, rest, self.sudo, self.env)
        invocation.wrapper = True
        return invocation


def _open(raw: RawCommand, words: list[str], *, depth: int, sudo: bool, env: dict) -> list:
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
    if i == len(words) and words and program_name(words[-1]) == "env" and i > 0:
        words = words[-1:]  # `env` alone prints the environment
    else:
        words = words[i:]
    if not words:
        return []
    ctx = _Context(raw, depth, sudo, env)
    word0, rest = words[0], words[1:]
    name = program_name(word0)

    if name in ("pwsh", "powershell") and rest:
        # pwsh(1): -Command (any prefix of it down to -c) runs the rest of the line
        at = next((k for k, w in enumerate(rest) if _POWERSHELL_COMMAND.fullmatch(w)), None)
        if at is not None and at + 1 < len(rest):
            return [ctx.wrapper(word0, rest), *ctx.line(" ".join(rest[at + 1 :]))]
    if name in INTERPRETERS and rest:
        opened = _open_shell(ctx, word0, rest)
        if opened is not None:
            return opened
    if name in ("su", "runuser") and "-c" in rest:
        at = rest.index("-c")
        if at + 1 < len(rest):
            return [ctx.wrapper(word0, rest), *ctx.line(rest[at + 1])]
    if name in ("eval", "source", ".") and rest and _SUBSTITUTION.fullmatch(rest[0]):
        # `eval "$(curl …)"`, `source <(curl …)`: what the command prints, the shell runs
        return _open_shell(ctx, "sh", ["-c", rest[0]]) or []
    if name == "eval" and rest:
        return ctx.line(" ".join(rest))  # eval joins its words and runs that
    if name == "ssh":
        j = _skip_options(rest, 0, PROGRAMS["ssh"].values)
        remote = rest[j + 1 :]
        if remote[:1] == ["--"]:
            remote = remote[1:]  # `ssh host -- cmd`: the end of ssh's own options
        if remote:  # ssh joins its words into one line for the remote shell
            line = " ".join(remote)
            return [ctx.wrapper(word0, rest), *ctx.line(line, via=[rest[j]])]
    if name == "find":
        for flag in ("-exec", "-execdir", "-ok", "-okdir"):
            if flag in rest:
                at = rest.index(flag)
                end = next((k for k in range(at, len(rest)) if rest[k] in (";", "+")), len(rest))
                found = normalize(raw, word0, rest[:at] + rest[end + 1 :], sudo, env)
                # `{}` stands for what find found: under its starting points
                roots = found.args or ["."]
                command = [roots[0] if w == "{}" else w for w in rest[at + 1 : end]]
                found.wrapper = True
                return [found, *ctx.line(shlex.join(command))]
    if name == "git":
        foreach = _submodule_command(rest)
        if foreach is not None:
            # `git submodule foreach [--recursive] <command>`: the shell runs it in every submodule
            return [ctx.wrapper(word0, rest), *ctx.line(foreach)]
    if name == "python":
        for k, word in enumerate(rest):
            if word == "-m" and k + 1 < len(rest):  # `python -m pip` is `pip`
                return _open(raw, rest[k + 1 :], depth=depth, sudo=sudo, env=env)
            if word == "-c" or not word.startswith("-"):
                break
    if name in INTERPRETERS and rest:
        # `php -S 0.0.0.0:8000 -t dir`: the interpreter's own options that take a value too
        j = _skip_options(rest, 0, INTERPRETER_VALUES | spec_of(name).values)
        reads_code = {"-c", "-e", "-E", "-m", "--eval", "-p", "-s", "-", "-i"} & set(rest[:j])
        own_command = name in _NPM_LIKE and rest[j : j + 1] and not _runs_package_binary(rest[j])
        if j < len(rest) and not reads_code and not rest[j].startswith("-") and not own_command:
            # `python manage.py flush` and `./manage.py flush` are the same program; bun's own
            # commands (`bun publish`, `bun add`) are its package manager's, not a script
            return [normalize(raw, rest[j], rest[j + 1 :], sudo, env)]
    if name == "java" and "-jar" in rest[:-1]:
        # `java -Xmx2g -jar bfg-1.14.0.jar --delete-files id_rsa`: the jar is the program, the
        # words after it are its own (java(1): "-jar filename … the remaining arguments are
        # passed to the main method")
        at = rest.index("-jar")
        program = _jar_program(rest[at + 1])
        if program:
            return [ctx.wrapper(word0, rest), *ctx.line(shlex.join([program, *rest[at + 2 :]]))]
    if name in _NPM_LIKE and rest[:1] and _runs_package_binary(rest[0]):
        # `yarn prisma db push`, `pnpm drizzle-kit push`: a word that is no command of the
        # package manager runs the project's script or binary of that name
        return [ctx.wrapper(word0, rest), *ctx.line(shlex.join(rest))]
    if name in RUNNERS:
        opened = _open_runner(ctx, word0, rest)
        if opened is not None:
            return opened
    invocation = normalize(raw, word0, rest, sudo, env)
    result = [invocation]
    carried = _carried_command(name, rest)
    if carried:
        invocation.wrapper = True
        if name in TERMINALS:
            return [invocation, *ctx.line(carried)]  # a terminal of this machine runs it here
        # where the wrapper runs it is where it acts (`heroku run -a shop-prod …`)
        where = [v for values in invocation.options.values() for v in values if v != carried]
        return [invocation, *ctx.line(carried, via=[*invocation.args[:1], *where])]
    rest_call = rest_call_command(invocation)
    if rest_call is not None and depth < MAX_DEPTH:
        result += ctx.line(rest_call)  # the command the REST call amounts to
    inner: list[str] | None = None
    if invocation.program == "docker" and invocation.subcommand[-1:] in (
        ("exec",),
        ("run",),
        ("create",),
    ):
        inner = invocation.args[1:] or None  # the command after the container or image
        if inner and invocation.subcommand[-1:] != ("exec",) and inner[0].startswith("-"):
            # options after the image are its entrypoint's: `docker run flyway/flyway -url=…
            # clean` runs flyway, the program the image is named after
            inner = [_image_program(invocation.args[0]), *inner]
    elif invocation.program == "kubectl" and invocation.subcommand[:1] in (
        ("exec",),
        ("run",),
        ("debug",),
    ):
        inner = rest[rest.index("--") + 1 :] if "--" in rest else None
    elif invocation.program == "ansible":
        module = (invocation.options.get("--module-name") or ["command"])[0]
        if module in (
            "shell",
            "command",
            "raw",
            "ansible.builtin.shell",
            "ansible.builtin.command",
        ):
            code = invocation.options.get("--args")
            if code:
                invocation.wrapper = True
                return result + ctx.line(code[0], via=invocation.args[:1])
    elif invocation.program == "rsync" and "--rsh" in invocation.options:
        result += ctx.line(f"{invocation.options['--rsh'][0]} {_remote_host(invocation.args)}")
    if inner:
        invocation.wrapper = True
        target = invocation.args[:1] + [v for vs in invocation.options.values() for v in vs]
        result += ctx.line(shlex.join(inner), via=target)
    for variable in ("GIT_SSH_COMMAND", "GIT_SSH", "RSYNC_RSH"):
        if variable in env and depth < MAX_DEPTH:
            result += ctx.line(f"{env[variable]} {_remote_host(invocation.args)}")
    return result


# `[user@]host:path` (scp, rsync, git) and `ssh://[user@]host[:port]/path`
_REMOTE = re.compile(r"^(?:ssh://([^/\s]+?)(?::\d+)?/|(?!\w+://)([^/:\s]+):)")


def _remote_host(args: list[str]) -> str:
    """The `[user@]host` an ssh carried by rsync or git connects to (the remote of its
    arguments), so that ssh reads the user it logs in as."""
    for arg in args:
        found = _REMOTE.match(arg)
        if found:
            return found.group(1) or found.group(2)
    return "host"


_POWERSHELL_COMMAND = re.compile(r"(?i)-c(o(m(m(a(n(d)?)?)?)?)?)?")


def _shell_options(rest: list[str]) -> list[str]:
    """A shell's bundled options split (`bash -lc '…'`, `sh -ec '…'`: `-c` among them)."""
    out: list[str] = []
    for k, word in enumerate(rest):
        if not word.startswith("-") or word == "--":
            return out + rest[k:]
        if re.fullmatch(r"-[A-Za-z]*c[A-Za-z]*", word) and word != "-c":
            out += [f"-{letter}" for letter in word[1:]]
        else:
            out.append(word)
    return out


def _open_shell(ctx: _Context, word0: str, rest: list[str]) -> list[Invocation] | None:
    """`bash -c '…'` runs its text; `sh -c "$(curl …)"`, `bash <(curl …)` and
    `python3 -c "$(curl …)"` run what the command in them prints."""
    if program_name(word0) in SHELLS:
        rest = _shell_options(rest)
    code = next((f for f in ("-c", "-e", "--eval") if f in rest), None)
    at = rest.index(code) + 1 if code else _skip_options(rest, 0, INTERPRETER_VALUES)
    source = rest[at] if at < len(rest) else ""
    fed = _SUBSTITUTION.fullmatch(source)
    if fed:
        # `sh -c "$(curl …)"`, `bash <(curl …)`: what the command prints, the shell runs
        producers = ctx.line(fed.group(1) or fed.group(2))
        shell = normalize(ctx.raw, word0, rest, ctx.sudo, ctx.env)
        shell.flags = frozenset()  # it runs what it was fed, as `curl … | sh` does
        number = next(PIPELINES)
        for position, producer in enumerate(producers):
            producer.pipeline = (number, position)
        shell.pipeline = (number, len(producers))
        shell.args = []
        return [*producers, shell]
    if code == "-c" and source and program_name(word0) == "sh":
        return [ctx.wrapper(word0, rest), *ctx.line(source)]
    return None


def _image_program(image: str) -> str:
    """`flyway/flyway:10` -> `flyway`, `registry.io/bitnami/kubectl@sha256:…` -> `kubectl`."""
    name = image.split("@", 1)[0].rsplit("/", 1)[-1]
    return name.split(":", 1)[0]


def _submodule_command(rest: list[str]) -> str | None:
    """The command of `git [options] submodule [--quiet] foreach [--recursive] <command>`, as the
    line git hands to the shell (its words joined, as git does), or None."""
    if "submodule" not in rest:
        return None
    at = rest.index("submodule") + 1
    while at < len(rest) and rest[at] in ("-q", "--quiet"):
        at += 1
    if rest[at : at + 1] != ["foreach"]:
        return None
    at += 1
    while at < len(rest) and rest[at] in ("--recursive", "-q", "--quiet"):
        at += 1
    return " ".join(rest[at:]) or None


# what a jar's file name adds to its program's name: a version, a packaging (`-all`, `-cli`).
# A version's parts hold no separator (`-1` `.14` `.0`), so a name splits one way only: with
# `[\w.]*` they could split `.1.1.1…` in exponentially many ways (seconds from 60 characters).
_JAR_SUFFIX = re.compile(
    r"(?i)([-_.](v?\d[^\W_]*|cli|commandline|all|standalone|shaded|jar-with-dependencies|"
    r"with-dependencies|executable|app|bin))*\.jar$"
)


def _jar_program(path: str) -> str:
    """The program a jar is: `bfg-1.14.0.jar` is `bfg`, `liquibase-cli.jar` is `liquibase`."""
    name = posixpath.basename(path)
    if not name.lower().endswith(".jar") or len(name) > 255:  # no file system names one longer
        return ""
    name = _JAR_SUFFIX.sub("", name)
    return name.lower() if re.fullmatch(r"[A-Za-z][\w.-]*", name) else ""


def _open_runner(ctx: _Context, word0: str, rest: list[str]) -> list[Invocation] | None:
    """`poetry run pytest`, `bundle exec rake db:drop`, `aws-vault exec prod -- terraform …`."""
    name = program_name(word0)
    reading = read_words("npm" if name in _NPM_LIKE else name, rest)  # pnpm reads as npm
    # a runner without a table (`microk8s kubectl …`): its verb is its first plain word
    verb = (reading.subcommand or reading.args or [""])[0]
    if verb not in RUNNERS[name]:
        return None
    skip = RUNNERS[name][verb]
    # `minikube kubectl -- get pods`, `corepack pnpm publish`: a verb naming a program runs it
    runs = [verb] if verb in KNOWN_PROGRAMS and verb not in PREFIXES else []
    dashes = rest.index("--") if "--" in rest else None
    handed = rest[dashes + 1 :] if dashes is not None else []
    if runs:
        # the words after it are its own (`minikube kubectl -- get pods`: after the `--`)
        after = rest[rest.index(verb) + 1 :]
        command = runs + (after[1:] if after[:1] == ["--"] else after)
    elif handed and not handed[0].startswith("-"):
        command = handed  # `aws-vault exec prod -- terraform …`
    else:
        if dashes is not None:
            # `npm exec prisma migrate reset -- --force`: the `--` only hands options on
            rest = rest[:dashes] + handed
        word = verb
        # the word as written (`pnpm dlx` reads as `exec`)
        at = (
            rest.index(word)
            if word in rest
            else next(i for i, w in enumerate(rest) if not w.startswith("-"))
        ) + 1
        at = _skip_options(rest, at, reading.spec.values)
        command = runs + rest[at + skip :]
    if not command:
        return None
    return [ctx.wrapper(word0, rest), *ctx.line(shlex.join(command))]


def _carried_command(name: str, rest: list[str]) -> str | None:
    """The command line a program runs from one of its options (`COMMAND_OPTIONS`) or from
    its words (`COMMAND_WORDS`), as a line to read; None when it carries none."""
    options = COMMAND_OPTIONS.get(name)
    if options:
        for k, word in enumerate(rest):
            flag, eq, value = word.partition("=")
            if flag in options and (eq or k + 1 < len(rest)):
                return value if eq else rest[k + 1]
        return None
    if name not in COMMAND_WORDS:
        return None
    if "--" in rest:
        return shlex.join(rest[rest.index("--") + 1 :])
    for k, word in enumerate(rest):
        first = word.split()[0] if word.split() else ""
        if word.startswith("-") or program_name(first) not in KNOWN_PROGRAMS:
            continue
        # a quoted line (`heroku run 'rm -rf x' -a app`) is the whole command
        return word if " " in word.strip() else shlex.join(rest[k:])
    return None


# --- the line ------------------------------------------------------------------------------------


# The part a command's `VAR=value` prefix plays: the variable set, as `export VAR=value` sets it
PREFIX_ASSIGNMENT = "prefix-assignment"
_SETTERS = frozenset({"export", "declare", "typeset", "setenv", "setx", "set", "env"})


def _persisted(inv: Invocation) -> list[tuple[str, str]]:
    """Variables a command sets for the commands run after it, as `export` does: `go env -w
    K=V` (go help env), `systemctl set-environment K=V` (systemctl(1)), `launchctl setenv K V`
    (launchctl(1))."""
    if inv.program == "go" and inv.args[:1] == ["env"] and "-w" in inv.flags:
        words = inv.args[1:]
    elif inv.program == "systemctl" and inv.subcommand == ("set-environment",):
        words = inv.args
    elif inv.program == "launchctl" and inv.args[:1] == ["setenv"] and len(inv.args) == 3:
        return [(inv.args[1], inv.args[2])]
    else:
        return []
    return [(key, value) for key, eq, value in (w.partition("=") for w in words) if eq and key]


def _assignments(found: list[Invocation], depth: int) -> list[Invocation]:
    """`NODE_TLS_REJECT_UNAUTHORIZED=0 npm install` and `env GOSUMDB=off go get …` set the variable
    as `export …=…` does: the setting, read as that `export` (a part of the command, so that a
    report is never generalised to it), is what a report of the `export` is about."""
    assigned: dict[tuple[str, str], None] = {}
    for inv in found:
        if inv.program not in _SETTERS and not inv.part:
            assigned.update(dict.fromkeys(inv.env.items()))
            assigned.update(dict.fromkeys(_persisted(inv)))
    if not assigned or depth >= MAX_DEPTH:
        return []
    words = " ".join(shlex.quote(f"{key}={value}") for key, value in assigned)
    return [
        replace(inv, part=PREFIX_ASSIGNMENT, text=words)
        for inv in invocations(f"export {words}", depth=depth + 1)
        if inv.program == "export"
    ]


def invocations(text: str, *, depth: int = 0, sudo: bool = False) -> list[Invocation]:
    """Every command the line runs, normalised, with its equivalent forms; [] for an empty line."""
    found: list[Invocation] = []
    if depth > MAX_DEPTH or not text.strip():
        return found
    first = text.split(None, 1)[0].lower()
    if first not in PROGRAMS and looks_like_sql(text):
        return sql_invocations(text)
    fed: list[Invocation] = []
    markers: dict[int, str] = {}
    for raw in raw_commands(text):
        opened = _open(raw, raw.words, depth=depth, sudo=sudo, env=dict(raw.env))
        if raw.words and program_name(raw.words[0]) == "xargs":
            fed += opened
            marker = _replace_string(raw.words)
            markers.update(dict.fromkeys(map(id, opened), marker) if marker else {})
        found.extend(opened)
    _xargs_feeds(found, fed, markers)
    found += _each_kind(found)
    found += _traced(found)
    found += _dpkg_runs(found)
    _stdin_feeds(found)
    found += _assignments(found, depth)
    found += _downloaded_then_run(found)
    for inv in list(found):
        if STDIN in inv.options and _runs_its_input(inv):
            # `echo 'rm -rf /srv' | sh`, `ssh host <<EOF … EOF`, `at now <<< '…'`: the shell
            # (here or remote) runs what it is handed
            for script in inv.options[STDIN]:
                ran = invocations(script, depth=depth + 1, sudo=sudo or inv.sudo)
                for each in ran:
                    each.via = (
                        [*inv.via, *inv.args[:1], *each.via] if inv.program == "ssh" else each.via
                    )
                found += ran
    found += _statements_handed(found)
    _selected_places(found)
    return with_equivalents(found)


# A tool no SQL table lists that reaches a database (`wrangler d1`, `turso db`, `heroku
# pg:psql`) and runs what it is handed (`execute`, `shell`, `--command`), as `psql -c` does
_DATABASE_WORDS = frozenset(
    "db d1 database databases sql pg postgres postgresql psql mysql".split()
)
_RUNNING_WORDS = frozenset("execute exec query shell sql psql mysql console".split())
_STATEMENT_FLAGS = frozenset({"--command", "--execute", "--query", "--sql", "-c", "-e", "-q"})


def _statements_handed(found: list[Invocation]) -> list[Invocation]:
    """The statements a database tool without a table runs, one `sql` command each (a statement
    written to a tool of another kind, `linear issue create --title 'DROP …'`, is its text)."""
    handed: list[Invocation] = []
    for inv in found:
        if inv.program in SQL_CLIENTS or inv.program == "sql" or inv.wrapper:
            continue
        values = [*inv.args, *(v for values in inv.options.values() for v in values)]
        texts = [v for v in dict.fromkeys(values) if " " in v.strip() and looks_like_sql(v)]
        if not texts:
            continue
        where = [v for v in values if v not in texts]
        # the tool's own words, not the paths, hosts and files it names (`grep … migrations/*.sql`)
        words = {
            part
            for word in (inv.program, *inv.subcommand, *where)
            if not re.search(r"[/.*=@]", word)
            for part in re.split(r"[-_:]+", word.lower())
        }
        if not words & _DATABASE_WORDS or not (
            words & _RUNNING_WORDS or inv.flags & _STATEMENT_FLAGS
        ):
            continue
        handed += statements_run(inv, texts, where)
    return handed


# Commands choosing where the tool's later commands act (a context, a workspace, a project, a
# subscription, a stack), by the words that name the choice, and the programs that then act
# there (helm uses kubectl's current context; gsutil and bq gcloud's project)
_KUBE = frozenset({"kubectl", "helm", "helmfile", "argocd"})
_SELECTORS: dict[tuple[str, ...], frozenset[str]] = {
    ("kubectl", "config", "use-context"): _KUBE,
    ("kubectl", "config", "set-context"): _KUBE,
    ("kubectl", "project"): _KUBE,  # `oc project x`
    ("kubectx",): _KUBE,
    ("kubens",): _KUBE,
    ("terraform", "workspace", "select"): frozenset({"terraform"}),
    ("terraform", "workspace", "new"): frozenset({"terraform"}),
    ("gcloud", "config", "set"): frozenset({"gcloud", "gsutil", "bq"}),
    ("gcloud", "config", "configurations", "activate"): frozenset({"gcloud", "gsutil", "bq"}),
    ("az", "account", "set"): frozenset({"az"}),
    ("pulumi", "stack", "select"): frozenset({"pulumi"}),
}


def _selected_places(found: list[Invocation]) -> None:
    """`kubectl config use-context prod && kubectl delete ns x`, `terraform workspace select prod
    && terraform destroy`, `export PGHOST=db.internal; psql …`: where an earlier command of the
    line pointed a tool is where its later commands act (their `via`, or their environment)."""
    for k, inv in enumerate(found):
        later = found[k + 1 :]
        if inv.program == "export" and inv.part != PREFIX_ASSIGNMENT:
            for name, _, value in (a.partition("=") for a in inv.args if "=" in a):
                for other in later:
                    other.env.setdefault(name, value)
            continue
        words = (inv.program, *inv.subcommand, *inv.args)
        for key, programs in _SELECTORS.items():
            if words[: len(key)] == key:
                chosen = [*words[len(key) :], *(v for vs in inv.options.values() for v in vs)]
                for other in later:
                    if other.program in programs:
                        other.via = [*other.via, *chosen]
                break


def _each_kind(found: list[Invocation]) -> list[Invocation]:
    """`kubectl delete svc,pods --all` also does a `kubectl delete pods --all`: one part for
    each further kind a kubectl command names (the kinds of `all` too)."""
    return [
        replace(inv, subcommand=(*inv.subcommand[:-1], kind), part=kind, kinds=())
        for inv in found
        for kind in inv.kinds
    ]


_DPKG_OPTION = re.compile(r"^\s*Dpkg::Options::\s*=\s*(\S+)\s*$", re.I)
# what apt has dpkg do for its commands (apt-get(8))
_APT_DPKG = {
    **dict.fromkeys(
        "install reinstall upgrade dist-upgrade full-upgrade build-dep".split(), "--install"
    ),
    **dict.fromkeys(("remove", "purge", "autoremove"), "--remove"),
}


def _dpkg_runs(found: list[Invocation]) -> list[Invocation]:
    """apt-get(8): `-o Dpkg::Options::=--force-all` hands the option to the dpkg it runs, so
    `apt-get -o Dpkg::Options::=--force-all install x` does a `dpkg --install --force-all`."""
    parts = []
    for inv in found:
        action = (
            _APT_DPKG.get(inv.subcommand[0]) if inv.program == "apt" and inv.subcommand else None
        )
        given = [
            m.group(1) for v in inv.options.get("--option", ()) if (m := _DPKG_OPTION.match(v))
        ]
        if action is None or not given:
            continue
        reading = read_words("dpkg", [action, *given])
        parts.append(
            replace(
                inv,
                program="dpkg",
                subcommand=(),
                flags=frozenset(reading.flags),
                options={},
                part="dpkg",
            )  # fmt: skip
        )
    return parts


def _xtrace(inv: Invocation) -> bool | None:
    """Whether a `set` turns the shell's trace on (`-x`, `-o xtrace`, `-euxo pipefail`) or
    off (`+x`, `+o xtrace`); None for any other command."""
    if inv.program != "set":
        return None
    if "-x" in inv.flags or "-o" in inv.flags and "xtrace" in inv.args:
        return True
    if any(a.startswith("+") and "x" in a for a in inv.args) or "xtrace" in inv.args:
        return False
    return None


def _traced(found: list[Invocation]) -> list[Invocation]:
    """bash(1): after `set -x` the shell prints each command with its words expanded before
    running it, so `set -x; curl -H "Authorization: Bearer $TOKEN" …` prints the token as
    `echo` would: one `echo` part for each command run while the trace is on."""
    tracing, printed = False, []
    for inv in found:
        switched = _xtrace(inv)
        if switched is not None:
            tracing = switched
        elif tracing and not inv.wrapper and not inv.part:
            words = [*inv.args, *(v for k, vs in inv.options.items() for v in vs if k != STDIN)]
            printed.append(
                Invocation(
                    program="echo", args=words, env=dict(inv.env), text=inv.text, part="trace"
                )
            )
    return printed


def _runs_its_input(inv: Invocation) -> bool:
    """Whether a command runs its standard input as shell commands: a shell given no script,
    `at`/`batch`, and ssh with no remote command or a remote shell (`ssh h 'bash -s'`)."""
    if inv.program == "sh":
        return not inv.args
    if inv.program in ("at", "batch"):
        return True
    if inv.program == "ssh":
        remote = " ".join(inv.args[1:]).split()
        return not remote or program_name(remote[0]) == "sh"
    return False


def _downloaded_then_run(found: list[Invocation]) -> list[Invocation]:
    """`curl -o i.sh URL && bash i.sh`, `wget URL && ./i.sh`: a script downloaded and run in
    the same line, unread, is a download piped into a shell (`curl URL | sh`)."""
    saved: dict[str, Invocation] = {}
    extra: list[Invocation] = []
    for inv in found:
        if inv.program == "curl":
            outputs = list(inv.options.get("--output", ()))
            if not outputs and inv.text.lstrip().startswith("wget"):
                # wget saves to the URL's file name
                outputs = [a.split("?")[0] for a in inv.args if "://" in a]
            for output in outputs:
                name = posixpath.basename(output.rstrip("/"))
                if name:
                    saved[name] = inv
            continue
        downloader = saved.get(inv.program)
        if downloader is None:
            continue
        number = next(PIPELINES)
        extra.append(replace(downloader, pipeline=(number, 0)))
        extra.append(
            Invocation(
                program="sh",
                sudo=inv.sudo,
                env=dict(inv.env),
                text=inv.text,
                pipeline=(number, 1),
                cwd=inv.cwd,
                expanded=True,
            )
        )
    return extra


def _replace_string(words: list[str]) -> str | None:
    """The string xargs replaces by each line it reads, given one: `-I R`, `-IR`, `-i[R]`,
    `--replace[=R]` (xargs(1); `-i` and `--replace` alone mean `{}`)."""
    i = 1
    while i < len(words) and words[i].startswith("-") and words[i] not in ("-", "--"):
        word = words[i]
        if word == "-I" and i + 1 < len(words):
            return words[i + 1]
        if word.startswith(("-I", "-i")) and len(word) > 2:
            return word[2:]
        if word in ("-i", "--replace"):
            return "{}"
        if word.startswith("--replace="):
            return word.partition("=")[2] or "{}"
        i += 2 if word in PREFIXES["xargs"] else 1
    return None


def _xargs_feeds(found: list[Invocation], fed: list[Invocation], markers: dict[int, str]) -> None:
    """`docker ps -aq | xargs docker rm -f` is `docker rm -f $(docker ps -aq)`: what the
    previous command of the pipeline prints becomes the arguments of the command xargs runs;
    with a replace string (`xargs -I{} aws s3 rb s3://{}`) it stands where that string does."""
    by_position = {inv.pipeline: inv for inv in found if inv.pipeline is not None}
    for k, inv in enumerate(found):
        if not any(inv is f for f in fed) or inv.pipeline is None:
            continue
        number, position = inv.pipeline
        own = position  # its place in the pipeline
        marker = markers.get(id(inv))
        if marker and inv.program == "kubectl" and inv.subcommand[1:2] == (marker,):
            # `… -o name | xargs -I{} kubectl delete {}`: the lines name their kind too
            inv = replace(inv, subcommand=inv.subcommand[:1], args=[marker, *inv.args])
        producer = by_position.get((number, position - 1))
        while (
            producer is not None
            and producer.program in _FILTERS
            and (number, position - 2) in by_position
        ):
            # `kubectl get crd -o name | grep istio | xargs kubectl delete`: a filter picks
            # among the items the listing before it printed, as in `$(kubectl get crd | grep …)`
            position -= 1
            producer = by_position[(number, position - 1)]
        if producer is None or producer is inv:
            continue
        filtered = position != own
        between = [by_position.get((number, p)) for p in range(position, own)]
        listing = _substitution(f"$({producer.text})")
        subcommand = _kube_fed(inv, listing)
        picked = _picked_names(producer, by_position.get((number, own - 1)), filtered)
        fed_args = [*inv.args, *picked] if subcommand != inv.subcommand and picked else []
        fed_args = fed_args or [*inv.args, listing]
        flags = inv.flags
        if subcommand != inv.subcommand and not filtered and _lists_every(producer):
            # `kubectl get pods -o name | xargs kubectl delete`: every pod the listing names,
            # as `kubectl delete pods --all`
            flags = flags | {"--all"}
        if marker and _every_namespace(inv, marker, producer, between):
            # `kubectl get ns -o name | cut -d/ -f2 | xargs -I{} kubectl delete … -n {}`: in
            # each namespace there is, as `--all-namespaces` does
            flags = flags | {"--all-namespaces"}
        if marker:
            # nothing is added after the command: each line goes where the marker stands
            put = picked[0] if len(picked) == 1 and subcommand != inv.subcommand else listing
            fed_args = [a.replace(marker, put) for a in inv.args]
            options = {o: [v.replace(marker, put) for v in vs] for o, vs in inv.options.items()}
            found[k] = replace(
                inv, args=fed_args, options=options, subcommand=subcommand, flags=flags
            )
            continue
        found[k] = replace(inv, args=fed_args, subcommand=subcommand, flags=flags)


# Programs that reshape each line a listing prints without leaving any out
_RESHAPERS = frozenset("cut tr sort uniq".split())


def _every_namespace(
    inv: Invocation, marker: str, listing: Invocation, between: list[Invocation | None]
) -> bool:
    """Whether xargs runs a kubectl command in every namespace: its `-n` stands for each line
    of a listing of all namespaces, only reshaped on the way (`cut -d/ -f2`)."""
    return (
        inv.program == "kubectl"
        and any(marker in v for v in inv.options.get("--namespace", ()))
        and _lists_every(listing)
        and listing.subcommand[1:] == ("namespace",)
        and all(b is not None and b.program in _RESHAPERS for b in between)
    )


def _picked_names(listing: Invocation, last: Invocation | None, filtered: bool) -> list[str]:
    """The names a kubectl listing hands on: those it names (`kubectl get ns prod -o name`), or
    the word a grep picks them by (`kubectl get ns -o name | grep prod`: the ones named so)."""
    if listing.program != "kubectl" or listing.subcommand[:1] != ("get",):
        return []
    if not filtered:
        return list(listing.args)
    if (
        last is not None
        and last.program in ("grep", "egrep", "fgrep", "rg")
        and len(last.args) == 1
        and re.fullmatch(r"[\w.-]+", last.args[0])
        and not last.flags & {"-v", "--invert-match"}
    ):
        return list(last.args)
    return []


def _lists_every(listing: Invocation) -> bool:
    """Whether a `kubectl get KIND` lists every object of its kind (no name, no selector)."""
    return (
        listing.program == "kubectl"
        and len(listing.subcommand) == 2
        and not listing.args
        and not listing.flags & {"--selector", "--field-selector"}
    )


# Programs that pick or reshape the lines a listing prints, handing on the same items.
_FILTERS = frozenset("grep egrep fgrep rg awk sed cut head tail sort uniq tr".split())


def _kube_fed(inv: Invocation, fed: str) -> tuple[str, ...]:
    """`… | xargs kubectl delete` fed by `kubectl get crd -o name`: what it deletes are the
    listing's kind (`kubectl delete crd x`), so that kind completes the subcommand."""
    sub = inv.subcommand
    if inv.program != "kubectl" or len(sub) != 1 or sub[0] not in KUBE_RESOURCE_VERBS:
        return sub
    words = fed[2:-1].split()
    if len(words) >= 3 and words[:2] == ["kubectl", "get"]:
        return (*sub, words[2])
    return sub


# Programs whose output is text written in the command: `echo FLUSHALL | redis-cli`.
_PRINTERS = frozenset({"echo", "printf", "cat"})
# Programs that print nothing: `true | crontab -` hands an empty input.
_SILENT = frozenset({"true", ":"})


def _stdin_feeds(found: list[Invocation]) -> None:
    """What `echo …`, `printf …` or a here-document hand to the next command of a pipeline is
    that command's standard input (the pseudo-option `<<`)."""
    by_position = {inv.pipeline: inv for inv in found if inv.pipeline is not None}
    for (number, position), consumer in by_position.items():
        producer = by_position.get((number, position - 1))
        if producer is None or producer.program not in _PRINTERS | _SILENT:
            continue
        if producer.program == "cat":
            text = "\n".join(producer.options.get(STDIN, []))
        else:
            text = " ".join(producer.args)
        # what a printer writes, even nothing (`echo -n | crontab -` installs an empty table);
        # `cat` of files hands on what it read, unknown here
        if text or producer.program != "cat":
            consumer.options = {**consumer.options, STDIN: [*consumer.options.get(STDIN, []), text]}
            consumer.flags = consumer.flags | {STDIN}


def writes(inv: Invocation) -> list[str]:
    """The files a command writes by redirection."""
    return list(inv.options.get(WRITES, ()))
