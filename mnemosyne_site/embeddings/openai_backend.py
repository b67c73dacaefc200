"""Embeddings from an OpenAI-compatible `/v1/embeddings` endpoint, at the configured width."""

from __future__ import annotations

import numpy as np
import openai

from mnemosyne_site.embeddings import EmbeddingError, EmbeddingUnavailable, normalize_rows


class OpenAIEmbedder:
    def __init__(
        self,
        *,
        base_url: str | None,
        api_key: str,
        model: str,
        dim: int,
        batch_size: int,
        timeout: float,
        max_retries: int,
    ) -> None:
        self.name = f"openai:{model}"
        self.dim = dim
        self.model = model
        self.batch_size = batch_size
        # A local OpenAI-compatible server may need no key, but the client insists on one.
        self._client = openai.OpenAI(
            base_url=base_url,
            api_key=api_key or "unused",
            timeout=timeout,
            max_retries=max_retries,
        )

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start : start + self.batch_size]
            out[start : start + len(batch)] = self._embed_batch(batch)
        return normalize_rows(out)

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        # The API rejects empty strings; a space embeds as "nothing" just the same.
        inputs = [text if text.strip() else " " for text in texts]
        try:
            response = self._client.embeddings.create(
                model=self.model, input=inputs, dimensions=self.dim
            )
        except (
            openai.APIConnectionError,
            openai.RateLimitError,
            openai.InternalServerError,
        ) as exc:
            raise EmbeddingUnavailable(f"embedding service unavailable: {exc}") from exc
        except openai.OpenAIError as exc:
            raise EmbeddingError(f"embedding request failed: {exc}") from exc
        rows = sorted(response.data, key=lambda item: item.index)
        vectors = np.asarray([row.embedding for row in rows], dtype=np.float32)
        if vectors.shape != (len(texts), self.dim):
            raise EmbeddingError(
                f"expected {len(texts)} vectors of {self.dim} dimensions from {self.model}, "
                f"got shape {vectors.shape}"
            )
        return vectors
