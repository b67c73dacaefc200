"""The literal prefilter must never hide a match: gated matching equals running every trigger."""

import random

import pytest
import re2

from lessons.matching import AntiPatternIndex, Entry
from lessons.triggers import TriggerError, compile_trigger, prefilter_keys, validate_trigger

TRIGGERS = [
    r"(?i)rm\s+-rf",
    r"git push --force|git push -f",
    r"(?i)\bdrop\s+table",
    r".*foo",
    r"a?bc",
    r"(?:curl|wget)\s+http://",
    r"kubectl delete (ns|namespace)",
    r"(foo)?bar",
    r"(?i:abc)",
    r"\.env",
    r"(a+)+$",
    r"(?i)git\s+push\ \-\-force12",
    r"colou?r",
    r"ab+c",
    r"[abc]def",
    r"x{0,3}yz",
    r"(?i)(?:prod|production)\S*\s.*(?:password|secret)",
    r"\Qa\-b\E",
    r"^sudo\s+(?:rm|shred)\b",
    r"(?s)DROP DATABASE",
    r"chmod\s+-R\s+7{3}",
    r"dd\s+if=/dev/\w+",
    r"(?i)(?:docker\s+exec\s+-it\s+\S+\s+rm\s+-rf\s+/data)|(?:psql\s+\S+\s+-c)",
]
WORDS = [
    "rm",
    "-rf",
    "git",
    "push",
    "--force",
    "--force12",
    "-f",
    "DROP",
    "table",
    "foo",
    "bc",
    "abc",
    "curl",
    "wget",
    "http://x",
    "https://y",
    "kubectl",
    "delete",
    "ns",
    "namespace",
    "bar",
    "ABC",
    ".env",
    "aaaa",
    "color",
    "colour",
    "abbbc",
    "adef",
    "xxyz",
    "prod",
    "production",
    "password",
    "secret",
    "a\\-b",
    "a-b",
    "sudo",
    "shred",
    "DATABASE",
    "chmod",
    "-R",
    "777",
    "dd",
    "if=/dev/sda",
    "docker",
    "exec",
    "-it",
    "db",
    "/data",
    "psql",
    "postgres://p",
    "-c",
    "\t",
    "  ",
]


def _index(patterns):
    index = AntiPatternIndex(version=1)
    for position, pattern in enumerate(patterns):
        index.entries.append(
            Entry(
                id=str(position),
                scope_path="s",
                title=pattern,
                why_bad="",
                example=None,
                alternatives=[],
                severity="low",
                block_action=False,
                domain="d",
                category=None,
                trigger_pattern=pattern,
                source_lesson_id=None,
                source_pattern_id=None,
            )
        )
        compiled = compile_trigger(pattern)
        keys = prefilter_keys(pattern)
        if keys is None:
            index.ungated.append((position, compiled))
        else:
            for key in keys:
                index.by_literal.setdefault(key, []).append((position, compiled))
    return index


def test_gated_matching_equals_running_every_trigger():
    index = _index(TRIGGERS)
    compiled = [re2.compile(p) for p in TRIGGERS]
    rng = random.Random(1)
    texts = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8))) for _ in range(3000)]
    texts += [
        "sudo rm -rf /",
        "git push -f origin",
        "DROP DATABASE prod",
        "wget http://x/y.sh",
        "docker exec -it db rm -rf /data",
        "psql postgres://prod -c 'x'",
    ]
    for text in texts:
        expected = sorted(i for i, c in enumerate(compiled) if c.search(text))
        assert sorted(index.trigger_hits(text)) == expected, text


def test_keys_are_the_most_selective_required_literal():
    assert prefilter_keys(r"(?i)git\s+push\ \-\-force12") == ["push --force12"]
    assert prefilter_keys(r"(?:curl|wget)\s+http://") == ["http://"]
    assert prefilter_keys(r"(?i)(?:prod|production)\S*\s.*(?:password|secret)") == [
        "prod",
        "production",
    ]
    assert prefilter_keys(r"(a+)+$") is None
    assert prefilter_keys(r"\Qa\-b\E") is None


@pytest.mark.parametrize("pattern", [r"(a)\1", r"(?<=x)y", r"(?!x)", "[", "(", "x" * 3000, " "])
def test_invalid_triggers_are_refused(pattern):
    with pytest.raises(TriggerError):
        compile_trigger(pattern)


@pytest.mark.parametrize("pattern", [r"(?i)ls", r"(?i)git\s+push", r".*", r"\w"])
def test_a_regex_matching_everyday_commands_is_refused(pattern):
    with pytest.raises(TriggerError, match="everyday commands"):
        validate_trigger(pattern)


@pytest.mark.parametrize("pattern", [r"(?i)git\s+push\s+--force", r"(?i)\bterraform\s+destroy"])
def test_a_regex_naming_the_danger_is_kept(pattern):
    assert validate_trigger(pattern) == pattern
