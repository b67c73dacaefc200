"""A report of a merge past what branch protection asks for (reviews, approvals, required
checks) blocks `gh pr merge --admin` and removing the protection through the API, however the
sentence names what was bypassed; an ordinary or automatic merge and reading the protection stay
allowed."""

import pytest

from tests.lessons.guard_probe import blocks, prose_trigger

REPORTS = [
    "Merged a pull request with failing checks using the admin override",
    "Merged into main even though the required status checks were red",
    "Used admin rights to merge past the repository ruleset",
]
DANGEROUS = [
    "gh pr merge 812 --admin --squash",
    "gh pr merge --admin 812 --rebase --delete-branch",
    "gh api -X DELETE repos/acme/api/branches/main/protection",
    "gh api --method DELETE repos/acme/api/branches/main/protection/required_status_checks",
]
HARMLESS = [
    "gh pr merge 812 --squash",
    "gh pr merge 812 --auto --squash",
    "gh pr checks 812",
    "gh api repos/acme/api/branches/main/protection",
    "gh pr view 812 --json statusCheckRollup",
]


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", DANGEROUS)
def test_merging_past_the_checks_is_blocked(sentence, line):
    assert blocks(prose_trigger(sentence), line)


@pytest.mark.parametrize("sentence", REPORTS)
@pytest.mark.parametrize("line", HARMLESS)
def test_an_ordinary_merge_or_reading_the_checks_stays_allowed(sentence, line):
    assert not blocks(prose_trigger(sentence), line)
