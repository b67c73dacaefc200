"""Regular expressions for untrusted text: RE2, whose matching time is linear in the input.

Error messages, stacks and log lines come from agents and tools, so a pattern with backtracking
could be driven into quadratic or exponential time by one crafted (or merely unlucky) input. RE2
never backtracks. What it gives up, and how the patterns here live without it:

- no lookaround: word boundaries (``\\b``, ``\\B``) and explicit ordering of alternatives do the
  work; where a condition cannot be written as a pattern it is checked on the match in Python;
- ``\\w``, ``\\d``, ``\\s`` and ``\\b`` are ASCII-only: a letter such as ``é`` counts as
  punctuation.

Python's ``re`` stays in use only on text the program wrote itself (escaping a literal).
"""

from __future__ import annotations

import re2

__all__ = ["compile_linear", "escape"]

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False
_OPTIONS.max_mem = 8 << 20


def compile_linear(pattern: str):
    """Compile ``pattern`` with RE2 (raises ``re2.error`` on lookaround or backreferences)."""
    return re2.compile(pattern, _OPTIONS)


def escape(text: str) -> str:
    """``text`` as an RE2 literal."""
    return re2.escape(text)
