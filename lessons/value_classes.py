"""Kinds of values that make a command dangerous, for generalising a reported value.

A report names one value (`/dev/sdb1`, `/usr`, `$BUILD_DIR/`); the danger is often its kind (a
disk device, a system directory, a path built from a variable). When the report's prose names
the kind ("a device that may hold data", "a system directory", "an unguarded variable") and the
reported value is one of that kind, the trigger matches every value of the kind
(`command_triggers.derive`). `trigger` is an RE2 pattern; `member` recognises a reported value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# "prod" or "production" as a word of a value: `$PROD_DATABASE_URL`, `prod-db.internal`,
# `--context production`, `app_prod`; not `product`.
PROD = r"re:(?i)(^|[^a-z])prod(uction)?([^a-z]|$)"
PROD_WORDS = frozenset({"production", "prod", "live"})
# A sentence naming staging beside production means both: "a shared staging or production
# environment".
SHARED_ENV = r"re:(?i)(^|[^a-z])(prod(uction)?|stag(e|ing))([^a-z]|$)"
STAGING_WORDS = frozenset({"staging", "stage"})


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


_SYSTEM_DIR = (
    r"^/((usr|etc|var|bin|sbin|lib|lib32|lib64|boot|opt|root|sys|proc|dev|home|run|srv|snap)"
    r"(/(local|bin|sbin|lib|lib64|share|include|log|cache|spool|lib/[\w.-]+))?)?$"
)
_DEVICE = (
    r"^/dev/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|md\d|dm-\d|mapper/|disk/|loop\d)"
)
_VARIABLE_PATH = r"^\$(\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)(/|$)"
# The expansion of a variable named for a secret (`$API_TOKEN`, `${DB_PASSWORD}`,
# `$DATABASE_URL`, which carries the password by convention); not its length (`${#API_TOKEN}`)
_SECRET_VARIABLE = (
    r"(?i)\$\{?[a-z0-9_]*(token|secret|passw|_pass\b|_key\b|api_?key|credential|auth|"
    r"database_url|db_url|dsn)[a-z0-9_]*\}?"
)

VALUE_CLASSES = (
    ValueClass(
        "block device",
        re.compile(_DEVICE),
        "re:" + _DEVICE,
        ("device", "disk", "drive", "partition", "block", "ssd", "nvme", "usb"),
    ),
    ValueClass(
        "system directory",
        re.compile(_SYSTEM_DIR),
        "re:" + _SYSTEM_DIR,
        ("system", "root director", "root filesystem", "operating system", "os director"),
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
        re.compile(r"^(~|/home/[^/]+|/Users/[^/]+|/root)$"),
        r"re:^(~|/home/[^/]+|/Users/[^/]+|/root)$",
        ("home director", "home folder", "home dir"),
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


def prose_names(stems: tuple[str, ...], text: str, words: set[str]) -> bool:
    """Whether a text names one of the stems (a phrase appears, or a word starts with one)."""
    for stem in stems:
        if not stem.isalnum():
            if stem in text:
                return True
        elif any(word.startswith(stem) for word in words):
            return True
    return False


def class_of(value: str) -> ValueClass | None:
    return next((c for c in VALUE_CLASSES if c.member.search(value)), None)
