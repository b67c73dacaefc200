"""Published git state changed behind others' backs, reported as a sentence: a released tag
moved (deleted on the remote and pushed again, or pushed by force: git-tag(1) "On
Re-tagging"), never a branch of one's own pushed by force; and a push that lands on a shared
branch with GitLab told to run no pipeline (git-push(1) `--push-option ci.skip`) past the
required checks. New tags, pushes of feature branches and plain pushes stay allowed."""

from tests.lessons.guard_probe import blocks, prose_trigger
from tests.lessons.test_prose_security_dangers import check

TAG_REPORTS = [
    "Re-tagged the release on a newer commit and pushed the tag again",
    "Force-pushed a moved version tag after the release was published",
]
TAG_DANGEROUS = [
    "git push origin :refs/tags/v1.2.0",
    "git push --delete origin v1.2.0",
    "git push origin --force refs/tags/v1.2.0",
    "git push -f origin v3.0.1",
    "git push origin +refs/tags/v1.2.0",
    "git push --force --tags",
]
TAG_HARMLESS = [
    "git push origin v1.2.1",
    "git push --tags",
    "git tag -l",
    "git push origin feature/login",
    "git fetch --tags --force",
    "git push --delete origin feature/old-experiment",
    # what the sentence force-pushed is a tag: a force-push of one's own branch is another thing
    "git push --force origin feature/login",
    "git push --force-with-lease origin fix/flaky-test",
]


def test_a_published_tag_moved_on_the_remote_is_blocked_and_new_tags_are_not():
    assert check(TAG_REPORTS, TAG_DANGEROUS, TAG_HARMLESS) == {}


CHECKS_REPORTS = [
    "Merged into main even though the required checks were failing",
    "Pushed straight to the default branch past the required status checks",
]
CHECKS_DANGEROUS = [
    "git push -o ci.skip origin HEAD:main",
    "git push --push-option=ci.skip origin master",
    "gh pr merge 12 --admin --squash",
    # what protects the branch removed through the hosts' APIs
    "gh api -X DELETE repos/acme/api/rulesets/123",
    "glab api -X DELETE projects/42/protected_branches/main",
]
CHECKS_HARMLESS = [
    "git push -o ci.skip origin feature/docs-typo",
    "git push origin HEAD:main",
    "git push -o merge_request.create origin feature/search",
    "gh pr merge 12 --auto --squash",
    "gh api repos/acme/api/rulesets",
    "glab api projects/42/protected_branches",
]


def test_a_push_to_a_shared_branch_without_its_pipeline_is_blocked():
    assert check(CHECKS_REPORTS, CHECKS_DANGEROUS, CHECKS_HARMLESS) == {}


def test_a_sentence_naming_git_commits_nothing():
    """ "In the global git config" names the tool, not an act of committing: a report about
    certificate verification derives no `git add` of a key."""
    trigger = prose_trigger(
        "Turned off TLS certificate verification in the global git config to get past a proxy"
    )
    assert blocks(trigger, "git config --global http.sslVerify false")
    assert not blocks(trigger, "git add deploy/server.key")
    assert blocks(prose_trigger("Checked the TLS private key into git"), "git add certs/tls.key")


def test_a_user_added_to_sudoers_commits_nothing():
    """ "Added the deploy user to sudoers … a password" adds nothing to a repository."""
    trigger = prose_trigger(
        "Added the deploy user to sudoers with NOPASSWD: ALL so it stopped asking for a password"
    )
    assert not blocks(trigger, "git add secrets/prod.env")
    assert blocks(prose_trigger("Ran git add on the .env holding the API key"), "git add .env")
