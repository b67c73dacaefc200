"""all-MiniLM-L6-v2 served by ONNX Runtime and `tokenizers`: no torch at serving time.

Equivalent to sentence-transformers' Transformer → mean pooling → Normalize pipeline for this
model: truncation at the model's max_seq_length (256, from sentence_bert_config.json, not the 128
baked into tokenizer.json), padding to the longest text of each batch, mean over real tokens.
`precision` picks the graph (``export.PRECISIONS``): int8 by default, fp32 to match the reference.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime as ort
from tokenizers import Encoding, Tokenizer

from mnemosyne_site.embeddings import EmbeddingModelError, normalize_rows
from mnemosyne_site.embeddings.export import MODEL_NAME, PRECISIONS, load_or_export


class OnnxEmbedder:
    def __init__(
        self, *, model_dir: Path, dim: int, batch_size: int, threads: int, precision: str = "int8"
    ) -> None:
        if precision not in PRECISIONS:
            raise EmbeddingModelError(
                f"EMBEDDING_PRECISION must be one of {', '.join(PRECISIONS)}, not {precision!r}"
            )
        files = load_or_export(model_dir)
        if files.dim != dim:
            raise EmbeddingModelError(
                f"EMBEDDING_DIM is {dim} but the local model {MODEL_NAME} gives {files.dim}"
            )
        int8 = precision == "int8"
        self.name = f"local:{MODEL_NAME}" + ("-int8" if int8 else "")
        self.dim = dim
        self.batch_size = batch_size
        self.sha256 = files.int8_sha256 if int8 else files.sha256
        self._tokenizer = _tokenizer(files.tokenizer_path, max_length=files.max_seq_length)
        self._session = _session(files.int8_path if int8 else files.onnx_path, threads=threads)
        # int8 quantises activations with one scale per batch, so a text's vector would depend on
        # what it was batched with (cosine 0.987 at worst); alone it is also faster than padded.
        self._batches = not int8
        self._input_names = {i.name for i in self._session.get_inputs()}

    def embed(self, texts: list[str]) -> np.ndarray:
        if len(texts) == 1 or not self._batches:
            # One text at a time: the hot path (one query) needs no batch bookkeeping or padding.
            return np.concatenate([self._run([self._tokenizer.encode(text)]) for text in texts])
        # Sorting by length keeps texts of similar length together, so batches pad little.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            out[chunk] = self._run(self._tokenizer.encode_batch([texts[i] for i in chunk]))
        return out

    def _run(self, encodings: list[Encoding]) -> np.ndarray:
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feed = {
            "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
            "attention_mask": mask,
            "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
        }
        feed = {name: value for name, value in feed.items() if name in self._input_names}
        hidden = self._session.run(None, feed)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return normalize_rows(pooled)


def _tokenizer(path: Path, *, max_length: int) -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(path))
    tokenizer.enable_truncation(max_length=max_length)
    # tokenizer.json pads to a fixed 128; pad to the batch's longest instead.
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    return tokenizer


def _session(path: Path, *, threads: int) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    # At the default of 1 thread the calling thread runs every kernel and there is no pool. At 2
    # on 2 busy cores a 600-character text took the same CPU (35-40 ms) and spinning pool
    # threads doubled it (75-86 ms), CPU the web process and the database need.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
