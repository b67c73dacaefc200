"""Other spellings of the same danger, added to a line beside the command that spells it so.

A trigger names one spelling; the line it is checked against may use another. Each rule here
reads one command and adds the equivalent command in the spelling triggers use:

- SQL, wherever a client is handed it (`-c`, `-e`, `--eval`, a here-document, `echo … |`, the
  statement arguments of `sqlite3`), becomes one `sql` command per statement
  (`sql drop table orders`, `sql delete --all-rows sessions`; `lessons.sql_statements`), and so
  do `dropdb x`, `mysqladmin drop x` and `dropuser x`;
- `service ufw stop` and `/etc/init.d/ufw stop` are `systemctl stop ufw`; `systemctl disable
  --now x` also stops it; `systemctl mask x` also disables it; a server's own stop command
  (`pg_ctl stop`, `mysqladmin shutdown`, `redis-cli shutdown`, `nginx -s stop`) stops its unit;
  `ufw default allow incoming` is `ufw disable`, firewalld's default zone set to `trusted` is
  `systemctl stop firewalld`;
- `pkill` and `killall` are `kill` of the named process; `perl -i` and `ruby -i` edit in place as
  `sed -i` does; `terraform apply -destroy` is `terraform destroy`; `docker volume prune` is
  `docker system prune --volumes`; `aws s3 rb --force` empties the bucket as `aws s3 rm
  --recursive` does; `apt purge` is `apt remove --purge`; `find DIR -delete` with nothing to
  narrow it removes `DIR` as `rm -rf DIR` does; `gsutil` is `gcloud storage`;
- other distributions' package removal (`dnf remove`, `pacman -R`, `dpkg -P`, …) is `apt
  remove`; `gpasswd -a U G` and `adduser U G` are `usermod -aG G U`; `usermod -p ''` is `passwd
  -d`; `deluser --remove-home` is `userdel -r`; `shutdown`, `poweroff`, `halt`, `reboot` and
  `init 0|6` are `systemctl poweroff|reboot`;
- a configuration key is the flag of that name: `pip config set global.trusted-host h` is `pip
  install --trusted-host h`, `npm config set strict-ssl false` is `npm install
  --no-strict-ssl`; `scp -o X` passes ssh's option X;
- `git filter-branch` removing files and BFG's `--delete-files` rewrite history as `git
  filter-repo --path … --invert-paths` does;
- an interpreter reading its program from a pipe (`| python3 -`, `| perl`) runs it as `| sh`
  does; HTTPie and PowerShell's downloaders fetch as `curl` does; `printf FORMAT X` prints X as
  `echo X` does;
- a redirection, `tee`, `cp`, `mv`, `ln -f` or `truncate -s 0` onto a file writes it: `write-file
  PATH`; so does
  `ln -s` where the line has just removed the file (`rm f && ln -s src f`);
- a GitHub REST call (`gh api -X DELETE repos/o/r/releases/7`, or `curl` to api.github.com) is
  also read as the command it stands for (`gh release delete 7 --repo o/r`), and GitLab's `glab
  api` as the same call made with `gh api`: `rest_call_command`,
  which `commands` parses beside it.

When the added command says all the original does (SQL for its client, `kill` for `pkill`), the
original is marked `superseded`: a report is generalised from the equivalent, which every
spelling shares. One that does only a part of what its command does (`docker system prune
--volumes` also prunes images) is marked with that `part`, and a report is generalised from it
only when its prose names that part.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from collections.abc import Callable, Iterable, Sequence

from lessons.command_tables import (
    DOWNLOADERS,
    EVALUATORS,
    FALSE_WORDS,
    INSECURE_FLAGS,
    INTERPRETERS,
    SERVICE_NAMES,
    SIGNALS,
    SQL_CLIENTS,
    SQL_POSITIONAL,
    TRUE_WORDS,
    disabled_settings,
    normalize_mode,
    spec_of,
)
from lessons.invocation import Invocation
from lessons.shell_syntax import APPENDS, STDIN, WRITES
from lessons.sql_statements import read_statements

WRITE_FILE = "write-file"


def like(
    inv: Invocation,
    program: str,
    subcommand: Sequence[str] = (),
    *,
    flags: Iterable[str] = (),
    args: Sequence[str] | None = None,
    options: dict[str, list[str]] | None = None,
    text: str | None = None,
    part: str = "",
) -> Invocation:
    """An equivalent of inv: the same place in the line, the same privileges and surroundings
    (`part`: it does only the part of inv that acts on this)."""
    # what the original's options named (a host, a database URL) stays among its words
    dropped = [v for values in inv.options.values() for v in values] if options is None else []
    return Invocation(
        program=program,
        subcommand=tuple(subcommand),
        flags=frozenset(flags),
        options=dict(options or {}),
        args=list(inv.args if args is None else args),
        sudo=inv.sudo,
        env=inv.env,
        text=inv.text if text is None else text,
        pipeline=inv.pipeline,
        substituted=inv.substituted,
        defused=inv.defused,
        via=[*inv.via, *dropped],
        expanded=True,
        part=part,
        cwd=inv.cwd,
    )


# --- SQL -----------------------------------------------------------------------------------------


def sql_invocations(
    text: str,
    *,
    via: Sequence[str] = (),
    env: dict[str, str] | None = None,
    sudo: bool = False,
    pipeline: tuple[int, int] | None = None,
    defused: frozenset[str] = frozenset(),
) -> list[Invocation]:
    """One `sql` command per statement of a text: `sql drop table orders`; a TRUNCATE, and the
    DROP of a table (a collection's `.drop()`), is also the DELETE of every row it amounts to."""
    found = []
    for statement in read_statements(text):
        forms = [(statement.subcommand, statement.flags)]
        if statement.verb == "truncate" or statement.subcommand == ("drop", "table"):
            forms.append((("delete",), statement.flags | {"--all-rows"}))
        for subcommand, flags in forms:
            found.append(
                Invocation(
                    program="sql",
                    subcommand=subcommand,
                    flags=frozenset(flags),
                    args=list(statement.names),
                    sudo=sudo,
                    env=dict(env or {}),
                    text=statement.text,
                    pipeline=pipeline,
                    via=list(via),
                    defused=defused,
                    expanded=True,
                )
            )
    return found


def _sql_texts(inv: Invocation) -> list[str]:
    texts = [v for option in SQL_CLIENTS[inv.program] for v in inv.options.get(option, ())]
    texts += inv.options.get(STDIN, [])
    start = SQL_POSITIONAL.get(inv.program)
    if start is not None and inv.program != "redis-cli":
        texts += inv.args[start:]
    if inv.program == "bq":
        texts += inv.args if inv.subcommand == ("query",) else []
    return texts


def _sql(inv: Invocation) -> tuple[list[Invocation], bool]:
    if inv.program in ("dropdb", "dropuser"):
        kind = "database" if inv.program == "dropdb" else "role"
        return [like(inv, "sql", ("drop", kind), text=inv.text)], True
    if inv.program == "mysqladmin" and inv.subcommand[:1] == ("drop",):
        return [like(inv, "sql", ("drop", "database"))], True
    if inv.program not in SQL_CLIENTS:
        return [], False
    statements_of = set(_sql_texts(inv))
    # where the statements run: the client's own words (host, database, URL) and its wrappers'
    where = [a for a in inv.args if a not in statements_of]
    where += [
        v for k, vs in inv.options.items() if k != STDIN for v in vs if v not in statements_of
    ]
    found = statements_run(inv, statements_of, where)
    return found, bool(found)


def statements_run(inv: Invocation, texts: Iterable[str], where: list[str]) -> list[Invocation]:
    """The `sql` commands of the statements a client runs, read where it runs them: its own
    words (host, database, URL) and its wrappers'."""
    found = []
    for text in texts:
        found += sql_invocations(
            text,
            via=[*where, *inv.via],
            env=inv.env,
            sudo=inv.sudo,
            pipeline=inv.pipeline,
            defused=inv.defused,
        )
    return found


# --- services, processes, files ------------------------------------------------------------------


def _own_stop(inv: Invocation) -> str | None:
    """The unit a server's own stop command stops (`pg_ctl stop`, `pg_ctlcluster 15 main
    stop`, `mysqladmin shutdown`, `redis-cli shutdown`, `nginx -s stop`, `apachectl stop`)."""
    program, sub, args = inv.program, inv.subcommand, [a.lower() for a in inv.args]
    if program == "pg_ctl" and sub[:1] in (("stop",), ("kill",)):
        return "postgresql"
    if program == "pg_ctlcluster" and args[2:3] == ["stop"]:
        return "postgresql"
    if program == "mysqladmin" and sub[:1] == ("shutdown",):
        return "mysql"
    if program == "redis-cli" and args[:1] == ["shutdown"]:
        return "redis"
    if program == "nginx" and args[:1] in (["stop"], ["quit"]):
        return "nginx"
    if program in ("apachectl", "apache2ctl") and args[:1] in (["stop"], ["graceful-stop"]):
        return "apache2"
    return None


def _services(inv: Invocation) -> tuple[list[Invocation], bool]:
    first = inv.text.split(None, 1)[0] if inv.text else ""
    unit = _own_stop(inv)
    if unit is not None:
        return [like(inv, "systemctl", ("stop",), args=[unit], options={})], False
    if inv.program in ("service", "rc-service") and len(inv.args) >= 2:
        unit = SERVICE_NAMES.get(inv.args[0].lower(), inv.args[0])
        return [like(inv, "systemctl", (inv.args[1],), args=[unit])], True
    if first.startswith("/etc/init.d/") and inv.args and inv.program != "systemctl":
        unit = posixpath.basename(first)
        unit = SERVICE_NAMES.get(unit.lower(), unit)
        return [like(inv, "systemctl", (inv.args[0],), args=[unit])], True
    if inv.program == "systemctl" and inv.subcommand:
        verb = inv.subcommand[0]
        found = []
        if verb in ("disable", "mask") and "--now" in inv.flags:
            found.append(like(inv, "systemctl", ("stop",), flags=inv.flags - {"--now"}))
        if verb == "mask":
            found.append(like(inv, "systemctl", ("disable",), flags=inv.flags))
        if verb == "enable" and "--now" in inv.flags:
            found.append(like(inv, "systemctl", ("start",), flags=inv.flags - {"--now"}))
        return found, False
    return [], False


_PROCESS_OF = re.compile(
    r"^\$\(\s*(?:pgrep|pidof)\s+(?:-\S+\s+)*['\"]?([^'\")]+?)['\"]?\s*\)$|"
    r"^\$\(\s*(?:cat|head\s+-\S+|head|tail\s+-\S+|<)\s*([^)\s]+)\s*\)$|^`(?:pgrep|pidof)\s+(?:-\S+\s+)*(\S+)`$"
)


_FUSER_SIGNAL = re.compile(r"^-(?:SIG)?([A-Z]{3,}|\d+)$")


def _fuser_kill(inv: Invocation) -> Invocation | None:
    """fuser(1) -k kills the processes using a file, a mount or a port (`5432/tcp`), with KILL
    unless told another `-SIGNAL`: `kill --signal=KILL` of them."""
    words = inv.text.split()
    if inv.program != "fuser" or not {"-k", "--kill"} & set(words[1:]) and "-k" not in inv.flags:
        return None
    signal = "KILL"
    for word in words[1:]:
        found = _FUSER_SIGNAL.match(word)
        if found:
            signal = SIGNALS.get(found.group(1), found.group(1))
    targets = [a for a in inv.args if not _FUSER_SIGNAL.match(a)]
    # its part that kills: what fuser written in a trigger (`fuser -k -m <mount>`) names is
    # which processes, not any process
    return like(
        inv, "kill", flags={"--signal"}, args=targets, options={"--signal": [signal]}, part="kill"
    )


def _processes(inv: Invocation) -> tuple[list[Invocation], bool]:
    """`pkill -9 postgres`, `killall -9 postgres` and `kill -9 $(pgrep postgres)` all send
    KILL to postgres: `kill --signal=KILL postgres`; so does `fuser -k 5432/tcp`."""
    fuser = _fuser_kill(inv)
    if fuser is not None:
        return [fuser], False
    if inv.program not in ("kill", "pkill", "killall"):
        return [], False
    targets = []
    for arg in inv.args:
        found = _PROCESS_OF.match(arg.strip())
        targets.append(next((g for g in found.groups() if g), arg) if found else arg)
    if inv.program == "kill" and targets == inv.args:
        return [], False
    options = {k: v for k, v in inv.options.items() if k == "--signal"}
    flags = inv.flags & {"--signal"}
    return [like(inv, "kill", flags=flags, args=targets, options=options)], True


def _in_place(inv: Invocation) -> tuple[list[Invocation], bool]:
    if inv.program in ("perl", "ruby") and "--in-place" in inv.flags:
        files = [a for a in inv.args]
        return [like(inv, "sed", flags={"--in-place"}, args=files)], True
    if inv.program == "awk" and "inplace" in inv.options.get("--include", []):
        return [like(inv, "sed", flags={"--in-place"}, args=inv.args[1:])], True
    return [], False


def _writes(inv: Invocation) -> tuple[list[Invocation], bool]:
    """A file written: by redirection (`echo x > f`, `cat > f <<EOF`), `tee f`, `cp src f`,
    `mv src f`, `ln -sf src f`."""
    targets = list(inv.options.get(WRITES, ()))
    pure = inv.program in ("echo", "printf", "cat", "tee", "true", ":", "yes", "sponge")
    if inv.program in ("tee", "sponge"):
        targets += inv.args
    elif inv.program in ("cp", "install", "mv") and len(inv.args) >= 2:
        targets.append(inv.args[-1])
    elif inv.program == "ln" and "--force" in inv.flags and len(inv.args) >= 2:
        targets.append(inv.args[-1])  # `ln -sf src f` replaces f as `cp src f` does
    elif inv.program == "dd" and "of" in inv.options:
        targets += inv.options["of"]
    elif inv.program == "truncate" and inv.options.get("--size") in (["0"], ["0K"], ["0M"]):
        targets += inv.args  # `truncate -s 0 f` empties f as `: > f` does
    if not targets:
        return [], False
    appends = APPENDS in inv.flags or "--append" in inv.flags and inv.program == "tee"
    flags = {"--append"} if appends else set()
    return [like(inv, WRITE_FILE, flags=flags, args=targets, options={})], pure


_SSH_CONFIG = re.compile(r"(^|/)(\.ssh/config|ssh_config(\.d/[^/]+)?)$")
_SSH_SETTING = re.compile(r"^\s*([A-Za-z]+)(?:\s*=\s*|\s+)(\S.*?)\s*$")


def _ssh_config(inv: Invocation) -> tuple[list[Invocation], bool]:
    """A setting written into ssh's configuration (`~/.ssh/config`, `/etc/ssh/ssh_config`,
    `ssh_config.d/`) is ssh's `-o Setting=value` for the hosts its `Host` line names
    (ssh_config(5): `-o` takes any configuration line)."""
    targets = inv.options.get(WRITES, []) + (inv.args if inv.program == "tee" else [])
    if inv.program not in ("echo", "printf", "cat", "tee") or not any(
        _SSH_CONFIG.search(t) for t in targets
    ):
        return [], False
    written = [] if inv.program == "tee" else inv.args
    text = "\n".join([*written, *inv.options.get(STDIN, [])]).replace("\\n", "\n")
    settings: list[str] = []
    hosts: list[str] = []
    user = ""
    for line in text.splitlines():
        found = _SSH_SETTING.match(line)
        if found is None:
            continue
        key, value = found.groups()
        if key.lower() in ("host", "match"):
            hosts += value.split()
        elif key.lower() == "user":
            user = value
        else:
            settings.append(f"{key}={value}")
    if not settings:
        return [], False
    return [_ssh_with(inv, settings, user, hosts or ["*"])], False


# parted(8) commands that replace the partition table (mklabel), or remove a partition's entry
_PARTED_ERASING = frozenset({"mklabel", "mktable", "rm"})
# cryptsetup(8) actions that write a new LUKS header or erase every key slot
_CRYPTSETUP_ERASING = frozenset({"luksformat", "erase", "lukserase"})


def _erased_devices(inv: Invocation) -> list[str]:
    """The devices (or image files) a command destroys the contents of, as `dd of=DEVICE` does:
    a new filesystem (mkfs.*, mke2fs, mkswap), wiped signatures (wipefs -a/-o), a zapped or
    cleared partition table (sgdisk -Z/-z/-o, sfdisk --delete, parted mklabel|rm), overwritten
    (shred), discarded (blkdiscard), a destructive write test (badblocks -w), a new LUKS header
    (cryptsetup luksFormat|erase), a low-level format (nvme format), an image written by dd's
    forks (dcfldd, dc3dd) or ddrescue, or a RAID member's metadata zeroed (mdadm
    --zero-superblock). Listing and dry runs
    (wipefs with no option or -n, mkfs -n/-N, sgdisk -p) erase nothing."""
    program, args, flags = inv.program, inv.args, inv.flags
    if inv.defused:
        return []
    if program in ("mkfs", "mkswap", "shred", "blkdiscard"):
        return list(args)
    if program == "wipefs" and flags & {"--all", "--offset"}:
        return list(args)
    if program == "sgdisk" and flags & {"--zap-all", "--zap", "--clear"}:
        return list(args)
    if program == "sfdisk" and "--delete" in flags:
        return args[:1]
    if program == "parted" and len(args) >= 2 and _PARTED_ERASING & {a.lower() for a in args}:
        return args[:1]
    if program == "badblocks" and "-w" in flags:
        return args[:1]
    if program == "cryptsetup" and len(args) >= 2 and args[0].lower() in _CRYPTSETUP_ERASING:
        return args[1:2]
    if program == "nvme" and len(args) >= 2 and args[0] == "format":
        return args[1:2]
    if program in ("dcfldd", "dc3dd"):  # dd's forks take dd's `of=`
        return [a.partition("=")[2] for a in args if a.startswith("of=")]
    if program == "ddrescue" and len(args) >= 2:  # ddrescue(1): infile outfile [mapfile]
        return args[1:2]
    if program == "mdadm" and "--zero-superblock" in flags:
        return list(args)
    return []


DELETE_OBJECTS = "delete-objects"
# an empty source: `sync --delete` from it deletes every object at the destination, and a
# Complete-mode deployment of it every resource of the group
_EMPTY_SOURCE = re.compile(r"(?i)(^|/)empty[\w.-]*/?$|^\$\(\s*mktemp\s+-d[^)]*\)$|^/var/empty/?$")
# filters that narrow what a recursive removal removes (aws s3, rclone, gcloud, mc)
_OBJECT_FILTERS = frozenset(
    "--exclude --include --filter --filter-from --include-from --exclude-from --min-age "
    "--max-age --older-than --newer-than --pattern".split()
)


def _objects_removed(inv: Invocation) -> list[str]:
    """Where a command removes every object of an object store, whichever cloud's CLI it is:
    `aws s3 rm --recursive` (and `rb --force`, read as it), `gcloud storage rm -r` (and gsutil's
    `rm -r`), `az storage blob delete-batch`, `az storage container delete` (its blobs go with
    it), `rclone delete|purge`, `mc rm --recursive --force`, `mc rb --force`, `s3cmd del
    --recursive`, `s3cmd rb --recursive`, and a `sync --delete` from an empty directory. A
    filter (`--exclude`, `--include`, an age) or a dry run removes less, or nothing."""
    program, sub, args, flags = inv.program, inv.subcommand, inv.args, inv.flags
    if inv.defused or flags & _OBJECT_FILTERS or set(inv.options) & _OBJECT_FILTERS:
        return []
    recursive = "--recursive" in flags
    words = [a.lower() for a in args[:1]]
    if program == "aws" and sub == ("s3", "rm") and recursive:
        return list(args)
    if program == "aws" and sub == ("s3", "sync") and "--delete" in flags and len(args) == 2:
        return args[1:] if _EMPTY_SOURCE.search(args[0]) else []
    if program == "gcloud" and sub == ("storage", "rm") and recursive:
        return list(args)
    if program == "az" and sub[:3] == ("storage", "container", "delete"):
        return inv.options.get("--name", []) or list(args)
    if program == "az" and sub[:3] == ("storage", "blob", "delete-batch"):
        return inv.options.get("--source", []) + list(sub[3:4])
    if program == "rclone" and words in (["purge"], ["delete"]):
        return args[1:]
    if program == "rclone" and words == ["sync"] and len(args) == 3:
        return args[2:] if _EMPTY_SOURCE.search(args[1]) else []
    if program == "mc" and (words == ["rm"] and recursive or words == ["rb"]):
        return args[1:] if "--force" in flags else []
    if program == "s3cmd" and words in (["del"], ["rm"], ["rb"]) and recursive:
        return args[1:]
    if program == "azcopy" and words in (["remove"], ["rm"]) and recursive:
        return args[1:]
    return []


def _object_stores(inv: Invocation) -> tuple[list[Invocation], bool]:
    """Every object under a URL removed is `delete-objects URL` in every cloud's CLI
    (`_objects_removed`), so a report in one cloud's spelling reaches the others'."""
    objects = _objects_removed(inv)
    if not objects:
        return [], False
    return [like(inv, DELETE_OBJECTS, args=objects, options={})], False


def _devices(inv: Invocation) -> tuple[list[Invocation], bool]:
    """Erasing a device is writing over it: `write-file /dev/…`, the form `dd of=DEVICE` and
    `cat image > DEVICE` take, so a report of any one reaches every other."""
    # a device path only: a file shredded (`shred -u notes.txt`) is a file removed, and a
    # placeholder (`mkfs.ext4 <device>`) would stand for every file written
    devices = [d for d in _erased_devices(inv) if d.startswith("/dev/")]
    if not devices:
        return [], False
    return [like(inv, WRITE_FILE, args=devices, options={})], False


# --- tools' own synonyms -------------------------------------------------------------------------

# `find` tests that narrow what `-delete` removes (`-type` and the depth limits do not).
_NARROWING = frozenset(
    "-name -iname -path -ipath -regex -iregex -wholename -iwholename -mtime -mmin -atime "
    "-amin -ctime -cmin -newer -newermt -size -user -group -uid -gid -empty -perm -links "
    "-inum -samefile -lname -ilname -used".split()
)


# Removals whose `--all` acts on every object a listing prints (podman's rm/rmi/volume rm).
_EVERY_ONE = {("rm",): "ps", ("rmi",): "images", ("volume", "rm"): "volume ls"}


# A removal given everything a listing prints, unfiltered: the prune of that kind with --all.
_EVERY_LISTED = {
    ("volume", "rm"): ("volume ls", ("volume", "prune")),
    ("rmi",): ("images", ("image", "prune")),
    ("image", "rm"): ("images", ("image", "prune")),
}


def _lists_every(arg: str, listing: str) -> bool:
    """`$(docker volume ls -q)` as `commands` keeps it: `$(docker volume ls)`, no filter."""
    inner = arg.removeprefix("$(").removesuffix(")").split()
    return (
        arg.startswith("$(")
        and inner[:1] == ["docker"]
        and " ".join(w for w in inner[1:] if not w.startswith("-")) == listing
        and not any(w in ("--filter", "-f") for w in inner)
    )


# A command line that reboots or powers a host off, where a command starts (`sudo reboot`,
# `shutdown -r now`, `systemctl poweroff`, `init 6`; not `shutdown -c`, which cancels one).
_POWER = re.compile(
    r"(?:^|[;&|(]\s*)(?:sudo\s+(?:-\S+\s+)*)?(?:/usr)?(?:/s?bin/)?"
    r"(reboot|poweroff|halt|shutdown(?![^;&|]*\s-[ck]\b)|systemctl\s+(?:reboot|poweroff|halt)|"
    r"(?:tele?)?init\s+[06])(?=$|[\s;&|)])"
)
# ansible's modules by their short names (`ansible.builtin.reboot` is `reboot`)
_MODULE_PREFIX = re.compile(r"^(ansible\.(builtin|legacy|windows)|community\.general)\.")
# programs that run one command on many hosts at once: the host list comes first
_FAN_OUT = frozenset({"pssh", "parallel-ssh", "pdsh", "clush"})


def _power_module(text: str) -> str | None:
    """The ansible module a command line amounts to when it reboots or powers off a host."""
    found = _POWER.search(text.strip())
    if found is None:
        return None
    word = found.group(1)
    return "reboot" if "reboot" in word or " 6" in word or " -r" in text else "shutdown"


def _many_hosts_power(inv: Invocation) -> Invocation | None:
    """A reboot or power-off run on a group of hosts is ansible's ad-hoc `-m reboot` (or
    `-m shutdown`), whichever way it is spelt: the module by its collection name
    (`ansible.builtin.reboot`), `-m shell|command|raw -a 'shutdown -r now'`, or a parallel
    shell (`pssh -h hosts -i 'sudo reboot'`, `pdsh -w web[1-9] reboot`, `clush -g web reboot`)."""
    if inv.program == "ansible":
        module = _MODULE_PREFIX.sub("", (inv.options.get("--module-name") or [""])[0])
        if module in ("shell", "command", "raw", "win_shell", "win_command"):
            module = _power_module(" ".join(inv.options.get("--args", []))) or ""
        if module not in ("reboot", "shutdown") or inv.options.get("--module-name") == [module]:
            return None
        options = {**inv.options, "--module-name": [module]}
        options.pop("--args", None)
        flags = inv.flags - {"--args"}
        return like(inv, "ansible", flags=flags, options=options)
    if inv.program in _FAN_OUT and inv.args:
        command = inv.args[-1] if inv.program in ("pssh", "parallel-ssh") else " ".join(inv.args)
        fanned = next((m for t in (command, *inv.args[1:]) for m in [_power_module(t)] if m), None)
        if fanned is None:
            return None
        become = {"--become"} if inv.sudo or "sudo " in command else set()
        return like(
            inv,
            "ansible",
            flags={"--module-name", *become},
            options={"--module-name": [fanned]},
            args=inv.args[:1],
        )
    return None


def _kinds_emptied(inv: Invocation) -> bool:
    """Whether `kubectl delete` removes every object of several kinds of a namespace at once:
    `all --all`, or a list of kinds (`deploy,svc,pvc --all`)."""
    if inv.program != "kubectl" or inv.subcommand[:1] != ("delete",) or inv.part:
        return False
    if "--all" not in inv.flags or len(inv.subcommand) != 2:
        return False
    words = inv.text.split()
    return inv.subcommand[1] == "all" or any("," in w and not w.startswith("-") for w in words)


def _tools(inv: Invocation) -> tuple[list[Invocation], bool]:
    program, sub = inv.program, inv.subcommand
    if _kinds_emptied(inv):
        # the objects of every kind of a namespace deleted at once (`kubectl delete all --all
        # -n payments`) are what deleting the namespace deletes: part of `delete namespace`
        return [
            like(
                inv,
                "kubectl",
                ("delete", "namespace"),
                args=inv.options.get("--namespace", [])[:1],
                options={},
                part="namespace",
            )
        ], False
    if program == "terraform" and sub[:1] in (("run-all",), ("run",)) and inv.args:
        # Terragrunt's `run-all destroy` (`run --all destroy`) runs terraform's destroy in
        # every module below
        every = inv.flags - {"--all"}
        return [
            like(
                inv,
                "terraform",
                inv.args[:1],
                flags=every,
                args=inv.args[1:],
                options=inv.options,
            )
        ], True
    if program == "terraform" and sub[:1] == ("destroy",):
        # terraform's docs: `destroy` is an alias of `apply -destroy`, so a destroy told
        # -auto-approve also applies a plan unreviewed
        return [
            like(inv, "terraform", ("apply",), flags=inv.flags | {"--destroy"}, options=inv.options)
        ], False
    if program == "terraform" and sub[:1] == ("apply",) and "--destroy" in inv.flags:
        return [
            like(
                inv, "terraform", ("destroy",), flags=inv.flags - {"--destroy"}, options=inv.options
            )
        ], True
    if program == "terraform" and sub[:1] == ("apply",) and "--replace" in inv.options:
        # `apply -replace=X` is what `taint X` then `apply` did (terraform's docs: taint is
        # deprecated for -replace)
        return [
            like(inv, "terraform", ("taint",), args=inv.options["--replace"], options={})
        ], False
    wildcard = any("*" in refspec for refspec in inv.args[1:])
    if program == "git" and sub[:1] == ("push",) and "--prune" in inv.flags and wildcard:
        # git-push(1) --prune deletes the remote refs a wildcard refspec has no local
        # counterpart for: `git push --delete` of them
        return [like(inv, "git", ("push",), flags=(inv.flags - {"--prune"}) | {"--delete"})], False
    if program == "redis-cli" and len(inv.args) == 2 and inv.args[0].lower() == "keys":
        # `KEYS p` lists the keys matching p, as `--scan --pattern p` does (without blocking)
        return [
            like(
                inv,
                "redis-cli",
                flags=inv.flags | {"--scan", "--pattern"},
                options={**inv.options, "--pattern": inv.args[1:]},
                args=[],
            )
        ], False
    listing = _EVERY_ONE.get(sub) if program == "docker" else None
    if listing is not None and "--all" in inv.flags:
        # `podman rmi --all` removes what `docker rmi $(docker images -q)` removes, and so
        # what that prune removes
        listed = like(
            inv,
            "docker",
            sub,
            flags=inv.flags - {"--all"},
            args=[*inv.args, f"$(docker {listing})"],
            options=inv.options,
        )
        return [listed, *_tools(listed)[0]], True
    if program == "docker" and sub == ("compose", "down") and "--volumes" in inv.flags:
        # compose down -v removes the project's named and anonymous volumes (docker compose
        # down's reference), as `docker volume rm` of each does; that is its part about volumes
        return [like(inv, "docker", ("volume", "rm"), args=[], options={}, part="volume")], False
    listed_all = _EVERY_LISTED.get(sub) if program == "docker" else None
    if listed_all is not None and any(_lists_every(a, listed_all[0]) for a in inv.args):
        # `docker volume rm $(docker volume ls -q)` removes every volume no container uses (the
        # others refuse), as `docker volume prune --all` does
        return [like(inv, "docker", listed_all[1], flags={"--all"}, args=[], options={})], False
    if program == "docker" and sub == ("volume", "prune"):
        return [like(inv, "docker", ("system", "prune"), flags=inv.flags | {"--volumes"})], True
    if program == "aws" and sub == ("s3", "rb") and "--force" in inv.flags:
        return [
            like(inv, "aws", ("s3", "rm"), flags=(inv.flags - {"--force"}) | {"--recursive"})
        ], True
    uninstalled = _package_removal(inv)
    if uninstalled is not None:
        return [uninstalled], False
    if program == "apt" and sub[:1] == ("purge",):
        return [like(inv, "apt", ("remove",), flags=inv.flags | {"--purge"})], True
    if program == "apt" and sub[:1] == ("autoremove",) and inv.args:
        return [like(inv, "apt", ("remove",), flags=inv.flags)], False
    if program == "docker" and sub == ("system", "prune"):
        # everything `docker image prune`, `container prune`, … would remove, and more
        found = [
            like(inv, "docker", (kind, "prune"), flags=inv.flags & {"--all"}, part=kind)
            for kind in ("image", "container", "network", "builder")
        ]
        if "--volumes" in inv.flags:
            found.append(
                like(inv, "docker", ("volume", "prune"), flags=inv.flags & {"--all"}, part="volume")
            )
        return found, False
    if program == "helm" and sub[:1] == ("upgrade",) and "--install" in inv.flags:
        return [
            like(inv, "helm", ("install",), flags=inv.flags - {"--install"}, options=inv.options)
        ], False
    fanned = _many_hosts_power(inv)
    if fanned is not None:
        return [fanned], False
    if (
        program == "heroku"
        and sub[:1] in (("addons:destroy",), ("addons:remove",))
        and any(re.search(r"(?i)postgres|database", a) for a in inv.args)
    ):
        # destroying the app's Postgres add-on deletes the database with every table in it,
        # all that `pg:reset` deletes and more (Heroku's CLI reference)
        confirmed = inv.flags & {"--confirm", "--app"}
        options = {k: v for k, v in inv.options.items() if k in confirmed}
        return [
            like(
                inv,
                "heroku",
                ("pg:reset",),
                flags=confirmed,
                args=["DATABASE_URL"],
                options=options,
            )
        ], False
    if (
        program == "az"
        and sub[:3] == ("deployment", "group", "create")
        and [m.lower() for m in inv.options.get("--mode", [])] == ["complete"]
        and any(_EMPTY_SOURCE.search(t) for t in inv.options.get("--template-file", []))
    ):
        # a Complete-mode deployment deletes every resource of the group its template does not
        # declare (Azure's deployment modes): from an empty template, all of them, as `az
        # group delete` does
        resource_group = inv.options.get("--resource-group", [])
        return [
            like(
                inv, "az", ("group", "delete"), flags={"--name"}, options={"--name": resource_group}
            )
        ], False
    published = _publishes(inv)
    if published is not None:
        return [published], False
    cmdlet = _powershell_cloud(inv)
    if cmdlet is not None:
        return [cmdlet], True
    if program == "helmfile" and sub[:1] == ("destroy",):
        # helmfile's destroy uninstalls every release the helmfile selects (`helm uninstall` of
        # each); its environment and namespace say where
        names = [v.partition("=")[2] for v in inv.options.get("--selector", []) if "name=" in v]
        return [like(inv, "helm", ("uninstall",), args=names or ["*"])], False
    if program in ("scp", "sftp") and "-o" in inv.options:
        # the ssh options scp and sftp pass on are ssh's (scp(1): "-o ssh_option"), for the
        # user and host they connect to (`user@host:path`, sftp's `user@host`)
        return [_ssh_to(inv, inv.options["-o"])], False
    if program == "deluser" and inv.flags & {"--remove-home", "--remove-all-files"}:
        # Debian's deluser(8): the account with its home, as `userdel -r` removes it
        return [like(inv, "userdel", flags={"--remove"}, options={})], False
    if program == "bfg" and inv.flags & {"--delete-files", "--delete-folders"}:
        # BFG Repo-Cleaner removes the files from every commit, as git-filter-repo does
        return [_history_without(inv, inv.args)], False
    if program == "git" and sub[:1] == ("filter-branch",):
        removed = [
            word
            for key in ("--index-filter", "--tree-filter")
            for script in inv.options.get(key, ())
            for word in _removed_by(script)
        ]
        if removed:
            return [_history_without(inv, removed)], False
    if program in ("usermod", "useradd") and inv.options.get("--password") == [""] and inv.args:
        # an empty encrypted password is no password at all, as `passwd -d` leaves it
        return [like(inv, "passwd", flags={"--delete"}, args=inv.args[-1:], options={})], False
    if program == "pip" and sub == ("config", "set") and len(inv.args) >= 2:
        return _pip_configured(inv), False
    if program == "npm" and sub == ("config", "set") and len(inv.args) >= 2:
        # npm-config(7): every configuration key is also the command-line flag --key
        key, value = inv.args[0], inv.args[1]
        flag = f"--{key}"
        lowered = value.lower()
        if lowered in TRUE_WORDS or lowered in FALSE_WORDS:
            if lowered in FALSE_WORDS:
                flag = f"--no-{key}"  # `strict-ssl false` is `--no-strict-ssl`
            flags = {flag, "--insecure"} if flag in INSECURE_FLAGS else {flag}
            return [like(inv, "npm", ("install",), flags=flags, args=[], options={})], False
        return [
            like(inv, "npm", ("install",), flags={flag}, args=[], options={flag: [value]})
        ], False
    group = _group_added(inv)
    if group is not None:
        return [group], False
    power = _power_state(inv)
    if power is not None:
        return [like(inv, "systemctl", (power,), flags=set(), args=[], options={})], True
    if program == "remove-item":
        # PowerShell's Remove-Item -Recurse -Force removes as rm -rf does
        flags = {"--recursive"} if "-Recurse" in inv.flags else set()
        flags |= {"--force"} if "-Force" in inv.flags else set()
        paths = inv.args + inv.options.get("-Path", []) + inv.options.get("-LiteralPath", [])
        return [like(inv, "rm", flags=flags, args=paths, options={})], True
    if program == "find" and "-delete" in inv.flags and not inv.flags & _NARROWING:
        return [like(inv, "rm", flags={"--recursive", "--force"}, args=inv.args or ["."])], False
    if program == "gsutil" and sub:
        flags = {"--recursive" if f in ("-r", "-R") else f for f in inv.flags}
        verb = {"rb": ("buckets", "delete")}.get(sub[0], (sub[0],))
        return [like(inv, "gcloud", ("storage", *verb), flags=flags, options=inv.options)], True
    return [], False


def _ssh_to(inv: Invocation, settings: list[str]) -> Invocation:
    """ssh with these `-o` settings to the remote a copying command names."""
    remote = next((a for a in inv.args if re.match(r"^[^/:\s]+:|^[^/:\s]+@[^/:\s]+$", a)), "")
    user, _, host = remote.partition(":")[0].rpartition("@")
    return _ssh_with(inv, settings, user, [host] if host else [])


def _ssh_with(inv: Invocation, settings: list[str], user: str, hosts: list[str]) -> Invocation:
    """ssh with these `-o Key=value` settings, as the user, to the hosts (the settings turned
    off read as `commands.normalize` reads them)."""
    flags, options = {"-o"}, {"-o": list(settings)}
    if user:
        flags.add("-l")
        options["-l"] = [user]
    disabled = disabled_settings(s.split("=", 1) for s in settings if "=" in s)
    ssh = like(inv, "ssh", flags=flags | disabled, options=options, args=hosts)
    ssh.widening = disabled
    return ssh


# Azure PowerShell's Remove-Az* cmdlets and the az commands that delete the same resource
# (-Force skips the confirmation, as az's --yes does).
_AZ_CMDLETS = {
    "remove-azresourcegroup": ("group", "delete"),
    "remove-azvm": ("vm", "delete"),
    "remove-azstorageaccount": ("storage", "account", "delete"),
    "remove-azstoragecontainer": ("storage", "container", "delete"),
    "remove-azsqldatabase": ("sql", "db", "delete"),
    "remove-azsqlserver": ("sql", "server", "delete"),
    "remove-azkeyvault": ("keyvault", "delete"),
    "remove-azakscluster": ("aks", "delete"),
    "remove-azwebapp": ("webapp", "delete"),
    "remove-azcosmosdbaccount": ("cosmosdb", "delete"),
}
_AZ_PARAMETERS = {"-name": "--name", "-resourcegroupname": "--resource-group"}


def _powershell_cloud(inv: Invocation) -> Invocation | None:
    """`Remove-AzResourceGroup -Name rg -Force` is `az group delete --name rg --yes`; AWS Tools
    for PowerShell's `Remove-S3Bucket -BucketName b -DeleteBucketContent` is `aws s3 rb s3://b
    --force`."""
    try:
        words = shlex.split(inv.text)
    except ValueError:
        words = inv.text.split()
    lowered = [w.lower() for w in words]
    if inv.program == "remove-s3bucket":
        buckets = [words[k + 1] for k, w in enumerate(lowered[:-1]) if w == "-bucketname"]
        flags = {"--force"} if "-deletebucketcontent" in lowered else set()
        return like(
            inv, "aws", ("s3", "rb"), flags=flags, args=[f"s3://{b}" for b in buckets], options={}
        )
    sub = _AZ_CMDLETS.get(inv.program)
    if sub is None:
        return None
    options = {
        _AZ_PARAMETERS[w]: [words[k + 1]] for k, w in enumerate(lowered[:-1]) if w in _AZ_PARAMETERS
    }
    if "--name" not in options and inv.args:
        options["--name"] = inv.args[:1]
    flags = set(options) | ({"--yes"} if "-force" in lowered else set())
    return like(inv, "az", sub, flags=flags, args=[], options=options)


def _publishes(inv: Invocation) -> Invocation | None:
    """Tools that publish through the registry's own client publish as it does: lerna's and
    changesets' `publish` run `npm publish` for each package; cargo-workspaces' `publish` and
    cargo-release with `--execute` (without it, a dry run) run `cargo publish`; the NuGet
    CLI's and Paket's `push PACKAGE` are `dotnet nuget push PACKAGE`, and `nuget delete` is
    `dotnet nuget delete`."""
    program, sub, args = inv.program, inv.subcommand, inv.args
    words = [a.lower() for a in args[:1]]
    kept = inv.flags & {"--allow-dirty", "--no-verify", "--dry-run"}
    if program in ("lerna", "changeset", "changesets") and words == ["publish"]:
        return like(inv, "npm", ("publish",), flags=kept, args=[], options={})
    if program == "cargo" and sub[:1] == ("workspaces",) and words == ["publish"]:
        return like(inv, "cargo", ("publish",), flags=kept, args=[], options={})
    if program == "cargo" and sub[:1] == ("release",) and "--execute" in inv.flags:
        return like(inv, "cargo", ("publish",), flags=kept, args=[], options={})
    if program in ("nuget", "paket") and words in (["push"], ["delete"]) and len(args) >= 2:
        packages = [a for a in args[1:] if a.lower() != "file"][:1]
        if words == ["delete"]:
            packages = args[1:3]
        return like(inv, "dotnet", args=["nuget", words[0], *packages], options={})
    return None


# rpm's and apt's overrides of the package manager's safety checks, as dpkg's --force-*
# (rpm(8): --force is --replacepkgs --replacefiles --oldpackage; apt-get(8): --force-yes is
# every --allow-* at once)
_FORCES = {
    "--nodeps": "--force-depends",
    "--force": "--force-overwrite",
    "--replacefiles": "--force-overwrite",
    "--allow-remove-essential": "--force-remove-essential",
    "--force-yes": "--force-all",
}


def _forced_packages(inv: Invocation) -> Invocation | None:
    """A package installed or removed past the package manager's checks is `dpkg --install`
    (`--remove`) with the `--force-*` dpkg names for the check: `rpm -i --nodeps --force`,
    `rpm -e --nodeps`, `apt-get install --allow-remove-essential`, `apt-get --force-yes`."""
    if inv.defused:
        return None
    if inv.program == "rpm" and inv.flags & {"--install", "--upgrade", "--freshen", "--erase"}:
        action = "--remove" if "--erase" in inv.flags else "--install"
    elif inv.program == "apt" and inv.subcommand[:1] in (("install",), ("remove",), ("purge",)):
        action = "--install" if inv.subcommand[:1] == ("install",) else "--remove"
    else:
        return None
    forces = {_FORCES[f] for f in inv.flags if f in _FORCES}
    if not forces or not inv.args:
        return None
    return like(
        inv, "dpkg", flags={action, *forces, "--force-all"}, args=list(inv.args), options={}
    )


def _package_forces(inv: Invocation) -> tuple[list[Invocation], bool]:
    forced = _forced_packages(inv)
    return ([forced] if forced is not None else []), False


def _group_added(inv: Invocation) -> Invocation | None:
    """`gpasswd -a USER GROUP` and Debian's `adduser USER GROUP` add a user to a group as
    `usermod -aG GROUP USER` does."""
    if inv.program == "gpasswd" and "-a" in inv.flags and len(inv.args) == 2:
        user, group = inv.args
    elif inv.program == "adduser" and len(inv.args) == 2 and not inv.flags:
        user, group = inv.args
    else:
        return None
    return like(
        inv,
        "usermod",
        flags={"--append", "--groups"},
        options={"--groups": [group]},
        args=[user],
    )


def _power_state(inv: Invocation) -> str | None:
    """`shutdown -h now`, `poweroff`, `halt`, `init 0` power the host off; `shutdown -r`,
    `reboot`, `init 6` reboot it (systemd's `systemctl poweroff` / `reboot`); a cancelled or
    announced shutdown (`-c`, `-k`) does neither."""
    program, args = inv.program, inv.args
    if program == "shutdown" and not inv.defused:
        return "reboot" if "--reboot" in inv.flags else "poweroff"
    if program in ("poweroff", "halt") and not inv.defused:
        return "poweroff"
    if program == "reboot" and not inv.defused:
        return "reboot"
    if program in ("init", "telinit") and args[:1] in (["0"], ["6"]):
        return "poweroff" if args[0] == "0" else "reboot"
    return None


def _package_removal(inv: Invocation) -> Invocation | None:
    """A package removed by another distribution's manager is `apt remove` of it: dnf/yum
    remove, zypper rm, pacman -R, apk del, rpm -e, dpkg -r/-P (purging: `--purge`)."""
    program, sub, args = inv.program, inv.subcommand, inv.args
    purge = bool(inv.flags & {"--purge", "--nosave"})
    if program == "dnf" and sub[:1] in (("remove",), ("erase",), ("autoremove",)) and args:
        packages = args
    elif program == "zypper" and args[:1] in (["rm"], ["remove"]) and len(args) > 1:
        packages = args[1:]
    elif program == "apk" and sub[:1] == ("del",) and args:
        packages = args
    elif program == "pacman" and "--remove" in inv.flags and args:
        packages = args
    elif program == "rpm" and "--erase" in inv.flags and args:
        packages = args
    elif program == "dpkg" and inv.flags & {"--remove", "--purge"} and args:
        packages = args
    else:
        return None
    return like(
        inv, "apt", ("remove",), flags={"--purge"} if purge else set(), args=packages, options={}
    )


def _history_without(inv: Invocation, paths: list[str]) -> Invocation:
    """History rewritten without these paths, as git-filter-repo spells it."""
    return like(
        inv,
        "git",
        ("filter-repo",),
        flags={"--path", "--invert-paths"},
        options={"--path": list(paths)},
        args=[],
    )


def _removed_by(script: str) -> list[str]:
    """The paths a filter-branch filter removes (`git rm --cached --ignore-unmatch .env`,
    `rm -f keys.pem`): the plain words after its `rm`."""
    words = script.replace(";", " ").replace("&&", " ").split()
    if "rm" not in words:
        return []
    return [w.strip("'\"") for w in words[words.index("rm") + 1 :] if not w.startswith("-")]


def _pip_configured(inv: Invocation) -> list[Invocation]:
    """`pip config set global.trusted-host h`: a key of pip's configuration is the long option of
    that name, for the commands of its section (`global`: every command; read as `install`)."""
    key, value = inv.args[0], inv.args[1]
    section, _, name = key.rpartition(".")
    if not name or not section:
        return []
    command = "install" if section == "global" else section
    spec = spec_of(f"pip {command}")
    flag = spec.aliases.get(f"--{name}", f"--{name}")
    lowered = value.strip().lower()
    if lowered in FALSE_WORDS and flag not in spec.values:
        return []
    flags = {flag, *spec.implies.get(flag, ())}
    if flags & INSECURE_FLAGS:
        flags.add("--insecure")
    options = {flag: [value]} if flag in spec.values or lowered not in TRUE_WORDS else {}
    return [like(inv, "pip", (command,), flags=flags, args=[], options=options)]


def _printers(inv: Invocation) -> tuple[list[Invocation], bool]:
    """`printf '%s\\n' "$X"` prints X as `echo "$X"` does."""
    if inv.program == "printf" and len(inv.args) >= 2 and "%" in inv.args[0]:
        return [like(inv, "echo", args=inv.args[1:], options={})], False
    return [], False


_HTTP_METHODS = frozenset("GET HEAD POST PUT PATCH DELETE OPTIONS".split())


def _interpreters(inv: Invocation) -> tuple[list[Invocation], bool]:
    """What reads its program from a pipe runs it, whichever interpreter it is."""
    if inv.program in DOWNLOADERS and inv.program != "curl":
        output = {k: v for k, v in inv.options.items() if k in ("--output", "--download")}
        flags, args = set(inv.flags), list(inv.args)
        if inv.program == "http" and len(args) >= 2 and args[0].upper() in _HTTP_METHODS:
            # HTTPie's `http DELETE :9200/x` is `curl -X DELETE http://localhost:9200/x`
            output["--request"] = [args.pop(0).upper()]
            flags.add("--request")
            args = [f"http://localhost{a}" if a.startswith(":") else a for a in args]
        if "--auth" in inv.options:
            # HTTPie's `-a user:password` is curl's `-u user:password`
            output["--user"] = inv.options["--auth"]
            flags = (flags - {"--auth"}) | {"--user"}
        return [like(inv, "curl", flags=flags, args=args, options=output or None)], True
    if inv.program in EVALUATORS:
        return [like(inv, "sh", args=[])], True
    if inv.program == "sh" or inv.program not in INTERPRETERS:
        return [], False
    code = {"-c", "-e", "-E", "--eval", "-p", "--print", "-m"} & inv.flags
    from_pipe = inv.pipeline is not None and inv.pipeline[1] > 0 or STDIN in inv.options
    if code or not from_pipe or inv.args and inv.args[0] != "-":
        return [], False
    return [like(inv, "sh", args=inv.args[1:])], True


def _modes(inv: Invocation) -> tuple[list[Invocation], bool]:
    """`mkdir -m 777 d` and `install -d -m 777 d` give d the mode `chmod 777 d` gives it (a
    directory just made holds nothing: `chmod -R`); `install -m 777 f d/` gives it the files."""
    if inv.program not in ("mkdir", "install") or "--mode" not in inv.options or not inv.args:
        return [], False
    directories = inv.program == "mkdir" or "--directory" in inv.flags
    paths = inv.args if directories else inv.args[-1:]
    flags = {"--recursive"} if directories else set()
    return [
        like(
            inv,
            "chmod",
            flags=flags,
            args=[*(normalize_mode(m) for m in inv.options["--mode"]), *paths],
            options={},
        )
    ], False


def _alternatives(inv: Invocation) -> tuple[list[Invocation], bool]:
    """update-alternatives(1) points a link at a program, as `ln -sf PATH LINK` does: `--install
    LINK NAME PATH PRIORITY` names the link; `--set NAME PATH` the link of NAME, which the
    distributions keep at /usr/bin/NAME."""
    if inv.program != "update-alternatives":
        return [], False
    if "--install" in inv.flags and len(inv.args) >= 3:
        link, path = inv.args[0], inv.args[2]
    elif "--set" in inv.flags and len(inv.args) >= 2:
        link, path = f"/usr/bin/{inv.args[0]}", inv.args[1]
    else:
        return [], False
    return [like(inv, "ln", flags={"--symbolic", "--force"}, args=[path, link], options={})], False


# Package runners that fetch a package and run it without asking (pnpm dlx, yarn dlx, bunx), and
# npx and `npm exec` when told yes: `npm exec --yes PACKAGE` (npm-exec(1)).
_RUNNERS = {"npx": False, "npm exec": False, "bunx": True, "pnpx": True, "pnpm dlx": True}
_RUNNERS |= {"yarn dlx": True}


def _runners(inv: Invocation) -> tuple[list[Invocation], bool]:
    words = inv.text.split()
    runner = next((r for r in _RUNNERS if words[: len(r.split())] == r.split()), None)
    if runner is None or inv.program == "npm" and "--yes" in inv.flags:
        return [], False
    rest = words[len(runner.split()) :]
    options = [w for w in rest[: next((i for i, w in enumerate(rest) if w[:1] != "-"), 0)]]
    if not (_RUNNERS[runner] or {"-y", "--yes"} & set(options)):
        return [], False
    package = [w for w in rest if not w.startswith("-")][:1]
    if inv.program == "npm" and inv.subcommand[:1] == ("exec",):
        package = inv.args[:1]
    elif not package or inv.program not in package[0]:
        return [], False
    return [like(inv, "npm", ("exec",), flags={"--yes"}, args=package, options={})], False


SERVE_FILES = "serve-files"
# Where a server listens when told a loopback address only: nothing on the network reaches it.
_LOOPBACK = re.compile(r"^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])(:\d+)?$")


def _file_servers(inv: Invocation) -> tuple[list[Invocation], bool]:
    """A static file server serves a directory over HTTP: `serve-files DIR` (Python's
    `-m http.server [-d DIR]` and `SimpleHTTPServer`, which serve the directory they run in;
    the npm packages `http-server [DIR]` and `serve [DIR]`; `php -S ADDR -t DIR`; Ruby's `ruby
    -run -e httpd DIR`), unless it listens on a loopback address only."""
    program, options = inv.program, inv.options
    here = inv.cwd or "."
    if program in ("http.server", "SimpleHTTPServer"):
        directory = options.get("--directory", [here])[0]
        address = options.get("--bind", [])
    elif program in ("http-server", "serve"):
        directory = inv.args[0] if inv.args else here
        address = options.get("--address", []) + options.get("--listen", [])
    elif program == "php" and "-S" in options:
        directory = options.get("-t", [here])[0]
        address = options["-S"]
    elif program == "ruby" and options.get("-r") == ["un"] and options.get("-e") == ["httpd"]:
        directory = next((a for a in inv.args if not a.isdigit()), here)
        address = options.get("--bind-address", [])
    else:
        return [], False
    if address and all(_LOOPBACK.match(a.removeprefix("tcp://")) for a in address):
        return [], False
    if directory in ("$HOME", "${HOME}"):
        directory = "~"
    return [like(inv, SERVE_FILES, args=[directory], options={})], False


# the RabbitMQ management HTTP API's queue routes (its reference): DELETE of
# /api/queues/VHOST/NAME/contents purges the queue, of /api/queues/VHOST/NAME deletes it
_RABBIT_QUEUE_ROUTE = re.compile(r"/api/queues/([^/?#]+)/([^/?#]+)(/contents)?/?(?:[?#].*)?$")
_RABBITMQADMIN_VERBS = {("purge", "queue"): "purge_queue", ("delete", "queue"): "delete_queue"}
_GIT_TLS_OFF = ("http.sslVerify", "false")


def _rabbit_queue(inv: Invocation) -> Invocation | None:
    """rabbitmqadmin's `purge queue name=q` and the management API's DELETE of a queue's
    contents are `rabbitmqctl purge_queue q` (and the delete forms `delete_queue q`)."""
    if inv.program == "rabbitmqadmin" and len(inv.args) >= 2:
        verb = _RABBITMQADMIN_VERBS.get((inv.args[0].lower(), inv.args[1].lower()))
        names = [a.partition("=")[2] for a in inv.args[2:] if a.startswith("name=")]
        if verb and names:
            return like(inv, "rabbitmqctl", args=[verb, *names], options={})
    method = [m.upper() for m in inv.options.get("--request", [])]
    if inv.program == "curl" and method == ["DELETE"]:
        for url in inv.args:
            route = _RABBIT_QUEUE_ROUTE.search(url)
            if route:
                verb = "purge_queue" if route.group(3) else "delete_queue"
                vhost = route.group(1).replace("%2F", "/").replace("%2f", "/")
                purge = like(
                    inv,
                    "rabbitmqctl",
                    flags={"--vhost"},
                    args=[verb, route.group(2)],
                    options={"--vhost": [vhost]},
                )
                purge.via = [*purge.via, url]  # the server it purges on
                return purge
    return None


def _other_tools(inv: Invocation) -> tuple[list[Invocation], bool]:
    """The same operation spelt with another tool or another of the tool's own commands."""
    program, sub = inv.program, inv.subcommand
    if program == "rpk" and sub == ("topic", "delete") and inv.args:
        # Redpanda's `rpk topic delete t` deletes the topic as `kafka-topics --delete --topic t`
        return [
            like(
                inv,
                "kafka-topics",
                flags={"--delete", "--topic"},
                args=[],
                options={"--topic": inv.args, **inv.options},
            )
        ], True
    if program == "kubectl" and sub[:1] == ("view-secret",) and inv.args:
        # the view-secret plugin prints a secret's values decoded, as `get secret -o jsonpath`
        # piped to base64 -d does
        key = inv.args[1] if len(inv.args) > 1 else ""
        path = f"{{.data.{key}}}" if key else "{.data}"
        return [
            like(
                inv,
                "kubectl",
                ("get", "secret"),
                flags=inv.flags | {"--output"},
                args=inv.args[:1],
                options={**inv.options, "--output": [f"jsonpath={path}"]},
            )
        ], False
    if program == "kubectl" and sub[:1] == ("extract",) and inv.args[:1] == ["secret"]:
        # `oc extract secret/x --to=-` prints every value of the secret decoded
        if inv.options.get("--to") == ["-"]:
            return [
                like(
                    inv,
                    "kubectl",
                    ("get", "secret"),
                    flags={"--output"},
                    args=inv.args[1:2],
                    options={"--output": ["jsonpath={.data}"]},
                )
            ], False
    if "--insecure" in inv.flags and (
        program == "git"
        and sub[:1] != ("config",)
        or program == "export"
        and any(a.upper().startswith("GIT_SSL_NO_VERIFY=") for a in inv.args)
    ):
        # git's `-c http.sslVerify=false` and GIT_SSL_NO_VERIFY (git-config(1)) turn off
        # the verification `git config http.sslVerify false` turns off
        return [like(inv, "git", ("config",), flags={"--insecure"}, args=list(_GIT_TLS_OFF))], False
    if program == "git" and sub == ("restore",) and _resets_everything(inv):
        # git-restore(1): `--staged --worktree` on the whole tree puts the index and every file
        # back as in the source (HEAD), dropping all uncommitted work as `git reset --hard` does
        source = inv.options.get("--source", [])
        return [like(inv, "git", ("reset",), flags={"--hard"}, args=source[:1], options={})], False
    if program == "zpool" and sub == ("destroy",) and inv.args:
        # zpool-destroy(8) destroys the pool with every dataset in it, as `zfs destroy -r`
        # of its root dataset (named as the pool) does
        return [like(inv, "zfs", ("destroy",), flags=inv.flags | {"-r"})], False
    if program == "crontab" and not inv.flags - {"-u", "--user", STDIN} and _empty_table(inv):
        # crontab(1) installs the table it is given: an empty one removes every job, as -r does
        return [like(inv, "crontab", flags={"--remove"}, args=[], options={})], True
    if program == "ufw" and sub == ("default",) and inv.args[:1] == ["allow"]:
        # ufw(8): `default allow [incoming]` accepts every connection no rule denies, the
        # firewall off for whatever listens, as `ufw disable` leaves it (`outgoing` and
        # `routed` are other traffic)
        if [a.lower() for a in inv.args[1:]] in ([], ["incoming"]):
            return [like(inv, "ufw", ("disable",), args=[], options={})], False
    zones = [z.lower() for z in inv.options.get("--set-default-zone", [])]
    if program == "firewall-cmd" and zones == ["trusted"]:
        # firewalld.zones(5): the trusted zone accepts every connection, as firewalld
        # stopped does
        return [like(inv, "systemctl", ("stop",), args=["firewalld"], options={})], False
    queue = _rabbit_queue(inv)
    if queue is not None:
        return [queue], program == "rabbitmqadmin"
    registry_login = _registry_login(inv)
    if registry_login is not None:
        return [registry_login], False
    if program == "unlink" and len(inv.args) == 1:
        # unlink(1) removes the one file it is given, as `rm` does
        return [like(inv, "rm", args=inv.args, options={})], False
    return [], False


# Other clients' registry logins, by the words naming it (each documents `-u/--username` and
# `-p/--password` as docker login does; regctl spells the password `--pass`)
_REGISTRY_LOGINS = {
    "helm": ("registry", "login"),
    "skopeo": ("login",),
    "buildah": ("login",),
    "oras": ("login",),
    "crane": ("auth", "login"),
    "regctl": ("registry", "login"),
}
_PASSWORD_FLAGS = frozenset({"-p", "--password", "--pass"})


def _registry_login(inv: Invocation) -> Invocation | None:
    """`skopeo login -u ci -p <secret> quay.io`: a password handed to another client's registry
    login on the command line is `docker login --password` (stdin, a credential helper are not)."""
    login = _REGISTRY_LOGINS.get(inv.program)
    if login is None or not inv.flags & _PASSWORD_FLAGS:
        return None
    words = [*inv.subcommand, *inv.args]
    if tuple(words[: len(login)]) != login:
        return None
    return like(
        inv,
        "docker",
        ("login",),
        flags={"--password"} | ({"--username"} if inv.flags & {"-u", "--username"} else set()),
        args=[],
        options={},
    )


# Pathspecs naming the whole working tree (from its top, or run there): gitglossary(7); `:/`
# reads as `:` once its trailing slash is dropped
_WHOLE_TREE = frozenset({".", ":", ":/", ":/*", "*", ":(top)"})


def _resets_everything(inv: Invocation) -> bool:
    """`git restore --staged --worktree .`: both the index and the files, every path."""
    return (
        {"--staged", "--worktree"} <= inv.flags and bool(inv.args) and set(inv.args) <= _WHOLE_TREE
    )


def _empty_table(inv: Invocation) -> bool:
    """`crontab /dev/null`, `crontab - < /dev/null`, `echo -n | crontab -`: the new table is
    empty (crontab(1): `-` reads it from the standard input)."""
    sources = [a for a in inv.args if a != "-"]
    if sources:
        return all(s == "/dev/null" for s in sources)
    handed = inv.options.get(STDIN)
    return "-" in inv.args and handed is not None and not any(t.strip() for t in handed)


_RULES: list[Callable[[Invocation], tuple[list[Invocation], bool]]] = [
    _other_tools,
    _sql,
    _file_servers,
    _modes,
    _alternatives,
    _runners,
    _services,
    _processes,
    _in_place,
    _tools,
    _package_forces,
    _printers,
    _interpreters,
    _writes,
    _ssh_config,
    _devices,
    _object_stores,
]


def equivalents(inv: Invocation) -> list[Invocation]:
    """The equivalent forms of one command (marking it superseded when one says it all)."""
    found: list[Invocation] = []
    for rule in _RULES:
        added, supersedes = rule(inv)
        found += added
        inv.superseded = inv.superseded or supersedes and bool(added)
    # an equivalent may have equivalents of its own (`wget … | python3 -`)
    for extra in list(found):
        for rule in _RULES:
            more, _ = rule(extra)
            # (not the original again: `destroy` is `apply -destroy`, which is `destroy`)
            found += [
                m
                for m in more
                if (m.program, m.subcommand)
                not in {(e.program, e.subcommand) for e in (extra, inv)}
            ]
    return found


def _replaced_link(inv: Invocation, removed: set[str]) -> Invocation | None:
    """`rm f && ln -s src f`: a link made where the line just removed a file replaces that
    file, as `ln -sf src f` does."""
    if inv.program != "ln" or "--force" in inv.flags or len(inv.args) < 2:
        return None
    if inv.args[-1] not in removed:
        return None
    return like(inv, "ln", flags=inv.flags | {"--force"}, options=inv.options)


def _over_the_tree(inv: Invocation, finder: Invocation | None) -> Invocation | None:
    """`find DIR -exec chmod 777 {} +` with nothing to narrow what it finds changes every
    file under DIR, as `chmod -R 777 DIR` does (chmod, chown, chgrp)."""
    if finder is None or inv.program not in ("chmod", "chown", "chgrp"):
        return None
    if (
        "--recursive" in inv.flags
        or finder.flags & _NARROWING
        or not set(finder.args) & set(inv.args)
    ):
        return None
    return like(inv, inv.program, flags=inv.flags | {"--recursive"}, options=inv.options)


_REDIS_CLIENTS = frozenset({"redis-cli", "valkey-cli", "keydb-cli"})


def _lists_every_key(inv: Invocation) -> bool:
    """`redis-cli --scan` with no pattern or `*`, and `KEYS *`, list every key."""
    if inv.program not in _REDIS_CLIENTS:
        return False
    if "--scan" in inv.flags:
        return inv.options.get("--pattern", ["*"]) == ["*"]
    return [a.lower() for a in inv.args[:1]] == ["keys"] and inv.args[1:] == ["*"]


def _every_key_deleted(inv: Invocation, every_key: bool) -> Invocation | None:
    """`redis-cli --scan | xargs redis-cli DEL` deletes every key of the database, as FLUSHDB
    does (which `commands` reads as FLUSHALL): `redis-cli flushall`."""
    if not every_key or inv.program not in _REDIS_CLIENTS:
        return None
    if [a.lower() for a in inv.args[:1]] not in (["del"], ["unlink"]):
        return None
    if not any(a.startswith("$(") for a in inv.args[1:]):
        return None
    return like(inv, inv.program, flags=inv.flags, args=["flushall"], options=inv.options)


def with_equivalents(line: list[Invocation]) -> list[Invocation]:
    """The line with every command's equivalent forms added after it."""
    out: list[Invocation] = []
    removed: set[str] = set()
    finder: Invocation | None = None
    every_key = False
    for inv in line:
        out.append(inv)
        flushed = _every_key_deleted(inv, every_key)
        if flushed is not None:
            out += [flushed, *equivalents(flushed)]
        every_key = _lists_every_key(inv) or every_key and inv.program not in _REDIS_CLIENTS
        if not inv.expanded:
            inv.expanded = True
            replaced = _replaced_link(inv, removed)
            if replaced is not None:
                out += [replaced, *equivalents(replaced)]
            out += equivalents(inv)
        # (what `find -exec` runs was read, and expanded, as a line of its own)
        tree = _over_the_tree(inv, finder)
        if tree is not None:
            out += [tree, *equivalents(tree)]
        finder = inv if inv.program == "find" and inv.wrapper else None
        if inv.program in ("rm", "unlink"):
            removed.update(inv.args)
    fanned = _hosts_powered(out)
    return [*out, fanned] if fanned is not None else out


def _hosts_powered(line: list[Invocation]) -> Invocation | None:
    """`for h in web-1 web-2; do ssh $h sudo reboot; done`: the same reboot (or power-off) on
    several hosts is ansible's ad-hoc `-b -m reboot` on that group, as a parallel shell is."""
    powered = [
        inv
        for inv in line
        if inv.program == "systemctl"
        and inv.subcommand[:1] in (("reboot",), ("poweroff",), ("halt",))
        and inv.via
    ]
    hosts = list(dict.fromkeys(inv.via[0] for inv in powered))
    if len(hosts) < 2:
        return None
    first = powered[0]
    module = "reboot" if first.subcommand[:1] == ("reboot",) else "shutdown"
    become = {"--become"} if any(inv.sudo for inv in powered) else set()
    return like(
        first,
        "ansible",
        flags={"--module-name", *become},
        options={"--module-name": [module]},
        args=[",".join(hosts)],
    )


# --- REST calls that a command line stands for ---------------------------------------------

# The REST API's root: api.github.com, or a GitHub Enterprise Server's `https://HOST/api/v3`
_GITHUB_ROOT = re.compile(r"^https?://(?:api\.github\.com|[^/\s]+/api/v3)(?=/|$)", re.I)
_GITHUB_PATH = re.compile(
    r"^(?:https?://(?:api\.github\.com|[^/\s]+/api/v3))?/*([^?#]+?)/*(?:[?#].*)?$", re.I
)
_REPO = r"repos/(?P<repo>[\w.-]+/[\w.-]+)"
_QUOTE = "'\""


def _on(value: object, *words: str) -> bool:
    return str(value).strip(_QUOTE).lower() in words


# (methods, path, fields -> the command line the call amounts to, or None)
_GITHUB_ROUTES: list[tuple[frozenset[str], re.Pattern, Callable[[dict, dict], str | None]]] = [
    (
        frozenset({"DELETE"}),
        re.compile(rf"{_REPO}/releases/(?P<id>[^/]+)"),
        lambda p, f: f"gh release delete {p['id']} --repo {p['repo']}",
    ),
    (
        frozenset({"DELETE"}),
        re.compile(rf"{_REPO}/git/refs/tags/(?P<tag>.+)"),
        lambda p, f: f"git push origin --delete refs/tags/{p['tag']}",
    ),
    (
        frozenset({"DELETE"}),
        re.compile(rf"{_REPO}/git/refs/heads/(?P<branch>.+)"),
        lambda p, f: f"git push origin --delete {p['branch']}",
    ),
    (
        frozenset({"PATCH", "POST"}),
        re.compile(rf"{_REPO}/git/refs/heads/(?P<branch>.+)"),
        lambda p, f: (
            f"git push --force origin {p['branch']}" if _on(f.get("force"), "true") else None
        ),
    ),
    (
        frozenset({"DELETE"}),
        re.compile(rf"{_REPO}"),
        lambda p, f: f"gh repo delete {p['repo']}",
    ),
    (
        frozenset({"PATCH"}),
        re.compile(rf"{_REPO}"),
        lambda p, f: (
            f"gh repo edit {p['repo']} --visibility public"
            if _on(f.get("visibility"), "public") or _on(f.get("private"), "false")
            else f"gh repo archive {p['repo']}"
            if _on(f.get("archived"), "true")
            else None
        ),
    ),
    (
        frozenset({"PUT"}),
        re.compile(rf"{_REPO}/actions/workflows/(?P<id>[^/]+)/disable"),
        lambda p, f: f"gh workflow disable {p['id']} --repo {p['repo']}",
    ),
    (
        frozenset({"DELETE"}),
        re.compile(rf"{_REPO}/actions/(?P<kind>secrets|variables)/(?P<name>[^/]+)"),
        lambda p, f: f"gh {p['kind'][:-1]} delete {p['name']} --repo {p['repo']}",
    ),
    (
        frozenset({"PUT"}),
        re.compile(rf"{_REPO}/actions/secrets/(?P<name>[^/]+)"),
        lambda p, f: f"gh secret set {p['name']} --repo {p['repo']}",
    ),
    (
        frozenset({"PUT"}),
        re.compile(rf"{_REPO}/pulls/(?P<number>\d+)/merge"),
        lambda p, f: f"gh pr merge {p['number']} --repo {p['repo']}",
    ),
    (
        frozenset({"DELETE"}),
        re.compile(rf"{_REPO}/actions/runs/(?P<id>[^/]+)"),
        lambda p, f: f"gh run delete {p['id']} --repo {p['repo']}",
    ),
    (
        frozenset({"DELETE"}),
        re.compile(rf"{_REPO}/actions/caches(?:/(?P<id>[^/]+))?"),
        lambda p, f: f"gh cache delete {p['id'] or '--all'} --repo {p['repo']}",
    ),
    (
        frozenset({"DELETE"}),
        re.compile(r"gists/(?P<id>[^/]+)"),
        lambda p, f: f"gh gist delete {p['id']}",
    ),
]


def _api_fields(values: Iterable[str]) -> dict[str, str]:
    """`-f key=value` fields, a JSON body (`-d '{"private": false}'`) or a form body."""
    fields: dict[str, str] = {}
    for value in values:
        text = value.strip()
        if text.startswith("{"):
            try:
                body = json.loads(text)
            except ValueError:
                continue
            if isinstance(body, dict):
                fields.update({str(k): json.dumps(v).strip('"') for k, v in body.items()})
            continue
        for part in text.split("&"):
            key, eq, field = part.partition("=")
            if eq:
                fields[key.strip()] = field.strip()
    return fields


def _as_gh_api(inv: Invocation) -> str | None:
    """`glab api -X DELETE projects/42/protected_branches/main`: GitLab's CLI makes its REST call
    with gh api's flags (glab-api(1): -X/--method, -f/--raw-field, -F/--field, -H/--header), so
    it is the same call made with `gh api`, on GitLab's resource paths."""
    try:
        words = shlex.split(inv.text)
    except ValueError:
        return None
    if "api" not in words:
        return None
    return shlex.join(["gh", "api", *words[words.index("api") + 1 :]])


def rest_call_command(inv: Invocation) -> str | None:
    """The command line a GitHub REST call amounts to: `gh api -X DELETE
    repos/o/r/releases/7` and `curl -X DELETE https://api.github.com/repos/o/r/releases/7` are
    `gh release delete 7 --repo o/r`; `gh api -X PATCH repos/o/r -f visibility=public` is
    `gh repo edit o/r --visibility public`."""
    if inv.program == "glab" and inv.args[:1] == ["api"]:
        return _as_gh_api(inv)
    if inv.program == "gh" and inv.subcommand[:1] == ("api",) and inv.args:
        path = inv.args[0]
        fields = _api_fields(
            v for flag in ("--field", "--raw-field") for v in inv.options.get(flag, ())
        )
        method = (inv.options.get("--method") or ["POST" if fields else "GET"])[0]
    elif inv.program == "curl":
        path = next((a for a in inv.args if _GITHUB_ROOT.match(a)), "")
        if not path:
            return None
        bodies = [
            v
            for flag in ("--data", "--data-raw", "--data-binary", "--json")
            for v in inv.options.get(flag, ())
        ]
        fields = _api_fields(bodies)
        method = (inv.options.get("--request") or ["POST" if bodies else "GET"])[0]
    else:
        return None
    found = _GITHUB_PATH.match(path)
    if found is None:
        return None
    method = method.upper()
    for methods, route, command in _GITHUB_ROUTES:
        params = route.fullmatch(found.group(1))
        if params is not None and method in methods:
            return command(params.groupdict(), fields)
    if inv.program == "curl":
        # any other endpoint: the same call made with `gh api`, whose endpoint is the path
        # under https://api.github.com/ (gh-api(1))
        return shlex.join(["gh", "api", "--method", method, found.group(1)])
    return None
