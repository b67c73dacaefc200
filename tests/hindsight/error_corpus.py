"""Real error outputs for grouping tests: the tune half of the project's own corpus.

`bench/data/errors.jsonl` holds failing runs of real tools recorded by
`bench/corpus/real_errors.py`, each labelled with its error kind. Tests use only the tune half:
the held-out half is kept for `bench/learning_eval.py`, so nothing is tuned to pass on it.
Each record is mapped to hindsight's fields the way the Claude Code hook maps a failed Bash call
(`integrations.hook_learning.parse_error`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from integrations.hook_learning import parse_error

REPO_ROOT = Path(__file__).resolve().parents[2]
ERRORS = REPO_ROOT / "bench" / "data" / "errors.jsonl"
KINDS = REPO_ROOT / "bench" / "data" / "error_kinds.jsonl"


@dataclass(frozen=True)
class CapturedError:
    id: str
    kind: str
    family: str
    error_type: str
    message: str
    stack: str


@cache
def tune_errors() -> tuple[CapturedError, ...]:
    """The tune half in arrival order: every kind's first variant, then every second one..."""
    with open(KINDS, encoding="utf-8") as fh:
        family = {row["kind"]: row["family"] for row in map(json.loads, fh)}
    with open(ERRORS, encoding="utf-8") as fh:
        rows = [row for row in map(json.loads, fh) if row["split"] == "tune"]
    rows.sort(key=lambda row: (row["variant"], row["kind"]))
    captured = []
    for row in rows:
        parsed = parse_error(row["tool_name"], row["error"])
        captured.append(
            CapturedError(
                id=row["id"],
                kind=row["kind"],
                family=family[row["kind"]],
                error_type=parsed["error_type"],
                message=parsed["message"],
                stack=parsed["stack"],
            )
        )
    return tuple(captured)
