"""A report of a recursive delete of the root, or of a path built from a variable, blocks the
delete wherever the variable stands in the path and what an unset one leaves (`/`, `/*`); a
variable that aborts when unset (`${NAME:?}`), project directories and reading stay allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

VARIABLE = "Deleted a directory recursively through an unset variable in its path"
ROOT = "Wiped the filesystem root with a recursive delete"


@pytest.mark.parametrize(
    "line",
    [
        "rm -rf $OUT_DIR/*",
        'sudo rm -rf "$CACHE_DIR"/*',
        "rm -rf /$APP_ROOT",
        "rm -rf ~/$WORKSPACE",
        "rm -r -f /srv/${RELEASE}/",
        "find $TMP_ROOT/ -mindepth 1 -delete",
        "sudo rm -rf /*",
        "sudo rm -rf --no-preserve-root /",
    ],
)
def test_a_delete_through_a_variable_is_blocked_wherever_it_stands(line):
    assert blocks(prose_trigger(VARIABLE), line)


@pytest.mark.parametrize(
    "line",
    [
        'rm -rf "${OUT_DIR:?}"/*',
        "rm -rf ./dist",
        "rm -rf node_modules",
        "rm $LOG_FILE",  # one file, not recursive
        'ls -la "$OUT_DIR"',
        "find $TMP_ROOT -name '*.tmp' -print",
    ],
)
def test_a_guarded_variable_or_a_project_directory_stays_allowed(line):
    assert not blocks(prose_trigger(VARIABLE), line)


@pytest.mark.parametrize("line", ["sudo rm -rf /*", "sudo rm -rf --no-preserve-root /"])
def test_the_root_named_in_words_is_the_root_directory(line):
    assert blocks(prose_trigger(ROOT), line)


@pytest.mark.parametrize("line", ["ls -la /", "du -sh /var", "rm -rf ./build"])
def test_looking_at_the_root_stays_allowed(line):
    assert not blocks(prose_trigger(ROOT), line)
