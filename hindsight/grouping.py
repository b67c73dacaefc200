"""Online grouping of normalised messages into templates (error signatures).

Method
------
The algorithm is in the family of Drain (He et al., ICWS 2017): messages arrive one
at a time, are compared only with the templates in one *bucket*, join the most
similar template if the similarity reaches a threshold (generalising the differing
positions to ``<*>``), or else start a new template. What differs from Drain:

1. **Typed masking first.** Messages go through :func:`hindsight.normalize.normalize`,
   so IPs, paths, ids, sizes, durations, numbers ... are already placeholders.
2. **Variables by shape and context, not by format.** A token is a *variable* when it
   holds a placeholder (``node-<NUM>``), a digit (ids, versions, host and file names:
   ``blk_-123``, ``u0``, ``core.2275``), is a lower-case dotted name (``proxy.example.org``,
   ``user.dir``), or is the value of a ``key=value`` pair. So the grouper does not depend on
   the masking knowing every format: grouping raw Loghub text, without any masking, loses
   little (see ``bench/bench_grouping.py --raw``).
3. **Punctuation-aware tokens.** Whitespace chunks are further split on ``= : , ; ( )
   [ ] { } |`` and dot leaders (``......``), so ``user=root`` compares like
   ``user = root``; ``key=`` with an empty value gets a ``<*>`` value. Separators take part
   in alignment but not in the score.
4. **Length-robust shapes.** Runs of variables, also when joined by single separators or
   ``and``/``or`` (``1 2 3``, ``1, 2``, ``a:b``, ``'x' and 'y'``), and repeated blocks that
   contain a variable (``node-1 0x1 <ok> node-2 0x1 <ok> ...``) are collapsed to one
   occurrence, so values and lists of any length produce the same token count.
5. **Variable-aware similarity.** Only *word* positions are scored: two variables, or a
   learned ``<*>`` slot, are neutral; equal words (or one word and its plural) match;
   different words mismatch. ``similarity = matches / (matches + mismatches)``. Short
   messages are thus judged on their few words, long ones are not diluted by their many
   variables. Different punctuation at a position vetoes the match.
6. **Symbols weigh more.** A differing token that names code (an ``...Error``/``...Exception``
   class, a dotted qualified name with capitals such as ``android.intent.action.SCREEN_ON``, a
   CONSTANT_CASE word such as ``LOOKING``) or the kind of a value (the word right before a
   masked value: ``column <STR>`` against ``relation <STR>``) counts as two differing words:
   decisive in a short message, outweighed by many agreeing words in a long one, where it is
   more likely a value.
7. **Buckets** are keyed by token count and the first non-variable token (Drain's
   parse-tree path, reduced to what a database index can serve; a long first token is cut
   and completed by a digest, so a key always fits its column).

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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from hindsight.linear import compile_linear, escape
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
# A differing code symbol counts as this many differing words: strong evidence of another event
# in a short message, outweighed by many agreeing words in a long one (where it is more likely a
# value).
HARD_WEIGHT = 2

# Words that join the items of a list of values: "missing 'a' and 'b'".
_CONJUNCTIONS = frozenset({"and", "or"})
# Characters that separate tokens inside a whitespace-delimited chunk (dot leaders too).
_SPLIT_CHARS = frozenset("=,;:()[]{}|")
_CONSTANT_CASE = compile_linear(r"[A-Z][A-Z0-9_]{2,}")
_QUALIFIED = compile_linear(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+")
_ERROR_NAME = compile_linear(r"[A-Z]\w*(?:Error|Exception|Warning|Fault|Failure)")
# Lower-case dotted names: host names, packages, modules, configuration keys, file names.
_DOTTED = compile_linear(r"[a-z_][a-z0-9_-]*(?:\.[a-z0-9_-]+)+")


@dataclass(frozen=True)
class GroupingConfig:
    """Tuning knobs; one configuration is used for every kind of log or error."""

    similarity_threshold: float = 0.7
    max_tokens: int = 256
    max_repeat_period: int = 8
    hard_symbols: bool = True
    # The masking kept error and status codes as numbers (`normalize(keep_codes=True)`, which
    # masks every other number): a token of digits alone is then a code, and another code at
    # the same position is another failure (curl's `returned error: 404` is not its `500`).
    codes: bool = False


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
    """Split normalised text into tokens and per-token "preceded by space" flags.

    A key with an empty value (``ruser= rhost=x``) gets a ``<*>`` value token, so an empty and a
    filled value give the same token count (``key= value`` is a value after a space)."""
    tokens: list[str] = []
    spaces: list[bool] = []
    chunks = text.split()
    for i, chunk in enumerate(chunks):
        first = True
        for part in _split_chunk(chunk):
            tokens.append(part)
            spaces.append(first)
            first = False
        # `key=` then the end or another `key=value`: an empty value (not `key= value`)
        if (
            len(chunk) > 1
            and chunk.endswith("=")
            and not chunk.endswith("==")
            and (i + 1 == len(chunks) or "=" in chunks[i + 1])
        ):
            tokens.append(WILDCARD)
            spaces.append(False)
    return tokens, spaces


def _split_chunk(chunk: str) -> list[str]:
    """``user=root`` -> ``user``, ``=``, ``root``; a dot leader (``......``) is one token.
    A scan by hand: one pass over the chunk."""
    if not _SPLIT_CHARS.intersection(chunk) and ".." not in chunk:
        return [chunk]
    parts: list[str] = []
    start = i = 0
    n = len(chunk)
    while i < n:
        c = chunk[i]
        if c in _SPLIT_CHARS:
            end = i + 1
        elif c == "." and i + 1 < n and chunk[i + 1] == ".":
            end = i + 2
            while end < n and chunk[end] == ".":
                end += 1
        else:
            i += 1
            continue
        if i > start:
            parts.append(chunk[start:i])
        parts.append(chunk[i:end])
        start = i = end
    if start < n:
        parts.append(chunk[start:])
    return parts


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _is_code(token: str) -> bool:
    return token.isascii() and token.isdigit()


@functools.lru_cache(maxsize=65536)
def token_kind(token: str) -> int:
    """The kind of a token on its own; :func:`token_kinds` adds what its neighbours say."""
    if token == WILDCARD or PLACEHOLDER_RE.search(token):
        return VAR
    if token.startswith("..") or not any(_is_word_char(c) or c in "<>*" for c in token):
        return PUNCT
    if _ERROR_NAME.fullmatch(token) or (
        _QUALIFIED.fullmatch(token) and any(c.isupper() for c in token)
    ):
        return HARD  # names of code: an error class, a qualified name
    if any(c.isdigit() for c in token):
        return VAR  # numbers, and names with numbers in them: ids, hosts, versions, files
    if _DOTTED.fullmatch(token):
        return VAR
    if _CONSTANT_CASE.fullmatch(token) and any("G" <= c <= "Z" or c == "_" for c in token):
        return HARD  # a constant such as LOOKING or HTTPS (upper-case hex is data)
    return WORD


def token_kinds(tokens: list[str]) -> list[int]:
    """Kinds of a token sequence, with what neighbours say: the value of a ``key=value`` pair
    is a variable; a word right before a masked value names what the value is (``column
    <STR>``, ``role <STR>``, ``port <NUM>``) and counts as a symbol."""
    kinds = [token_kind(t) for t in tokens]
    for i in range(1, len(tokens)):
        if tokens[i - 1] == "=" and kinds[i] != PUNCT:
            kinds[i] = VAR
    for i in range(len(tokens) - 1):
        if kinds[i] == WORD and kinds[i + 1] == VAR and PLACEHOLDER_RE.search(tokens[i + 1]):
            kinds[i] = HARD
    return kinds


def _collapse(tokens: list[str], spaces: list[bool], kinds: list[int], period: int) -> None:
    """Make variable-length values one variable, in place.

    A run of variables, possibly joined by single separators (``1 2 3``, ``1, 2``, ``a:b:c``
    when each part is a variable, ``'a' and 'b'``), becomes its first variable; then repeats of
    any block (length <= period) that contains a variable are dropped, since all variables look
    alike here:
    ``a=1 a=2`` -> ``a=1``, ``node-1 0x1 <ok> node-2 0x1 <ok>`` -> one occurrence.
    """
    if kinds.count(VAR) < 2:  # a repeat needs at least two variables: nothing to do
        return
    i = 0
    while i + 1 < len(tokens):
        if kinds[i] == VAR and kinds[i + 1] == VAR:
            span = 1
        elif (
            kinds[i] == VAR
            and (kinds[i + 1] == PUNCT or tokens[i + 1] in _CONJUNCTIONS)
            and i + 2 < len(tokens)
        ):
            span = 2 if kinds[i + 2] == VAR else 0
        else:
            span = 0
        if span:
            for seq in (tokens, spaces, kinds):
                del seq[i + 1 : i + 1 + span]
        else:
            i += 1
    shape = [WILDCARD if k == VAR else t for t, k in zip(tokens, kinds, strict=True)]
    i = 0
    while i < len(shape):
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


def _plural_of(a: str, b: str) -> bool:
    """Is one word the other with an English plural ending (``error``/``errors``)?"""
    if len(a) > len(b):
        a, b = b, a
    return len(a) > 2 and b.startswith(a) and b[len(a) :] in ("s", "es")


def render(tokens: list[str], spaces: list[bool]) -> str:
    return "".join(
        (" " if s and i else "") + t for i, (t, s) in enumerate(zip(tokens, spaces, strict=True))
    )


def _token_regex(token: str) -> str:
    # Variables are loose (".+?") because a collapsed run "<NUM>" may stand for
    # "1 2 3" in the raw text; the literal words around them keep the regex specific.
    if token_kind(token) == VAR:
        return r".*?" if token == WILDCARD else r".+?"
    return ".+?".join(escape(part) for part in PLACEHOLDER_RE.split(token))


# ---------------------------------------------------------------------- algorithm

# Bucket keys are stored in a bounded column: a first token longer than this is cut and
# completed by a digest of the whole, so the key stays short and still tells tokens apart.
_HEAD_MAX = 64


def bucket_key(token_count: int, head: str) -> str:
    """The bucket of a message: its token count and its first non-variable token."""
    if len(head) > _HEAD_MAX:
        digest = hashlib.sha256(head.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        head = f"{head[: _HEAD_MAX - 17]}~{digest}"
    return f"{token_count} {head}"


@functools.lru_cache(maxsize=4096)  # about 3 MB at a dozen tokens each (256 at most)
def _configured_kinds(tokens: tuple[str, ...], config: GroupingConfig) -> tuple[int, ...]:
    """`token_kinds` as a configuration reads them."""
    kinds = token_kinds(list(tokens))
    if not config.hard_symbols:
        kinds = [WORD if k == HARD else k for k in kinds]
    if config.codes:
        kinds = [HARD if _is_code(t) else k for t, k in zip(tokens, kinds, strict=True)]
    return tuple(kinds)


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
        kinds = self._kinds(tokens)
        _collapse(tokens, spaces, kinds, self.config.max_repeat_period)
        head = next((t for t, k in zip(tokens, kinds, strict=True) if k != VAR), WILDCARD)
        return Prepared(tokens, spaces, kinds, bucket_key(len(tokens), head))

    def _kinds(self, tokens: list[str]) -> list[int]:
        return list(_configured_kinds(tuple(tokens), self.config))

    def _best(self, prep: Prepared) -> tuple[Template | None, float]:
        best: Template | None = None
        best_rank: tuple[float, int, int] = (-1.0, 0, 0)
        for template in self.store.candidates(prep.bucket):
            if len(template.tokens) != len(prep.tokens):
                continue  # a bucket key cut short by `bucket_key` may mix lengths
            # A bucket's templates are compared with every message that lands there: their kinds
            # are computed once per process, not once per comparison.
            kinds = _configured_kinds(tuple(template.tokens), self.config)
            score, matches = self._similarity(template.tokens, kinds, prep)
            if score < self.config.similarity_threshold:
                continue
            rank = (score, matches, template.count)
            if rank > best_rank:  # strict: the oldest template wins exact ties
                best, best_rank = template, rank
        return best, best_rank[0]

    @staticmethod
    def _similarity(
        template: list[str], template_kinds: Sequence[int], prep: Prepared
    ) -> tuple[float, int]:
        """(score, matching words); score 0 when the punctuation differs. See module docstring."""
        matches = mismatches = 0
        for t, t_kind, m, kind in zip(
            template, template_kinds, prep.tokens, prep.kinds, strict=True
        ):
            if t == m:
                if kind <= HARD:
                    matches += 1
                continue
            if t == WILDCARD:
                continue
            if t_kind == VAR and kind == VAR:
                continue
            if kind == PUNCT or t_kind == PUNCT:
                return 0.0, 0
            if _is_code(t) and _is_code(m) and kind == t_kind == HARD:
                return 0.0, 0  # another code, another failure (see `GroupingConfig.codes`)
            if _plural_of(t, m):
                matches += 1  # "argument" and "arguments": one word, counted by its values
                continue
            mismatches += HARD_WEIGHT if HARD in (kind, t_kind) else 1
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
