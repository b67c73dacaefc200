"""The distiller used when no LLM is configured: the same sections, built from the trajectory.

It cannot understand a session, but it can report faithfully what happened, which is what makes a
draft worth reviewing:

- Context: the task from the context snapshot (`task`, `goal`, `prompt`, … keys) when the agent
  sent one, and the errors met on the way;
- Solution: the successful calls in order, consecutive repeats collapsed;
- Key Patterns: error → recovery pairs (a failed call followed by a successful call of the same
  tool), the tool sequence, and the tools used most;
- Code Examples: command/code-like arguments of successful calls;
- Tags: tools, project and error kinds.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from notes.distillation.prompt import DistilledNote
from notes.models import Trajectory, TrajectoryEvent

TASK_KEYS = ("task", "goal", "prompt", "objective", "description", "request", "summary")
CODE_KEYS = ("command", "cmd", "code", "script", "patch", "diff", "query", "sql", "content")
_MAX_STEPS = 15
_MAX_EXAMPLES = 3
_MAX_CODE_CHARS = 800
_TAG = re.compile(r"[^a-z0-9]+")


def _short(value, limit: int = 120) -> str:
    text = value if isinstance(value, str) else json.dumps(value, default=str, sort_keys=True)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _tag(text: str) -> str:
    return _TAG.sub("-", text.lower()).strip("-")[:40]


def _task(events: list[TrajectoryEvent]) -> str:
    for event in events:
        context = event.context if isinstance(event.context, dict) else {}
        for key in TASK_KEYS:
            value = context.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
    return ""


def _argument_summary(arguments) -> str:
    if isinstance(arguments, dict):
        for key in CODE_KEYS + ("path", "file", "file_path", "url"):
            if isinstance(arguments.get(key), str):
                return _short(arguments[key], 80)
    return _short(arguments, 80) if arguments not in ({}, None, "") else ""


def _error_kind(error: str) -> str:
    first = error.strip().splitlines()[0] if error.strip() else ""
    match = re.match(r"([A-Za-z_][\w.]*(?:Error|Exception|Exit|Failure))", first)
    return match.group(1).rsplit(".", 1)[-1] if match else ""


def extractive_distill(trajectory: Trajectory, events: list[TrajectoryEvent]) -> DistilledNote:
    tools = [e.tool_name for e in events]
    failures = [e for e in events if e.error]
    task = _task(events)

    # Context
    context_lines = [
        task
        or f"A {trajectory.outcome} session of {len(events)} tool calls "
        f"({', '.join(dict.fromkeys(tools))}) over {trajectory.duration_seconds:.0f} s.",
    ]
    if trajectory.project_ref:
        context_lines.append(f"Project: {trajectory.project_ref}.")
    if failures:
        context_lines.append("Errors met on the way:")
        for event in failures[:5]:
            context_lines.append(f"- `{event.tool_name}`: {_short(event.error)}")

    # Solution: successful calls in order, consecutive repeats of one tool collapsed.
    steps: list[str] = []
    last_tool, repeat = None, 0
    for event in events:
        if event.error:
            continue
        if event.tool_name == last_tool:
            repeat += 1
            steps[-1] = steps[-1].split(" (×")[0] + f" (×{repeat + 1})"
            continue
        last_tool, repeat = event.tool_name, 0
        summary = _argument_summary(event.arguments)
        steps.append(f"`{event.tool_name}`" + (f" — {summary}" if summary else ""))
    shown = steps[:_MAX_STEPS]
    solution = "\n".join(f"{i}. {step}" for i, step in enumerate(shown, start=1))
    if len(steps) > len(shown):
        solution += f"\n… and {len(steps) - len(shown)} more steps."
    if not solution:
        solution = "No call succeeded; the session was reported successful regardless."

    # Key patterns
    patterns: list[str] = []
    for index, event in enumerate(events):
        if not event.error:
            continue
        recovery = next(
            (
                later
                for later in events[index + 1 :]
                if later.tool_name == event.tool_name and not later.error
            ),
            None,
        )
        if recovery is not None:
            patterns.append(
                f"After `{event.tool_name}` failed with “{_short(event.error, 80)}”, retrying it "
                f"with {_argument_summary(recovery.arguments) or 'changed arguments'} worked."
            )
    sequence = " → ".join(dict.fromkeys(tools))
    if sequence:
        patterns.append(f"Tool sequence: {sequence}.")
    most = Counter(tools).most_common(3)
    if most and most[0][1] > 1:
        patterns.append(
            "Most used: " + ", ".join(f"`{tool}` ×{count}" for tool, count in most) + "."
        )

    # Code examples
    examples: list[dict] = []
    seen: set[str] = set()
    for event in events:
        if event.error or not isinstance(event.arguments, dict):
            continue
        for key in CODE_KEYS:
            code = event.arguments.get(key)
            if isinstance(code, str) and code.strip() and code not in seen:
                seen.add(code)
                language = (
                    "bash"
                    if key in ("command", "cmd", "script")
                    else ("sql" if key in ("sql", "query") else "")
                )
                examples.append(
                    {
                        "language": language,
                        "code": code.strip()[:_MAX_CODE_CHARS],
                        "description": f"`{event.tool_name}` {key}",
                    }
                )
                break
        if len(examples) == _MAX_EXAMPLES:
            break

    # Tags
    tags = [_tag(t) for t in dict.fromkeys(tools)]
    if trajectory.project_ref:
        tags.append(_tag(trajectory.project_ref))
    tags += [_tag(k) for k in dict.fromkeys(_error_kind(e.error) for e in failures) if k]
    tags = [t for t in dict.fromkeys(tags) if t][:12]

    title_subject = task.splitlines()[0] if task else sequence
    title = _short(title_subject, 100) if title_subject else f"Session {trajectory.session_key}"
    return DistilledNote(
        title=title,
        context="\n".join(context_lines),
        solution=solution,
        key_patterns=patterns,
        code_examples=examples,
        tags=tags,
    )
