"""The deterministic tune / held-out split of the learning corpus.

Whole groups are split, never their members: the guard data by anti-pattern, the error data by
error kind, so every held-out figure is measured on anti-patterns and kinds that nothing was tuned
on. Within each stratum (how an anti-pattern was reported, which program an error comes from)
groups are ordered by a keyed hash and dealt alternately, so both halves get a share of every
stratum and the assignment of one group never depends on which other groups exist.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable

SEED = "mnemosyne-learning-corpus-v1"
TUNE = "tune"
HELDOUT = "heldout"


def _rank(key: str) -> str:
    return hashlib.sha256(f"{SEED}:{key}".encode()).hexdigest()


def split_halves(groups: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Map each group key to "tune" or "heldout"; `groups` yields (key, stratum) pairs."""
    by_stratum: dict[str, list[str]] = defaultdict(list)
    for key, stratum in groups:
        by_stratum[stratum].append(key)
    assignment: dict[str, str] = {}
    turn = 0  # carried across strata, so odd-sized strata do not all lean the same way
    for stratum in sorted(by_stratum):
        for key in sorted(by_stratum[stratum], key=_rank):
            assignment[key] = TUNE if turn % 2 == 0 else HELDOUT
            turn += 1
    return assignment
