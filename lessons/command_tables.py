"""What the guard knows about the programs that matter, built from the data in `command_specs`:
flag spellings, which flags take a value, which change nothing dangerous, which make a command
harmless, and which programs only run another.

A program missing from the tables is still read: `--long[=value]` and `-abc` (split into `-a -b
-c`) are flags, everything else is an argument. The tables make the reading exact where it
matters: `-f` and `--force` are one flag, `-u postgres` is a value and not an argument, `-it` on
`docker exec` is noise, `--dry-run` defuses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lessons.command_specs import PROGRAM_ALIASES, READ_AS_SELF, SPECS

__all__ = ["PROGRAM_ALIASES", "READ_AS_SELF"]


@dataclass(frozen=True)
class Spec:
    # spelling -> canonical flag ("-f" -> "--force"); several flags are joined by a space
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
    # flags that only widen a command already dangerous without them (`git clean -x`)
    widening: frozenset[str] = frozenset()
    # options whose value is the danger (`kill --signal=KILL`): a generalisation keeps it
    essential: frozenset[str] = frozenset()
    # flag -> flags it implies (`--force-with-lease` is a forced push)
    implies: dict[str, frozenset[str]] = field(default_factory=dict)
    single_dash_long: bool = False
    path_args: bool = False
    # subcommand -> its own spec (inheriting this one's flags); None: no subcommands
    subcommands: dict[str, Spec] | None = None
    # subcommands followed by a second word that is a subcommand too (`git stash drop`)
    nested: frozenset[str] = frozenset()
    # options end at this many arguments; the rest is a command it runs (`docker exec c cmd`)
    command_after: int = 0
    # other spellings of a subcommand (`npm i` is `npm install`)
    sub_aliases: dict[str, str] = field(default_factory=dict)
    # an unknown `--flag` followed by a plain word takes it as its value (cloud CLIs)
    value_default: bool = False
    # subcommand words run up to a verb (`gcloud compute instances delete NAME`)
    verb_path: bool = False
    # at most this many subcommand words (0: no limit)
    depth: int = 0


class _Builder:
    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}
        self.values: set[str] = set()
        self.attached: set[str] = set()
        self.noise: set[str] = set()
        self.defusing: set[str] = set()
        self.widening: set[str] = set()
        self.essential: set[str] = set()
        self.implies: dict[str, frozenset[str]] = {}
        self.single_dash_long = False
        self.path_args = False
        self.has_subs = False
        self.nested: set[str] = set()
        self.command_after = 0
        self.sub_aliases: dict[str, str] = {}
        self.value_default = False
        self.verb_path = False
        self.depth = 0
        self.children: dict[str, _Builder] = {}

    def read(self, text: str) -> None:
        for token in text.split():
            if token.startswith("@"):
                self._directive(token[1:])
            else:
                self._flag(token)

    def _directive(self, text: str) -> None:
        name, _, value = text.partition("=")
        if name == "paths":
            self.path_args = True
        elif name == "subs":
            self.has_subs = True
        elif name == "nest":
            self.has_subs = True
            self.nested.update(value.split(","))
        elif name == "cmd":
            self.command_after = int(value)
        elif name == "sdl":
            self.single_dash_long = True
        elif name == "alias":
            for pair in value.split(","):
                spelling, _, canonical = pair.partition(":")
                self.sub_aliases[spelling] = canonical
        elif name == "valuedefault":
            self.value_default = True
        elif name == "verbpath":
            self.verb_path = True
        elif name == "depth":
            self.depth = int(value)
        else:
            raise ValueError(f"unknown directive @{name}")

    def _flag(self, token: str) -> None:
        implied: list[str] = []
        if "+" in token[1:]:
            token, *rest = token.split("+")
            implied = [f for part in rest for f in part.split(",") if f]
        several: list[str] = []
        if ">" in token:
            token, _, targets = token.partition(">")
            several = targets.split(",")
        marks = ""
        while token and token[-1] in "~!^*":
            marks += token[-1]
            token = token[:-1]
        takes = ""
        if token.endswith(("=", ":")):
            takes, token = token[-1], token[:-1]
        spellings = [s for s in token.split("/") if s]
        if several:
            for spelling in spellings:
                self.aliases[spelling] = " ".join(several)
            return
        canonical = next((s for s in spellings if s.startswith("--")), spellings[0])
        for spelling in spellings:
            self.aliases[spelling] = canonical
        if takes == "=":
            self.values.add(canonical)
        elif takes == ":":
            self.attached.add(canonical)
        for mark, target in (
            ("~", self.noise),
            ("!", self.defusing),
            ("^", self.widening),
            ("*", self.essential),
        ):
            if mark in marks:
                target.add(canonical)
        if implied:
            self.implies[canonical] = frozenset(implied)

    def build(self) -> Spec:
        subcommands = None
        if self.has_subs or self.children:
            subcommands = {name: child.build() for name, child in self.children.items()}
        nested = set(self.nested) | {n for n, c in self.children.items() if c.children}
        return Spec(
            aliases=dict(self.aliases),
            values=frozenset(self.values),
            attached=frozenset(self.attached),
            noise=frozenset(self.noise),
            defusing=frozenset(self.defusing),
            widening=frozenset(self.widening),
            essential=frozenset(self.essential),
            implies=dict(self.implies),
            single_dash_long=self.single_dash_long,
            path_args=self.path_args,
            subcommands=subcommands,
            nested=frozenset(nested),
            command_after=self.command_after,
            sub_aliases=dict(self.sub_aliases),
            value_default=self.value_default,
            verb_path=self.verb_path,
            depth=self.depth,
        )


def _build(specs: dict[str, str]) -> dict[str, Spec]:
    roots: dict[str, _Builder] = {}
    for key in sorted(specs, key=lambda k: len(k.split())):
        words = key.split()
        node = roots.setdefault(words[0], _Builder())
        for word in words[1:]:
            node.has_subs = True
            node = node.children.setdefault(word, _Builder())
        node.read(specs[key])
    return {name: builder.build() for name, builder in roots.items()}


PROGRAMS: dict[str, Spec] = _build(SPECS)
EMPTY = Spec()


# A program without a table still spells the commonest flags the common way: `-f` is
# `--force`, `-y` `--yes`, `-q` `--quiet` (`kubeadm reset -f` is `kubeadm reset --force`).
UNLISTED = Spec(aliases={"-f": "--force", "-y": "--yes", "-q": "--quiet"})


def spec_of(name: str) -> Spec:
    return PROGRAMS.get(name, UNLISTED)


def _s(*names: str) -> frozenset[str]:
    return frozenset(names)


GLOBAL_NOISE = _s(
    "--verbose", "--quiet", "--no-color", "--color", "--progress", "--no-progress", "--yes",
    "--assume-yes", "--non-interactive", "--no-input", "--noinput", "--no-pager",
)  # fmt: skip
# Flags that make any command harmless where the program does not give them a value.
GLOBAL_DEFUSING = _s(
    "--dry-run", "--dryrun", "--help", "--version", "--what-if", "--whatif", "--simulate",
    "--check", "--no-act", "--just-print", "--recon", "--list-only", "--noop", "--plan",
    "--preview-only",  # shows what it would do and stops (`pulumi destroy --preview-only`)
    "--undo",  # reverses what the command does (`cargo yank --undo` restores a version)
)  # fmt: skip
# Subcommands that only explain (`git help push`, `kubectl help delete`).
HELP_WORDS = _s("help", "--help", "-h")

FALSE_WORDS = frozenset({"false", "no", "0", "off", "none", "disable", "disabled", "n"})
TRUE_WORDS = frozenset({"true", "yes", "1", "on", "enable", "enabled", "y"})

# The words of a setting's name: `StrictHostKeyChecking`, `http.sslVerify`, `HOST_KEY_CHECKING`
_SETTING_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def disabled_settings(settings) -> frozenset[str]:
    """A setting turned off (`-o StrictHostKeyChecking=no`, `ANSIBLE_HOST_KEY_CHECKING=False`,
    `-c http.sslVerify=false`), as the flag `--disable-strict-host-key-checking`: the words of
    what the command does, so that a sentence saying it disabled host key checking names it.
    Only a widening flag (`Spec.widening`): a report's own command never requires it."""
    found = set()
    for key, value in settings:
        if str(value).strip().strip("\"'").lower() not in FALSE_WORDS or len(key) > 64:
            continue
        words = _SETTING_WORD.findall(key)
        if words:
            found.add("--disable-" + "-".join(words).lower())
    return frozenset(found)


# Flags (in any program's spelling) that turn certificate verification off.
INSECURE_FLAGS = frozenset(
    "--insecure --no-check-certificate --insecure-skip-tls-verify --tls-skip-verify "
    "--skip-tls-verify --no-verify-ssl --disable-ssl-validation --trusted-host "
    "--allow-insecure-host --ignore-certs --proxy-insecure --kube-insecure-skip-tls-verify "
    "--tlsAllowInvalidCertificates --insecure-registry --no-verify-peer --tls-verify=false "
    "--no-ssl-verify --no-strict-ssl --no-tlsverify --no-tls-verify --no-verify-ssl "
    "--no-check-certificates --skip-verify".split()
)

# Programs that only run another command: stripped, with their own options (`sudo -u postgres`).
# The value is the set of their options that take a value.
PREFIXES: dict[str, frozenset[str]] = {
    "sudo": _s(
        "-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-T", "-U", "--user", "--group",
        "--chdir", "--host", "--prompt", "--role", "--type", "--close-from", "--other-user",
    ),
    "doas": _s("-u", "-C"),
    "pkexec": _s("--user"),
    "run0": _s("-u", "--user", "-D", "--chdir"),
    "runuser": _s("-u", "-g", "-G", "--user", "--group", "--supp-group"),
    "command": _s(),
    "builtin": _s(),
    "nohup": _s(),
    "time": _s("-f", "-o", "--format", "--output"),
    "exec": _s("-a"),
    "nice": _s("-n", "--adjustment"),
    "ionice": _s("-c", "-n", "-p", "--class", "--classdata"),
    "chrt": _s(),
    "taskset": _s(),
    "stdbuf": _s("-i", "-o", "-e"),
    "setsid": _s(),
    "unbuffer": _s(),
    "chronic": _s(),
    "caffeinate": _s(),
    "torsocks": _s(),
    "proxychains": _s("-f"),
    "proxychains4": _s("-f"),
    "fakeroot": _s(),
    "strace": _s("-e", "-o", "-p", "-s"),
    "ltrace": _s("-e", "-o", "-p", "-s"),
    "env": _s("-u", "-C", "-S", "--unset", "--chdir", "--split-string"),
    "timeout": _s("-s", "-k", "--signal", "--kill-after"),
    "watch": _s("-n", "-d", "--interval"),
    "xargs": _s(
        "-I", "-n", "-P", "-d", "-L", "-s", "-E", "-a", "--max-args", "--max-procs",
        "--delimiter", "--arg-file", "--max-lines", "--eof",
    ),
    "parallel": _s("-j", "-S", "--jobs", "--sshlogin"),
    "flock": _s("-w", "-E", "--timeout"),
    "npx": _s("-p", "--package", "-c", "--call"),
    "bunx": _s("-p", "--package"),
    "uvx": _s("--from", "--with", "-p", "--python"),
    "dotenv": _s("-e", "-f", "-c", "-v"),
    "with-contenv": _s(),
    "firejail": _s(),
    "chroot": _s("--userspec", "--groups"),
    "systemd-run": _s("-u", "--unit", "-p", "--property", "-E", "--setenv", "--uid", "--gid"),
    "script": _s(),
    "winpty": _s(),
}  # fmt: skip
# Of those, the ones that take positionals before the command (`timeout 30 cmd`, `chroot /mnt`).
PREFIX_POSITIONALS = {"timeout": 1, "flock": 1, "chroot": 1, "taskset": 1, "chrt": 1}
PRIVILEGE = _s("sudo", "doas", "pkexec", "run0", "runuser")

# Subcommands that run the rest of the line as a command: `poetry run pytest`, `bundle exec rake`.
# program -> subcommand -> positionals before the command (the command may also follow `--`)
RUNNERS: dict[str, dict[str, int]] = {
    "uv": {"run": 0},
    "poetry": {"run": 0},
    "pipenv": {"run": 0},
    "pdm": {"run": 0},
    "hatch": {"run": 0},
    "bundle": {"exec": 0},
    "conda": {"run": 0},
    "mamba": {"run": 0},
    "npm": {"exec": 0},
    "pnpm": {"exec": 0, "dlx": 0},
    "yarn": {"exec": 0, "dlx": 0},
    "aws-vault": {"exec": 1},
    "doppler": {"run": 0},
    "op": {"run": 0},
    "direnv": {"exec": 1},
    "nix": {"shell": 1, "develop": 1},
    "devbox": {"run": 0},
    "mise": {"exec": 0, "x": 0},
    "asdf": {"exec": 0},
    "rbenv": {"exec": 0},
    "pyenv": {"exec": 0},
    "minikube": {"kubectl": 0},
    "microk8s": {"kubectl": 0},
    "k3s": {"kubectl": 0},
    "k0s": {"kubectl": 0},
    "corepack": {"pnpm": 0, "yarn": 0, "npm": 0},
    "pipx": {"run": 0},
    "toolbox": {"run": 0},
    "distrobox": {"enter": 1},
    "multipass": {"exec": 1},
    "lxc": {"exec": 1},
    "vagrant": {},
}

# Programs that run a command line held in one of their options (`vagrant ssh -c 'cmd'`,
# `gcloud compute ssh vm --command 'cmd'`, `az vm run-command invoke --scripts 'cmd'`).
COMMAND_OPTIONS: dict[str, frozenset[str]] = {
    "vagrant": _s("-c", "--command"),
    "gcloud": _s("--command"),
    "az": _s("--scripts"),
    "fly": _s("-C", "--command"),
    "flyctl": _s("-C", "--command"),
    "lando": _s("-c", "--command"),
    "wsl": _s("-e", "--exec"),
}
# Programs whose words, after `--` or from the first that names a program, are a command they
# run: terminal multiplexers, namespace and container tools, remote runners
# (`screen -dmS job rm -rf x`, `nsenter -t 1 -m -- rm -rf x`, `heroku run 'cmd' -a app`).
COMMAND_WORDS = _s(
    "tmux", "screen", "byobu", "heroku", "nsenter", "unshare", "systemd-nspawn", "incus",
    "pct", "machinectl", "limactl", "salt", "mosh", "docker-machine",
)  # fmt: skip
# Of those, the terminal multiplexers: they run the command on this machine (a session's name
# is no place)
TERMINALS = _s("tmux", "screen", "byobu")
SHELLS = _s("bash", "sh", "zsh", "dash", "ksh", "fish", "ash", "mksh", "csh", "tcsh", "busybox")
# Programs that read a program from a file, from `-c`/`-e`, or from their standard input.
INTERPRETERS = _s(
    "python", "node", "ruby", "perl", "php", "deno", "bun", "lua", "Rscript", "pwsh",
    "powershell", "osascript", "tclsh", "groovy", *SHELLS,
)  # fmt: skip
# Interpreter flags that take a value before the script (`python -W ignore x.py`).
INTERPRETER_VALUES = _s("-W", "-X", "--require", "-r", "-I", "-M", "--import", "--loader")
# Programs whose output is fetched from the network: `wget -qO- URL` prints as `curl URL` does.
DOWNLOADERS = _s("curl", "wget", "http", "fetch", "aria2c", "iwr", "irm", "invoke-webrequest")
# PowerShell's spellings of running text as a program.
EVALUATORS = _s("iex", "invoke-expression")

# Programs that read statements on their standard input or in an option: SQL clients and the
# data stores' shells. program -> the options holding statements.
SQL_CLIENTS: dict[str, frozenset[str]] = {
    "psql": _s("--command"),
    "mysql": _s("--execute"),
    "mariadb": _s("--execute"),
    "sqlite3": _s("-cmd"),
    "duckdb": _s("-c", "-cmd", "-s"),
    "sqlcmd": _s("-Q", "-q"),
    "clickhouse-client": _s("--query"),
    "cqlsh": _s("--execute"),
    "snowsql": _s("--query"),
    "mongosh": _s("--eval"),
    "redis-cli": _s("--eval"),
    "cockroach": _s("--execute", "-e"),
    "mycli": _s("--execute"),
    "usql": _s("--command"),
    "trino": _s("--execute"),
    "beeline": _s("-e"),
    "impala-shell": _s("--query"),
    # statements given on standard input only (`sqlplus -s u/p@db <<EOF … EOF`)
    "sqlplus": _s(),
    # `bq query 'SQL'`: the argument after the subcommand (`lessons.command_equivalents`)
    "bq": _s(),
}
# Of those, the ones whose arguments after the database are statements (`sqlite3 app.db 'DROP…'`)
SQL_POSITIONAL = {"sqlite3": 1, "duckdb": 1, "redis-cli": 0}

# Arguments that are the same danger (`redis-cli FLUSHDB` empties a database as FLUSHALL does).
ARG_SYNONYMS: dict[str, dict[str, str]] = {
    # UNLINK deletes the keys as DEL does, reclaiming their memory later (Redis docs)
    "redis-cli": {"flushdb": "flushall", "unlink": "del"},
}

# kubectl's resource kinds: short names and plurals -> the singular kind.
KUBE_KINDS: dict[str, str] = {
    "ns": "namespace", "namespaces": "namespace", "po": "pod", "pods": "pod",
    "deploy": "deployment", "deployments": "deployment", "svc": "service",
    "services": "service", "pvc": "persistentvolumeclaim", "pvcs": "persistentvolumeclaim",
    "persistentvolumeclaims": "persistentvolumeclaim", "pv": "persistentvolume",
    "persistentvolumes": "persistentvolume", "sts": "statefulset",
    "statefulsets": "statefulset", "ds": "daemonset", "daemonsets": "daemonset",
    "cm": "configmap", "configmaps": "configmap", "secrets": "secret", "no": "node",
    # OpenShift's project is a namespace (`oc delete project x` deletes the namespace x)
    "project": "namespace", "projects": "namespace",
    "nodes": "node", "crd": "customresourcedefinition", "crds": "customresourcedefinition",
    "customresourcedefinitions": "customresourcedefinition", "rs": "replicaset",
    "replicasets": "replicaset", "rc": "replicationcontroller",
    "replicationcontrollers": "replicationcontroller", "ing": "ingress",
    "ingresses": "ingress", "sa": "serviceaccount", "serviceaccounts": "serviceaccount",
    "jobs": "job", "cj": "cronjob", "cronjobs": "cronjob", "hpa": "horizontalpodautoscaler",
    "horizontalpodautoscalers": "horizontalpodautoscaler", "netpol": "networkpolicy",
    "networkpolicies": "networkpolicy", "pdb": "poddisruptionbudget",
    "poddisruptionbudgets": "poddisruptionbudget", "sc": "storageclass",
    "storageclasses": "storageclass", "ep": "endpoints", "ev": "event", "events": "event",
    "roles": "role", "rolebindings": "rolebinding", "clusterroles": "clusterrole",
    "clusterrolebindings": "clusterrolebinding", "quota": "resourcequota",
    "resourcequotas": "resourcequota", "limits": "limitrange", "limitranges": "limitrange",
    "csr": "certificatesigningrequest", "apps": "application", "applications": "application",
}  # fmt: skip
# kubectl's category `all` (`kubectl get all`): the kinds of a workload, the kinds it names
KUBE_ALL = (
    "pod", "service", "deployment", "replicaset", "statefulset", "daemonset", "job", "cronjob",
    "replicationcontroller", "horizontalpodautoscaler",
)  # fmt: skip
# kubectl verbs whose first argument is a resource kind (`kubectl delete ns x`).
KUBE_RESOURCE_VERBS = _s(
    "get", "describe", "delete", "edit", "patch", "label", "annotate", "scale", "autoscale",
    "expose", "wait", "explain", "taint", "top",
)  # fmt: skip

# Names one service goes by on different systems (`ssh` on Debian is `sshd` elsewhere): a
# service is compared by the first name of its group.
SERVICE_NAMES: dict[str, str] = {
    alias: group.split()[0]
    for group in (
        "sshd ssh openssh-server openssh",
        "postgresql postgres postgresql-server",
        "mysql mysqld",
        "mariadb mariadbd",
        "apache2 httpd apache",
        "redis redis-server",
        "docker dockerd",
        "cron crond cronie",
        "ntp ntpd",
        "chronyd chrony",
        "networkmanager network-manager",
        "firewalld firewall",
        "ufw",
        "nftables",
        "iptables",
        "nginx",
        "containerd",
        "kubelet",
        "sssd",
        "auditd audit",
        "rsyslog syslog rsyslogd",
        "systemd-journald journald",
        "fail2ban",
        "apparmor",
        "selinux",
        "elasticsearch",
        "mongod mongodb",
        "rabbitmq-server rabbitmq",
    )
    for alias in group.split()
}

# Words that end a cloud CLI's command path (`gcloud sql instances delete NAME`).
CLI_VERBS = _s(
    "delete", "remove", "rm", "destroy", "purge", "create", "list", "ls", "describe", "show",
    "get", "update", "set", "unset", "add", "apply", "deploy", "undeploy", "ssh", "scp", "cp",
    "mv", "cat", "start", "stop", "restart", "reset", "resize", "deallocate", "enable",
    "disable", "import", "export", "connect", "execute", "submit", "run", "patch", "attach",
    "detach", "rollback", "clone", "login", "logout", "invoke", "wait", "tail", "download",
    "upload", "rotate", "revoke", "grant", "assign", "sign", "verify", "move", "rename",
    "truncate", "drop", "empty", "clear", "flush", "wipe", "kill", "terminate", "cancel",
    "restore", "backup", "failover", "promote", "demote", "scale", "upgrade", "rb", "mb",
    "sync", "rsync", "add-iam-policy-binding", "remove-iam-policy-binding",
    "set-iam-policy", "get-iam-policy", "get-credentials", "set-permission",
    # `gcloud secrets versions access latest`: `latest` is the version it reads
    "access", "undelete", "replace", "read", "write",
)  # fmt: skip

# Programs whose command names the environment it acts on (a host, a cluster, a database URL,
# a workspace): "in production" can be read off their words. Other commands act on the machine
# they run on, whose name the command does not carry.
ENVIRONMENT_PROGRAMS = frozenset(
    "sql psql mysql mariadb mongosh redis-cli sqlcmd cqlsh clickhouse-client snowsql kubectl "
    "helm terraform aws gcloud gsutil az ansible ansible-playbook ssh scp rsync supabase vercel "
    "netlify fly heroku manage.py rails rake prisma alembic flyway pg_restore pg_dump mysqldump "
    "dropdb createdb gh vault docker argocd pulumi cdk".split()
)

SIGNALS = {
    "9": "KILL",
    "15": "TERM",
    "1": "HUP",
    "2": "INT",
    "3": "QUIT",
    "19": "STOP",
    "6": "ABRT",
}

# Programs that, named first in a text, make it a command rather than a sentence.
KNOWN_PROGRAMS = frozenset(
    set(PROGRAMS)
    | set(PROGRAM_ALIASES)
    | set(PREFIXES)
    | set(SHELLS)
    | set(INTERPRETERS)
    | set(RUNNERS)
    | set(SQL_CLIENTS)
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
        "docker-compose kubeadm kubectx kubens k9s skaffold argocd flux istioctl "
        "setenforce getenforce sestatus nft yarn pnpm bun npx gh glab hub git-lfs "
        "pre-commit husky lefthook rsync dd shred truncate mkfs mkswap blkdiscard "
        "crontab at systemctl chmod chown chgrp setfacl rm rmdir unlink cp mv install find "
        "xargs sed perl curl wget ssh kubectl helm terraform aws gsutil psql mysql "
        "mariadb sqlite3 mongosh redis-cli pip pip3 pipx npm apt apt-get dpkg yum dnf rpm "
        "apk pacman kill pkill killall make supabase n8n vercel netlify fly heroku".split()
    )
)


# --- file modes ----------------------------------------------------------------------------------

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
