"""Commands a prose anti-pattern names: "Disabling the host firewall (ufw, firewalld)" is
`ufw disable`, `systemctl stop ufw`, `systemctl disable firewalld`, ….

Agents often report what not to do as a sentence. The sentence still names the tools (a program
the guard knows, or a name in parentheses or backticks), what is done to them (a verb: disable,
stop, delete, add, …), the files (`.env`) and settings (`StrictHostKeyChecking`) involved. From
those, `command_lines` writes the commands that do it, and `setting_patterns` the settings turned
off; `command_triggers.derive` keeps those that block no everyday command. A sentence that names
no tool gives nothing, and the anti-pattern matches by meaning only.
"""

from __future__ import annotations

import re

from lessons.command_tables import KNOWN_PROGRAMS

# A verb of the sentence (its stem) -> the words a command uses for it.
VERBS: dict[str, tuple[str, ...]] = {
    "disabl": ("disable", "stop"),
    "stop": ("stop", "disable"),
    "turn off": ("disable", "stop"),
    "turning off": ("disable", "stop"),
    "switch off": ("disable", "stop"),
    "shut down": ("stop",),
    "shutting down": ("stop",),
    "kill": ("kill", "stop"),
    "mask": ("mask",),
    "delet": ("delete", "remove"),
    "remov": ("remove", "delete"),
    "uninstall": ("uninstall", "remove"),
    "purg": ("purge",),
    "drop": ("drop",),
    "flush": ("flush",),
    "wip": ("wipe",),
    "prun": ("prune",),
    "add": ("add",),
    "commit": ("add",),
    "stag": ("add",),
    "push": ("push",),
    "publish": ("publish",),
    "reset": ("reset",),
}
# Verbs that, said of a setting, mean it is set to a false value.
OFF_VERBS = ("disabl", "turn off", "turning off", "switch off", "skip", "bypass", "ignor")
SERVICE_VERBS = ("stop", "disable", "mask", "kill")

_PARENTHESES = re.compile(r"\(([^()]{1,200})\)")
_BACKTICKS = re.compile(r"`([^`]{1,100})`")
_NAME = re.compile(r"^[A-Za-z][\w.@-]{1,40}$")
_CAMEL = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+){2,}\b|\b[a-z]+(?:[A-Z][a-z]+){2,}\b")
_FILE = re.compile(r"(?<![\w/-])(\.[a-z][\w.-]*|[\w-]+\.(?:pem|key|p12|pfx|crt|sqlite3?|db))\b")
_WORD = re.compile(r"[a-z]+")


def _verbs(text: str) -> list[str]:
    lowered = text.lower()
    words = _WORD.findall(lowered)
    found: list[str] = []
    for stem, forms in VERBS.items():
        hit = stem in lowered if " " in stem else any(w.startswith(stem) for w in words)
        if hit:
            found.extend(f for f in forms if f not in found)
    return found


# Programs whose names are everyday English: named by a sentence only in parentheses or quotes.
ENGLISH = frozenset(
    "make find kill cut sort head tail top time watch less more date env open code service "
    "test touch split join file which type read echo print sleep wait yes true false command "
    "exec nice link install patch diff tee at ed ex cat mount run go apply".split()
)
_SERVICE = re.compile(r"\b([a-z][\w.-]{1,40})\s+(?:service|daemon|unit|server)\b")


def _names(text: str) -> list[str]:
    """Tools the sentence names: known programs, services ("the nginx service"), and names
    listed in parentheses or backticks."""
    names: list[str] = []
    for word in re.findall(r"(?<![\w./-])[A-Za-z][\w.-]*", text):
        lowered = word.lower()
        if lowered in KNOWN_PROGRAMS and lowered not in ENGLISH and lowered not in names:
            names.append(lowered)
    for name in _SERVICE.findall(text.lower()):
        if (
            name not in ENGLISH
            and name not in ("the", "a", "an", "this", "that")
            and (name not in names)
        ):
            names.append(name)
    for group in _PARENTHESES.findall(text) + _BACKTICKS.findall(text):
        for part in re.split(r"[,/]|\bor\b|\band\b", group):
            part = part.strip()
            if _NAME.match(part) and not _CAMEL.fullmatch(part) and part.lower() not in names:
                names.append(part.lower())
    return names


def command_lines(text: str) -> list[str]:
    """Command lines doing what the sentence says (`ufw disable`, `systemctl stop ufw`,
    `git add .env`); [] when it names no tool or no verb."""
    verbs = _verbs(text)
    names = _names(text)
    files = list(dict.fromkeys(_FILE.findall(text)))
    lines: list[str] = []
    for name in names:
        for verb in verbs:
            if files:
                lines.extend(f"{name} {verb} {file}" for file in files)
            else:
                lines.append(f"{name} {verb}")
        for verb in verbs:
            if verb in SERVICE_VERBS:
                lines.append(f"systemctl {verb} {name}")
    return list(dict.fromkeys(lines))


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
