"""SessionStart, Stop and SessionEnd: lessons in at the start, the session out at the end.

- SessionStart (every source: startup, resume, clear, compact — after a compaction or a resume
  the earlier context may be gone or stale, so it is given again): the critical anti-patterns,
  the lessons relevant to this project, active workarounds, recent failures, the last session's
  lessons and the notes that match the project, as `additionalContext`, within a budget of
  `MNEMOSYNE_CONTEXT_TOKENS` (default 2,000; about four characters a token). Three reads in
  parallel: `GET /claude-code/context`, `POST /query/relevant`, `POST /api/v1/notes/search`.
- Stop (the end of every turn): hands a detached process the delivery of spooled trajectory
  events. With `MNEMOSYNE_END_ON_STOP=1` (one-shot `claude -p` runs) it also ends the session.
- SessionEnd: hands a detached process (so exit is never held up; Claude Code gives SessionEnd
  about 1.5 s) the session's close: the trajectory ends (`/api/v1/trajectories/end`, outcome
  `failure` when the last tool call failed, else `success`) and the session's lessons go to
  `POST /claude-code/session-end` (see `session_lessons`).

The detached process is this same entrypoint, `mnemosyne-hook --deliver JOBFILE`, started in a
new session with no stdio; it has `MNEMOSYNE_HOOK_DELIVER_TIMEOUT` seconds (default 30). It claims
its job file and removes it only once the job is delivered; a job it could not deliver goes back,
and a later worker retries it (after `MNEMOSYNE_HOOK_JOB_RETRY_SECONDS`, default 60). The same
worker drains the trajectory spool for PostToolUse (`drain_in_background`).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

from integrations.hook_core import (
    UNTRUSTED_NOTE,
    Api,
    Config,
    Unavailable,
    arm_watchdog,
    fence,
    parallel,
)
from integrations.hook_state import (
    private_dir,
    session_discard,
    session_read,
    sweep_stale,
    write_private,
)

_README_NAMES = ("README.md", "README.rst", "README.txt", "README")
_SESSION_LESSONS_MAX = 10
# A drain started this recently is still at work (its watchdog ends it well before this).
_DRAIN_LOCK_SECONDS = 60
_LEFTOVER_JOBS = 20


# --- SessionStart --------------------------------------------------------------------------------


def project_query(cwd: str) -> str:
    """What this project is about, for the relevance searches: its folder name, the start of its
    README, and `MNEMOSYNE_PROJECT_CONTEXT` when set."""
    parts = []
    extra = os.environ.get("MNEMOSYNE_PROJECT_CONTEXT") or ""
    if extra:
        parts.append(extra)
    name = os.path.basename(cwd.rstrip("/")) if cwd else ""
    if name:
        parts.append(f"project {name}")
    for readme in _README_NAMES:
        try:
            with open(os.path.join(cwd, readme), encoding="utf-8", errors="replace") as handle:
                head = handle.read(1500)
        except OSError:
            continue
        parts.append(re.sub(r"\s+", " ", head).strip())
        break
    return " — ".join(parts)[:2000] or "software development session"


def _clip(text, limit: int) -> str:
    text = re.sub(r"\s+", " ", str(text or "")).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Budget:
    """Lines added while they fit in the character budget; a section header only with an item."""

    def __init__(self, chars: int) -> None:
        self.left = chars
        self.lines: list[str] = []

    def add(self, line: str) -> bool:
        if len(line) + 1 > self.left:
            return False
        self.lines.append(line)
        self.left -= len(line) + 1
        return True

    def section(self, title: str, items: list[str]) -> None:
        if not items or self.left < len(title) + len(items[0]) + 4:
            return
        self.add("")
        self.add(title)
        for item in items:
            if not self.add(item):
                break


def render_context(results: dict, *, chars: int, source: str) -> str:
    answers = {key: results.get(key) for key in ("context", "relevant", "notes")}
    context: dict = answers["context"] if isinstance(answers["context"], dict) else {}
    relevant: list = answers["relevant"] if isinstance(answers["relevant"], list) else []
    notes: dict = answers["notes"] if isinstance(answers["notes"], dict) else {}
    seen: set[str] = set()

    def fresh(item: dict) -> bool:
        key = str(item.get("id") or item.get("title"))
        if key in seen:
            return False
        seen.add(key)
        return True

    def lesson_line(item: dict) -> str:
        advice = item.get("solution") or item.get("root_cause") or item.get("outcome") or ""
        tag = f"[{item.get('lesson_type', '?')}/{item.get('severity', '?')}]"
        return f"- {tag} {_clip(item.get('title'), 140)}" + (
            f" — {_clip(advice, 220)}" if advice else ""
        )

    header = (
        f"Mnemosyne memory for this project (session {source or 'startup'}). Known anti-patterns "
        "are enforced: a matching tool call is denied with the reason. Use these lessons; do not "
        "retry approaches recorded as failed."
    )
    label = "Mnemosyne memory"
    budget = _Budget(chars - len(header) - len(UNTRUSTED_NOTE) - len(fence("", label)) - 3)
    anti = []
    for item in context.get("critical_anti_patterns") or []:
        if fresh(item):
            alternatives = "; ".join(item.get("alternatives") or [])[:200]
            anti.append(
                f"- NEVER: {_clip(item.get('title'), 140)} — {_clip(item.get('why_bad'), 200)}"
                + (f" Instead: {alternatives}" if alternatives else "")
            )
    budget.section("## Anti-patterns (blocked)", anti)
    budget.section(
        "## Lessons relevant to this project",
        [lesson_line(item) for item in relevant if fresh(item)],
    )
    budget.section(
        "## Active workarounds",
        [lesson_line(i) for i in context.get("active_workarounds") or [] if fresh(i)],
    )
    budget.section(
        "## Recent failures",
        [lesson_line(i) for i in context.get("recent_failures") or [] if fresh(i)],
    )
    budget.section(
        "## Notes",
        [
            f"- {_clip(note.get('title'), 140)}: {_clip(note.get('content'), 300)}"
            for note in notes.get("results") or []
            if fresh(note)
        ],
    )
    budget.section(
        "## Learned in the last session",
        [lesson_line(i) for i in context.get("last_session_lessons") or [] if fresh(i)],
    )
    if not seen:
        return ""  # nothing known yet: an empty header is only noise
    # Everything recorded is fenced as data; the header and the note are ours.
    return "\n".join([header, UNTRUSTED_NOTE, fence("\n".join(budget.lines).strip(), label)])


def handle_sessionstart(event: dict, config: Config) -> dict | None:
    sweep_stale(config)
    api = Api(config)
    query = project_query(str(event.get("cwd") or ""))
    session = str(event.get("session_id") or "")[:200]
    notes_body = {"query": query, "top_k": 5, "session": session}
    if config.scope:
        notes_body["scope"] = config.scope
    results = parallel(
        {
            "context": lambda: api.request("GET", "/claude-code/context"),
            "relevant": lambda: api.request(
                "POST",
                "/query/relevant",
                {"context": query, "agent": config.agent, "max_results": 10},
            ),
            "notes": lambda: api.request("POST", "/api/v1/notes/search", notes_body),
        },
        api,
    )
    text = render_context(
        results, chars=config.context_tokens * 4, source=str(event.get("source") or "")
    )
    if not text:
        return None
    return {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}


# --- Stop and SessionEnd: hand the work to a detached process ------------------------------------


def _jobs_folder(config: Config) -> Path:
    return Path(private_dir(os.path.join(config.state_dir, "jobs")))


def _detach(config: Config, job: dict) -> None:
    path = _jobs_folder(config) / f"{time.time_ns()}-{uuid.uuid4().hex[:8]}.json"
    write_private(str(path), json.dumps(job, default=str))
    # The child imports this package from where the parent found it, whatever its sys.path.
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    subprocess.Popen(
        [sys.executable, "-m", "integrations.hook", "--deliver", str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # outlives the hook and Claude Code's exit
        close_fds=True,
        env=env,
    )


def drain_in_background(config: Config) -> None:
    """Hand the spool's backlog to a detached process, unless one started recently (a lock
    file, taken atomically, so a burst of hooks during an outage starts one drain, not many)."""
    lock = Path(private_dir(config.state_dir)) / "drain.lock"
    try:
        if time.time() - lock.stat().st_mtime < _DRAIN_LOCK_SECONDS:
            return
        lock.unlink()  # stale: its drain ended or died
    except OSError:
        pass
    try:
        os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError:
        return  # another hook took it a moment ago
    _detach(config, {"kind": "flush", "event": {}, "lock": str(lock)})


def handle_stop(event: dict, config: Config) -> None:
    end = (os.environ.get("MNEMOSYNE_END_ON_STOP") or "") in {"1", "true", "yes"}
    _detach(config, {"kind": "end" if end else "flush", "event": event})
    return None


def handle_sessionend(event: dict, config: Config) -> None:
    _detach(config, {"kind": "end", "event": event})
    return None


# --- the detached worker -------------------------------------------------------------------------


def _program(command: str) -> str:
    words = command.split()
    while words and (words[0] in {"sudo", "env", "time", "nice"} or "=" in words[0]):
        words = words[1:]
    return words[0] if words else ""


def session_lessons(records: list[dict], *, session: str, cwd: str, config: Config) -> list[dict]:
    """The lessons worth keeping from a session's Bash calls, with little noise:

    - a workaround: a command failed and a different command of the same program succeeded after
      it (the failure, and what worked instead);
    - a failure: the same command failed at least twice and never worked (a retried dead end).

    Single failures are already learned from one by one (hindsight and the learning engine)."""
    calls = [r for r in records if r.get("tool") == "Bash" and r.get("command")]
    lessons: list[dict] = []
    reported: set[str] = set()
    for index, call in enumerate(calls):
        command = call["command"]
        if call.get("ok") or call.get("interrupted") or command in reported:
            continue
        later = calls[index + 1 :]
        fix = next(
            (
                c
                for c in later
                if c.get("ok")
                and c["command"] != command
                and _program(c["command"]) == _program(command)
            ),
            None,
        )
        if any(c.get("ok") and c["command"] == command for c in later):
            continue  # it worked on a retry: a flake, not a lesson
        repeats = sum(1 for c in calls if c["command"] == command and not c.get("ok"))
        if fix is None and repeats < 2:
            continue
        reported.add(command)
        error = call.get("error") or call.get("error_type") or "failed"
        lessons.append(
            {
                "lesson_type": "workaround" if fix else "failure",
                "domain": config.domain,
                "category": "claude-code",
                "title": _clip(f"`{_clip(command, 80)}` fails: {_clip(error, 120)}", 290),
                "context": f"Claude Code session {session} in {cwd or '?'}",
                "action_taken": command,
                "outcome": (error or "failed")[:2000],
                "solution": f"Worked instead: {fix['command']}" if fix else None,
                "severity": "medium",
                "tags": ["claude-code", "session-end"],
                "source_agent": config.agent,
                "related_commands": [command] + ([fix["command"]] if fix else []),
                "confidence": 0.7 if fix else 0.6,
            }
        )
        if len(lessons) >= _SESSION_LESSONS_MAX:
            break
    return lessons


def session_outcome(records: list[dict]) -> str:
    calls = [r for r in records if not r.get("interrupted")]
    return "failure" if calls and not calls[-1].get("ok") else "success"


def _close_session(job: dict, config: Config, timeout: float) -> bool:
    """Do the job; True when it is done (what the trajectory client could not send waits in
    its spool, which a later drain sends), False when it must be tried again."""
    # Only the detached process needs the trajectory client: SessionStart does not pay for it.
    from integrations.trajectory import TrajectoryRecorder

    event = job.get("event") or {}
    session = str(event.get("session_id") or "")
    records = session_read(config, session)
    recorder = TrajectoryRecorder(
        config.url,
        token=config.token or None,
        session=session,
        scope=config.scope,
        spool_dir=os.environ.get("MNEMOSYNE_TRAJECTORY_SPOOL_DIR") or None,
        timeout=min(10.0, timeout),
        start=False,
    )
    if job.get("kind") == "flush":
        recorder.close()  # sends what earlier hooks spooled
        return True
    recorder.end_session(session_outcome(records), timeout=timeout / 2)
    recorder.close()
    lessons = session_lessons(
        records, session=session, cwd=str(event.get("cwd") or ""), config=config
    )
    if lessons:
        api = Api(config, budget=timeout / 2)
        try:
            api.request(
                "POST",
                "/claude-code/session-end",
                lessons,
                headers={
                    "X-Mnemosyne-Session": session[:100],
                    "Idempotency-Key": f"claude-code-session-end:{session}"[:200],
                },
            )
        except Unavailable:
            return False  # the record and the job file stay: a later drain sends them
    session_discard(config, session)
    return True


def _run_job(path: Path, config: Config, timeout: float) -> None:
    """Claim the job file (an atomic rename: two workers never run one job), run it, and remove
    it only once it is done; a job that failed goes back for a later worker."""
    claimed = path.with_name(path.name + f".{os.getpid()}.running")
    try:
        os.rename(path, claimed)
    except OSError:
        return  # another worker has it, or it is done
    done = False
    try:
        done = _close_session(json.loads(claimed.read_text(encoding="utf-8")), config, timeout)
    finally:
        if done:
            claimed.unlink(missing_ok=True)
        else:
            os.replace(claimed, path)


def deliver(argv: list[str]) -> int:
    """`mnemosyne-hook --deliver JOBFILE`: the detached half of Stop and SessionEnd, and the
    spool's drain. After its own job it retries jobs earlier workers could not finish (older
    than `MNEMOSYNE_HOOK_JOB_RETRY_SECONDS`, default 60), a few per run."""
    lock = None
    try:
        config = Config()
        timeout = float(os.environ.get("MNEMOSYNE_HOOK_DELIVER_TIMEOUT") or 30)
        retry_after = float(os.environ.get("MNEMOSYNE_HOOK_JOB_RETRY_SECONDS") or 60)
        arm_watchdog(timeout + 5)
        path = Path(argv[0])
        try:
            lock = json.loads(path.read_text(encoding="utf-8")).get("lock")
        except (OSError, ValueError):
            pass
        started = time.monotonic()
        _run_job(path, config, timeout)
        cutoff = time.time() - retry_after
        for leftover in sorted(_jobs_folder(config).glob("*.json"))[:_LEFTOVER_JOBS]:
            left = timeout - (time.monotonic() - started)
            if left < 1:
                break
            if leftover != path and leftover.stat().st_mtime <= cutoff:
                _run_job(leftover, config, left)
    except Exception as exc:
        if os.environ.get("MNEMOSYNE_HOOK_DEBUG"):
            print(f"mnemosyne-hook --deliver: {type(exc).__name__}: {exc}", file=sys.stderr)
    finally:
        if lock:
            Path(lock).unlink(missing_ok=True)
    return 0
