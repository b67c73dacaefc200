"""Secrets out of tool calls before anything is stored or sent: one function for the hook and
the server alike.

Tool inputs and outputs carry secrets: a token in a `curl -H "Authorization: Bearer …"`, a
password in a database URL, `AWS_SECRET_ACCESS_KEY=…` in front of a command, an API key in a
config file an agent printed. The hook redacts every event before it spools, records or sends it
(`integrations.hook_learning`, `integrations.hook`), and the server applies the same `redact` /
`redact_value` where it stores tool inputs and outputs (trajectory ingest, error capture, the
tool-result engine) and before it puts them in an LLM prompt, so a client that does not redact
is covered too.

What is replaced by `[REDACTED]` (the name or scheme around it is kept, so the text still says
what was there):

- credentials in URLs: `scheme://user:password@host` keeps the user;
- `Authorization:` header values and `Bearer`/`Basic` credentials;
- assignments and options whose name says secret: `AWS_SECRET_ACCESS_KEY=…`, `DB_PASSWORD: …`,
  `"api_key": "…"`, `--password=…`, `--token …`;
- well-known token shapes: AWS access key ids, GitHub, GitLab, Slack, OpenAI, Anthropic, Google,
  Stripe keys, JSON Web Tokens, Mnemosyne's own `mnem_` tokens, PEM private key blocks.

Standard library only (the hook imports it), and every pattern is a literal anchor followed by
bounded character-class runs: linear on any input (a test feeds each 1 MB of adversarial text).
"""

from __future__ import annotations

import re
from typing import Any

MASK = "[REDACTED]"
# A name says secret when one of its words (split at `_`, `-`, `.` and camelCase) is one of
# these, or two neighbouring words are one of the pairs. Whole words only: `max_tokens` and
# `PWD` (the working directory) are not secrets; `monkey` is not a key.
_SECRET_WORDS = frozenset(
    {"secret", "token", "password", "passwd", "passphrase", "credential", "credentials", "apikey"}
)
_SECRET_PAIRS = frozenset(
    {
        ("api", "key"),
        ("access", "key"),
        ("private", "key"),
        ("secret", "key"),
        ("signing", "key"),
        ("session", "key"),
        ("auth", "key"),
        ("client", "secret"),
        ("db", "pass"),
    }
)
_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
_HEADER_NAMES = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie"})


def is_secret_name(name: str) -> bool:
    """Whether a variable, option, header or key name says its value is a secret."""
    if name.lower() in _HEADER_NAMES:
        return True
    words = [w.lower() for w in _WORDS.findall(name[:200])]
    return any(w in _SECRET_WORDS for w in words) or any(
        pair in _SECRET_PAIRS for pair in zip(words, words[1:], strict=False)
    )


_VALUE = r"(?:\"[^\"\n]{0,4000}\"|'[^'\n]{0,4000}'|[^\s'\",;&|]{1,4000})"

_RULES: list[tuple[re.Pattern[str], str]] = [
    # PEM private keys, whole.
    (
        re.compile(
            r"-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[A-Za-z0-9+/=\s:,]{0,20000}"
            r"(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|\Z)"
        ),
        MASK,
    ),
    # scheme://user:password@host
    (
        re.compile(r"\b([A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s:/@'\"]{0,200}):[^\s@/'\"]{1,400}@"),
        r"\1:" + MASK + "@",
    ),
    # Authorization headers and bearer/basic credentials.
    (
        re.compile(
            r"(?i)\b((?:proxy-)?authorization\s*[:=]\s*(?:bearer|basic|token|digest)?\s*)[^\s'\",]{1,4000}"
        ),
        r"\1" + MASK,
    ),
    (re.compile(r"(?i)\b((?:bearer|basic)\s+)[A-Za-z0-9._~+/=-]{8,4000}"), r"\1" + MASK),
    # Token shapes that are secrets wherever they appear.
    (
        re.compile(
            r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"
            r"|\bgh[pousr]_[A-Za-z0-9]{30,255}\b"
            r"|\bgithub_pat_[A-Za-z0-9_]{20,255}\b"
            r"|\bglpat-[A-Za-z0-9_-]{20,255}\b"
            r"|\bxox[abposr]-[A-Za-z0-9-]{10,255}\b"
            r"|\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,255}\b"
            r"|\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,255}\b"
            r"|\bAIza[0-9A-Za-z_-]{35}\b"
            r"|\bmnem_[A-Za-z0-9]{6,40}_[A-Za-z0-9_-]{20,255}"
            r"|\beyJ[A-Za-z0-9_-]{8,4000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{0,4000}"
        ),
        MASK,
    ),
]
# NAME=value, NAME: value, "name": "value", --name=value; and --name value. A name starts where
# no name character precedes it, so each run of name characters is tried once (linear); the
# value is masked when the name says secret.
_ASSIGNMENT = re.compile(
    r"(?<![A-Za-z0-9_.-])([\"']?)([A-Za-z0-9_.-]{1,120})([\"']?\s{0,10}[:=]\s{0,10})("
    + _VALUE
    + ")"
)
_OPTION = re.compile(r"(?<![A-Za-z0-9_.-])(--?)([A-Za-z0-9_.-]{1,120})(\s{1,10})(" + _VALUE + ")")


def _masked(found: re.Match[str]) -> str:
    prefix, name, separator, value = found.groups()
    if name.lower() in _HEADER_NAMES or not is_secret_name(name):  # headers: the rule above
        # Not a secret, but a quoted value may hold one (`"command": "TOKEN=… run"`): look
        # inside. A quoted value holds no quote of its kind, so this nests two levels at most.
        quoted = len(value) > 2 and value[0] in "'\""
        inner = _OPTION.sub(_masked, _ASSIGNMENT.sub(_masked, value)) if quoted else value
        return f"{prefix}{name}{separator}{inner}"
    return f"{prefix}{name}{separator}{MASK}"


_MAX_DEPTH = 50


def redact(text: str) -> str:
    """The text with every secret it shows replaced by `[REDACTED]`."""
    if not text or not isinstance(text, str):
        return text
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return _OPTION.sub(_masked, _ASSIGNMENT.sub(_masked, text))


def redact_value(value: Any, _depth: int = 0) -> Any:
    """`redact` through JSON-like data: strings redacted, a value under a secret-named key
    replaced whole (`{"password": "…"}`, `{"headers": {"Authorization": "…"}}`)."""
    if _depth > _MAX_DEPTH:
        return MASK  # deeper than any real tool call: nothing to keep
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {
            key: (
                MASK
                if isinstance(key, str)
                and is_secret_name(key)
                and isinstance(value[key], str)
                and value[key]
                else redact_value(value[key], _depth + 1)
            )
            for key in value
        }
    if isinstance(value, list | tuple):
        return [redact_value(item, _depth + 1) for item in value]
    return value
