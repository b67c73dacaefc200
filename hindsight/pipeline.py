"""The production grouping logic: which signature an error belongs to.

Used by the capture endpoint (over the database) and by `manage.py hindsight_group` (in
memory), so what the command measures is what capture does. For one error, in order:

1. **Extract** what identifies the error (`hindsight.extract`): the key line of the output (a
   traceback's final exception, a CLI's error line) and the type to file it under; **normalise**
   the key line and every stack frame (`hindsight.normalize`) and compute the fingerprint of
   type + normalised key + frames.
2. **Same fingerprint** as a signature's first occurrence: that signature.
3. **Template**: the online grouper (`hindsight.grouping`) places the error type + normalised
   message in a template of its bucket; a template that already belongs to a signature links the
   error there (the template may generalise a position to `<*>` on the way).
4. **Similarity**: a new template is embedded and compared with the scope's signatures; above the
   dedup similarity (0.95) the template joins the nearest signature, so its later messages land
   there directly.
5. Otherwise a **new signature** starts with the new template.

Templates are kept per error type (a store serves one scope and one error type), so the
template of a message is the message's own pattern: its regex matches raw messages directly,
and two types never share a template. Stores keep the grouper's templates (`TemplateStore`)
plus the links from templates and fingerprints to signatures, and answer nearest-signature
queries; `InMemorySignatureStore` is here, the database one is
`hindsight.store.DatabaseSignatureStore`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from hindsight.extract import extract_error
from hindsight.grouping import (
    PUNCT,
    VAR,
    Grouper,
    GroupingConfig,
    InMemoryTemplateStore,
    TemplateStore,
)
from hindsight.normalize import NormalizedMessage, fingerprint, normalize_stack

# Error key lines are masked with their codes kept (`hindsight.extract`).
GROUPING_CONFIG = GroupingConfig(codes=True)


def embedding_text(error_type: str, template_text: str) -> str:
    """What a signature's (and a query's) vector is computed from: the type and the pattern."""
    return f"{error_type}: {template_text}" if error_type else template_text


# Words a text may have that its near-duplicate lacks (wording: "resolve [the] host name").
_MAX_EXTRA_WORDS = 2


def _skeleton(text: str) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """(words, punctuation, number of variables) of a normalised text, as the grouper sees it
    (runs of variables collapsed)."""
    prepared = Grouper(config=GROUPING_CONFIG).prepare(text)
    words = tuple(t for t, k in zip(prepared.tokens, prepared.kinds, strict=True) if k < VAR)
    punct = tuple(t for t, k in zip(prepared.tokens, prepared.kinds, strict=True) if k == PUNCT)
    return words, punct, prepared.kinds.count(VAR)


def _inserted(shorter: tuple[str, ...], longer: tuple[str, ...]) -> bool:
    """Is `longer` `shorter` with a few words inserted (none changed)?"""
    if not 0 <= len(longer) - len(shorter) <= _MAX_EXTRA_WORDS:
        return False
    remaining = iter(longer)
    return all(word in remaining for word in shorter)


def semantically_compatible(text: str, other: str) -> bool:
    """May two normalised texts that embed alike be the same error? Only when they differ in
    wording alone: the same punctuation, as many variables, and the same words but for a
    couple inserted ("Unable to resolve [the] host name"). A changed word, another clause with
    a value of its own ("... corrected [over <*> seconds]") or other punctuation makes another
    error, however close the sentence embeddings ("Found child" and "Can't find child" lie
    above 0.95)."""
    (words_a, punct_a, vars_a), (words_b, punct_b, vars_b) = _skeleton(text), _skeleton(other)
    if punct_a != punct_b or vars_a != vars_b:
        return False
    if len(words_a) > len(words_b):
        words_a, words_b = words_b, words_a
    return _inserted(words_a, words_b)


def template_shape(
    text: str, config: GroupingConfig = GROUPING_CONFIG
) -> tuple[str, list[str], list[bool]]:
    """(bucket, tokens, spaces) the grouper derives from normalised text."""
    prepared = Grouper(config=config).prepare(text)
    return prepared.bucket, prepared.tokens, prepared.spaces


def bucket_of(text: str, config: GroupingConfig = GROUPING_CONFIG) -> str:
    """The grouper's bucket for normalised text: where its template would be looked for."""
    return template_shape(text, config)[0]


@dataclass(frozen=True)
class PreparedError:
    """An error as grouping sees it. `message` is the normalised key line (its `original` the
    raw key line), `error_type` the extracted type, `given_type` what the caller said."""

    error_type: str
    message: NormalizedMessage
    frames: list[str]
    fingerprint: str
    given_type: str = ""
    source: str = "message"

    @property
    def embedding_text(self) -> str:
        return embedding_text(self.error_type, self.message.text)


def prepare_error(error_type: str, message: str, stack: str = "") -> PreparedError:
    key = extract_error(error_type, message, stack)
    normalized = key.normalized()
    frames = normalize_stack(stack) if stack else []
    return PreparedError(
        error_type=key.error_type,
        message=normalized,
        frames=frames,
        fingerprint=fingerprint(key.error_type, normalized.text, frames),
        given_type=(error_type or "").strip(),
        source=key.source,
    )


class SignatureStore(TemplateStore, Protocol):
    """A TemplateStore that also knows which signature each template and fingerprint belongs to."""

    def signature_for_fingerprint(self, fingerprint: str) -> str | None: ...

    def signature_for_template(self, template_key: str) -> str | None: ...

    def nearest(self, vector: np.ndarray) -> tuple[str, float, str] | None:
        """(signature key, cosine similarity, its template text) of the nearest signature."""
        ...


@dataclass(frozen=True)
class Assignment:
    """Where an error goes. `signature_key` None means a new signature, founded by
    `template_key`. `vector` is set when the error had to be embedded (steps 4 and 5)."""

    signature_key: str | None
    template_key: str | None
    template_text: str
    via: str  # fingerprint, template, semantic, new
    similarity: float
    vector: np.ndarray | None = None

    @property
    def is_new(self) -> bool:
        return self.signature_key is None


class SignatureGrouping:
    """Steps 2-5 of the module docstring over one store."""

    def __init__(
        self,
        store: SignatureStore,
        *,
        embed: Callable[[str], np.ndarray] | None,
        dedup_similarity: float,
        config: GroupingConfig = GROUPING_CONFIG,
    ) -> None:
        self.store = store
        self.embed = embed
        self.dedup_similarity = dedup_similarity
        self.grouper = Grouper(store, config=config)

    def assign(self, error: PreparedError) -> Assignment:
        known = self.store.signature_for_fingerprint(error.fingerprint)
        if known is not None:
            return Assignment(known, None, error.message.text, "fingerprint", 1.0)
        result = self.grouper.add_normalized(error.message.text)
        if not result.is_new:
            owner = self.store.signature_for_template(result.key)
            if owner is not None:
                return Assignment(owner, result.key, result.template, "template", result.similarity)
        vector = self.embed(error.embedding_text) if self.embed is not None else None
        if vector is not None:
            nearest = self.store.nearest(vector)
            if (
                nearest is not None
                and nearest[1] > self.dedup_similarity
                and semantically_compatible(error.message.text, nearest[2])
            ):
                return Assignment(
                    nearest[0], result.key, result.template, "semantic", nearest[1], vector
                )
        return Assignment(None, result.key, result.template, "new", 1.0, vector)


@dataclass
class InMemorySignatureStore(InMemoryTemplateStore):
    """For the command and benchmarks. Signatures are named by their founding template's key
    (prefixed by the error type when there is one)."""

    shared: _SharedIndex = field(default_factory=lambda: _SharedIndex())
    vectors: _VectorIndex = field(default_factory=lambda: _VectorIndex())
    _template_owner: dict[str, str] = field(default_factory=dict)

    def template_claim(self, template_key: str, signature_key: str) -> None:
        """The first signature to reach a template owns it."""
        self._template_owner.setdefault(template_key, signature_key)

    def signature_for_fingerprint(self, fingerprint: str) -> str | None:
        return self.shared.fingerprints.get(fingerprint)

    def signature_for_template(self, template_key: str) -> str | None:
        return self._template_owner.get(template_key)

    def nearest(self, vector: np.ndarray) -> tuple[str, float, str] | None:
        return self.vectors.nearest(vector)


@dataclass
class _SharedIndex:
    """What every error type's store shares: the fingerprints (they include the type)."""

    fingerprints: dict[str, str] = field(default_factory=dict)


@dataclass
class _VectorIndex:
    """One error type's signature vectors, as the database store searches one type's."""

    keys: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    vectors: list[np.ndarray] = field(default_factory=list)
    matrix: np.ndarray | None = None

    def nearest(self, vector: np.ndarray) -> tuple[str, float, str] | None:
        if not self.keys:
            return None
        if self.matrix is None or len(self.matrix) != len(self.keys):
            self.matrix = np.vstack(self.vectors)
        scores = self.matrix @ vector
        best = int(np.argmax(scores))
        return self.keys[best], float(scores[best]), self.texts[best]


class InMemoryGrouping:
    """The pipeline over in-memory stores, one error at a time (`hindsight_group`)."""

    def __init__(
        self,
        *,
        embed: Callable[[str], np.ndarray] | None,
        dedup_similarity: float,
        config: GroupingConfig = GROUPING_CONFIG,
    ) -> None:
        self.embed = embed
        self.dedup_similarity = dedup_similarity
        self.config = config
        self.shared = _SharedIndex()
        self._partitions: dict[str, tuple[InMemorySignatureStore, SignatureGrouping]] = {}

    def _partition(self, error_type: str) -> tuple[InMemorySignatureStore, SignatureGrouping]:
        if error_type not in self._partitions:
            store = InMemorySignatureStore(shared=self.shared)
            grouping = SignatureGrouping(
                store,
                embed=self.embed,
                dedup_similarity=self.dedup_similarity,
                config=self.config,
            )
            self._partitions[error_type] = (store, grouping)
        return self._partitions[error_type]

    def add(self, message: str, *, error_type: str = "", stack: str = "") -> str:
        error = prepare_error(error_type, message, stack)
        store, grouping = self._partition(error.error_type)
        assignment = grouping.assign(error)
        key = assignment.signature_key
        if key is None:
            key = (
                f"{error.error_type}:{assignment.template_key}"
                if error.error_type
                else str(assignment.template_key)
            )
            if assignment.vector is not None:
                store.vectors.keys.append(key)
                store.vectors.texts.append(error.message.text)
                store.vectors.vectors.append(np.asarray(assignment.vector, dtype=np.float32))
        if assignment.template_key is not None:
            store.template_claim(assignment.template_key, key)
        self.shared.fingerprints.setdefault(error.fingerprint, key)
        return key


def extract_error_pattern(error: str) -> str:
    """The reusable shape of an error (a learning's `error_pattern`): the line that identifies
    it (the same extraction error signatures use, `hindsight.extract`), with UUIDs, timestamps,
    paths, ports and the other variable parts as placeholders and error codes kept."""
    return extract_error("", error).pattern
