"""What the guard knows about the programs that matter: flag spellings, which flags take a value,
which change nothing dangerous, which make a command harmless, and which programs run another.

A program missing here is still read: `--long[=value]` and `-abc` (split into `-a -b -c`) are
flags, everything else is an argument. The tables only make the reading exact where it matters:
`-f` and `--force` are one flag, `-u postgres` is a value and not an argument, `-it` on
`docker exec` is noise, `--dry-run` defuses.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Spec:
    # spelling -> canonical flag ("-f" -> "--force"); canonical flags are the long spelling
    aliases: dict[str, str] = field(default_factory=dict)
    # canonical flags that take a value (`-u root`, `-uroot`, `--user=root`)
    values: frozenset[str] = frozenset()
    # canonical flags whose value may only be attached (`sed -i.bak`, `--force-with-lease=main`)
    attached: frozenset[str] = frozenset()
    # flags that change nothing about the danger (verbosity, a terminal): never required
    noise: frozenset[str] = frozenset()
    # flags that make the command harmless (`--dry-run`): a command carrying one that the
    # reported command did not is no match
    defusing: frozenset[str] = frozenset()
    # `find -name x`: single-dash words are whole flags, not bundles of letters
    single_dash_long: bool = False
    # positional arguments are paths (resolved against a preceding `cd`)
    path_args: bool = False
    # subcommand -> its own spec (inheriting this one's flags); None: no subcommands
    subcommands: dict[str, Spec] | None = None
    # subcommands followed by a second word that is a subcommand too (`git stash drop`)
    nested: frozenset[str] = frozenset()
    # options end at this many arguments; the rest is a command it runs (`docker exec c cmd …`)
    command_after: int = 0
    # other spellings of a subcommand (`npm i` is `npm install`)
    sub_aliases: dict[str, str] = field(default_factory=dict)
    # flags that only widen a command already dangerous without them (`git clean -x` also
    # removes ignored files): a report's generalisation does not require them
    widening: frozenset[str] = frozenset()
    # options whose value is the danger (`kill --signal=KILL`): a generalisation keeps it
    essential: frozenset[str] = frozenset()


def _s(*names: str) -> frozenset[str]:
    return frozenset(names)


GLOBAL_NOISE = _s("--verbose", "--quiet", "--no-color", "--color", "--progress", "--no-progress")
GLOBAL_DEFUSING = _s("--dry-run", "--help", "--version", "--what-if", "--simulate")

_GIT_PUSH = Spec(
    aliases={
        "-f": "--force",
        "-n": "--dry-run",
        "-d": "--delete",
        "-u": "--set-upstream",
        "-o": "--push-option",
        "-v": "--verbose",
        "-q": "--quiet",
    },
    values=_s("--push-option", "--repo", "--receive-pack", "--exec"),
    attached=_s("--force-with-lease", "--force-if-includes"),
    noise=_s("--set-upstream", "--no-verify"),
    defusing=_s("--dry-run"),
)
_GIT = Spec(
    aliases={"-C": "-C", "-c": "-c", "-v": "--version", "-h": "--help"},
    values=_s("-C", "-c", "--git-dir", "--work-tree", "--namespace"),
    subcommands={
        "push": _GIT_PUSH,
        "reset": Spec(aliases={"-q": "--quiet"}),
        "clean": Spec(
            aliases={"-f": "--force", "-n": "--dry-run", "-q": "--quiet", "-e": "--exclude"},
            values=_s("--exclude"),
            defusing=_s("--dry-run"),
            widening=_s("-x", "-X"),
        ),
        "branch": Spec(
            # `-D` is `--delete --force`: an alias may stand for several flags
            aliases={"-D": "--delete --force", "-d": "--delete", "-f": "--force", "-m": "--move"},
        ),
        "checkout": Spec(aliases={"-f": "--force", "-b": "-b", "-B": "-B"}, values=_s("-b", "-B")),
        "commit": Spec(
            aliases={"-m": "--message", "-a": "--all", "-n": "--no-verify", "-F": "--file"},
            values=_s("--message", "--file", "--author", "--date"),
        ),
        "rebase": Spec(aliases={"-i": "--interactive"}),
        "stash": Spec(),
        "filter-branch": Spec(aliases={"-f": "--force"}),
        "rm": Spec(
            aliases={"-r": "-r", "-f": "--force", "-n": "--dry-run"},
            defusing=_s("--dry-run"),
            path_args=True,
        ),
        "tag": Spec(aliases={"-d": "--delete", "-f": "--force", "-m": "--message"}),
        "remote": Spec(),
        "worktree": Spec(),
        "submodule": Spec(),
        "lfs": Spec(),
        "gc": Spec(),
        "config": Spec(),
    },
    nested=_s("stash", "remote", "worktree", "submodule", "lfs"),
)

_DOCKER_RUN = Spec(
    aliases={
        "-i": "--interactive",
        "-t": "--tty",
        "-d": "--detach",
        "-v": "--volume",
        "-e": "--env",
        "-p": "--publish",
        "-u": "--user",
        "-w": "--workdir",
        "-m": "--memory",
        "-h": "--hostname",
        "-l": "--label",
        "-P": "--publish-all",
        "-a": "--attach",
        "-c": "--cpu-shares",
    },
    values=_s(
        "--volume",
        "--env",
        "--publish",
        "--user",
        "--workdir",
        "--name",
        "--network",
        "--entrypoint",
        "--mount",
        "--memory",
        "--hostname",
        "--label",
        "--env-file",
        "--platform",
        "--restart",
        "--attach",
        "--cpu-shares",
        "--cpus",
        "--add-host",
        "--device",
        "--cap-add",
        "--cap-drop",
        "--security-opt",
        "--pid",
        "--ipc",
        "--log-driver",
        "--gpus",
        "--shm-size",
        "--ulimit",
        "--tmpfs",
        "--volumes-from",
    ),
    noise=_s("--interactive", "--tty", "--detach", "--rm", "--attach", "--init"),
    command_after=1,
)
_DOCKER_EXEC = Spec(
    aliases={
        "-i": "--interactive",
        "-t": "--tty",
        "-d": "--detach",
        "-u": "--user",
        "-w": "--workdir",
        "-e": "--env",
    },
    values=_s("--user", "--workdir", "--env", "--env-file"),
    noise=_s("--interactive", "--tty", "--detach"),
    command_after=1,
)
_FORCE = {"-f": "--force"}
_COMPOSE = Spec(
    aliases={"-f": "--file", "-p": "--project-name"},
    values=_s("--file", "--project-name", "--profile", "--env-file", "--project-directory"),
    subcommands={
        "down": Spec(
            aliases={"-v": "--volumes", "-t": "--timeout"}, values=_s("--timeout", "--rmi")
        ),
        "up": Spec(aliases={"-d": "--detach"}, noise=_s("--detach", "--build")),
        "exec": _DOCKER_EXEC,
        "run": _DOCKER_RUN,
        "rm": Spec(aliases={"-f": "--force", "-s": "--stop", "-v": "--volumes"}),
    },
)
_DOCKER = Spec(
    aliases={"-H": "--host", "-c": "--context", "-l": "--log-level", "-D": "--debug"},
    values=_s("--host", "--context", "--config", "--log-level"),
    subcommands={
        "run": _DOCKER_RUN,
        "exec": _DOCKER_EXEC,
        "compose": _COMPOSE,
        "rm": Spec(aliases={"-f": "--force", "-v": "--volumes"}),
        "rmi": Spec(aliases=_FORCE),
        "system": Spec(aliases={"-a": "--all", "-f": "--force"}, noise=_s("--force")),
        "volume": Spec(aliases={"-a": "--all", "-f": "--force"}, noise=_s("--force")),
        "image": Spec(aliases={"-a": "--all", "-f": "--force"}, noise=_s("--force")),
        "container": Spec(aliases={"-a": "--all", "-f": "--force"}, noise=_s("--force")),
        "network": Spec(aliases={"-f": "--force"}, noise=_s("--force")),
        "builder": Spec(aliases={"-a": "--all", "-f": "--force"}, noise=_s("--force")),
        "stack": Spec(aliases={"-c": "--compose-file"}, values=_s("--compose-file")),
    },
    nested=_s("system", "volume", "image", "container", "network", "builder", "stack"),
)

_KUBECTL = Spec(
    aliases={
        "-n": "--namespace",
        "-f": "--filename",
        "-l": "--selector",
        "-o": "--output",
        "-c": "--container",
        "-A": "--all-namespaces",
        "-R": "--recursive",
        "-i": "--stdin",
        "-t": "--tty",
        "-k": "--kustomize",
    },
    values=_s(
        "--namespace",
        "--filename",
        "--selector",
        "--output",
        "--container",
        "--context",
        "--cluster",
        "--kubeconfig",
        "--user",
        "--kustomize",
        "--grace-period",
        "--timeout",
        "--field-selector",
    ),
    noise=_s("--stdin", "--tty", "--wait"),
    defusing=_s("--dry-run"),
    subcommands={},
    nested=_s("rollout", "config", "create", "set", "auth", "certificate"),
)

_PIP = Spec(
    aliases={
        "-U": "--upgrade",
        "-r": "--requirement",
        "-e": "--editable",
        "-I": "--ignore-installed",
        "-y": "--yes",
        "-q": "--quiet",
        "-v": "--verbose",
        "-c": "--constraint",
        "-i": "--index-url",
        "-t": "--target",
    },
    values=_s(
        "--requirement",
        "--editable",
        "--constraint",
        "--index-url",
        "--extra-index-url",
        "--target",
        "--prefix",
        "--root",
        "--find-links",
        "--python",
    ),
    noise=_s("--yes", "--no-cache-dir", "--disable-pip-version-check"),
    subcommands={},
    nested=_s("cache"),
)

_NPM = Spec(
    aliases={"-g": "--global", "-D": "--save-dev", "-S": "--save", "-f": "--force", "-y": "--yes"},
    values=_s("--registry", "--tag", "--access", "--otp", "--prefix", "--workspace"),
    noise=_s("--yes", "--save", "--silent"),
    subcommands={},
    nested=_s("cache", "config", "audit"),
    sub_aliases={
        "i": "install",
        "in": "install",
        "ins": "install",
        "isntall": "install",
        "add": "install",
        "un": "uninstall",
        "remove": "uninstall",
        "rm": "uninstall",
        "r": "uninstall",
        "ci": "ci",
        "t": "test",
        "tst": "test",
        "x": "exec",
    },
)

_RM = Spec(
    aliases={
        "-r": "--recursive",
        "-R": "--recursive",
        "-f": "--force",
        "-i": "--interactive",
        "-I": "--interactive",
        "-v": "--verbose",
        "-d": "--dir",
    },
    noise=_s("--verbose", "--interactive", "--one-file-system", "--preserve-root"),
    path_args=True,
)
_CHMOD = Spec(
    aliases={"-R": "--recursive", "-v": "--verbose", "-c": "--changes", "-f": "--silent"},
    noise=_s("--verbose", "--changes", "--silent"),
    values=_s("--reference"),
    path_args=True,
)
_CHOWN = Spec(
    aliases={"-R": "--recursive", "-v": "--verbose", "-c": "--changes", "-h": "--no-dereference"},
    noise=_s("--verbose", "--changes"),
    path_args=True,
)

_SQL_CLIENT = Spec(
    aliases={
        "-c": "--command",
        "-f": "--file",
        "-h": "--host",
        "-p": "--port",
        "-U": "--username",
        "-d": "--dbname",
        "-W": "--password",
        "-X": "--no-psqlrc",
        "-q": "--quiet",
        "-v": "--set",
        "-1": "--single-transaction",
        "-A": "--no-align",
        "-t": "--tuples-only",
    },
    values=_s("--command", "--file", "--host", "--port", "--username", "--dbname", "--set"),
    noise=_s("--no-psqlrc", "--quiet", "--no-align", "--tuples-only", "--password"),
)
_MYSQL = Spec(
    aliases={
        "-e": "--execute",
        "-h": "--host",
        "-P": "--port",
        "-u": "--user",
        "-D": "--database",
        "-p": "--password",
    },
    values=_s("--execute", "--host", "--port", "--user", "--database"),
    attached=_s("--password"),
    noise=_s("--password"),
)

_CURL = Spec(
    aliases={
        "-s": "--silent",
        "-S": "--show-error",
        "-L": "--location",
        "-f": "--fail",
        "-o": "--output",
        "-O": "--remote-name",
        "-X": "--request",
        "-H": "--header",
        "-d": "--data",
        "-k": "--insecure",
        "-u": "--user",
        "-v": "--verbose",
        "-I": "--head",
        "-F": "--form",
        "-A": "--user-agent",
        "-m": "--max-time",
    },
    values=_s(
        "--output",
        "--request",
        "--header",
        "--data",
        "--data-raw",
        "--data-binary",
        "--user",
        "--form",
        "--user-agent",
        "--max-time",
        "--connect-timeout",
        "--retry",
    ),
    noise=_s("--silent", "--show-error", "--location", "--fail", "--verbose", "--remote-name"),
)
# wget is read as curl (`lessons.commands`): its spellings map onto curl's flags.
_WGET = Spec(
    aliases={
        "-q": "--quiet",
        "-O": "--output-document",
        "-P": "--directory-prefix",
        "--no-check-certificate": "--insecure",
        "-nv": "--no-verbose",
    },
    values=_s("--output-document", "--directory-prefix"),
    noise=_s("--quiet", "--no-verbose"),
)

_SED = Spec(
    aliases={
        "-i": "--in-place",
        "-e": "--expression",
        "-n": "--quiet",
        "-E": "-E",
        "-r": "-E",
        "-f": "--file",
    },
    values=_s("--expression", "--file"),
    attached=_s("--in-place"),
)

_FIND = Spec(
    values=_s(
        "-name",
        "-iname",
        "-path",
        "-ipath",
        "-type",
        "-mtime",
        "-mmin",
        "-atime",
        "-ctime",
        "-maxdepth",
        "-mindepth",
        "-size",
        "-user",
        "-group",
        "-newer",
        "-perm",
        "-regex",
        "-iregex",
        "-printf",
        "-wholename",
    ),
    single_dash_long=True,
    path_args=True,
)

_TERRAFORM = Spec(
    aliases={
        "-auto-approve": "--auto-approve",
        "-target": "--target",
        "-var": "--var",
        "-var-file": "--var-file",
        "-chdir": "--chdir",
        "-lock": "--lock",
        "-input": "--input",
        "-refresh": "--refresh",
        "-destroy": "--destroy",
    },
    values=_s("--target", "--var", "--var-file", "--chdir", "--lock", "--input", "--refresh"),
    single_dash_long=True,
    subcommands={},
    nested=_s("workspace", "state"),
)

_HELM = Spec(
    aliases={"-n": "--namespace", "-f": "--values", "-i": "--install"},
    values=_s("--namespace", "--values", "--set", "--kube-context", "--version", "--timeout"),
    noise=_s("--wait", "--atomic"),
    subcommands={},
    nested=_s("repo", "plugin"),
)

_SYSTEMCTL = Spec(
    aliases={"-q": "--quiet", "-f": "--force", "-H": "--host"}, values=_s("--host"), subcommands={}
)
_APT = Spec(
    aliases={"-y": "--yes", "-q": "--quiet", "-f": "--fix-broken"},
    noise=_s("--yes", "--quiet", "--no-install-recommends"),
    defusing=_s("--simulate"),
    subcommands={},
)
_DD = Spec()
_MV_CP = Spec(
    aliases={
        "-r": "--recursive",
        "-R": "--recursive",
        "-f": "--force",
        "-v": "--verbose",
        "-i": "--interactive",
        "-n": "--no-clobber",
        "-a": "--archive",
        "-b": "--backup",
        "-t": "--target-directory",
        "-p": "--preserve",
    },
    values=_s("--target-directory", "--suffix"),
    attached=_s("--backup"),
    noise=_s("--verbose", "--preserve"),
    path_args=True,
)
_RSYNC = Spec(
    aliases={
        "-a": "--archive",
        "-v": "--verbose",
        "-z": "--compress",
        "-n": "--dry-run",
        "-r": "--recursive",
        "-h": "--human-readable",
        "-P": "--partial-progress",
        "-e": "--rsh",
    },
    values=_s("--rsh", "--exclude", "--include", "--exclude-from", "--filter"),
    noise=_s("--verbose", "--compress", "--human-readable", "--partial-progress", "--progress"),
    defusing=_s("--dry-run"),
)
_TEE = Spec(aliases={"-a": "--append"}, path_args=True)
# Signals are read as `--signal=NAME` (`lessons.commands`): `-9`, `-KILL`, `-s KILL`, `-SIGKILL`.
_KILL = Spec(
    aliases={"-s": "--signal", "-n": "--signal"}, values=_s("--signal"), essential=_s("--signal")
)
_SUPABASE = Spec(
    values=_s("--db-url", "--project-ref", "--workdir"),
    subcommands={},
    nested=_s("db", "migration", "functions", "projects", "secrets", "storage"),
)
_N8N = Spec(subcommands={})
_GH = Spec(
    aliases={"-R": "--repo"},
    values=_s("--repo"),
    subcommands={},
    nested=_s("repo", "pr", "release", "secret", "workflow", "issue", "run"),
)
_AWS = Spec(
    values=_s("--profile", "--region", "--output"),
    subcommands={},
    nested=_s(*"s3 s3api ec2 rds iam lambda cloudformation ecs eks dynamodb".split()),
)

_SSH = Spec(
    values=_s(*"-o -i -p -P -l -F -J -L -R -D -b -c -E -e -m -O -Q -S -W -w".split()),
    aliases={"-q": "--quiet", "-v": "--verbose"},
    noise=_s("--quiet", "--verbose", "-t", "-T", "-n", "-N", "-A", "-C", "-4", "-6"),
)

PROGRAMS: dict[str, Spec] = {
    "git": _GIT,
    "docker": _DOCKER,
    "kubectl": _KUBECTL,
    "pip": _PIP,
    "npm": _NPM,
    "pnpm": _NPM,
    "yarn": _NPM,
    "rm": _RM,
    "rmdir": Spec(path_args=True),
    "shred": Spec(
        aliases={"-u": "--remove", "-z": "--zero", "-n": "--iterations"},
        values=_s("--iterations"),
        path_args=True,
    ),
    "truncate": Spec(aliases={"-s": "--size"}, values=_s("--size"), path_args=True),
    "chmod": _CHMOD,
    "chown": _CHOWN,
    "chgrp": _CHOWN,
    "psql": _SQL_CLIENT,
    "mysql": _MYSQL,
    "mariadb": _MYSQL,
    "sqlite3": Spec(),
    "curl": _CURL,
    "wget": _WGET,
    "sed": _SED,
    "find": _FIND,
    "terraform": _TERRAFORM,
    "tofu": _TERRAFORM,
    "helm": _HELM,
    "systemctl": _SYSTEMCTL,
    "apt": _APT,
    "apt-get": _APT,
    "yum": _APT,
    "dnf": _APT,
    "dd": _DD,
    "mv": _MV_CP,
    "cp": _MV_CP,
    "rsync": _RSYNC,
    "tee": _TEE,
    "kill": _KILL,
    "pkill": _KILL,
    "killall": _KILL,
    "supabase": _SUPABASE,
    "n8n": _N8N,
    "gh": _GH,
    "aws": _AWS,
    "mkfs": Spec(aliases={"-t": "--type", "-F": "--force"}, values=_s("--type")),
    "crontab": Spec(
        aliases={"-r": "--remove", "-e": "--edit", "-l": "--list", "-u": "--user"},
        values=_s("--user"),
    ),
    "mysqladmin": Spec(
        aliases={
            "-u": "--user",
            "-h": "--host",
            "-P": "--port",
            "-f": "--force",
            "-p": "--password",
        },
        values=_s("--user", "--host", "--port"),
        attached=_s("--password"),
        noise=_s("--password"),
        subcommands={},
    ),
    "redis-cli": Spec(
        aliases={"-h": "--host", "-p": "--port", "-n": "--db", "-a": "--pass", "-u": "--uri"},
        values=_s("--host", "--port", "--db", "--pass", "--uri", "--pattern", "--user"),
        noise=_s("--no-auth-warning", "--raw"),
    ),
    "service": Spec(),
    "ssh": _SSH,
    "scp": _SSH,
    "sftp": _SSH,
    "vercel": Spec(subcommands={}),
    "netlify": Spec(subcommands={}),
    "fly": Spec(
        aliases={"-a": "--app", "-c": "--config"}, values=_s("--app", "--config"), subcommands={}
    ),
    "heroku": Spec(aliases={"-a": "--app"}, values=_s("--app"), subcommands={}),
    "make": Spec(
        aliases={"-n": "--dry-run", "-C": "--directory", "-f": "--file", "-j": "--jobs"},
        values=_s("--directory", "--file"),
        defusing=_s("--dry-run"),
    ),
    "ansible-playbook": Spec(
        aliases={"-i": "--inventory", "-l": "--limit", "-C": "--check", "-e": "--extra-vars"},
        values=_s("--inventory", "--limit", "--extra-vars"),
        defusing=_s("--check"),
    ),
    "mongosh": Spec(values=_s("--eval", "--host", "--port")),
    "pg_dump": Spec(
        aliases={
            "-h": "--host",
            "-U": "--username",
            "-d": "--dbname",
            "-f": "--file",
            "-F": "--format",
            "-p": "--port",
        },
        values=_s("--host", "--username", "--dbname", "--file", "--format", "--port"),
    ),
    "dropdb": Spec(
        aliases={"-h": "--host", "-U": "--username", "-p": "--port"},
        values=_s("--host", "--username", "--port"),
    ),
    "python": Spec(aliases={"-c": "-c", "-m": "-m"}, values=_s("-c", "-m")),
}

# Programs that only run another command: stripped, with their own options (`sudo -u postgres`).
# The value is the set of their options that take a value.
PREFIXES: dict[str, frozenset[str]] = {
    "sudo": _s(
        "-u",
        "-g",
        "-C",
        "-D",
        "-h",
        "-p",
        "-r",
        "-t",
        "-T",
        "-U",
        "--user",
        "--group",
        "--chdir",
        "--host",
        "--prompt",
        "--role",
        "--type",
        "--close-from",
        "--other-user",
    ),
    "doas": _s("-u", "-C"),
    "command": _s(),
    "builtin": _s(),
    "nohup": _s(),
    "time": _s("-f", "-o", "--format", "--output"),
    "exec": _s("-a"),
    "nice": _s("-n", "--adjustment"),
    "ionice": _s("-c", "-n", "-p", "--class", "--classdata"),
    "stdbuf": _s("-i", "-o", "-e"),
    "setsid": _s(),
    "unbuffer": _s(),
    "chronic": _s(),
    "caffeinate": _s(),
    "torsocks": _s(),
    "proxychains": _s("-f"),
    "strace": _s("-e", "-o", "-p", "-s"),
    "env": _s("-u", "-C", "-S", "--unset", "--chdir", "--split-string"),
    "timeout": _s("-s", "-k", "--signal", "--kill-after"),
    "watch": _s("-n", "-d", "--interval"),
    "xargs": _s(
        "-I",
        "-n",
        "-P",
        "-d",
        "-L",
        "-s",
        "-E",
        "-a",
        "--max-args",
        "--max-procs",
        "--delimiter",
        "--arg-file",
        "--replace",
    ),
    "flock": _s("-w", "-E", "--timeout"),
    "npx": _s("-p", "--package"),
}
# Of those, the ones that take one positional before the command (`timeout 30 cmd`, `flock f cmd`).
PREFIX_POSITIONALS = {"timeout": 1, "flock": 1}
PRIVILEGE = _s("sudo", "doas")

SHELLS = _s("bash", "sh", "zsh", "dash", "ksh", "fish", "ash")
INTERPRETERS = _s("python", "node", "ruby", "perl", "php", "deno", "bun", *SHELLS)
# Programs spelled another way that mean the same: `pip3` and `python -m pip` are `pip`.
PROGRAM_ALIASES = {
    "pip3": "pip",
    "python3": "python",
    "py": "python",
    "podman": "docker",
    "nodejs": "node",
    "mkfs.ext4": "mkfs",
    "mkfs.xfs": "mkfs",
    "mkfs.ext3": "mkfs",
    "mkfs.btrfs": "mkfs",
    "mkfs.vfat": "mkfs",
    "flyctl": "fly",
    "kubectl.exe": "kubectl",
}
# Interpreter flags that take a value before the script (`python -W ignore x.py`).
INTERPRETER_VALUES = _s("-W", "-X", "-O", "--require", "-r")

# Arguments that are the same danger (`redis-cli FLUSHDB` empties a database as FLUSHALL does).
ARG_SYNONYMS: dict[str, dict[str, str]] = {
    "redis-cli": {"flushdb": "flushall"},
    # kubectl's short resource names
    "kubectl": {
        "ns": "namespace",
        "namespaces": "namespace",
        "po": "pod",
        "pods": "pod",
        "deploy": "deployment",
        "deployments": "deployment",
        "svc": "service",
        "services": "service",
        "pvc": "persistentvolumeclaim",
        "pvcs": "persistentvolumeclaim",
        "persistentvolumeclaims": "persistentvolumeclaim",
        "pv": "persistentvolume",
        "persistentvolumes": "persistentvolume",
        "sts": "statefulset",
        "statefulsets": "statefulset",
        "ds": "daemonset",
        "daemonsets": "daemonset",
        "cm": "configmap",
        "configmaps": "configmap",
        "secrets": "secret",
        "no": "node",
        "nodes": "node",
        "crd": "customresourcedefinition",
        "crds": "customresourcedefinition",
    },
}
SIGNALS = {"9": "KILL", "15": "TERM", "1": "HUP", "2": "INT", "3": "QUIT", "19": "STOP"}


# Programs that, named first in a text, make it a command rather than a sentence.
KNOWN_PROGRAMS = frozenset(
    set(PROGRAMS)
    | set(PREFIXES)
    | set(SHELLS)
    | set(INTERPRETERS)
    | set(
        "sh ls cd cat echo printf grep egrep awk tar zip unzip gzip gunzip ln mkdir touch "
        "chattr mount umount fdisk parted wipefs sfdisk losetup cryptsetup iptables ufw "
        "firewall-cmd passwd useradd userdel usermod visudo scp sftp ftp nc ncat socat "
        "shutdown reboot halt poweroff init service journalctl launchctl brew snap "
        "createdb pg_restore pg_ctl pg_ctlcluster mongo mongod redis-server "
        "cargo go rustup gem bundle rake rails composer mvn gradle ant java javac dotnet "
        "gcloud az doctl pulumi ansible vagrant packer nomad consul vault minikube kind k3d "
        "uv poetry pipenv conda tox nox pytest black ruff mypy eslint tsc jest vitest "
        "openssl ssh-keygen gpg base64 jq yq vim vi nano emacs code open xdg-open "
        "docker-compose kubeadm kubectx kubens k9s skaffold argocd flux istioctl".split()
    )
)
