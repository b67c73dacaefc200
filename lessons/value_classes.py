"""Kinds of values that make a command dangerous, for generalising a reported value.

A report names one value (`/dev/sdb1`, `/usr`, `$BUILD_DIR/`); the danger is often its kind (a
disk device, a system directory, a path built from a variable). When the report's prose names
the kind ("a device that may hold data", "a system directory", "an unguarded variable") and the
reported value is one of that kind, the trigger matches every value of the kind
(`command_triggers.derive`). `trigger` is an RE2 pattern; `member` recognises a reported value.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

# "prod" or "production" as a word of a value: `$PROD_DATABASE_URL`, `prod-db.internal`,
# `--context production`, `app_prod`; not `product`.
PROD = r"re:(?i)(^|[^a-z])prod(uction)?([^a-z]|$)"
PROD_WORDS = frozenset({"production", "prod", "live"})
# A sentence naming staging beside production means both: "a shared staging or production
# environment".
SHARED_ENV = r"re:(?i)(^|[^a-z])(prod(uction)?|stag(e|ing))([^a-z]|$)"
STAGING_WORDS = frozenset({"staging", "stage"})

# Where a command acts, for a report that says where the operation hurt. Agents rarely spell
# "prod" in the command they run against production: `psql -h db.internal`, `mongodb://10.0.6.2/`,
# `$MONGO_URL`. The machine itself (loopback, a unix socket) and a name of development or test
# are never production; staging is not production, but it is shared. Values of a trigger's
# `anywhere`, read in code (`place_holds`): RE2 cannot say "not local".
#   <production>       a word names production, or another machine not named for development,
#                      test or staging (a report naming production by name: `-n production`)
#   <shared>           the same, staging included
#   <not-development>  what a report that acted on another machine in production asks: the
#                      command names no place (a client then connects where it is configured
#                      to), or one that may be production
#   <not-local>        the same for a shared instance: staging included
PRODUCTION = "<production>"
SHARED = "<shared>"
NOT_DEVELOPMENT = "<not-development>"
NOT_LOCAL = "<not-local>"
PLACES = frozenset({PRODUCTION, SHARED, NOT_DEVELOPMENT, NOT_LOCAL})
_WORD = re.compile(r"[a-z0-9]+")
# words naming an environment that is no one's production (`db.dev.internal`, `shop_test`,
# `$TEST_DATABASE_URL`, `RAILS_ENV=test`)
_DEVELOPMENT_WORDS = frozenset(
    "dev devel develop development test tests testing qa sandbox localhost scratch preview "
    "previews demo".split()
)
_ENVIRONMENT_WORDS = _DEVELOPMENT_WORDS | STAGING_WORDS | {"stg", "prod", "production"}
# the machine a container runs on, by its documented names (Docker Desktop, Podman)
_THIS_MACHINE = re.compile(r"^(host|gateway)\.(docker|containers)\.internal$|^localhost$")
# `scheme://[user[:pass]@]host[:port][,host…]/…`, JDBC's `jdbc:` prefix included; a storage
# bucket (`s3://`, `gs://`) or a file (`sqlite:///`, `file://`) is a place of its own kind
_URL = re.compile(r"^(?:jdbc:)?([a-z][\w+.-]*)://(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#,]*)", re.I)
_NOT_HOSTS = frozenset(
    "s3 s3a s3n gs gcs az abfs abfss wasb wasbs file sqlite sqlite3 hdfs".split()
)
_IPV4 = re.compile(r"^(\d{1,3})(\.\d{1,3}){3}(:\d+)?$")
_USER_AT_HOST = re.compile(r"^[\w.-]+@([\w.-]+)(:.*)?$")
# a name with a port (`kafka-1:9092`), or a dotted name ending in a network's suffix (a top
# level domain, or a private zone: `db.internal`, `redis.svc.cluster.local`): not a file name
_HOST_PORT = re.compile(r"^([a-z0-9][\w.-]*):\d{2,5}$", re.I)
_DOTTED = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)*\.([a-z]{2,})$", re.I)
_HOST_SUFFIXES = frozenset(
    "internal intra intranet corp lan private svc cluster local com net org io co cloud info "
    "biz eu us uk de fr nl ca au jp ai me tv xyz online site tech systems".split()
)
# a variable holding where a client connects (`$DATABASE_URL`, `${MONGO_URI}`, `$PGHOST`,
# `$KAFKA_BROKERS`)
_CONNECTION_VARIABLE = re.compile(
    r"^\$\{?([A-Za-z_]*(URL|URI|DSN|HOST|ADDR|ADDRESS|SERVER|ENDPOINT|BROKER|CONN|CONNECTION)"
    r"[A-Za-z0-9_]*)\}?$",
    re.I,
)


def _development(text: str) -> bool:
    return bool(set(_WORD.findall(text.lower())) & _DEVELOPMENT_WORDS)


def _local_host(host: str) -> bool:
    host = host.strip("[]").lower()
    return (
        not host
        or host.startswith("/")  # a unix socket's directory
        or host.startswith("127.")
        or host in ("::1", "0.0.0.0", "localhost")
        or _THIS_MACHINE.match(host) is not None
    )


def _host(value: str) -> str | None:
    """The host a value names (a URL's, an address, `user@host`, a dotted host name, a name with
    a port; a variable holding a connection is its own), or None."""
    value = value.strip().strip("'\"")
    if found := _URL.match(value):
        return None if found.group(1).lower() in _NOT_HOSTS else found.group(2)
    if _CONNECTION_VARIABLE.match(value):
        return value
    if found := _USER_AT_HOST.match(value):
        return found.group(1)
    if _IPV4.match(value):
        return value.split(":")[0]
    if found := _HOST_PORT.match(value):
        return found.group(1)
    if (found := _DOTTED.match(value)) and found.group(2).lower() in _HOST_SUFFIXES:
        return value
    if value.lower() == "localhost":
        return value
    return None


def remote_host(value: str) -> str | None:
    """The host a value names when it is another machine (a URL's host, an address, a dotted
    host name, `user@host`, a variable holding a connection: itself); None for the machine
    itself, a file, or a value naming no host."""
    host = _host(value)
    return None if host is None or _local_host(host) else host


def names_a_place(value: str) -> bool:
    """Whether a value says where a command acts: a host (this machine's too), or a name of an
    environment (`shop_test`, `RAILS_ENV=test`, `app_prod`); a text (SQL) or a device is not."""
    if any(ch.isspace() for ch in value.strip()) or value.startswith("/dev/"):
        return False
    return _host(value) is not None or bool(set(_WORD.findall(value.lower())) & _ENVIRONMENT_WORDS)


def _names(value: str, words: frozenset[str]) -> bool:
    return bool(set(_WORD.findall(value.lower())) & words)


def possibly_production(value: str) -> bool:
    """A value naming production, or another machine not named for development, test or
    staging (with the database or path the value names: `mongodb://db.internal/shop_test`)."""
    if _names(value, PROD_WORDS - {"live"}):
        return True
    return (
        remote_host(value) is not None
        and not _development(value)
        and not _names(value, STAGING_WORDS | {"stg"})
    )


def possibly_shared(value: str) -> bool:
    """A value naming production or staging, or another machine not named for development."""
    if _names(value, (PROD_WORDS - {"live"}) | STAGING_WORDS):
        return True
    return remote_host(value) is not None and not _development(value)


def place_holds(place: str, words: list[str]) -> tuple[bool, str | None]:
    """Whether a command whose values are `words` acts in the place a pattern asks for, and the
    word that shows it (None where it names no place). Production named is production, whatever
    else the command names (a `test-runner` pod in `-n production`); else a name of development
    or test (staging, for production) is not (`-h db.internal shop_test`); else another machine
    is."""
    production = place in (PRODUCTION, NOT_DEVELOPMENT)
    places = [w for w in words if names_a_place(w)]
    named = PROD_WORDS - {"live"} if production else (PROD_WORDS - {"live"}) | STAGING_WORDS
    hit = next((w for w in places if _names(w, named)), None)
    if hit is not None:
        return True, hit
    other = _DEVELOPMENT_WORDS | (STAGING_WORDS | {"stg"} if production else frozenset())
    if any(_names(w, other) for w in places):
        return False, None
    test = possibly_production if production else possibly_shared
    if place in (PRODUCTION, SHARED):
        # asked for by name: a variable not named for production (`$DATABASE_URL`) is where
        # everyday work connects too
        hit = next((w for w in places if test(w) and not _CONNECTION_VARIABLE.match(w)), None)
        return hit is not None, hit
    hit = next((w for w in places if test(w)), None)
    return hit is not None or not places, hit


@dataclass(frozen=True)
class ValueClass:
    name: str
    member: re.Pattern[str]
    trigger: str
    # stems of the prose words that name the kind
    words: tuple[str, ...]
    # an option given a value of this kind is the danger whatever the program's subcommand
    # (`--acl public-read` makes public what `s3api put-bucket-acl`, `s3 cp` or `s3 sync` writes)
    any_subcommand: bool = False
    # members a reported placeholder may stand for (`/<dir>` may be `/usr` or `/home/ana`)
    examples: tuple[str, ...] = ()


_SYSTEM_DIR = (
    r"^/((usr|etc|var|bin|sbin|lib|lib32|lib64|boot|opt|root|sys|proc|dev|home|run|srv|snap)"
    r"(/(local|bin|sbin|lib|lib64|share|include|log|cache|spool|lib/[\w.-]+))?)?$"
)
_DEVICE = (
    r"^/dev/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|md\d|dm-\d|mapper/|disk/|loop\d)"
)
# a user's home: `~`, its usual places, `$HOME` (with a trailing `/`: `"$HOME"/`)
_HOME = r"^(~|/home/[^/]+|/Users/[^/]+|/root|\$HOME|\$\{HOME\})/?$"
_VARIABLE_PATH = r"^\$(\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)(/|$)"
# The expansion of a variable named for a secret (`$API_TOKEN`, `${DB_PASSWORD}`,
# `$DATABASE_URL`, which carries the password by convention); not its length (`${#API_TOKEN}`)
_SECRET_VARIABLE = (
    r"(?i)\$\{?[a-z0-9_]*(token|secret|passw|_pass\b|_key\b|api_?key|credential|auth|"
    r"database_url|db_url|dsn)[a-z0-9_]*\}?"
)

# A database image told to run without a password, by the switch its documentation gives: the
# postgres image's POSTGRES_HOST_AUTH_METHOD=trust, the mysql and mariadb images'
# *_ALLOW_EMPTY[_ROOT]_PASSWORD, Bitnami's ALLOW_EMPTY_PASSWORD and ALLOW_ANONYMOUS_LOGIN,
# Elasticsearch's xpack.security.enabled=false, neo4j's NEO4J_AUTH=none
_ON = r"(1|y|yes|true|on)"
_AUTH_OFF = (
    r"(?i)^(POSTGRES_HOST_AUTH_METHOD=trust|"
    rf"(MYSQL|MARIADB)_ALLOW_EMPTY(_ROOT)?_PASSWORD={_ON}|ALLOW_EMPTY_PASSWORD={_ON}|"
    rf"ALLOW_ANONYMOUS_LOGIN={_ON}|xpack\.security\.enabled=(0|n|no|false|off)|NEO4J_AUTH=none)$"
)

# A lock file of the system's state (a package manager's: dpkg's `lock-frontend`, apt's
# `lists/lock`, pacman's `db.lck`, rpm's `.rpm.lock`), not a project's lock file (`yarn.lock`)
_SYSTEM_LOCK = (
    r"^/(var/(lib|cache|run|lock)|run)(/[\w.@+-]+)*/"
    r"(\.?[\w+-]*[._-])?(lock|lck)([._-][\w.*-]*|\*)?$"
)

VALUE_CLASSES = (
    ValueClass(
        "block device",
        re.compile(_DEVICE),
        "re:" + _DEVICE,
        ("device", "disk", "drive", "partition", "block", "ssd", "nvme", "usb"),
        examples=("/dev/sdb", "/dev/nvme0n1", "/dev/mmcblk0", "/dev/mapper/vg0-data"),
    ),
    ValueClass(
        "system directory",
        re.compile(_SYSTEM_DIR),
        "re:" + _SYSTEM_DIR,
        ("system", "root director", "root filesystem", "operating system", "os director"),
        examples=("/usr", "/etc", "/var/lib", "/usr/local", "/boot"),
    ),
    ValueClass(
        "a system lock file",
        re.compile(_SYSTEM_LOCK),
        "re:" + _SYSTEM_LOCK,
        ("lock",),
        examples=("/var/lib/dpkg/lock", "/var/lib/pacman/db.lck", "/run/lock"),
    ),
    ValueClass(
        "path from a variable",
        re.compile(_VARIABLE_PATH),
        "re:" + _VARIABLE_PATH,
        ("variable", "unset", "unguarded", "empty var"),
    ),
    ValueClass(
        "a secret variable's value",
        re.compile(_SECRET_VARIABLE),
        "re:" + _SECRET_VARIABLE,
        ("secret", "token", "password", "credential", "api key"),
    ),
    ValueClass(
        "shell or interpreter",
        re.compile(
            r"(^|/)((ba|z|da|k|c|tc|fi|mk)?sh|python[\d.]*|perl[\d.]*|ruby[\d.]*|node|php[\d.]*|"
            r"lua[\d.]*|busybox|env|vim?|less|find|awk|tar)$"
        ),
        r"re:(^|/)((ba|z|da|k|c|tc|fi|mk)?sh|python[\d.]*|perl[\d.]*|ruby[\d.]*|node|php[\d.]*|"
        r"lua[\d.]*|busybox|env|vim?|less|find|awk|tar)$",
        ("shell", "interpreter", "binar", "executable"),
    ),
    ValueClass(
        "a format printing everything",
        re.compile(r"(?i)^(ya?ml|json|jsonpath.*|go-template.*|template.*|custom-columns.*)$"),
        r"re:(?i)^(ya?ml|json|jsonpath.*|go-template.*|template.*|custom-columns.*)$",
        ("print", "show", "display", "dump", "reveal", "expos", "output", "leak", "terminal"),
    ),
    ValueClass(
        "home directory",
        re.compile(_HOME),
        "re:" + _HOME,
        ("home director", "home folder", "home dir"),
        examples=("~", "/home/ana", "/Users/ana", "/root", "$HOME"),
    ),
    ValueClass(
        "shared branch",
        re.compile(r"^(main|master|trunk|develop|development|release[/-].*|production|staging)$"),
        r"re:^(main|master|trunk|develop|development|release[/-].*|production|prod|staging)$",
        (
            "shared branch",
            "protected branch",
            "default branch",
            "long-lived",
            "release branch",
            "other people work",
            "others work on",
            "teammate",
            "colleague",
        ),
    ),
    ValueClass(
        "the whole internet",
        re.compile(r"^(0\.0\.0\.0/0|::/0|\*|Internet|Any)$", re.I),
        r"re:(?i)^(0\.0\.0\.0/0|::/0|\*|internet|any)$",
        ("world", "internet", "anywhere", "everyone", "public", "any ip", "all ips"),
    ),
    ValueClass(
        "a database's authentication switched off",
        re.compile(_AUTH_OFF),
        "re:" + _AUTH_OFF,
        (
            "trust auth",
            "no password",
            "without a password",
            "without password",
            "empty password",
            "no auth",
            "without auth",
            "unauthenticated",
        ),
    ),
    ValueClass(
        "administrators' group",
        re.compile(r"^(sudo|wheel|admin)$"),
        r"re:^(sudo|wheel|admin)$",
        ("sudo", "admin", "root", "wheel", "privilege", "escalat"),
    ),
    ValueClass(
        "everyone",
        re.compile(r"(?i)(allusers|allauthenticatedusers|public-read|everyone)"),
        r"re:(?i)(allusers|allauthenticatedusers|public-read|everyone)",
        ("public", "everyone", "anyone", "anonymous", "world"),
        any_subcommand=True,
    ),
)


def prose_names(stems: tuple[str, ...], text: str, words: AbstractSet[str]) -> bool:
    """Whether a text names one of the stems (a phrase appears, or a word starts with one)."""
    beginnings = _beginnings(frozenset(words))
    for stem in stems:
        if stem in (beginnings if stem.isalnum() else text):
            return True
    return False


@lru_cache(maxsize=64)
def _beginnings(words: frozenset[str]) -> frozenset[str]:
    """Every beginning of every word: a text is read against hundreds of stems."""
    return frozenset(word[:end] for word in words for end in range(1, len(word) + 1))


def class_of(value: str) -> ValueClass | None:
    return next((c for c in VALUE_CLASSES if c.member.search(value)), None)


def classes_of(value: str) -> list[ValueClass]:
    """Every kind a value is a member of (`$HOME` is a path from a variable and a home)."""
    return [c for c in VALUE_CLASSES if c.member.search(value)]


def classes_fitting(pattern: re.Pattern[str]) -> list[ValueClass]:
    """The kinds a reported placeholder may stand for: those with an example it matches
    (`/<dir>`, one name under the root, a system directory or a home; `/dev/<disk>` a device)."""
    return [c for c in VALUE_CLASSES if any(pattern.search(e) for e in c.examples)]
