"""Which part of a reported command is its danger, and where a report of a shared service reaches.

A flag is the danger where it turns a normally safe operation into a harmful one (`git push
--force`: a plain push is fine). Where the operation is itself outward and cannot be reverted
(a publish to a registry keeps the version for good) and the report says so, every publish is
the danger and the reported flags are how that one was run; a flag the report spells stays the
danger. A report of a shared or production service, named by its address, does not reach the
copy of the service an agent runs on its own machine.
"""

import pytest

from lessons.command_patterns import places
from lessons.commands import invocations
from tests.lessons.guard_probe import blocks, prose_trigger, report_trigger

# --- a publish that cannot be taken back is the danger, whatever its flags --------------------

PUBLISH_BETA = report_trigger(
    "npm publish --tag beta --access restricted",
    "Published a beta of the package to the registry from a workstation",
    "Versions on the registry cannot be overwritten: the number is used for good, and the "
    "tarball carried local test fixtures.",
)


@pytest.mark.parametrize(
    "line",
    [
        "npm publish",
        "npm publish ./packages/core",
        "cd web && npm publish --access public",
        "npm publish --tag next --otp 123456",
        "cargo publish -p parser",
        "twine upload dist/*",
        "poetry publish --build",
    ],
)
def test_a_publish_reported_as_permanent_is_blocked_whatever_its_flags(line):
    assert blocks(PUBLISH_BETA, line)


@pytest.mark.parametrize(
    "line",
    [
        "npm publish --dry-run",
        "npm pack",
        "npm view @acme/core versions",
        "npm version minor",
        "cargo package --list",
        "twine check dist/*",
    ],
)
def test_what_only_prepares_or_rehearses_a_publish_is_not(line):
    assert not blocks(PUBLISH_BETA, line)


UPLOAD_WHEEL = report_trigger(
    "twine upload --skip-existing --verbose dist/*",
    "Uploaded the wheel to PyPI by hand",
    "A release file on PyPI is immutable: its name can never be reused, even after deleting it.",
)


def test_an_upload_reported_as_permanent_is_blocked_without_the_reported_flags():
    assert blocks(UPLOAD_WHEEL, "twine upload dist/acme-1.2.0-py3-none-any.whl")
    assert blocks(UPLOAD_WHEEL, "twine upload -r pypi dist/*")
    assert not blocks(UPLOAD_WHEEL, "twine check dist/*")


NO_VERIFY_PUBLISH = report_trigger(
    "cargo publish --no-verify",
    "Don't publish a crate with --no-verify",
    "It skips building the packaged crate, so one that does not compile goes out; a version "
    "can never be overwritten.",
)


def test_a_flag_the_report_spells_stays_the_danger_of_a_publish():
    assert blocks(NO_VERIFY_PUBLISH, "cargo publish --no-verify -p parser")
    assert not blocks(NO_VERIFY_PUBLISH, "cargo publish")
    assert not blocks(NO_VERIFY_PUBLISH, "cargo publish -p parser")


FORCE_PUSH = report_trigger(
    "git push --force origin main",
    "Force-pushed over the shared main branch",
    "The remote history is replaced and teammates' commits are gone for good.",
)


def test_forcing_a_normally_safe_push_keeps_the_force_as_the_danger():
    assert blocks(FORCE_PUSH, "git push -f origin main")
    assert not blocks(FORCE_PUSH, "git push origin main")


def test_undoing_the_reported_operation_is_not_the_operation():
    """`cargo yank --undo` puts a yanked version back: the opposite of the report."""
    trigger = report_trigger(
        "cargo yank --version 0.9.1 parser",
        "Yanked a release other crates depend on",
        "Every build that pinned the version fails to resolve it.",
    )
    assert blocks(trigger, "cargo yank --version 0.9.1 parser")
    assert not blocks(trigger, "cargo yank --undo --version 0.9.1 parser")


# --- a report of a shared service does not reach the agent's own local copy -------------------

SHARED_CACHE = report_trigger(
    "memcached-tool cache.internal:11211 flush_all",
    "Flushed the shared cache in the middle of the day",
    "Every service that shares it fell through to the database at once.",
)


def test_a_shared_service_report_blocks_the_service_wherever_it_is_named():
    assert blocks(SHARED_CACHE, "memcached-tool sessions.internal:11211 flush_all")
    assert blocks(SHARED_CACHE, "memcached-tool 10.0.8.3:11211 flush_all")


@pytest.mark.parametrize(
    "line",
    ["memcached-tool 127.0.0.1:11211 flush_all", "memcached-tool localhost:11211 flush_all"],
)
def test_a_shared_service_report_does_not_reach_a_loopback_copy(line):
    assert not blocks(SHARED_CACHE, line)


SHARED_DOCUMENT_STORE = report_trigger(
    'mongosh "mongodb://docs.internal/catalog" --eval "db.dropDatabase()"',
    "Dropped the catalog database on the production replica set",
    "Every collection and index of the production catalog was gone.",
)


@pytest.mark.parametrize(
    "line",
    [
        "mongosh mongodb://docs.internal/catalog --eval 'db.dropDatabase()'",
        "mongosh --host docs.internal catalog --eval 'db.dropDatabase()'",
        "mongosh \"$MONGO_URL\" --eval 'db.dropDatabase()'",
    ],
)
def test_the_production_database_is_blocked_however_it_is_addressed(line):
    assert blocks(SHARED_DOCUMENT_STORE, line)


@pytest.mark.parametrize(
    "line",
    [
        "mongosh mongodb://127.0.0.1/catalog_test --eval 'db.dropDatabase()'",
        "mongosh mongodb://localhost:27017/scratch --eval 'db.dropDatabase()'",
        "mongosh --host 127.0.0.1 scratch --eval 'db.dropDatabase()'",
    ],
)
def test_dropping_a_database_on_ones_own_machine_is_not_the_production_report(line):
    assert not blocks(SHARED_DOCUMENT_STORE, line)


COMPANY_FEED = report_trigger(
    "dotnet nuget push <package>.nupkg --api-key $KEY --source https://feed.internal/v3/index.json",
    "Pushed a package to the company feed from a laptop",
    "Feed packages are immutable and every team restores them.",
)


def test_a_push_to_the_company_feed_is_blocked_to_any_remote_feed():
    assert blocks(
        COMPANY_FEED,
        "dotnet nuget push Core.1.0.0.nupkg --source https://feed.internal/v3/index.json",
    )
    assert blocks(COMPANY_FEED, "dotnet nuget push Core.1.0.0.nupkg --source shared-feed")


@pytest.mark.parametrize(
    "line",
    [
        "dotnet nuget push Core.1.0.0.nupkg --source ./packages-out",
        "dotnet nuget push Core.1.0.0.nupkg --source /tmp/feed",
        "dotnet nuget push Core.1.0.0.nupkg --source=http://localhost:5555/v3/index.json",
    ],
)
def test_a_push_to_a_feed_on_ones_own_machine_is_not(line):
    assert not blocks(COMPANY_FEED, line)


def test_a_shared_report_naming_no_address_reaches_the_default_server_not_a_named_loopback():
    """`redis-cli FLUSHALL` ran against wherever the client is configured to connect, which was
    the shared server: the same command still blocks, and so does any other machine; a command
    that names this machine's loopback says it acts on the agent's own copy
    (`value_classes.NOT_LOCAL`)."""
    trigger = report_trigger(
        "redis-cli FLUSHALL", "Ran FLUSHALL on the shared Redis", "Every service lost its keys."
    )
    assert blocks(trigger, "redis-cli FLUSHALL")
    assert blocks(trigger, "redis-cli -h cache.internal FLUSHALL")
    assert not blocks(trigger, "redis-cli -h 127.0.0.1 FLUSHALL")


def test_a_production_reports_other_tools_do_not_reach_a_test_environment():
    trigger = report_trigger(
        "redis-cli -h cache.internal FLUSHALL",
        "Wiped the shared production cache",
        "Sessions and queues of every service were lost.",
    )
    assert blocks(trigger, "valkey-cli -h cache.internal FLUSHALL")
    assert not blocks(trigger, "valkey-cli -h 127.0.0.1 FLUSHALL")


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("redis-cli -h 127.0.0.1 PING", {"local"}),
        ("curl http://[::1]:8080/health", {"local"}),
        ("psql -h db.internal app", {"remote"}),
        ("curl https://api.example.org/v1", {"remote"}),
        ("redis-cli PING", set()),
        ("RAILS_ENV=test bin/rails db:reset", {"local"}),
        ("ssh deploy@127.0.0.1 -p 2222 uptime", {"local"}),
        ("ssh deploy@web-1.internal uptime", set()),
    ],
)
def test_where_a_command_says_it_acts(line, found):
    assert places(invocations(line)[0]) == found


# --- names a pipeline's filter hands to xargs ---------------------------------------------------

DELETE_RELEASE_BRANCH = report_trigger(
    "git push origin --delete release/<version>",
    "Deleted a shared release branch on the remote",
    "Hotfixes for shipped versions land there; the release pipeline lost its ref.",
)


@pytest.mark.parametrize(
    "line",
    [
        "git branch -r | grep 'origin/release/' | sed 's#origin/##' | xargs -n1 git push origin "
        "--delete",
        "git branch -r | grep release/ | cut -d/ -f2- | xargs git push origin --delete",
        "git ls-remote --heads origin | grep -o 'release/.*' | xargs -n1 git push origin -d",
    ],
)
def test_release_branches_selected_by_a_filter_and_deleted_through_xargs_are_blocked(line):
    assert blocks(DELETE_RELEASE_BRANCH, line)


@pytest.mark.parametrize(
    "line",
    [
        "git branch -r | grep 'origin/feature/' | sed 's#origin/##' | xargs -n1 git push origin "
        "--delete",
        "git branch -r | grep -v release/ | sed 's#origin/##' | xargs -n1 git push origin --delete",
        "git branch -r | grep release/ | xargs -n1 echo",
        "git branch -r | grep release/ | sed 's#origin/##' | xargs -n1 git push --dry-run origin "
        "--delete",
    ],
)
def test_other_branches_or_a_filter_that_leaves_them_out_are_not(line):
    assert not blocks(DELETE_RELEASE_BRANCH, line)


# --- the path a report spells is what its request acts on ----------------------------------------

DELETE_EVERY_INDEX = report_trigger(
    "curl -X DELETE 'http://logs.internal:9200/_all'",
    "Deleted every index of the log cluster with DELETE /_all",
    "Dashboards and alerts were empty until the snapshot was restored.",
)


@pytest.mark.parametrize(
    "line",
    [
        "curl -XDELETE http://search-2.internal:9200/_all",
        "curl -X DELETE 'http://logs.internal:9200/_all?pretty'",
        "curl -X DELETE 'http://logs.internal:9200/metrics-*'",
        "curl --request DELETE 'https://logs.internal:9200/*,-.*'",
    ],
)
def test_deleting_every_index_or_a_wildcard_of_them_is_blocked(line):
    assert blocks(DELETE_EVERY_INDEX, line)


@pytest.mark.parametrize(
    "line",
    [
        "curl -X DELETE http://logs.internal:9200/metrics-2024.05.01",
        "curl -X DELETE https://api.internal/v1/sessions/42",
        "curl -s 'http://logs.internal:9200/_all/_settings'",
        "curl -X GET 'http://logs.internal:9200/_cat/indices?v'",
    ],
)
def test_a_request_on_one_named_index_or_another_api_is_not(line):
    assert not blocks(DELETE_EVERY_INDEX, line)


# --- a command git runs in every submodule -----------------------------------------------------

HARD_RESET = report_trigger(
    "git reset --hard origin/main",
    "Threw away uncommitted work with git reset --hard",
    "Every change not yet committed in the working tree is lost with no copy.",
)


@pytest.mark.parametrize(
    "line",
    [
        "git submodule foreach git reset --hard origin/main",
        "git submodule foreach --recursive 'git reset --hard'",
        "git -C vendor submodule --quiet foreach 'git fetch && git reset --hard'",
    ],
)
def test_what_git_submodule_foreach_runs_is_read_as_the_command_it_is(line):
    assert blocks(HARD_RESET, line)


@pytest.mark.parametrize(
    "line",
    [
        "git submodule foreach git status",
        "git submodule foreach --recursive 'git log --oneline -1'",
        "git submodule update --init --recursive",
    ],
)
def test_submodule_commands_that_do_not_reset_are_not(line):
    assert not blocks(HARD_RESET, line)


def test_a_production_report_naming_no_address_does_not_reach_a_loopback_copy():
    """Production is never the agent's own machine: "drop on a local copy" is what such a
    report recommends."""
    trigger = report_trigger(
        "mongosh <mongodb-uri> --eval 'db.dropDatabase()'",
        "Dropped a production MongoDB database",
        "dropDatabase() deletes every document with no undo.",
    )
    assert blocks(trigger, "mongosh mongodb://docs.internal/catalog --eval 'db.dropDatabase()'")
    assert not blocks(trigger, "mongosh mongodb://127.0.0.1/catalog --eval 'db.dropDatabase()'")


# --- a shared or production report does not reach a throwaway environment of one's own ----------

SHARED_NAMESPACE = report_trigger(
    "kubectl delete deployment <name> -n <namespace>",
    "Deleted a deployment in a namespace other teams share",
    "Their service went down with it until the pipeline redeployed.",
)


@pytest.mark.parametrize(
    "line",
    [
        "kubectl delete deployment api -n payments",
        "kubectl delete deploy web --namespace=staging",
        "kubectl -n prod-eu delete deployment worker",
    ],
)
def test_a_shared_namespace_report_blocks_any_other_namespace(line):
    assert blocks(SHARED_NAMESPACE, line)


@pytest.mark.parametrize(
    "line",
    [
        "kubectl delete deployment api -n dev-bob",
        "kubectl delete deployment api -n sandbox",
        "kubectl delete deployment web -n preview-1432",
    ],
)
def test_a_shared_namespace_report_does_not_reach_ones_own_throwaway_namespace(line):
    assert not blocks(SHARED_NAMESPACE, line)


def test_a_throwaway_word_elsewhere_is_no_environment():
    """`dev` as a branch, `/dev/sdc` as a device: no environment of one's own."""
    force_push = report_trigger(
        "git push --force origin <branch>",
        "Force-pushed a shared branch",
        "Teammates' commits were dropped from the remote.",
    )
    assert blocks(force_push, "git push --force origin dev")
    wipe = report_trigger(
        "dd if=/dev/zero of=/dev/sdb",
        "Overwrote the production database's disk",
        "The volume held the only copy of the data.",
    )
    assert blocks(wipe, "sudo dd if=/dev/zero of=/dev/sdc bs=1M")
    assert blocks(wipe, "dd if=/dev/zero of=/dev/sdb")


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("helm uninstall payments -n dev", {"local"}),
        ("az vm delete -g rg-dev-alice -n test-vm", {"local"}),
        ("helm uninstall payments -n prod", {"remote"}),
        ("kubectl delete pod api-test -n production", {"local", "remote"}),
        ("git push origin dev", set()),
    ],
)
def test_which_environment_a_command_names(line, found):
    assert places(invocations(line)[0]) == found


# --- a push a sentence describes as of a tag pushes a tag ------------------------------------

MOVED_TAG = prose_trigger(
    "Re-pointed a release tag at a hotfix commit and force-pushed it to origin; every clone "
    "that had fetched the tag kept the old commit."
)


@pytest.mark.parametrize(
    "line",
    [
        "git push --force origin v1.8.0",
        "git push -f origin refs/tags/release-2024.05",
        "git push --force --tags",
        "git push origin +v3.1.4",
    ],
)
def test_force_pushing_a_tag_is_blocked(line):
    assert blocks(MOVED_TAG, line)


@pytest.mark.parametrize(
    "line",
    [
        "git push --force origin feature/search",
        "git push --force-with-lease origin fix/flaky-login",
        "git push origin v1.8.1",
        "git push --tags",
    ],
)
def test_force_pushing_a_branch_or_pushing_a_new_tag_is_not_what_it_describes(line):
    assert not blocks(MOVED_TAG, line)


@pytest.mark.parametrize(
    "line",
    [
        "pnpm publish --no-git-checks",
        "npx lerna publish from-package --yes",
        "changeset publish",
        "cargo release publish --execute",
        "dotnet nuget push Core.1.0.0.nupkg --source https://api.nuget.org/v3/index.json",
        "gem push acme-1.0.0.gem",
    ],
)
def test_every_client_of_a_registry_publishes(line):
    assert blocks(PUBLISH_BETA, line)


@pytest.mark.parametrize(
    "line",
    [
        "cargo release patch",
        "lerna version --no-push",
        "changeset version",
        "dotnet nuget push Core.1.0.0.nupkg --source ./out",
        "gem build acme.gemspec",
    ],
)
def test_rehearsing_versioning_or_publishing_into_a_local_directory_does_not(line):
    assert not blocks(PUBLISH_BETA, line)


# --- the same danger in other tools does not reach one's own copy ---------------------------------

DELETE_TOPIC = report_trigger(
    "kafka-topics.sh --bootstrap-server $BROKER --delete --topic $TOPIC",
    "Never delete a Kafka topic to clear a backlog",
    "Deleting or purging it throws away messages consumers have not processed yet.",
)


def test_another_brokers_purge_is_the_same_danger():
    assert blocks(DELETE_TOPIC, "rabbitmqctl purge_queue orders")


@pytest.mark.parametrize(
    "line",
    [
        "rabbitmqctl purge_queue -p /dev-bob scratch",
        "redis-cli -h 127.0.0.1 FLUSHALL",
        "rabbitmqadmin -H localhost purge queue name=jobs",
    ],
)
def test_another_tool_on_ones_own_copy_is_not(line):
    assert not blocks(DELETE_TOPIC, line)


def test_the_reported_tool_reaches_a_local_copy_of_what_it_reports():
    trigger = report_trigger(
        "curl -X DELETE 'http://search.internal:9200/_all'",
        "Deleted every index with DELETE /_all",
        "Search and logging were down until a snapshot was restored.",
    )
    assert blocks(trigger, "curl -s -X DELETE 'localhost:9200/logs-*'")
