"""Online grouping of normalised messages into templates (error signatures).

Method
------
The algorithm is in the family of Drain (He et al., ICWS 2017): messages arrive one
at a time, are compared only with the templates in one *bucket*, join the most
similar template if the similarity reaches a threshold (generalising the differing
positions to ``<*>``), or else start a new template. What differs from Drain:

1. **Typed masking first.** Messages go through :func:`hindsight.normalize.normalize`,
   so IPs, paths, ids, sizes, durations, numbers ... are already placeholders. A token
   that contains a placeholder (``node-<NUM>``) is a *variable*.
2. **Punctuation-aware tokens.** Whitespace chunks are further split on ``= : , ; ( )
   [ ] { } |`` and dot leaders (``......``), so ``user=root`` compares like
   ``user = root``. Separators take part in alignment but not in the score.
3. **Length-robust shapes.** Runs of variables, and repeated blocks that contain a
   variable (``node-1 0x1 <ok> node-2 0x1 <ok> ...``, ``1, 2, 3``) are collapsed to one
   occurrence, so lists of any length produce the same token count.
4. **Variable-aware similarity.** Only *word* positions are scored: two variables, or a
   learned ``<*>`` slot, are neutral; equal words match; different words mismatch.
   ``similarity = matches / (matches + mismatches)``. Short messages are thus judged
   on their few words, long ones are not diluted by their many variables.
5. **Hard tokens.** A mismatch on a token that looks like a code symbol (a dotted
   qualified name with capitals such as ``android.intent.action.SCREEN_ON``, a
   CONSTANT_CASE word such as ``LOOKING`` or ``HTTPS``, an ``...Error``/``...Exception``
   name) or on punctuation vetoes the match: such tokens name *what* happened.
6. **Buckets** are keyed by token count and the first non-variable token (Drain's
   parse-tree path, reduced to what a database index can serve).

Storage is behind the small :class:`TemplateStore` protocol so the same algorithm runs
over an in-memory store (benchmarks, management commands) or a database table (the
capture endpoint). A template's key is a hash of its bucket and its *first* token
sequence, so keys are reproducible for the same input order and two workers that
see the same new error independently derive the same key.

Pure standard library, no Django import.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from hindsight.normalize import PLACEHOLDER_RE, normalize

__all__ = [
    "GroupResult",
    "Grouper",
    "GroupingConfig",
    "InMemoryTemplateStore",
    "Template",
    "TemplateStore",
    "tokenize",
]

WILDCARD = "<*>"

# Token kinds.
WORD, HARD, VAR, PUNCT = 0, 1, 2, 3

_CHUNK_SPLIT = re.compile(r"(\.{2,}|[=,;:()\[\]{}|])")
_PUNCT_ONLY = re.compile(r"[^\w<>*]+|\.{2,}")
_LIST_TAILS = [[sep, WILDCARD] for sep in (",", ";", "|")]
_NUMERIC = re.compile(r"[^A-Za-z]*\d[^A-Za-z]*")  # digits and punctuation only
_CONSTANT_CASE = re.compile(r"[A-Z][A-Z0-9_]{2,}")
_NON_HEX_LETTERS = re.compile(r"[G-Z_]")
_QUALIFIED = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+")
_ERROR_NAME = re.compile(r"[A-Z]\w*(?:Error|Exception|Warning|Fault|Failure)")


@dataclass(frozen=True)
class GroupingConfig:
    """Tuning knobs; one configuration is used for every kind of log or error."""

    similarity_threshold: float = 0.7
    max_tokens: int = 256
    max_repeat_period: int = 8
    hard_symbols: bool = True


@dataclass
class Template:
    """A group: its generalised tokens, the spacing to render them, and a count."""

    key: str
    bucket: str
    tokens: list[str]
    spaces: list[bool]  # spaces[i]: token i was preceded by whitespace
    count: int = 1

    @property
    def text(self) -> str:
        return render(self.tokens, self.spaces)

    def regex(self) -> str:
        """Anchored regex for raw instances of this template (best effort: a repeat
        collapsed inside a token, such as ``[1\\ 2]``, may not be re-expanded)."""
        parts: list[str] = []
        for tok, space in zip(self.tokens, self.spaces, strict=True):
            if space and parts:
                parts.append(r"\s+")
            parts.append(_token_regex(tok))
        return r"^\s*" + "".join(parts) + r"\s*$"

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form, for a database-backed store (e.g. one JSONField)."""
        return {
            "key": self.key,
            "bucket": self.bucket,
            "tokens": list(self.tokens),
            "spaces": list(self.spaces),
            "count": self.count,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Template:
        """The inverse of `to_dict` (its JSON form: strings, lists and a count)."""
        return cls(
            key=str(data["key"]),
            bucket=str(data["bucket"]),
            tokens=[str(t) for t in data["tokens"]],
            spaces=[bool(s) for s in data["spaces"]],
            count=int(data.get("count", 1)),
        )


@dataclass(frozen=True)
class GroupResult:
    """What :meth:`Grouper.add` decided: the group key is the signature id."""

    key: str
    template: str
    is_new: bool
    changed: bool = False  # the template was generalised by this message
    similarity: float = 1.0


class TemplateStore(Protocol):
    """Where templates live. Implementations: in memory, or a database table."""

    def candidates(self, bucket_key: str) -> list[Template]: ...

    def add(self, template: Template) -> None: ...

    def update(self, template: Template) -> None: ...


@dataclass
class InMemoryTemplateStore:
    """Dictionary-backed store; insertion order is kept for reproducible ties."""

    _buckets: dict[str, list[Template]] = field(default_factory=dict)
    _by_key: dict[str, Template] = field(default_factory=dict)

    def candidates(self, bucket_key: str) -> list[Template]:
        return self._buckets.get(bucket_key, [])

    def add(self, template: Template) -> None:
        self._buckets.setdefault(template.bucket, []).append(template)
        self._by_key[template.key] = template

    def update(self, template: Template) -> None:
        # Objects are shared with the buckets, so there is nothing to write back.
        self._by_key[template.key] = template

    def get(self, key: str) -> Template | None:
        return self._by_key.get(key)

    def __iter__(self) -> Iterator[Template]:
        return iter(self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)


# ------------------------------------------------------------------- tokenisation


def tokenize(text: str) -> tuple[list[str], list[bool]]:
    """Split normalised text into tokens and per-token "preceded by space" flags."""
    tokens: list[str] = []
    spaces: list[bool] = []
    for chunk in text.split():
        first = True
        for part in _CHUNK_SPLIT.split(chunk):
            if part:
                tokens.append(part)
                spaces.append(first)
                first = False
    return tokens, spaces


@functools.lru_cache(maxsize=65536)
def token_kind(token: str) -> int:
    if token == WILDCARD or PLACEHOLDER_RE.search(token) or _NUMERIC.fullmatch(token):
        return VAR
    if _PUNCT_ONLY.fullmatch(token):
        return PUNCT
    if _is_symbol(token):
        return HARD
    return WORD


def _is_symbol(token: str) -> bool:
    """Tokens that name a thing in code; they are constants, never variables."""
    if _CONSTANT_CASE.fullmatch(token):
        # Upper-case hex ("DEADBEEF01") is data, not a name.
        return _NON_HEX_LETTERS.search(token) is not None
    if _ERROR_NAME.fullmatch(token):
        return True
    if _QUALIFIED.fullmatch(token):
        return any(c.isupper() or c == "_" for c in token)
    return False


def _collapse(tokens: list[str], spaces: list[bool], kinds: list[int], period: int) -> None:
    """Drop repeats of any block (length <= period) that contains a variable, in place.

    All variables look alike here, so "1 2 3" -> "1", "1, 2" -> "1", "a=1 a=2" -> "a=1".
    """
    if kinds.count(VAR) < 2:  # a repeat needs at least two variables: nothing to do
        return
    shape = [WILDCARD if k == VAR else t for t, k in zip(tokens, kinds, strict=True)]
    i = 0
    while i < len(shape):
        # "1, 2, 3": a separated list of variables is one variable
        if shape[i] == WILDCARD and shape[i + 1 : i + 3] in _LIST_TAILS:
            for seq in (shape, tokens, spaces, kinds):
                del seq[i + 1 : i + 3]
            continue
        removed = False
        for k in range(1, min(period, (len(shape) - i) // 2) + 1):
            end = i + 2 * k
            if shape[i : i + k] == shape[i + k : end] and WILDCARD in shape[i : i + k]:
                for seq in (shape, tokens, spaces, kinds):
                    del seq[i + k : end]
                removed = True
                break
        if not removed:  # otherwise look again at i: the next copy may repeat too
            i += 1


def render(tokens: list[str], spaces: list[bool]) -> str:
    return "".join(
        (" " if s and i else "") + t for i, (t, s) in enumerate(zip(tokens, spaces, strict=True))
    )


def _token_regex(token: str) -> str:
    # Variables are loose (".+?") because a collapsed run "<NUM>" may stand for
    # "1 2 3" in the raw text; the literal words around them keep the regex specific.
    if token == WILDCARD or _NUMERIC.fullmatch(token):
        return r".+?"
    return ".+?".join(re.escape(part) for part in PLACEHOLDER_RE.split(token))


# ---------------------------------------------------------------------- algorithm


@dataclass
class Prepared:
    """Normalised text as the grouper compares it: capped, classified, collapsed, bucketed."""

    tokens: list[str]
    spaces: list[bool]
    kinds: list[int]
    bucket: str


class Grouper:
    """Online template grouper; see the module docstring for the method."""

    def __init__(
        self,
        store: TemplateStore | None = None,
        *,
        config: GroupingConfig = GroupingConfig(),  # noqa: B008 - frozen, shared safely
    ) -> None:
        self.store: TemplateStore = store if store is not None else InMemoryTemplateStore()
        self.config = config

    # -- public API

    def add(self, message: str) -> GroupResult:
        """Assign ``message`` (raw text) to a group, creating or generalising templates."""
        return self.add_normalized(normalize(message).text)

    def add_normalized(self, text: str) -> GroupResult:
        """Like :meth:`add` for text that already went through ``normalize``."""
        prep = self.prepare(text)
        best, score = self._best(prep)
        if best is None:
            template = Template(
                key=self._key(prep),
                bucket=prep.bucket,
                tokens=list(prep.tokens),
                spaces=list(prep.spaces),
            )
            self.store.add(template)
            return GroupResult(template.key, template.text, is_new=True)
        changed = self._generalise(best, prep)
        best.count += 1
        self.store.update(best)
        return GroupResult(best.key, best.text, is_new=False, changed=changed, similarity=score)

    def match(self, message: str) -> Template | None:
        """The template ``message`` would join, without changing anything."""
        return self._best(self.prepare(normalize(message).text))[0]

    # -- steps

    def prepare(self, text: str) -> Prepared:
        tokens, spaces = tokenize(text)
        del tokens[self.config.max_tokens :], spaces[self.config.max_tokens :]
        kinds = [token_kind(t) for t in tokens]
        if not self.config.hard_symbols:
            kinds = [WORD if k == HARD else k for k in kinds]
        _collapse(tokens, spaces, kinds, self.config.max_repeat_period)
        head = next((t for t, k in zip(tokens, kinds, strict=True) if k != VAR), WILDCARD)
        return Prepared(tokens, spaces, kinds, f"{len(tokens)} {head}")

    def _best(self, prep: Prepared) -> tuple[Template | None, float]:
        best: Template | None = None
        best_rank: tuple[float, int, int] = (-1.0, 0, 0)
        for template in self.store.candidates(prep.bucket):
            score, matches = self._similarity(template.tokens, prep)
            if score < self.config.similarity_threshold:
                continue
            rank = (score, matches, template.count)
            if rank > best_rank:  # strict: the oldest template wins exact ties
                best, best_rank = template, rank
        return best, best_rank[0]

    @staticmethod
    def _similarity(template: list[str], prep: Prepared) -> tuple[float, int]:
        """(score, matching words); score 0 on a hard mismatch. See module docstring."""
        matches = mismatches = 0
        for t, m, kind in zip(template, prep.tokens, prep.kinds, strict=True):
            if t == m:
                if kind <= HARD:
                    matches += 1
                continue
            if t == WILDCARD:
                continue
            t_kind = token_kind(t)
            if t_kind == VAR and kind == VAR:
                continue
            if kind >= HARD and kind != VAR or t_kind == HARD or t_kind == PUNCT:
                return 0.0, 0
            mismatches += 1
        total = matches + mismatches
        return (matches / total if total else 1.0), matches

    @staticmethod
    def _generalise(template: Template, prep: Prepared) -> bool:
        changed = False
        for i, (t, m) in enumerate(zip(template.tokens, prep.tokens, strict=True)):
            if t != m and t != WILDCARD:
                template.tokens[i] = WILDCARD
                changed = True
        return changed

    @staticmethod
    def _key(prep: Prepared) -> str:
        payload = prep.bucket + "\x1e" + "\x1f".join(prep.tokens)
        return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()[:32]
