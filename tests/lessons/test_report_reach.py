"""A report's trigger reaches the operation and the object the report names, no further.

One Mnemosyne holds every team's reports, so a trigger that reaches past what its report
describes blocks the harmless commands other teams check. Each probe: a report, spellings of
what it describes (blocked), and neighbouring commands it does not describe (allowed).
"""

import pytest

from lessons.command_triggers import CommandTrigger, derive
from lessons.commands import invocations
from lessons.matching import shown_commands


def trigger_for(example: str, title: str, why: str = "", alternatives=()) -> CommandTrigger:
    derived = derive(
        texts=[example], prose=f"{title} {why}", title=title, alternatives=list(alternatives)
    )
    assert derived.trigger is not None, derived.notes
    return CommandTrigger.from_json(derived.trigger)


def blocks(trigger: CommandTrigger, line: str) -> bool:
    return trigger.match(shown_commands(invocations(line))) is not None


# --- a signal sent to a process the report does not name: whose process it is ------------------

KILL_SERVICE = trigger_for(
    "sudo kill -9 <pid>",
    "SIGKILLed the message broker to free its port",
    "kill -9 on the broker skipped its shutdown; queues were rebuilt from the journal for an hour.",
)


@pytest.mark.parametrize(
    "line",
    [
        "sudo kill -9 2211",
        "sudo kill -KILL $(pgrep beam.smp)",
        "sudo pkill -9 beam.smp",
        "pgrep -f rabbitmq | xargs sudo kill -9",
    ],
)
def test_killing_a_service_someone_else_runs_is_blocked(line):
    assert blocks(KILL_SERVICE, line)


@pytest.mark.parametrize(
    "line",
    ["kill -9 30771", "pkill -9 -f 'webpack --watch'", "kill -TERM 2211", "sudo kill -0 2211"],
)
def test_killing_ones_own_process_is_not_what_the_report_names(line):
    assert not blocks(KILL_SERVICE, line)


def test_a_named_process_is_blocked_whoever_sends_the_signal():
    trigger = trigger_for("sudo pkill -9 nginx", "Killed nginx with SIGKILL")
    assert blocks(trigger, "pkill -KILL nginx")
    assert not blocks(trigger, "pkill -9 node")


# --- a CI masking instruction shows no value ----------------------------------------------------

PRINT_TOKEN = trigger_for(
    "Echoed credentials from environment variables into the build output",
    "Printed secrets in the pipeline log",
    "Anyone who can read the job log could copy the token.",
)


@pytest.mark.parametrize(
    "line",
    [
        "echo $DEPLOY_TOKEN",
        'echo "token: ${DEPLOY_TOKEN}"',
        "printf '%s\\n' \"$DEPLOY_TOKEN\"",
        "cd ci && echo $DEPLOY_TOKEN",
    ],
)
def test_printing_a_secret_variable_is_blocked(line):
    assert blocks(PRINT_TOKEN, line)


@pytest.mark.parametrize(
    "line",
    [
        'echo "::add-mask::$DEPLOY_TOKEN"',
        "echo ::add-mask::${DEPLOY_TOKEN}",
        "printf '::add-mask::%s\\n' \"$DEPLOY_TOKEN\"",
        'echo "##vso[task.setvariable variable=token;issecret=true]$DEPLOY_TOKEN"',
        'echo "##vso[task.setsecret]$DEPLOY_TOKEN"',
    ],
)
def test_registering_a_secret_for_masking_prints_nothing(line):
    assert not blocks(PRINT_TOKEN, line)


def test_masking_one_value_does_not_hide_a_second_command_that_prints():
    assert blocks(PRINT_TOKEN, 'echo "::add-mask::$DEPLOY_TOKEN"; echo $DEPLOY_TOKEN')


# --- "force-pushed every branch": the object is every ref, not any branch ----------------------

FORCE_EVERY_BRANCH = trigger_for(
    "Stripped the build artefacts out of all commits and force-pushed all branches to the server",
    "Force-pushed every branch after rewriting the history",
    "Each clone and open merge request still pointed at the old commits.",
)


@pytest.mark.parametrize(
    "line",
    [
        "git push --force --all origin",
        "git push -f --all",
        "git push origin --mirror --force",
        "git push --force-with-lease --all upstream",
        "git push --force --tags origin",
    ],
)
def test_force_pushing_every_ref_is_blocked(line):
    assert blocks(FORCE_EVERY_BRANCH, line)


@pytest.mark.parametrize(
    "line",
    [
        "git push --force origin fix/typo",
        "git push --force-with-lease origin feature/search",
        "git push --all origin",
        "git push origin --tags",
    ],
)
def test_force_pushing_one_branch_is_not_every_branch(line):
    assert not blocks(FORCE_EVERY_BRANCH, line)


def test_deleting_every_branch_still_reads_as_deleting_any_branch():
    trigger = trigger_for(
        "Deleted every branch on the remote while tidying up",
        "Deleted all branches on the shared remote",
    )
    assert blocks(trigger, "git push origin --delete feature/a")


# --- a report about one kind of object reaches that kind in other tools, not its neighbours ----

SIGNING_KEY = trigger_for(
    "gcloud kms keys versions destroy 3 --key release-signing --keyring ci --location europe-west1",
    "Destroyed the signing key version that still verifies our releases",
    "Every artefact signed with it can no longer be verified; old installers fail their checks.",
)


@pytest.mark.parametrize(
    "line",
    [
        "aws kms schedule-key-deletion --key-id 0f1e2d3c --pending-window-in-days 7",
        "az keyvault key delete --vault-name team-kv --name signing",
    ],
)
def test_destroying_a_key_is_blocked_in_every_key_manager(line):
    assert blocks(SIGNING_KEY, line)


@pytest.mark.parametrize(
    "line",
    [
        "vault kv delete secret/dev/bob/tmp",
        "gcloud secrets delete scratch-token --quiet",
        "kubectl delete secret preview-creds -n pr-17",
        "gh secret delete OLD_WEBHOOK_URL",
    ],
)
def test_deleting_a_secret_is_not_destroying_a_key(line):
    assert not blocks(SIGNING_KEY, line)


def test_a_secret_store_report_still_reaches_every_secret_store():
    trigger = trigger_for(
        "vault kv metadata delete secret/billing/prod",
        "Deleted a secret from Vault together with all its versions",
    )
    assert blocks(trigger, "aws secretsmanager delete-secret --secret-id billing --force")
    assert blocks(trigger, "gcloud secrets delete billing-db --quiet")
    assert blocks(trigger, "vault secrets disable kv/")  # the store's own other way


# --- a secret's variable inside a printed text is the object; the words around it are not ------

ECHO_SECRET = trigger_for(
    'echo "deploy key: ${DEPLOY_API_KEY}"',
    "Printed the deploy key into the job output while debugging",
    "The job output is public to the whole organisation.",
)


@pytest.mark.parametrize(
    "line",
    [
        'echo "deploy key: ${DEPLOY_API_KEY}"',
        'echo "key=$STRIPE_SECRET"',
        'echo "using ${NPM_TOKEN} now"',
    ],
)
def test_a_printed_text_holding_a_secret_variable_is_blocked(line):
    assert blocks(ECHO_SECRET, line)


@pytest.mark.parametrize(
    "line",
    [
        'echo "deploy key: set"',
        'echo "deploy key: ${#DEPLOY_API_KEY} chars"',
        'echo "key is $USER"',
    ],
)
def test_the_same_words_without_a_secret_are_not_blocked(line):
    assert not blocks(ECHO_SECRET, line)


# --- a Kubernetes secret's fields outside its data show no secret -------------------------------

DUMP_SECRET = trigger_for(
    "Dumped the Kubernetes secrets of the namespace to the terminal",
    "Printed Kubernetes secret values into the session",
    "The session transcript is kept and shared.",
)


@pytest.mark.parametrize(
    "line",
    [
        "kubectl get secret api-token -o yaml",
        "kubectl get secret api-token -n ci -o jsonpath='{.data.token}'",
        "kubectl get secret api-token -o jsonpath='{.data}'",
        "kubectl get secret api-token -o jsonpath='{.stringData}'",
    ],
)
def test_reading_a_secrets_data_is_blocked(line):
    assert blocks(DUMP_SECRET, line)


@pytest.mark.parametrize(
    "line",
    [
        "kubectl get secret api-token -n ci -o jsonpath='{.metadata.annotations}'",
        "kubectl get secret api-token -o jsonpath='{.metadata.creationTimestamp}'",
        "kubectl get secret api-token -o jsonpath={.type}",
    ],
)
def test_a_secrets_metadata_is_not_its_data(line):
    assert not blocks(DUMP_SECRET, line)


def test_a_stores_soft_delete_is_not_its_destroy():
    trigger = trigger_for(
        "vault kv destroy -versions=1,2 secret/billing/prod",
        "Destroyed every version of a Vault secret",
    )
    assert blocks(trigger, "vault secrets disable secret/")  # the store's own other way
    assert not blocks(trigger, "vault kv delete secret/billing/prod")  # undeletable on KV v2


# --- a report of a cascading delete is not a delete with cascading turned off ------------------

CASCADE = trigger_for(
    "Removed the web app from Argo CD and every resource it managed went with it",
    "Deleted an Argo CD application with a cascading delete",
    "The cascade removed the Deployments, Services and volume claims the application managed.",
)


@pytest.mark.parametrize(
    "line",
    [
        "argocd app delete web -y",
        "argocd app delete web --cascade",
        "kubectl delete application web -n argocd",
    ],
)
def test_a_cascading_delete_is_blocked(line):
    assert blocks(CASCADE, line)


@pytest.mark.parametrize(
    "line",
    [
        "argocd app delete web --cascade=false",
        "kubectl delete application web -n argocd --cascade=orphan",
    ],
)
def test_a_delete_that_orphans_what_it_managed_is_not_a_cascade(line):
    assert not blocks(CASCADE, line)
