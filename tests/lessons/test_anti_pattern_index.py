"""The guard's in-process index follows anti-pattern changes by reading only the changed rows."""

import threading

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from governance.auth import Principal
from lessons import command_patterns, matching
from lessons.command_triggers import derive
from lessons.models import AntiPattern
from lessons.services import anti_pattern_set_active, anti_pattern_update
from tests.lessons.factories import AntiPatternFactory
from tests.metrics import sample

pytestmark = pytest.mark.django_db

BUILDS = "mnemosyne_anti_pattern_index_builds_total"


def builds() -> tuple[float, float]:
    return sample(BUILDS, kind="full"), sample(BUILDS, kind="update")


def blocked(action: str) -> list[str]:
    result = matching.check_action(
        principal=Principal.system("test"), proposed_action=action, domain="infrastructure"
    )
    return [m["title"] for m in result["matching_patterns"] if m["blocks"]]


def _anti_pattern(i: int) -> AntiPattern:
    return AntiPatternFactory(
        trigger_pattern=rf"(?i)tool{i}\s+--purge", title=f"Purge {i}", embedding=None
    )


def test_a_new_anti_pattern_reaches_a_built_index_by_reading_only_rows_stamped_since(scope_tree):
    for i in range(3):
        _anti_pattern(i)
    assert blocked("tool1 --purge") == ["Purge 1"]
    built = matching.current_index()
    full, updates = builds()

    _anti_pattern(7)
    with CaptureQueriesContext(connection) as queries:
        assert blocked("tool7 --purge now") == ["Purge 7"]

    assert builds() == (full, updates + 1)
    index_reads = [q["sql"] for q in queries if "vector_send" in q["sql"]]
    assert len(index_reads) == 1
    assert f'"index_version" > {built.version}' in index_reads[0]
    assert [e.title for e in matching.current_index().entries] == [
        f"Purge {i}" for i in (0, 1, 2, 7)
    ]


def test_switching_an_anti_pattern_off_or_editing_its_trigger_updates_the_index(scope_tree):
    first, second = _anti_pattern(1), _anti_pattern(2)
    assert blocked("tool1 --purge") == ["Purge 1"]
    full, updates = builds()

    anti_pattern_set_active(
        anti_pattern_id=first.pk, principal=Principal.system("test"), active=False
    )
    assert blocked("tool1 --purge") == []
    anti_pattern_update(
        anti_pattern_id=second.pk,
        principal=Principal.system("test"),
        changes={"trigger_pattern": r"(?i)tool9\s+--wipe"},
    )
    assert blocked("tool2 --purge") == []
    assert blocked("tool9 --wipe") == ["Purge 2"]

    assert builds() == (full, updates + 2)
    assert [e.title for e in matching.current_index().entries] == ["Purge 2"]


def test_statistics_leave_the_index_as_it_is(scope_tree):
    anti_pattern = _anti_pattern(1)
    blocked("tool1 --purge")
    index = matching.current_index()

    AntiPattern.objects.filter(pk=anti_pattern.pk).update(times_triggered=5)

    assert matching.current_index() is index


def test_a_deleted_anti_pattern_makes_every_process_rebuild_from_all_rows(scope_tree):
    keep, gone = _anti_pattern(1), _anti_pattern(2)
    assert blocked("tool2 --purge") == ["Purge 2"]
    full, updates = builds()

    gone.delete()

    assert blocked("tool2 --purge") == []
    assert blocked("tool1 --purge") == ["Purge 1"]
    assert builds() == (full + 1, updates)
    assert keep.pk


def test_every_row_is_stamped_at_or_below_the_version_a_reader_sees(scope_tree):
    for i in range(4):
        _anti_pattern(i)
    AntiPattern.objects.filter(title="Purge 2").update(severity="high")

    version, _ = matching.current_version()
    stamps = list(AntiPattern.objects.values_list("index_version", flat=True))
    assert all(0 < stamp <= version for stamp in stamps)
    assert len(set(stamps)) == 4


@pytest.mark.django_db(transaction=True)
def test_a_second_writer_cannot_stamp_a_row_while_the_first_is_uncommitted(scope_tree):
    # Stamps are taken under the version row's lock, held to commit: a process that reads
    # version V has seen every row that will ever carry a stamp at or below V.
    holding, done = threading.Event(), threading.Event()

    def first_writer() -> None:
        try:
            with transaction.atomic():
                _anti_pattern(1)
                holding.set()
                done.wait(10)
        finally:
            connections.close_all()

    thread = threading.Thread(target=first_writer)
    thread.start()
    try:
        assert holding.wait(10)
        with pytest.raises(OperationalError, match="lock"):
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL lock_timeout = '200ms'")
                _anti_pattern(2)
    finally:
        done.set()
        thread.join(10)
    second = _anti_pattern(3)
    first = AntiPattern.objects.get(title="Purge 1")
    second.refresh_from_db()
    assert second.index_version > first.index_version
    assert not AntiPattern.objects.filter(title="Purge 2").exists()


@pytest.mark.django_db(transaction=True)
def test_a_check_that_waited_for_another_threads_update_uses_it_without_updating_again(
    scope_tree, monkeypatch
):
    _anti_pattern(1)
    matching.current_index()
    _anti_pattern(2)
    real_version = matching.current_version
    seen = threading.Event()

    def version_then_signal():
        value = real_version()
        seen.set()
        return value

    found = {}

    def check() -> None:
        try:
            found["index"] = matching.current_index()
        finally:
            connections.close_all()

    with matching._index_lock:
        monkeypatch.setattr(matching, "current_version", version_then_signal)
        thread = threading.Thread(target=check)
        thread.start()
        assert seen.wait(10)  # it read the version with Purge 2 and waits for the lock
        monkeypatch.setattr(matching, "current_version", real_version)
        fresh = matching.updated_index(matching._index, real_version()[0])
        matching._index = fresh  # what another thread's update leaves
        _anti_pattern(3)  # and the version moves on
        before = builds()
    thread.join(10)

    assert found["index"] is fresh
    assert builds() == before
    assert blocked("tool3 --purge") == ["Purge 3"]  # the next check brings it up to date


def _tables(index: matching.AntiPatternIndex) -> tuple:
    return (
        [e.id for e in index.entries],
        index.command_triggers,
        index.trigger_entries,
        index.trigger_numbers,
        index.by_program,
        {
            key: [(position, id(trigger)) for position, trigger in hits]
            for key, hits in index.by_literal.items()
        },
        [(position, id(trigger)) for position, trigger in index.ungated],
        *(
            (table.matrix.tolist(), table.rows.tolist(), [len(block) for block in table.blocks])
            for table in (index.vectors, index.meaning_vectors)
        ),
    )


OF = matching.AntiPatternIndex.of.__func__


def test_new_anti_patterns_are_appended_to_the_index_as_a_rebuild_would_place_them(scope_tree):
    kinds = [
        {
            "trigger_pattern": "",
            "command_trigger": derive(texts=["git push --force origin main"], prose="").trigger,
        },
        {"trigger_pattern": r"(?i)tool1\s+--purge"},
        {"trigger_pattern": r"(?i)(?:drop|truncate)\s+table", "embedding": None},
    ]
    first = [AntiPatternFactory(title=f"first {i}", **kind) for i, kind in enumerate(kinds)]
    before = matching.build_index(matching.current_version()[0])
    tables_before = _tables(before)
    later = [AntiPatternFactory(title=f"later {i}", **kind) for i, kind in enumerate(kinds)]

    entries = {pk: entry for pk, entry in matching._entries(AntiPattern.objects.all())}
    appended = before.extended(99, [entries[str(a.pk)] for a in later])
    rebuilt = matching.AntiPatternIndex.of(
        99, [*before.entries, *(entries[str(a.pk)] for a in later)]
    )

    assert [e.title for e in appended.entries] == [a.title for a in [*first, *later]]
    assert _tables(appended) == _tables(rebuilt)
    assert _tables(before) == tables_before  # checks still reading it see it unchanged
    with pytest.raises(ValueError):
        appended.extended(100, [before.entries[0]])


def test_a_report_updates_the_index_by_appending_and_an_edit_by_rebuilding_the_tables(
    scope_tree, monkeypatch
):
    _anti_pattern(1)
    assert blocked("tool1 --purge") == ["Purge 1"]
    rebuilt = []
    monkeypatch.setattr(
        matching.AntiPatternIndex,
        "of",
        classmethod(
            lambda cls, version, entries: rebuilt.append(version) or OF(cls, version, entries)
        ),
    )

    added = _anti_pattern(2)
    assert blocked("tool2 --purge") == ["Purge 2"]
    assert rebuilt == []
    anti_pattern_update(
        anti_pattern_id=added.pk,
        principal=Principal.system("test"),
        changes={"trigger_pattern": r"(?i)tool9\s+--wipe"},
    )
    assert blocked("tool9 --wipe") == ["Purge 2"] and blocked("tool2 --purge") == []
    assert rebuilt == [matching.current_index().version]


def test_anti_patterns_with_one_trigger_are_matched_once_and_all_answer(scope_tree, monkeypatch):
    """Agents reporting the same danger make many anti-patterns with one command trigger, and
    reports of one command differ only in the text they were written as: the check compares each
    command with what they hold once, and every one of them answers."""
    trigger = derive(texts=["git push --force origin main"], prose="").trigger
    for i in range(3):
        AntiPatternFactory(title=f"Force push {i}", trigger_pattern="", command_trigger=trigger)
    reworded = {
        **trigger,
        "commands": [{**c, "text": "git push -f origin main"} for c in trigger["commands"]],
    }
    AntiPatternFactory(title="Force push reworded", trigger_pattern="", command_trigger=reworded)
    compared = []
    original = command_patterns.match_invocation
    monkeypatch.setattr(
        command_patterns,
        "match_invocation",
        lambda pattern, inv, line: (
            compared.append((pattern.number, inv.text)) or original(pattern, inv, line)
        ),
    )

    result = matching.check_action(
        principal=Principal.system("test"),
        proposed_action="git push --force origin main",
        domain="infrastructure",
    )

    assert len(matching.current_index().command_triggers) == 2
    assert sorted(m["title"] for m in result["matching_patterns"] if m["blocks"]) == [
        "Force push 0",
        "Force push 1",
        "Force push 2",
        "Force push reworded",
    ]
    by_title = {m["title"]: m["matched"]["pattern"] for m in result["matching_patterns"]}
    assert by_title["Force push reworded"] == "git push -f origin main"  # its own words
    assert by_title["Force push 0"] == "git push --force origin main"
    assert compared and len(compared) == len(set(compared))  # each once for all four
