"""A report that a repository's history was rewritten blocks each tool that rewrites it:
git filter-branch, git filter-repo, BFG Repo-Cleaner (as `bfg` or its jar) and the force-push
that publishes it; analysing, logging and an ordinary push stay allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Rewrote the shared repository's history to strip a large binary",
    "Scrubbed a leaked key from the whole git history with BFG",
]
DANGEROUS = [
    "git filter-repo --path build/app.iso --invert-paths",
    "git filter-branch --tree-filter 'rm -f app.iso' -- --all",
    "bfg --strip-blobs-bigger-than 100M",
    "bfg --replace-text passwords.txt",
    "bfg -D id_ed25519 shop.git",
    "java -jar bfg-1.14.0.jar --delete-files .env shop.git",
    "git push --force --all origin",
]
HARMLESS = [
    "git filter-repo --analyze",
    "git log --stat -- build/app.iso",
    "git push origin main",
    "bfg --version",
    "java -jar app.jar --port 8080",
    "git rm --cached build/app.iso",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_rewriting_history_is_blocked_in_every_tool(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_analysing_logging_or_pushing_stays_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)
