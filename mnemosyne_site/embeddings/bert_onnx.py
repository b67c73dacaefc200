"""The BERT encoder of all-MiniLM-L6-v2 written out as an ONNX graph, straight from its weights.

No torch and no tracing: the weights come from ``model.safetensors`` (read with
``safetensors.numpy``) and the graph is the BERT forward pass written with ``onnx.helper`` at
opset 17 — embeddings (word + position + token type, LayerNormalization), then per layer
self-attention with the additive padding mask, a residual LayerNormalization, the feed-forward
block with the exact (Erf) GELU and a second residual LayerNormalization. The output is the last
hidden state; mean pooling and normalising happen in numpy at serving time, as before.

ONNX Runtime fuses these standard shapes (LayerNormalization, Gelu, attention) when it loads the
graph, so the result runs as fast as a traced export. A test compares its vectors with
sentence-transformers on torch (``tests/core/test_embeddings.py``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from safetensors.numpy import load_file

OPSET = 17
INPUT_NAMES = ["input_ids", "attention_mask", "token_type_ids"]
OUTPUT_NAME = "last_hidden_state"
# Added to the attention scores of padding positions: exp() of it is exactly 0 in float32, and
# unlike float32's minimum it cannot overflow to -inf when added to a negative score.
MASKED_SCORE = -1e9


class _Graph:
    """Nodes and initializers collected in order, with unique names."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self._count = 0

    def const(self, name: str, value: np.ndarray) -> str:
        self.initializers.append(numpy_helper.from_array(value, name=name))
        return name

    def op(self, op_type: str, inputs: list[str], **attributes: Any) -> str:
        self._count += 1
        output = f"{op_type.lower()}_{self._count}"
        self.nodes.append(helper.make_node(op_type, inputs, [output], **attributes))
        return output


def build_model(*, weights: dict[str, np.ndarray], config: dict[str, Any]) -> onnx.ModelProto:
    """The encoder for a Hugging Face ``BertModel`` config and its state dict (numpy arrays)."""
    if config.get("hidden_act", "gelu") != "gelu":
        raise ValueError(f"only the exact GELU is supported, not {config['hidden_act']!r}")
    hidden = int(config["hidden_size"])
    heads = int(config["num_attention_heads"])
    head_dim = hidden // heads
    eps = float(config["layer_norm_eps"])
    g = _Graph()

    def w(name: str) -> np.ndarray:
        return np.ascontiguousarray(weights[name], dtype=np.float32)

    def linear(x: str, prefix: str) -> str:
        # torch's Linear stores (out, in); MatMul wants (in, out).
        kernel = g.const(f"{prefix}.weight_t", np.ascontiguousarray(w(f"{prefix}.weight").T))
        return g.op(
            "Add", [g.op("MatMul", [x, kernel]), g.const(f"{prefix}.bias", w(f"{prefix}.bias"))]
        )

    def layer_norm(x: str, prefix: str) -> str:
        scale = g.const(f"{prefix}.weight", w(f"{prefix}.weight"))
        bias = g.const(f"{prefix}.bias", w(f"{prefix}.bias"))
        return g.op("LayerNormalization", [x, scale, bias], axis=-1, epsilon=eps)

    # Embeddings: positions are 0..sequence-1 for every row (BERT's absolute positions).
    words = g.op(
        "Gather", [g.const("word_embeddings", w("embeddings.word_embeddings.weight")), "input_ids"]
    )
    types = g.op(
        "Gather",
        [
            g.const("token_type_embeddings", w("embeddings.token_type_embeddings.weight")),
            "token_type_ids",
        ],
    )
    length = g.op(
        "Gather",
        [g.op("Shape", ["input_ids"]), g.const("one_index", np.array([1], dtype=np.int64))],
    )
    positions = g.op(
        "Slice",
        [
            g.const("position_embeddings", w("embeddings.position_embeddings.weight")),
            g.const("zero_index", np.array([0], dtype=np.int64)),
            length,
            g.const("axis_zero", np.array([0], dtype=np.int64)),
        ],
    )
    x = layer_norm(g.op("Add", [g.op("Add", [words, types]), positions]), "embeddings.LayerNorm")

    # (batch, sequence) mask → (batch, 1, 1, sequence) additive scores: 0 for tokens, very
    # negative for padding.
    one = g.const("one", np.array(1.0, dtype=np.float32))
    mask = g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    mask = g.op("Unsqueeze", [mask, g.const("mask_axes", np.array([1, 2], dtype=np.int64))])
    additive = g.op(
        "Mul",
        [
            g.op("Sub", [one, mask]),
            g.const("masked_score", np.array(MASKED_SCORE, dtype=np.float32)),
        ],
    )

    split_heads = g.const("split_heads", np.array([0, 0, heads, head_dim], dtype=np.int64))
    merge_heads = g.const("merge_heads", np.array([0, 0, hidden], dtype=np.int64))
    scale = g.const("score_scale", np.array(1.0 / math.sqrt(head_dim), dtype=np.float32))
    half = g.const("half", np.array(0.5, dtype=np.float32))
    sqrt2 = g.const("sqrt2", np.array(math.sqrt(2.0), dtype=np.float32))

    for index in range(int(config["num_hidden_layers"])):
        p = f"encoder.layer.{index}"

        def heads_of(name: str, perm: list[int], x: str = x, p: str = p) -> str:
            projected = g.op("Reshape", [linear(x, f"{p}.attention.self.{name}"), split_heads])
            return g.op("Transpose", [projected], perm=perm)

        query = heads_of("query", [0, 2, 1, 3])  # (batch, heads, sequence, head_dim)
        key = heads_of("key", [0, 2, 3, 1])  # (batch, heads, head_dim, sequence)
        value = heads_of("value", [0, 2, 1, 3])
        scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [query, key]), scale]), additive])
        context = g.op("MatMul", [g.op("Softmax", [scores], axis=-1), value])
        context = g.op("Reshape", [g.op("Transpose", [context], perm=[0, 2, 1, 3]), merge_heads])
        attended = linear(context, f"{p}.attention.output.dense")
        x = layer_norm(g.op("Add", [attended, x]), f"{p}.attention.output.LayerNorm")

        inner = linear(x, f"{p}.intermediate.dense")
        # GELU(x) = 0.5 · x · (1 + erf(x / √2)), the exact form BERT's "gelu" uses.
        erf = g.op("Erf", [g.op("Div", [inner, sqrt2])])
        gelu = g.op("Mul", [g.op("Mul", [inner, half]), g.op("Add", [erf, one])])
        out = linear(gelu, f"{p}.output.dense")
        x = layer_norm(g.op("Add", [out, x]), f"{p}.output.LayerNorm")

    g.nodes.append(helper.make_node("Identity", [x], [OUTPUT_NAME]))
    inputs = [
        helper.make_tensor_value_info(name, TensorProto.INT64, ["batch", "sequence"])
        for name in INPUT_NAMES
    ]
    output = helper.make_tensor_value_info(
        OUTPUT_NAME, TensorProto.FLOAT, ["batch", "sequence", hidden]
    )
    graph = helper.make_graph(g.nodes, "bert_encoder", inputs, [output], g.initializers)
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET)],
        producer_name="mnemosyne",
        # IR 8 is the one opset 17 came with; every ONNX Runtime that runs opset 17 reads it.
        ir_version=8,
    )
    onnx.checker.check_model(model)
    return model


def build_from_directory(source: Path) -> onnx.ModelProto:
    """The encoder of a sentence-transformers model folder (``config.json``,
    ``model.safetensors``)."""
    config = json.loads((source / "config.json").read_text())
    return build_model(weights=load_file(str(source / "model.safetensors")), config=config)
