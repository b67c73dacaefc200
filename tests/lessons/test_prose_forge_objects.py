"""What a sentence deletes on a forge is the object it names: a release, a repository, a run, a
cache or a variable; "removed the key from the repo" deletes no repository, a "release key" is
no release, and branch protection removed through the REST API is blocked whichever client
sends the request."""

from tests.lessons.guard_probe import blocks, prose_trigger


def test_a_key_removed_from_the_repository_deletes_no_repository_or_release():
    trigger = prose_trigger("Removed the release signing key from the repo to make a new one")
    assert not blocks(trigger, "gh repo delete acme/site --yes")
    assert not blocks(trigger, "gh release delete v1.2.0 --yes")
    assert not blocks(trigger, "gh cache delete --all")


def test_a_repository_cleaned_deletes_no_repository_and_no_cache():
    trigger = prose_trigger("Cleaned out the repository's untracked build files with git clean")
    assert not blocks(trigger, "gh repo delete acme/site --yes")
    assert not blocks(trigger, "gh cache delete --all -R acme/site")


def test_a_repository_or_a_release_deleted_is_still_blocked():
    assert blocks(
        prose_trigger("Deleted the company's GitHub repository by mistake"),
        "gh repo delete acme/site --yes",
    )
    trigger = prose_trigger("Deleted the published release and its assets from GitHub")
    assert blocks(trigger, "gh release delete v3.1.0 --yes --cleanup-tag")
    assert not blocks(trigger, "gh release view v3.1.0")


def test_branch_protection_removed_through_the_api_with_any_client():
    trigger = prose_trigger("Deleted the protection rules of the release branch on GitHub")
    for line in (
        "gh api --method DELETE repos/acme/site/branches/release/protection",
        "curl -X DELETE -H 'Authorization: Bearer x' "
        "https://api.github.com/repos/acme/site/branches/release/protection",
        "curl -X PUT https://api.github.com/repos/acme/site/rulesets/7 -d @loose.json",
        "glab api -X DELETE projects/12/protected_branches/release",
    ):
        assert blocks(trigger, line), line
    for line in (
        "gh api repos/acme/site/branches/release/protection",
        "curl https://api.github.com/repos/acme/site/branches/release/protection",
    ):
        assert not blocks(trigger, line), line
