"""Escalation rule conditions: the spec's little expressions, parsed and evaluated safely.

A condition is written as in the spec's ESCALATION_RULES (`severity in ['critical', 'high']`,
`lesson_type == 'failure' and confidence > 0.8`, `'deadline' in tags`). It is parsed with `ast`
and only a whitelist of node types is evaluated — names of lesson fields, constants, lists,
comparisons, `and`/`or`/`not` — so a maintainer editing rules in the admin can never run code.
"""

from __future__ import annotations

import ast
import operator
from dataclasses import dataclass
from typing import Any

FIELDS = frozenset(
    {
        "lesson_type",
        "domain",
        "category",
        "severity",
        "tags",
        "confidence",
        "occurrence_count",
        "source_agent",
        "validated",
        "title",
        "related_commands",
        "related_files",
        "alternatives",
    }
)

_COMPARE = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


class RuleError(ValueError):
    """The condition is not one this evaluator accepts."""


def parse_condition(text: str) -> ast.Expression:
    """Parse and check a condition; raise RuleError naming what is not allowed."""
    if not text or not text.strip():
        raise RuleError("The condition is empty.")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise RuleError(f"Not a valid expression: {exc.msg}.") from None
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if node.id not in FIELDS:
                raise RuleError(f"Unknown field {node.id!r}; use one of {sorted(FIELDS)}.")
        elif isinstance(node, ast.Constant):
            if not isinstance(node.value, str | int | float | bool | type(None)):
                raise RuleError("Only strings, numbers, booleans and None are allowed.")
        elif isinstance(node, ast.cmpop):
            if type(node) not in _COMPARE:
                raise RuleError(f"Comparison {type(node).__name__} is not allowed.")
        elif not isinstance(
            node,
            ast.Expression
            | ast.BoolOp
            | ast.And
            | ast.Or
            | ast.UnaryOp
            | ast.Not
            | ast.Compare
            | ast.List
            | ast.Tuple
            | ast.Load,
        ):
            raise RuleError(f"{type(node).__name__} is not allowed in a condition.")
        if isinstance(node, ast.UnaryOp) and not isinstance(node.op, ast.Not):
            raise RuleError("Only `not` is allowed as a unary operator.")
    return tree


def _eval(node: ast.AST, values: dict[str, Any]) -> Any:
    if isinstance(node, ast.Expression):
        return _eval(node.body, values)
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            return all(_eval(v, values) for v in node.values)
        return any(_eval(v, values) for v in node.values)
    if isinstance(node, ast.UnaryOp):
        return not _eval(node.operand, values)
    if isinstance(node, ast.Compare):
        left = _eval(node.left, values)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _eval(comparator, values)
            try:
                if not _COMPARE[type(op)](left, right):
                    return False
            except TypeError:
                # `None > 0.8`: a missing value satisfies no ordering.
                return False
            left = right
        return True
    if isinstance(node, ast.List | ast.Tuple):
        return [_eval(e, values) for e in node.elts]
    if isinstance(node, ast.Name):
        return values.get(node.id)
    if isinstance(node, ast.Constant):
        return node.value
    raise RuleError(f"{type(node).__name__} is not allowed in a condition.")


@dataclass(frozen=True)
class CompiledRule:
    target: str
    reason: str
    priority: str
    tree: ast.Expression

    def matches(self, values: dict[str, Any]) -> bool:
        return bool(_eval(self.tree, values))


def lesson_values(lesson) -> dict[str, Any]:
    """The names a condition may use, from a Lesson (or anything with those attributes)."""
    values = {name: getattr(lesson, name, None) for name in FIELDS}
    if values["confidence"] is not None:
        values["confidence"] = float(values["confidence"])
    for name in ("tags", "related_commands", "related_files", "alternatives"):
        values[name] = list(values[name] or [])
    return values


def compile_rules(rows) -> list[CompiledRule]:
    """Compile rule rows; a row that fails to parse is skipped (the admin refuses to save one)."""
    compiled = []
    for row in rows:
        try:
            tree = parse_condition(row.condition)
        except RuleError:
            continue
        compiled.append(CompiledRule(row.target, row.reason, row.priority, tree))
    return compiled


def escalations_for(lesson, rules: list[CompiledRule]) -> list[CompiledRule]:
    """The rules that fire for this lesson, in order."""
    values = lesson_values(lesson)
    return [rule for rule in rules if rule.matches(values)]
