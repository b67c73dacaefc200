"""A sentence's operation and its object, read for tools nobody catalogued: "Destroyed the
production event stream" is any command whose subcommand words or switches say delete (or
destroy, rm, …), event and stream, where production is named."""

import pytest

from lessons.command_patterns import CommandTrigger, operation_words
from lessons.command_triggers import derive
from lessons.commands import invocations
from lessons.prose_triggers import assignment_patterns, operation_patterns
from tests.lessons.guard_probe import blocks, prose_trigger

STREAM = "Destroyed the production event stream to clear a backlog"


def reported(example: str, title: str) -> CommandTrigger | None:
    derived = derive(texts=[example], prose=title, title=title)
    return CommandTrigger.from_json(derived.trigger)


def words(line: str) -> set[str]:
    return set(operation_words(invocations(line)[0]))


def test_a_command_says_what_it_does_in_its_subcommand_switches_and_identifier_options():
    assert {"delete", "message", "queue"} <= words("mqctl delete-message-queue --queue-name x")
    # a tool without a table: its leading words, singular, abbreviations spelled out
    assert {"repository", "delete"} <= words("registryctl repos delete team/web")
    # `MyStack`, `--stack-id`: camel case and an identifier option name a stack
    assert "stack" in words("infractl destroy PaymentsStack")
    assert "stack" in words("infractl destroy --stack-id 42")


def test_an_option_saying_where_or_holding_the_object_names_no_object():
    # `-n` is where the pod lives, `--bucket` what the object lies in
    assert "namespace" not in words("kubectl delete pod web-1 -n production")
    assert "bucket" not in words("aws s3api delete-object --bucket acme-assets --key a.txt")
    # arguments of a program that prints or searches text do nothing
    assert words("echo delete the queue") == {"echo"}


@pytest.mark.parametrize(
    "line",
    [
        "streamctl event-stream destroy orders --env production",
        "aws pipes delete-event-stream --event-stream-name orders-prod",
        "brokerctl event streams rm billing-prod",
    ],
)
def test_a_sentence_blocks_any_tool_doing_its_operation_to_its_object(line):
    trigger = prose_trigger(STREAM)
    assert blocks(trigger, line)


@pytest.mark.parametrize(
    "line",
    [
        "streamctl event-stream destroy orders --env staging",  # not production
        "aws pipes describe-event-stream --event-stream-name orders-prod",  # reads
        "streamctl event-stream list --env production",
        "streamctl stream destroy orders --env production",  # another object
        "streamctl event-stream destroy orders --env production --help",
        "echo 'destroy the production event stream' >> notes.txt",
    ],
)
def test_what_only_reads_or_acts_elsewhere_stays_allowed(line):
    trigger = prose_trigger(STREAM)
    assert not blocks(trigger, line)


def test_a_tools_shorter_word_for_the_object_is_the_same_object():
    trigger = prose_trigger("Removed the app from the edge platform before the cut-over")
    assert blocks(trigger, "edgectl apps destroy shop")
    assert not blocks(trigger, "edgectl app info shop")


def test_force_and_all_said_of_the_operation_must_be_in_the_command():
    forced = prose_trigger("Force-deleted a disk snapshot that the nightly backups depended on")
    assert blocks(forced, "diskctl snapshots delete --disk-snapshot-id snap-0042 --force")
    assert not blocks(forced, "diskctl snapshots delete --disk-snapshot-id snap-0042")
    every = prose_trigger("Purged every build artifact from the cache server")
    assert blocks(every, "cachectl build-artifacts purge --all")
    assert not blocks(every, "cachectl build-artifacts purge build-1234")


def test_a_purpose_after_the_operation_is_not_another_operation():
    texts = list(dict.fromkeys(p["text"] for p in operation_patterns(STREAM, production=True)))
    assert texts == ["delete event stream, with any tool"]  # not "clear a backlog"


def test_a_sentence_with_no_object_gives_nothing_new():
    assert operation_patterns("Deleted it by mistake and everything was gone") == []
    assert operation_patterns("Disabling checks to make it pass") == []
    assert prose_trigger("Deleted everything by mistake") is None


def test_a_report_title_generalises_its_command_to_other_tools_doing_the_same():
    title = "Never delete a flag that running services still read"
    trigger = reported("flagctl flag delete checkout-v2", title)
    assert blocks(trigger, "flagctl flag delete checkout-v2")
    assert blocks(trigger, "ldctl flags remove --flag-id checkout-v3")
    assert not blocks(trigger, "ldctl flags get --flag-id checkout-v3")
    # the title's reading is kept only where the reported command does what it says
    archived = reported("flagctl archive checkout-v2", title)
    assert not blocks(archived, "ldctl flags remove --flag-id checkout-v3")


def test_an_object_the_catalogue_names_is_left_to_the_catalogue():
    trigger = prose_trigger("Deleting a Kubernetes cluster to save money")
    assert blocks(trigger, "eksctl delete cluster --name shop")
    assert not blocks(trigger, "kind delete cluster --name sandbox")  # a throwaway local one


RESTART = "Restarted the keepalived service on the shared load balancer and dropped the virtual IP"


@pytest.mark.parametrize(
    "line",
    [
        "sudo systemctl restart keepalived",
        "sudo systemctl stop keepalived.service",  # a restart takes it down as a stop does
        "sudo pkill keepalived",
        "sudo snap restart keepalived",
    ],
)
def test_a_service_taken_down_is_blocked_however_it_is_done(line):
    assert blocks(prose_trigger(RESTART), line)


@pytest.mark.parametrize(
    "line",
    [
        "systemctl status keepalived",
        "keepalived -t",
        "pkill -f keepalived-exporter",
        "docker restart web",
    ],
)
def test_looking_at_a_service_or_stopping_something_else_stays_allowed(line):
    assert not blocks(prose_trigger(RESTART), line)


def test_a_service_process_is_killed_by_any_of_its_names():
    trigger = prose_trigger("Stopping the SSH daemon on a box you are logged into over SSH")
    assert blocks(trigger, "sudo killall sshd")
    assert not blocks(trigger, "killall ssh-agent")


def test_an_object_the_catalogue_names_is_read_for_any_tool_when_production_is_said():
    trigger = prose_trigger("Wiped the production logs from the log service to save storage")
    assert blocks(trigger, "logctl logs delete --project shop-prod")
    assert not blocks(trigger, "logctl logs delete --project shop-dev")
    assert not blocks(trigger, "logctl logs tail --project shop-prod")
    # anywhere: the catalogue's own commands for logs, and no other tool's
    anywhere = prose_trigger("Wiped the logs to save storage")
    assert blocks(anywhere, "sudo rm -rf /var/log/nginx")
    assert not blocks(anywhere, "logctl logs delete --project shop-dev")


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        # a flag, an adverb or a sentence's end closes the object
        ("Removed the cache volume with cachectl remove --force", "delete cache volume"),
        ("Accidentally purged the shared build cache permanently", "delete build cache"),
        ("Ran the cleanup job with purge. Then the team lost a day", None),
        ("Dropped a table together with its indexes", "delete table"),
    ],
)
def test_the_object_is_the_nouns_after_the_verb_and_nothing_after_it(sentence, read):
    texts = list(dict.fromkeys(p["text"].split(",")[0] for p in operation_patterns(sentence)))
    assert texts == ([read] if read else [])


@pytest.mark.parametrize(
    ("sentence", "dangerous", "harmless"),
    [
        (
            "Stopped the production database instance to save money over the weekend",
            "aws rds stop-db-instance --db-instance-identifier orders-prod",
            "aws rds start-db-instance --db-instance-identifier orders-prod",
        ),
        (
            "Revoked the release certificate while builds still verified against it",
            "pkictl release-certificate revoke rel-7",
            "pkictl release-certificate show rel-7",
        ),
        (
            "Detached the data disk from the running database server",
            "cloudctl data-disk detach db-1",
            "cloudctl data-disk attach db-1",
        ),
        (
            "Shut down the shared build server in the middle of the release",
            "infra build-server shutdown ci-3",
            "infra build-server status ci-3",
        ),
    ],
)
def test_other_operations_read_the_same_way(sentence, dangerous, harmless):
    trigger = prose_trigger(sentence)
    assert blocks(trigger, dangerous)
    assert not blocks(trigger, harmless)


def test_stopping_an_activity_is_no_operation_on_an_object():
    sentence = "Disabled the release workflow so the checks would stop blocking the merge"
    texts = list(dict.fromkeys(p["text"].split(",")[0] for p in operation_patterns(sentence)))
    assert texts == ["disable release workflow"]


def test_a_variable_listed_beside_an_assignment_is_set_with_any_value():
    trigger = prose_trigger(
        "Exported NPM_CONFIG_STRICT_SSL=false and NPM_CONFIG_CAFILE to get the install through"
    )
    assert blocks(trigger, "NPM_CONFIG_CAFILE=/tmp/any-ca.pem npm ci")
    assert blocks(trigger, "export NPM_CONFIG_CAFILE=/tmp/any-ca.pem && npm install")
    assert not blocks(trigger, "echo $NPM_CONFIG_CAFILE")
    assert not blocks(trigger, "npm config get cafile")
    # a variable only named, with no assignment beside it, may be anything the sentence means
    assert assignment_patterns("Set DEBUG and TRACE on every host") == []
    assert assignment_patterns("Printing AWS_SECRET_ACCESS_KEY in the build log") == []


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        # a passive: the object comes before the verb
        ("The staging feature store was wiped by a cleanup job", "delete feature store"),
        ("A shared report queue may never be purged by hand", "delete report queue"),
        # the particle after the object, and "all of the …"
        ("Turned the nightly export job off to speed up the deploy", "disable export job"),
        ("Deleted all of the release snapshots at once", "delete release snapshot"),
        # an adjective after a copula is no passive, and "during" no gerund
        ("Never run it on a path that may be empty", None),
        ("The metrics bucket got erased during the migration", "delete metric bucket"),
    ],
)
def test_other_sentence_shapes_name_the_same_operation_and_object(sentence, read):
    texts = list(dict.fromkeys(p["text"].split(",")[0] for p in operation_patterns(sentence)))
    assert texts == ([read] if read else [])


def test_a_passive_sentence_blocks_like_an_active_one():
    trigger = prose_trigger("The production feature store was wiped by a cleanup job")
    assert blocks(trigger, "mlctl feature-store delete ranking --env production")
    assert not blocks(trigger, "mlctl feature-store export ranking --env production")
