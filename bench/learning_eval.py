"""Does Mnemosyne's learning hold on data nobody tuned for? One command reports it all.

    python bench/learning_eval.py [--loghub DIR] [--phases guard,signatures,fixes,loop]
                                  [--guard-splits tune,heldout,dev2,dev3,dev4,lookalikes,...]
                                  [--json PATH] [--hook-timeout S]

Starts the server as `make run` does (`bench/server.py`: `manage.py serve` on its own fresh
database `mn_learning_eval` and port, without the demo data so nothing but the corpus is known),
then measures, on the tune half and the held-out half of the corpus side by side:

- **guard** (`bench/data/guard_*.jsonl`): every anti-pattern reported once through the spec's own
  `LessonReporter.anti_pattern` (the verbatim copy in tests/lessons/spec_lesson_reporter.py), then
  every labelled command checked through the same client's `check_before_action`
  (`POST /check/anti-pattern`); a block is `blocked: true`. Precision, recall, the harmless
  commands blocked, and how many blocks named the command's own anti-pattern. Columns:
  `tune`, `heldout`, `holdout2`, the blind second held-out set (bench/data/README.md), and
  `dev2`, a second development set (`bench/corpus/guard_dev2.py`) for working on the guard,
  and `dev3` to `dev8`, a third to an eighth written blind (`bench/corpus/guard_dev3.py` …
  `guard_dev8.py`; `dev5` to `dev8` were blind until their figures were taken at the stops of
  2026-11-24 and 2026-11-25 and are development sets since; `dev9` and `dev10` likewise, opened
  at the second stop of 2026-11-25), `dev11` to `dev14`, an eleventh to a fourteenth written
  blind on 2026-11-25 and kept blind (`bench/corpus/guard_dev11.py` … `guard_dev14.py`),
  and `lookalikes` (`bench/corpus/guard_lookalikes.py`), harmless look-alikes of the tune,
  held-out and dev2-dev4 anti-patterns with none of its own: run it beside those splits.
  `--guard-splits` picks the splits: only their anti-patterns are reported and only their
  commands checked, so `--guard-splits tune` never touches the held-out sets; the default reports
  the anti-patterns of all of them before checking any command.
- **signatures** (`bench/data/errors.jsonl`): every recorded failure captured with the hook's own
  mapping (`integrations.hook_learning.parse_error`, and the capture body the hook sends) into
  `POST /api/v1/hindsight/errors`, variants arriving interleaved (all kinds' first variants, then
  the second...). Cohesion: the share of kinds whose variants all landed in one signature;
  signatures per kind; purity: the share of captures whose signature's majority kind is their own.
- **fixes**: in a scope of their own, each kind's first variant is captured and its fix recorded
  once as a resolution of that signature; every later variant then goes through the real
  `mnemosyne-hook` console script as a PostToolUseFailure event. Counted: the kind's fix in the
  first line of `additionalContext`, the fix anywhere in it, answers carrying another kind's
  fix (wrong fixes; those of a kind sharing the family are shown apart), and answers led by a
  near match (a similar signature's fix, marked as such by the hook).
- **loop** (the closed loop, issue 12 item 4): a scripted session per kind — the failure, the fix
  shown by the hook, then the same command succeeding (PostToolUse); and another where it fails
  again. The applications the server recorded on the resolutions are counted against those
  expected; none recorded means the behaviour is not implemented.
- **loghub** (with `--loghub DIR`, Loghub-2k in the format of bench/bench_grouping.py;
  https://github.com/logpai/loghub-2.0, 2k_dataset): grouping accuracy of `hindsight.grouping`
  per system with the one shipped configuration, and leave-one-system-out: the similarity
  threshold chosen on 7 systems from a fixed grid, scored on the 8th.

Prints a Markdown table and a JSON summary; the per-item details go to `--json`
(default test-output/learning_eval.json). Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:  # run as a plain script
    sys.path.insert(0, str(REPO_ROOT))

from bench.corpus.hook_payload import post_tool_use_failure, post_tool_use_success  # noqa: E402
from bench.server import MnemosyneServer  # noqa: E402
from integrations.hook_learning import parse_error  # noqa: E402

DATA = REPO_ROOT / "bench" / "data"
SPEC_CLIENT = REPO_ROOT / "tests" / "lessons" / "spec_lesson_reporter.py"
HOOK = REPO_ROOT / ".venv" / "bin" / "mnemosyne-hook"
AGENT = "CLAUDE_CODE"
CHECK_CONTEXT = "About to run this shell command for the current task"
SIGNATURE_SCOPE = "learning-eval/signatures"
FIX_SCOPE = "learning-eval/fixes"
SPLITS = ("tune", "heldout")
GUARD_SPLITS = (
    "tune", "heldout", "holdout2", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9",
    "dev10", "dev11", "dev12", "dev13", "dev14", "lookalikes",
)  # fmt: skip
# Sets nobody working on the guard may read command by command: their figures are reported in
# aggregate only, so a run for a note never shows which of their commands were missed.
BLIND_SPLITS = frozenset({"holdout2", "dev11", "dev12", "dev13", "dev14"})
BLIND_MATCH = "(an anti-pattern of a blind set)"
# Each pair of files with the splits it holds: a run reads only the files of its splits.
GUARD_FILES = (
    ("guard_anti_patterns.jsonl", "guard_commands.jsonl", ("tune", "heldout")),
    ("guard_holdout2_anti_patterns.jsonl", "guard_holdout2_commands.jsonl", ("holdout2",)),
    ("guard_dev2_anti_patterns.jsonl", "guard_dev2_commands.jsonl", ("dev2",)),
    ("guard_dev3_anti_patterns.jsonl", "guard_dev3_commands.jsonl", ("dev3",)),
    ("guard_dev4_anti_patterns.jsonl", "guard_dev4_commands.jsonl", ("dev4",)),
    ("guard_dev5_anti_patterns.jsonl", "guard_dev5_commands.jsonl", ("dev5",)),
    ("guard_dev6_anti_patterns.jsonl", "guard_dev6_commands.jsonl", ("dev6",)),
    ("guard_dev7_anti_patterns.jsonl", "guard_dev7_commands.jsonl", ("dev7",)),
    ("guard_dev8_anti_patterns.jsonl", "guard_dev8_commands.jsonl", ("dev8",)),
    ("guard_dev9_anti_patterns.jsonl", "guard_dev9_commands.jsonl", ("dev9",)),
    ("guard_dev10_anti_patterns.jsonl", "guard_dev10_commands.jsonl", ("dev10",)),
    ("guard_dev11_anti_patterns.jsonl", "guard_dev11_commands.jsonl", ("dev11",)),
    ("guard_dev12_anti_patterns.jsonl", "guard_dev12_commands.jsonl", ("dev12",)),
    ("guard_dev13_anti_patterns.jsonl", "guard_dev13_commands.jsonl", ("dev13",)),
    ("guard_dev14_anti_patterns.jsonl", "guard_dev14_commands.jsonl", ("dev14",)),
    ("guard_lookalikes_anti_patterns.jsonl", "guard_lookalikes_commands.jsonl", ("lookalikes",)),
)
PHASES = ("guard", "signatures", "fixes", "loop")
GOALS = {
    "guard_precision": "≥ 0.98",
    "guard_recall": "≥ 0.90",
    "one_signature": "≥ 0.90",
    "purity": "≥ 0.98",
    "fix_first_line": "≥ 0.90",
    "wrong_fix": "≤ 0.01",
    "loghub": "≥ 0.95",
}
LOGHUB_GRID = [0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9]


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


# --- guard -------------------------------------------------------------------------------------


def load_spec_client():
    spec = importlib.util.spec_from_file_location("spec_lesson_reporter", SPEC_CLIENT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def _guard(url: str, anti_patterns: list[dict], commands: list[dict]) -> dict:
    os.environ["MNEMOSYNE_URL"] = url
    os.environ["LEARNING_ENABLED"] = "true"
    reporter = load_spec_client().LessonReporter(AGENT)
    titles = {ap["report"]["title"]: ap["id"] for ap in anti_patterns}
    reports = []
    for ap in anti_patterns:
        answer = await reporter.anti_pattern(**ap["report"])
        if "lesson_id" not in answer:
            raise RuntimeError(f"reporting {ap['id']} failed: {answer}")
        reports.append({"id": ap["id"], "answer": answer})
    rows = []
    for command in commands:
        answer = await reporter.check_before_action(command["command"], CHECK_CONTEXT)
        matches = answer.get("matching_patterns") or []
        rows.append(
            {
                "id": command["id"],
                "split": command["split"],
                "command": command["command"],
                "expect": command["expect"],
                "anti_pattern": command["anti_pattern"],
                "blocked": bool(answer.get("blocked")),
                "check_failed": "matching_patterns" not in answer,
                "matched": [titles.get(m.get("title"), m.get("title")) for m in matches],
                "match_types": [m.get("match_type") for m in matches],
            }
        )
    return {"reports": reports, "checks": rows}


def guard_phase(url: str, splits: tuple[str, ...] = GUARD_SPLITS) -> dict:
    """Report the anti-patterns of `splits`, check their commands, and score each split."""
    anti_patterns: list[dict] = []
    commands: list[dict] = []
    for anti_patterns_file, commands_file, file_splits in GUARD_FILES:
        if not set(file_splits) & set(splits):
            continue
        anti_patterns += [
            ap for ap in read_jsonl(DATA / anti_patterns_file) if ap["split"] in splits
        ]
        commands += [c for c in read_jsonl(DATA / commands_file) if c["split"] in splits]
    raw = asyncio.run(_guard(url, anti_patterns, commands))
    triggers = _anti_pattern_triggers(url)
    form_of = {ap["id"]: ap["form"] for ap in anti_patterns}
    figures = {}
    for split in splits:
        rows = [r for r in raw["checks"] if r["split"] == split]
        tp = sum(r["blocked"] and r["expect"] == "block" for r in rows)
        fp = sum(r["blocked"] and r["expect"] == "allow" for r in rows)
        fn = sum(not r["blocked"] and r["expect"] == "block" for r in rows)
        own = sum(
            r["blocked"] and r["expect"] == "block" and r["anti_pattern"] in r["matched"]
            for r in rows
        )
        harmless = [r for r in rows if r["expect"] == "allow"]
        by_form: dict[str, list[bool]] = defaultdict(list)
        for r in rows:
            if r["expect"] == "block":
                by_form[form_of[r["anti_pattern"]]].append(r["blocked"])
        figures[split] = {
            "anti_patterns": sum(ap["split"] == split for ap in anti_patterns),
            "must_block": tp + fn,
            "harmless": len(harmless),
            # a split of harmless commands only (`lookalikes`) is read by its blocked count
            "precision": ratio(tp, tp + fp) if tp + fn else None,
            "recall": ratio(tp, tp + fn),
            "harmless_blocked": fp,
            "blocks_naming_own_anti_pattern": own,
            "harmless_warned": sum(bool(r["matched"]) and not r["blocked"] for r in harmless),
            "checks_failed": sum(r["check_failed"] for r in rows),
            "recall_by_form": {f: ratio(sum(v), len(v)) for f, v in sorted(by_form.items())},
        }
        if split not in BLIND_SPLITS:
            figures[split] |= {
                "harmless_blocked_commands": [r["command"] for r in harmless if r["blocked"]],
                "missed_commands": [
                    r["command"] for r in rows if r["expect"] == "block" and not r["blocked"]
                ],
            }
    blind_titles = {ap["report"]["title"] for ap in anti_patterns if ap["split"] in BLIND_SPLITS}
    blind = blind_titles | {ap["id"] for ap in anti_patterns if ap["split"] in BLIND_SPLITS}
    return {
        "figures": figures,
        "triggers": {t: trigger for t, trigger in triggers.items() if t not in blind_titles},
        # a development set's command blocked by a blind set's report says so, not which report
        "checks": [
            r | {"matched": [BLIND_MATCH if m in blind else m for m in r["matched"]]}
            for r in raw["checks"]
            if r["split"] not in BLIND_SPLITS
        ],
    }


def _anti_pattern_triggers(url: str) -> dict[str, str]:
    """The trigger the server derived for each reported anti-pattern (for the helpers' eyes)."""
    found: dict[str, str] = {}
    next_url: str | None = f"{url}/api/v1/lessons/anti-patterns"
    for _ in range(50):  # bounded paging
        if not next_url:
            break
        response = httpx.get(next_url, timeout=30)
        if response.status_code != 200:
            break
        body = response.json()
        for item in body.get("results", body if isinstance(body, list) else []):
            found[item.get("title", "?")] = item.get("trigger_pattern", "")
        next_url = body.get("next") if isinstance(body, dict) else None
    return found


# --- hindsight: signatures, fixes, the closed loop -----------------------------------------------


def capture_body(record: dict, *, scope: str, session: str) -> dict:
    """What the hook's PostToolUseFailure handler posts to /api/v1/hindsight/errors
    (integrations/hook_learning.py: `parse_error` and the `capture` body; a Bash call has no
    file context)."""
    parsed = parse_error(record["tool_name"], record["error"])
    return {
        "error_type": parsed["error_type"][:200],
        "message": parsed["message"],
        "stack": parsed["stack"],
        "context": {},
        "tool_name": record["tool_name"][:200],
        "session": session[:200],
        "scope": scope,
    }


def interleaved(records: list[dict]) -> list[dict]:
    """All kinds' first variants, then all second variants...: how errors arrive over time."""
    return sorted(records, key=lambda r: (r["variant"], r["kind"]))


def capture(client: httpx.Client, record: dict, *, scope: str, session: str) -> dict:
    response = client.post(
        "/api/v1/hindsight/errors", json=capture_body(record, scope=scope, session=session)
    )
    if response.status_code not in (200, 201):
        raise RuntimeError(
            f"capture of {record['id']} failed: {response.status_code} {response.text}"
        )
    return response.json()


def signatures_phase(client: httpx.Client, records: list[dict], kinds: dict[str, dict]) -> dict:
    signature_of: dict[str, str] = {}
    for record in interleaved(records):
        answer = capture(client, record, scope=SIGNATURE_SCOPE, session=f"sig-{record['id']}")
        signature_of[record["id"]] = answer["signature"]["id"]
    kinds_of_signature: dict[str, Counter] = defaultdict(Counter)
    for record in records:
        kinds_of_signature[signature_of[record["id"]]][record["kind"]] += 1
    figures = {}
    for split in SPLITS:
        split_kinds = [k for k, info in kinds.items() if info["split"] == split]
        per_kind = {
            k: len({signature_of[r["id"]] for r in records if r["kind"] == k}) for k in split_kinds
        }
        split_records = [r for r in records if kinds[r["kind"]]["split"] == split]
        within: dict[str, Counter] = defaultdict(Counter)
        for r in split_records:
            within[signature_of[r["id"]]][r["kind"]] += 1
        majority = sum(max(c.values()) for c in within.values())
        cross = sum(1 for r in split_records if len(kinds_of_signature[signature_of[r["id"]]]) > 1)
        figures[split] = {
            "kinds": len(split_kinds),
            "captures": len(split_records),
            "signatures": len(within),
            "one_signature": ratio(sum(n == 1 for n in per_kind.values()), len(split_kinds)),
            "signatures_per_kind": ratio(sum(per_kind.values()), len(split_kinds)),
            "purity": ratio(majority, len(split_records)),
            "captures_in_mixed_signatures": cross,
            "split_kinds": {k: n for k, n in sorted(per_kind.items()) if n > 1},
        }
    mixed = [dict(counter) for counter in kinds_of_signature.values() if len(counter) > 1]
    return {"figures": figures, "mixed_signatures": mixed, "signature_of": signature_of}


def run_hook(event: dict, env: dict[str, str]) -> tuple[str, float]:
    """The real console script, as Claude Code runs it: the event on stdin, the answer on stdout.
    Returns the additionalContext (empty when the hook answered nothing) and the wall time."""
    started = time.monotonic()
    done = subprocess.run(
        [str(HOOK), event["hook_event_name"]],
        input=json.dumps(event),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    elapsed = time.monotonic() - started
    if not done.stdout.strip():
        return "", elapsed
    output = json.loads(done.stdout)
    return str((output.get("hookSpecificOutput") or {}).get("additionalContext") or ""), elapsed


def hook_env(url: str, scope: str, timeout: float, state: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MNEMOSYNE_")}
    env.update(
        {
            "MNEMOSYNE_URL": url,
            "MNEMOSYNE_SCOPE": scope,
            "MNEMOSYNE_HOOK_TIMEOUT": str(timeout),
            "MNEMOSYNE_HOOK_STATE_DIR": str(state / "hook"),
            "MNEMOSYNE_TRAJECTORY_SPOOL_DIR": str(state / "spool"),
        }
    )
    return env


def judge(context: str, kind: str, kinds: dict[str, dict]) -> dict:
    fix = kinds[kind]["fix"]
    first_line = context.splitlines()[0] if context else ""
    others = [k for k, info in kinds.items() if k != kind and info["fix"] in context]
    return {
        "answered": bool(context),
        "near_match": "near match" in first_line,
        "first_line": fix in first_line,
        "anywhere": fix in context,
        "wrong": others,
        "wrong_same_family": [k for k in others if kinds[k]["family"] == kinds[kind]["family"]],
    }


def fixes_phase(
    client: httpx.Client, records: list[dict], kinds: dict[str, dict], env: dict[str, str]
) -> dict:
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for record in records:
        by_kind[record["kind"]].append(record)
    resolution_of: dict[str, str] = {}
    for kind, rows in sorted(by_kind.items()):
        first = min(rows, key=lambda r: r["variant"])
        answer = capture(client, first, scope=FIX_SCOPE, session=f"fix-{first['id']}")
        signature = answer["signature"]["id"]
        response = client.post(
            f"/api/v1/hindsight/signatures/{signature}/resolutions",
            json={"description": kinds[kind]["fix"], "session": f"fix-{first['id']}"},
        )
        if response.status_code not in (200, 201):
            raise RuntimeError(f"recording the fix of {kind} failed: {response.text}")
        resolution_of[kind] = response.json()["id"]
    deliveries = []
    later = [
        r
        for r in interleaved(records)
        if r["variant"] > min(x["variant"] for x in by_kind[r["kind"]])
    ]
    for record in later:
        context, elapsed = run_hook(post_tool_use_failure(record, f"eval-{record['id']}"), env)
        deliveries.append(
            {
                "id": record["id"],
                "kind": record["kind"],
                "split": kinds[record["kind"]]["split"],
                "seconds": round(elapsed, 3),
                "context": context,
                **judge(context, record["kind"], kinds),
            }
        )
    figures = {}
    for split in SPLITS:
        rows = [d for d in deliveries if d["split"] == split]
        figures[split] = {
            "later_variants": len(rows),
            "fix_first_line": ratio(sum(d["first_line"] for d in rows), len(rows)),
            "fix_anywhere": ratio(sum(d["anywhere"] for d in rows), len(rows)),
            "wrong_fix": ratio(sum(bool(d["wrong"]) for d in rows), len(rows)),
            "wrong_fix_answers": sum(bool(d["wrong"]) for d in rows),
            "wrong_same_family_only": sum(
                bool(d["wrong"]) and d["wrong"] == d["wrong_same_family"] for d in rows
            ),
            "no_answer": sum(not d["answered"] for d in rows),
            "near_match_first": sum(d["near_match"] for d in rows),
            "near_match_right": sum(d["near_match"] and d["first_line"] for d in rows),
            "hook_p95_s": _p95([d["seconds"] for d in rows]),
        }
    return {"figures": figures, "deliveries": deliveries, "resolution_of": resolution_of}


def _p95(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def _applications(client: httpx.Client, resolution_id: str) -> tuple[int, int]:
    body = client.get(f"/api/v1/hindsight/resolutions/{resolution_id}").json()
    return int(body.get("application_count") or 0), int(body.get("success_count") or 0)


def loop_phase(
    client: httpx.Client,
    records: list[dict],
    kinds: dict[str, dict],
    resolution_of: dict[str, str],
    env: dict[str, str],
) -> dict:
    """A scripted session per kind: failure, fix shown, the command then succeeds; and one where
    it fails again after the fix was shown. Counts what the server recorded by itself."""
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for record in records:
        by_kind[record["kind"]].append(record)
    before = {k: _applications(client, r) for k, r in resolution_of.items()}
    expected = {"success": 0, "failure": 0}
    shown_in: dict[str, dict[str, bool]] = {}
    for kind, rows in sorted(by_kind.items()):
        rows = sorted(rows, key=lambda r: r["variant"])
        if len(rows) < 3 or kind not in resolution_of:
            continue
        fix = kinds[kind]["fix"]
        ok_session, again_session = f"loop-ok-{kind}", f"loop-again-{kind}"
        context, _ = run_hook(post_tool_use_failure(rows[1], ok_session, attempt=1), env)
        shown_ok = fix in context
        run_hook(post_tool_use_success(rows[1], ok_session), env)
        context, _ = run_hook(post_tool_use_failure(rows[2], again_session, attempt=1), env)
        shown_again = fix in context
        run_hook(post_tool_use_failure(rows[2], again_session, attempt=2), env)
        expected["success"] += shown_ok
        expected["failure"] += shown_again
        shown_in[kind] = {"success_session": shown_ok, "failure_session": shown_again}
    after = {k: _applications(client, r) for k, r in resolution_of.items()}
    recorded_success = sum(after[k][1] - before[k][1] for k in after)
    recorded_total = sum(after[k][0] - before[k][0] for k in after)
    return {
        "implemented": recorded_total > 0,
        "expected": expected,
        "recorded": {"success": recorded_success, "failure": recorded_total - recorded_success},
        "sessions": shown_in,
    }


# --- Loghub --------------------------------------------------------------------------------------


def loghub_phase(data_dir: Path) -> dict:
    from bench.bench_grouping import SYSTEMS, grouping_accuracy, load
    from hindsight.grouping import Grouper, GroupingConfig

    missing = [s for s in SYSTEMS if not (data_dir / f"{s}.jsonl").exists()]
    if missing:
        raise SystemExit(
            f"--loghub {data_dir}: missing {', '.join(missing)} (.jsonl). Get Loghub-2k from "
            "https://github.com/logpai/loghub-2.0 (2k_dataset) and convert it as "
            "bench/bench_grouping.py describes."
        )
    default = GroupingConfig()
    grid = sorted(set(LOGHUB_GRID) | {default.similarity_threshold})
    scores: dict[float, dict[str, float]] = {}
    for threshold in grid:
        config = GroupingConfig(similarity_threshold=threshold)
        scores[threshold] = {}
        for system in SYSTEMS:
            messages, truth = load(data_dir, system)
            grouper = Grouper(config=config)
            keys = [grouper.add(m).key for m in messages]
            scores[threshold][system] = round(grouping_accuracy(keys, truth), 4)
    folds = {}
    for system in SYSTEMS:
        others = [s for s in SYSTEMS if s != system]
        chosen = max(grid, key=lambda t: (sum(scores[t][s] for s in others), -abs(t - 0.7)))
        folds[system] = {
            "chosen_threshold": chosen,
            "tuned_on_mean": round(sum(scores[chosen][s] for s in others) / len(others), 4),
            "left_out": scores[chosen][system],
            "shipped_config": scores[default.similarity_threshold][system],
        }
    n = len(SYSTEMS)
    return {
        "shipped_threshold": default.similarity_threshold,
        "all8_shipped_mean": round(sum(f["shipped_config"] for f in folds.values()) / n, 4),
        "loso_tuned_on_mean": round(sum(f["tuned_on_mean"] for f in folds.values()) / n, 4),
        "loso_left_out_mean": round(sum(f["left_out"] for f in folds.values()) / n, 4),
        "folds": folds,
        "grid": {str(t): s for t, s in scores.items()},
    }


# --- report ------------------------------------------------------------------------------------


def fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def markdown(results: dict) -> str:
    """One table; the columns after `held-out` exist for the guard only."""
    columns = ["held-out" if split == "heldout" else split for split in GUARD_SPLITS]
    lines = [
        f"| measure | {' | '.join(columns)} | goal |",
        "|---" * (len(columns) + 2) + "|",
    ]
    guard_only = " |" * (len(GUARD_SPLITS) - len(SPLITS))  # empty cells of the guard's columns

    def row(name: str, section: str, key: str, goal: str = "") -> None:
        figures = results.get(section, {}).get("figures")
        if not figures:
            return
        cells = [
            fmt(figures[split].get(key)) if split in figures else "–"
            for split in (GUARD_SPLITS if section == "guard" else SPLITS)
        ]
        if section != "guard":
            cells += [""] * (len(GUARD_SPLITS) - len(SPLITS))
        lines.append(f"| {name} | {' | '.join(cells)} | {goal} |")

    guard = results.get("guard", {}).get("figures")
    if guard:
        sizes = [
            f"{guard[split]['anti_patterns']} / {guard[split]['must_block']} / "
            f"{guard[split]['harmless']}"
            if split in guard
            else "–"
            for split in GUARD_SPLITS
        ]
        lines.append(
            f"| guard data: anti-patterns / must-block / harmless | {' | '.join(sizes)} | |"
        )
    row("guard precision", "guard", "precision", GOALS["guard_precision"])
    row("guard recall", "guard", "recall", GOALS["guard_recall"])
    row("harmless look-alikes blocked", "guard", "harmless_blocked")
    row("blocks naming the command's own anti-pattern", "guard", "blocks_naming_own_anti_pattern")
    row("harmless look-alikes warned (not blocked)", "guard", "harmless_warned")
    signatures = results.get("signatures", {}).get("figures")
    if signatures:
        tune, held = signatures["tune"], signatures["heldout"]
        lines.append(
            f"| error kinds / captures | {tune['kinds']} / {tune['captures']} | "
            f"{held['kinds']} / {held['captures']} |{guard_only} |"
        )
    row("signatures", "signatures", "signatures")
    row("kinds kept in one signature", "signatures", "one_signature", GOALS["one_signature"])
    row("signatures per kind", "signatures", "signatures_per_kind")
    row("signature purity", "signatures", "purity", GOALS["purity"])
    row(
        "captures in a signature shared with another kind",
        "signatures",
        "captures_in_mixed_signatures",
    )
    row("later variants sent through the hook", "fixes", "later_variants")
    row(
        "fix in the first line of the hook's answer",
        "fixes",
        "fix_first_line",
        GOALS["fix_first_line"],
    )
    row("fix anywhere in the hook's answer", "fixes", "fix_anywhere")
    row("answers with another kind's fix", "fixes", "wrong_fix", GOALS["wrong_fix"])
    row("hook answered nothing", "fixes", "no_answer")
    row("answers led by a near match (a similar error's fix)", "fixes", "near_match_first")
    row("... of which the kind's own fix", "fixes", "near_match_right")
    loghub = results.get("loghub")
    if loghub:
        lines.append(
            f"| Loghub-2k GA, leave-one-system-out (threshold chosen on 7, scored on the 8th) | "
            f"{fmt(loghub['loso_tuned_on_mean'])} (on the 7) | "
            f"{fmt(loghub['loso_left_out_mean'])} (left out) |{guard_only} "
            f"{GOALS['loghub']} left out |"
        )
        lines.append(
            f"| Loghub-2k GA, all 8, shipped threshold {loghub['shipped_threshold']} | "
            f"{fmt(loghub['all8_shipped_mean'])} | – |{guard_only} |"
        )
        folds = loghub["folds"]
        lines.append(
            "| Loghub-2k left out, per system (chosen threshold) | "
            + ", ".join(
                f"{name} {fold['left_out']:.3f} ({fold['chosen_threshold']})"
                for name, fold in folds.items()
            )
            + f" | |{guard_only} |"
        )
    loop = results.get("loop")
    if loop:
        if loop["implemented"]:
            text = (
                f"recorded {loop['recorded']['success']} successful / "
                f"{loop['recorded']['failure']} failed applications; expected "
                f"{loop['expected']['success']} / {loop['expected']['failure']}"
            )
        else:
            text = (
                "not implemented (0 applications recorded; the scripted sessions expected "
                f"{loop['expected']['success']} successful and {loop['expected']['failure']} "
                "failed)"
            )
        lines.append(f"| closed loop, scripted sessions | {text} | |{guard_only} |")
    return "\n".join(lines)


def summary(results: dict) -> dict:
    out: dict = {}
    for section in ("guard", "signatures", "fixes"):
        figures = results.get(section, {}).get("figures")
        if figures:
            out[section] = {
                split: {
                    k: v
                    for k, v in figures[split].items()
                    if not isinstance(v, list) and k != "split_kinds"
                }
                for split in figures
            }
    if "loghub" in results:
        out["loghub"] = {k: v for k, v in results["loghub"].items() if k not in ("grid",)}
    if "loop" in results:
        out["loop"] = {k: v for k, v in results["loop"].items() if k != "sessions"}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loghub", type=Path, default=None, help="Loghub-2k folder (*.jsonl)")
    parser.add_argument("--phases", default=",".join(PHASES))
    parser.add_argument(
        "--guard-splits",
        default=",".join(GUARD_SPLITS),
        help="the guard splits to run: only their anti-patterns are reported and only their "
        "commands checked (tune on `tune` alone)",
    )
    parser.add_argument(
        "--json", type=Path, default=REPO_ROOT / "test-output" / "learning_eval.json"
    )
    parser.add_argument("--db", default="mn_learning_eval")
    parser.add_argument(
        "--hook-timeout",
        type=float,
        default=5.0,
        help="MNEMOSYNE_HOOK_TIMEOUT for the hook runs (Claude Code's limit for "
        "PostToolUseFailure is 5 s; the hook's own default is 2 s)",
    )
    args = parser.parse_args(argv)
    phases = [p for p in args.phases.split(",") if p]
    unknown = set(phases) - set(PHASES)
    if unknown:
        parser.error(f"unknown phases: {', '.join(sorted(unknown))}")
    guard_splits = tuple(s for s in GUARD_SPLITS if s in args.guard_splits.split(","))
    unknown = set(filter(None, args.guard_splits.split(","))) - set(GUARD_SPLITS)
    if unknown or not guard_splits:
        parser.error(
            f"--guard-splits: unknown or none: {args.guard_splits!r} "
            f"(choose from {', '.join(GUARD_SPLITS)})"
        )

    results: dict = {}
    started = time.monotonic()
    if args.loghub:
        results["loghub"] = loghub_phase(args.loghub)
    if phases:
        kinds = {row["kind"]: row for row in read_jsonl(DATA / "error_kinds.jsonl")}
        records = read_jsonl(DATA / "errors.jsonl")
        server = MnemosyneServer(db_name=args.db, fresh=True, demo=False)
        with server, tempfile.TemporaryDirectory() as state:
            server.manage(
                "shell",
                "-c",
                "from governance.services import scope_ensure_path\n"
                f"scope_ensure_path(path={SIGNATURE_SCOPE!r})\n"
                f"scope_ensure_path(path={FIX_SCOPE!r})\n",
            )
            env = hook_env(server.url, FIX_SCOPE, args.hook_timeout, Path(state))
            with httpx.Client(base_url=server.url, timeout=60) as client:
                if "guard" in phases:
                    results["guard"] = guard_phase(server.url, guard_splits)
                if "signatures" in phases:
                    results["signatures"] = signatures_phase(client, records, kinds)
                if "fixes" in phases or "loop" in phases:
                    results["fixes"] = fixes_phase(client, records, kinds, env)
                if "loop" in phases:
                    results["loop"] = loop_phase(
                        client, records, kinds, results["fixes"]["resolution_of"], env
                    )
    results["seconds"] = round(time.monotonic() - started, 1)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(markdown(results))
    print()
    print(json.dumps(summary(results), indent=2, ensure_ascii=False))
    print(f"\ndetails: {args.json}  ({results['seconds']}s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
